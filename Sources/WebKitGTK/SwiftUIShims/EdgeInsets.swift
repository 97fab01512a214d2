import Foundation

/// The inset distances for the sides of a rectangle, as SwiftUI's `EdgeInsets`.
///
/// ``ScrollGeometry/contentInsets`` uses it. WebKitGTK has no content insets, so the
/// geometry a page reports always carries zero insets.
///
///     let insets = EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
public struct EdgeInsets: Hashable, Sendable {
    /// The distance from the top edge.
    public var top: CGFloat
    /// The distance from the leading edge (the left one in left-to-right layouts).
    public var leading: CGFloat
    /// The distance from the bottom edge.
    public var bottom: CGFloat
    /// The distance from the trailing edge (the right one in left-to-right layouts).
    public var trailing: CGFloat

    /// Creates insets with the given distances.
    ///
    /// - Parameters:
    ///   - top: The distance from the top edge.
    ///   - leading: The distance from the leading edge.
    ///   - bottom: The distance from the bottom edge.
    ///   - trailing: The distance from the trailing edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Creates insets of zero on every side.
    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }
}
