import Foundation

/// Where to scroll a page, as SwiftUI's `ScrollPosition`: an element, an edge, or an offset.
///
/// Keep one in an observable model and hand the view a binding to it with
/// ``WebView/webViewScrollPosition(_:animated:)``; every `scrollTo` then scrolls the page.
///
///     @Observable final class Reader {
///         var position = ScrollPosition(edge: .top)
///     }
///     view.webViewScrollPosition(Binding(get: { reader.position }, set: { reader.position = $0 }))
///     reader.position.scrollTo(id: "history", anchor: .top)  // the element with id="history"
///     reader.position.scrollTo(edge: .bottom)
///
/// Ids are the page's element ids: a `String` id (or one whose `description` is the id,
/// such as an `Int`) scrolls to `document.getElementById(id)`. Apple's `WebView` cannot
/// scroll to an id at all; this one can.
///
/// Each `scrollTo` is a new request, unequal to the position before it, so asking for the
/// same place again (after the reader scrolled away) scrolls again.
public struct ScrollPosition: Hashable, Sendable {
    /// What a position asks for.
    enum Target: Hashable, Sendable {
        case none
        case id(ViewID, anchor: UnitPoint?)
        case edge(Edge)
        case point(CGPoint)
        case x(CGFloat)
        case y(CGFloat)
    }

    /// An id of any hashable type, compared as `AnyHashable`.
    struct ViewID: Hashable, Sendable {
        let base: any Hashable & Sendable
        static func == (lhs: ViewID, rhs: ViewID) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
        func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
    }

    private(set) var target: Target
    /// Counts the requests made of this value, so that a repeated request is a change.
    private var requests = 0
    private var positionedByUser = false

    private init(target: Target) {
        self.target = target
    }

    /// Creates a position that asks for nothing yet.
    ///
    /// - Parameter idType: The type of the ids it will scroll to. Default: `Never`. Kept for
    ///   SwiftUI's shape; element ids are found by their value whatever the type.
    public init(idType: (some Hashable & Sendable).Type = Never.self) {
        self.init(target: .none)
    }

    /// Creates a position at the element with id `id`.
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - anchor: Where the element lands; see ``scrollTo(id:anchor:)``. Default: nil.
    public init(id: some Hashable & Sendable, anchor: UnitPoint? = nil) {
        self.init(target: .id(ViewID(base: id), anchor: anchor))
    }

    /// Creates a position at an edge of the document.
    ///
    /// - Parameters:
    ///   - idType: The type of the ids it will scroll to. Default: `Never`.
    ///   - edge: The edge.
    public init(idType: (some Hashable & Sendable).Type = Never.self, edge: Edge) {
        self.init(target: .edge(edge))
    }

    /// Creates a position at a point of the document, in CSS pixels.
    ///
    /// - Parameters:
    ///   - idType: The type of the ids it will scroll to. Default: `Never`.
    ///   - point: The document point to put at the top leading corner of the view.
    public init(idType: (some Hashable & Sendable).Type = Never.self, point: CGPoint) {
        self.init(target: .point(point))
    }

    /// Creates a position at a horizontal and vertical offset, in CSS pixels.
    ///
    /// - Parameters:
    ///   - idType: The type of the ids it will scroll to. Default: `Never`.
    ///   - x: The horizontal offset.
    ///   - y: The vertical offset.
    public init(idType: (some Hashable & Sendable).Type = Never.self, x: CGFloat, y: CGFloat) {
        self.init(target: .point(CGPoint(x: x, y: y)))
    }

    /// Creates a position at a horizontal offset, keeping the vertical one.
    ///
    /// - Parameters:
    ///   - idType: The type of the ids it will scroll to. Default: `Never`.
    ///   - x: The horizontal offset, in CSS pixels.
    public init(idType: (some Hashable & Sendable).Type = Never.self, x: CGFloat) {
        self.init(target: .x(x))
    }

    /// Creates a position at a vertical offset, keeping the horizontal one.
    ///
    /// - Parameters:
    ///   - idType: The type of the ids it will scroll to. Default: `Never`.
    ///   - y: The vertical offset, in CSS pixels.
    public init(idType: (some Hashable & Sendable).Type = Never.self, y: CGFloat) {
        self.init(target: .y(y))
    }

    // MARK: Asking

    private mutating func ask(_ target: Target) {
        self.target = target
        requests += 1
        positionedByUser = false
    }

    /// Scrolls to the element with id `id`.
    ///
    /// A missing element leaves the page where it is (and is logged).
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - anchor: Where the element lands: its point at `anchor` is put at the view's point
    ///     at `anchor` (`.top` puts its top at the top of the view, `.center` centres it),
    ///     its CSS `scroll-margin` included. Default: nil, as little scrolling as shows it.
    public mutating func scrollTo(id: some Hashable & Sendable, anchor: UnitPoint? = nil) {
        ask(.id(ViewID(base: id), anchor: anchor))
    }

    /// Scrolls to an edge of the document.
    ///
    /// - Parameter edge: The edge; leading and trailing follow the document's direction.
    public mutating func scrollTo(edge: Edge) { ask(.edge(edge)) }

    /// Scrolls so that a document point is at the top leading corner of the view.
    ///
    /// - Parameter point: The point, in CSS pixels.
    public mutating func scrollTo(point: CGPoint) { ask(.point(point)) }

    /// Scrolls to a horizontal and vertical offset.
    ///
    /// - Parameters:
    ///   - x: The horizontal offset, in CSS pixels.
    ///   - y: The vertical offset, in CSS pixels.
    public mutating func scrollTo(x: CGFloat, y: CGFloat) { ask(.point(CGPoint(x: x, y: y))) }

    /// Scrolls to a horizontal offset, keeping the vertical one.
    ///
    /// - Parameter x: The horizontal offset, in CSS pixels.
    public mutating func scrollTo(x: CGFloat) { ask(.x(x)) }

    /// Scrolls to a vertical offset, keeping the horizontal one.
    ///
    /// - Parameter y: The vertical offset, in CSS pixels.
    public mutating func scrollTo(y: CGFloat) { ask(.y(y)) }

    // MARK: Reading

    /// The edge this position asks for, if it asks for one.
    public var edge: Edge? {
        if case .edge(let edge) = target { edge } else { nil }
    }

    /// The point this position asks for, if it asks for one.
    public var point: CGPoint? {
        if case .point(let point) = target { point } else { nil }
    }

    /// The id of the element this position asks for, if it asks for one.
    public var viewID: (any Hashable & Sendable)? {
        if case .id(let id, _) = target { id.base } else { nil }
    }

    /// The id of the element this position asks for, if it asks for one of type `type`.
    ///
    /// - Parameter type: The id's type.
    /// - Returns: The id, or nil when there is none or it has another type.
    public func viewID<T: Hashable & Sendable>(type: T.Type) -> T? {
        viewID as? T
    }

    /// Whether the position was left to the reader.
    ///
    /// A ``WebView`` does not write the reader's scrolling back into its binding (nor does
    /// Apple's), so this is true only when set. Setting it to true drops what the position
    /// asked for: its ``edge``, ``point`` and ``viewID`` become nil.
    public var isPositionedByUser: Bool {
        get { positionedByUser }
        set {
            if newValue { target = .none }
            positionedByUser = newValue
        }
    }

    /// What the position asks for, in words, for logs.
    var summary: String {
        switch target {
        case .none: "nothing"
        case .id(let id, let anchor): "the element with id \"\(id.base)\"" + (anchor.map { " at \($0)" } ?? "")
        case .edge(let edge): "the \(edge) edge"
        case .point(let point): "(\(point.x), \(point.y))"
        case .x(let x): "x = \(x)"
        case .y(let y): "y = \(y)"
        }
    }

    /// The id of the element to scroll to, as the page knows it: the id itself when it is
    /// a string, else its `description` when it has a lossless one.
    var elementID: String? {
        guard case .id(let id, _) = target else { return nil }
        if let string = id.base as? String { return string }
        return (id.base as? any LosslessStringConvertible)?.description
    }
}
