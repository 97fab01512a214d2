import Foundation

/// A point in a rectangle's own coordinates, from (0, 0) at its top leading corner to
/// (1, 1) at its bottom trailing corner, as SwiftUI's `UnitPoint`.
///
/// ``ScrollPosition/scrollTo(id:anchor:)`` takes one: the element's point at the anchor is
/// lined up with the view's point at the same anchor, so `.top` puts the element's top at
/// the top of the view, `.center` centres it and `.bottom` puts its bottom at the bottom.
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal position, 0 at the leading edge and 1 at the trailing edge.
    public var x: CGFloat
    /// The vertical position, 0 at the top and 1 at the bottom.
    public var y: CGFloat

    /// Creates the point (0, 0), the top leading corner.
    public init() {
        self.init(x: 0, y: 0)
    }

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: The horizontal position, 0 at the leading edge and 1 at the trailing edge.
    ///   - y: The vertical position, 0 at the top and 1 at the bottom.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// The top leading corner, (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// The centre, (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the leading edge, (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the trailing edge, (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The middle of the top edge, (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge, (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The top leading corner, (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top trailing corner, (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom leading corner, (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom trailing corner, (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
