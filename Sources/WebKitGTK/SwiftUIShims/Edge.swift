/// An edge of a rectangle, as SwiftUI's `Edge`: where ``ScrollPosition/scrollTo(edge:)``
/// scrolls to.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    /// The top edge.
    case top
    /// The leading edge: the left one in left-to-right documents, the right one otherwise.
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing edge: the right one in left-to-right documents, the left one otherwise.
    case trailing
}
