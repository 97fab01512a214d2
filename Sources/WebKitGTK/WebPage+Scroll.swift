import Foundation

/// Where a page is scrolled and how big its content is, in CSS pixels.
public struct ScrollGeometry: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }
    public struct Size: Hashable, Sendable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }
    public struct Insets: Hashable, Sendable {
        public var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0
    }

    /// The top-left point of the content that is shown.
    public var contentOffset: Point
    /// The size of the whole document.
    public var contentSize: Size
    /// The size of the page's view.
    public var containerSize: Size
    /// Always zero: WebKitGTK has no content insets.
    public var contentInsets = Insets()

    public init(contentOffset: Point, contentSize: Size, containerSize: Size) {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.containerSize = containerSize
    }
}

/// A place to scroll a page to.
public enum ScrollPosition: Hashable, Sendable {
    /// A point of the document.
    case point(x: Double, y: Double)
    /// A horizontal offset, keeping the vertical one.
    case x(Double)
    /// A vertical offset, keeping the horizontal one.
    case y(Double)
    /// An edge of the document.
    case edge(Edge)
    /// The element with this id, its top at the top of the view.
    case id(String)

    public enum Edge: Hashable, Sendable { case top, bottom, leading, trailing }
}

extension WebPage {
    /// The name of the isolated world whose script reports scroll geometry.
    static let scrollWorld = WKContentWorld.world(name: "WebKitGTKSwift.scroll")
    static let scrollHandlerName = "webkitgtkSwiftScrollGeometry"

    /// Reports the geometry at most once per animation frame, from a world the page's own
    /// scripts cannot reach, so a page cannot fake it.
    static let scrollReporterSource = """
        (() => {
          let pending = false;
          const report = () => {
            pending = false;
            const root = document.scrollingElement || document.documentElement;
            if (!root) return;
            window.webkit.messageHandlers.\(scrollHandlerName).postMessage([
              window.scrollX, window.scrollY, root.scrollWidth, root.scrollHeight, window.innerWidth, window.innerHeight]);
          };
          const schedule = () => { if (!pending) { pending = true; requestAnimationFrame(report); } };
          addEventListener('scroll', schedule, { passive: true });
          addEventListener('resize', schedule);
          addEventListener('load', schedule);
          new ResizeObserver(schedule).observe(document.documentElement);
          schedule();
        })();
        """

    /// Called when the reporter posts; malformed reports are dropped.
    func receiveScrollReport(_ body: Any) {
        guard let values = body as? [Any], values.count == 6 else { return }
        let numbers = values.compactMap { ($0 as? NSNumber)?.doubleValue }
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite) else { return }
        let geometry = ScrollGeometry(
            contentOffset: .init(x: numbers[0], y: numbers[1]),
            contentSize: .init(width: numbers[2], height: numbers[3]),
            containerSize: .init(width: numbers[4], height: numbers[5]))
        guard geometry != scrollGeometry else { return }
        scrollGeometry = geometry
        for observer in scrollObservers.values { observer(geometry) }
    }

    /// Runs `action` with the old and new value of `transform(geometry)` each time it
    /// changes, across navigations, until the returned token is cancelled or dropped.
    /// Geometry arrives at most once per animation frame.
    ///
    ///     let token = page.onScrollGeometryChange(for: Double.self, of: { $0.contentOffset.y }) { old, new in
    ///         print("scrolled from \(old) to \(new)")
    ///     }
    public func onScrollGeometryChange<Value: Equatable>(
        for type: Value.Type, of transform: @escaping (ScrollGeometry) -> Value,
        action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void
    ) -> ScrollObservation {
        var last = scrollGeometry.map(transform)
        let id = nextScrollObserverID
        nextScrollObserverID += 1
        scrollObservers[id] = { geometry in
            let value = transform(geometry)
            defer { last = value }
            if let old = last, old != value { action(old, value) }
        }
        return ScrollObservation { [weak self] in self?.scrollObservers[id] = nil }
    }

    /// Scrolls the page, smoothly when `animated`.
    public func scroll(to position: ScrollPosition, animated: Bool = false) async throws {
        let behavior = animated ? "smooth" : "instant"
        let body: String
        var arguments: [String: Any] = ["behavior": behavior]
        switch position {
        case .point(let x, let y):
            body = "scrollTo({ left: x, top: y, behavior })"
            arguments["x"] = x
            arguments["y"] = y
        case .x(let x):
            body = "scrollTo({ left: x, top: scrollY, behavior })"
            arguments["x"] = x
        case .y(let y):
            body = "scrollTo({ left: scrollX, top: y, behavior })"
            arguments["y"] = y
        case .edge(let edge):
            let root = "(document.scrollingElement || document.documentElement)"
            body =
                switch edge {
                case .top: "scrollTo({ left: scrollX, top: 0, behavior })"
                case .bottom: "scrollTo({ left: scrollX, top: \(root).scrollHeight, behavior })"
                case .leading: "scrollTo({ left: 0, top: scrollY, behavior })"
                case .trailing: "scrollTo({ left: \(root).scrollWidth, top: scrollY, behavior })"
                }
        case .id(let id):
            body = """
                const target = document.getElementById(id);
                if (!target) throw new Error(`no element with id ${id}`);
                target.scrollIntoView({ block: 'start', behavior });
                """
            arguments["id"] = id
        }
        try await callJavaScript(body, arguments: arguments, contentWorld: Self.scrollWorld)
    }
}

/// Keeps a scroll-geometry action registered; cancelling or dropping it removes the action.
@MainActor
public final class ScrollObservation {
    private var cancellation: (() -> Void)?
    init(_ cancellation: @escaping () -> Void) { self.cancellation = cancellation }

    /// Removes the action.
    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    isolated deinit { cancel() }
}
