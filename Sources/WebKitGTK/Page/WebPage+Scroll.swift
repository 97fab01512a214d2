internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// The scroll geometry the page reported, and who follows it.
    struct ScrollReports {
        /// The newest geometry reported, the storage of ``WebPage/scrollGeometry``.
        var reported: ScrollGeometry?
        /// Whether ``WebPage/scrollGeometry`` was read, and so may be observed.
        var wasRead = false
        /// The page-level scroll-geometry observers.
        let observers = ObserverRegistry<(ScrollGeometry) -> Void>()
    }

    /// Where the page is scrolled and how big its content is, kept up to date as the page
    /// scrolls, resizes and navigates; nil before the first document reported. Observable.
    ///
    /// Reported at most once per animation frame from an isolated world, from the first
    /// time it is read (or a scroll-geometry observer is added) on: a page whose geometry
    /// nothing asks for spends nothing on it. The first read starts the reports and returns
    /// nil, or what was reported before; the document's geometry follows within a frame.
    /// An addition of this library, for pages no ``WebView`` shows; a view has
    /// ``WebView/webViewOnScrollGeometryChange(for:of:action:)``.
    public internal(set) var scrollGeometry: ScrollGeometry? {
        get {
            scrollReports.wasRead = true
            access(keyPath: \.scrollGeometry)
            return currentScrollGeometry()
        }
        set {
            // Observation learns who follows the property in its getter; until the getter
            // ran, no one can, and a report, which may come on every frame, skips its
            // bookkeeping.
            if scrollReports.wasRead {
                withMutation(keyPath: \.scrollGeometry) { scrollReports.reported = newValue }
            } else {
                scrollReports.reported = newValue
            }
        }
    }

    /// The newest geometry reported, read without telling Observation.
    var reportedScrollGeometry: ScrollGeometry? { scrollReports.reported }

    /// The page-level scroll-geometry observers.
    var scrollObservers: ObserverRegistry<(ScrollGeometry) -> Void> { scrollReports.observers }

    /// The name of the isolated world whose script reports scroll geometry.
    static let scrollWorld = WKContentWorld.world(name: "WebKitGTKSwift.scroll")
    static let scrollHandlerName = "webkitgtkSwiftScrollGeometry"

    /// Reports the geometry at most once per animation frame, from a world the page's own
    /// scripts cannot reach, so a page cannot fake it.
    static let scrollReporterSource = """
        (() => {
          if (window.__webkitgtkSwiftScrollReporter) return;
          window.__webkitgtkSwiftScrollReporter = true;
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

    /// Called with each report, the value the page posted; one that is not an array of six
    /// finite numbers is dropped.
    func receiveScrollReport(_ value: UnsafeMutablePointer<JSCValue>) {
        guard let numbers = Self.reportedNumbers(value) else { return }
        let container = CGSize(width: numbers[4], height: numbers[5])
        let geometry = ScrollGeometry(
            contentOffset: CGPoint(x: numbers[0], y: numbers[1]),
            contentSize: CGSize(width: max(numbers[2], container.width), height: max(numbers[3], container.height)),
            contentInsets: EdgeInsets(), containerSize: container)
        guard geometry != reportedScrollGeometry else { return }
        scrollGeometry = geometry
        scrollReports.observers.forEach { $0(geometry) }
    }

    /// The numbers of a report, an array whose elements are six finite numbers
    /// (`[0, 1440, 1024, 10816, 1024, 768]`), or nil for anything else: another count, a
    /// string, `null`, a NaN or an infinity, an object.
    ///
    /// A report comes on every animation frame while the page scrolls, and little of the
    /// code that reads it is still in the processor's caches from the frame before, so each
    /// step it takes costs many times what it costs in a loop. It is read in place, element
    /// by element, with no JSON text written by JavaScriptCore and parsed again here.
    static func reportedNumbers(_ value: UnsafeMutablePointer<JSCValue>) -> [Double]? {
        guard jsc_value_is_array(value) != 0, jsc_value_object_has_property(value, "6") == 0 else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(6)
        for index: UInt32 in 0..<6 {
            guard let element = jsc_value_object_get_property_at_index(value, index) else { return nil }
            defer { g_object_unref(element) }
            let number = jsc_value_to_double(element)
            guard jsc_value_is_number(element) != 0, number.isFinite else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// Starts the scroll-geometry reports, once: in every document from the next one on,
    /// and at once in the current one. Each read of ``scrollGeometry`` calls it, so it
    /// reads no observable state (the tracker's flag, not ``isClosed``).
    func startScrollReports() {
        guard !tracker.isClosed, userContent.startPageScript(Self.scrollHandlerName) else { return }
        Task { @MainActor [weak self] in
            _ = try? await self?.evaluateRaw(Self.scrollReporterSource, world: Self.scrollWorld.name)
        }
    }

    /// Runs `action` with the old and new value of `transform(geometry)` each time it
    /// changes, across navigations, until the returned token is cancelled or dropped.
    ///
    /// The page-level form of ``WebView/webViewOnScrollGeometryChange(for:of:action:)``,
    /// for a page that no view shows. Geometry arrives at most once per animation frame;
    /// the first report after this call counts as a change only when the page had
    /// already reported one.
    ///
    ///     let token = page.onScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { old, new in
    ///         print("scrolled from \(old) to \(new)")
    ///     }
    ///
    /// - Parameters:
    ///   - type: The type of the value to follow.
    ///   - transform: Makes the value from a geometry.
    ///   - action: Runs with the old and the new value when the value changes.
    /// - Returns: The token that keeps `action` registered.
    @inlinable
    public func onScrollGeometryChange<Value: Equatable>(
        for type: Value.Type, of transform: @escaping (ScrollGeometry) -> Value,
        action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void
    ) -> ScrollObservation {
        addScrollObserver(Self.changeObserver(from: currentScrollGeometry(), transform: transform, action: action))
    }

    /// ``scrollGeometry`` as it is now, with the reports started, for an observer to start
    /// from: read without telling Observation, which an observer, unlike a reader of the
    /// property, does not go through.
    @usableFromInline
    func currentScrollGeometry() -> ScrollGeometry? {
        startScrollReports()
        return scrollReports.reported
    }

    /// An observer of reports that runs `action` when `transform(geometry)` changes,
    /// comparing the first report with `start` (none: the first report only sets the value
    /// to compare with).
    ///
    /// It runs on every animation frame while the page scrolls, so it is inlinable, and made
    /// for the caller's `Value` where the caller is compiled: unspecialized, it would handle
    /// `Value` through its type's metadata and witnesses, looked up at run time, and, with
    /// little of that code in the processor's caches from the frame before, take two to three
    /// times as long.
    @inlinable
    static func changeObserver<Value: Equatable>(
        from start: ScrollGeometry?, transform: @escaping (ScrollGeometry) -> Value,
        action: @escaping (Value, Value) -> Void
    ) -> (ScrollGeometry) -> Void {
        var last = start.map(transform)
        return { geometry in
            let value = transform(geometry)
            defer { last = value }
            if let old = last, old != value { action(old, value) }
        }
    }

    /// Runs `observer` with each new geometry until the returned token is cancelled or dropped.
    @usableFromInline
    func addScrollObserver(_ observer: @escaping (ScrollGeometry) -> Void) -> ScrollObservation {
        let observers = scrollReports.observers
        let id = observers.add(observer)
        return ScrollObservation { [weak observers] in observers?.remove(id) }
    }

    /// Scrolls the page to `position`, smoothly when `animated`.
    ///
    /// The page-level form of ``WebView/webViewScrollPosition(_:animated:)``, which reports
    /// what went wrong instead of logging it. A position that asks for nothing does nothing.
    ///
    ///     try await page.scroll(to: ScrollPosition(id: "history", anchor: .top), animated: true)
    ///
    /// - Parameters:
    ///   - position: Where to scroll.
    ///   - animated: Whether to scroll smoothly (CSS `behavior: 'smooth'`). Default: false.
    /// - Throws: ``JavaScriptError`` when the page has no element with the position's id, or
    ///   its id is neither a string nor losslessly convertible to one;
    ///   ``NavigationError/pageClosed`` when the page is closed.
    public func scroll(to position: ScrollPosition, animated: Bool = false) async throws {
        var arguments: [String: Any] = ["behavior": animated ? "smooth" : "instant"]
        let body: String
        switch position.target {
        case .none:
            return
        case .point(let point):
            body = "scrollTo({ left: x, top: y, behavior })"
            arguments["x"] = Double(point.x)
            arguments["y"] = Double(point.y)
        case .x(let x):
            body = "scrollTo({ left: x, top: scrollY, behavior })"
            arguments["x"] = Double(x)
        case .y(let y):
            body = "scrollTo({ left: scrollX, top: y, behavior })"
            arguments["y"] = Double(y)
        case .edge(let edge):
            body = Self.scrollToEdgeScript(edge)
        case .id(let id, let anchor):
            guard let elementID = position.elementID else {
                throw JavaScriptError.invalidArgument(
                    "a scroll position's id must be a String or LosslessStringConvertible, not \(type(of: id.base))")
            }
            body = Self.scrollToElementScript
            arguments["id"] = elementID
            arguments["anchor"] = anchor.map { [Double($0.x), Double($0.y)] } ?? NSNull()
        }
        try await callJavaScript(body, arguments: arguments, contentWorld: Self.scrollWorld)
    }

    /// Scrolls to an edge. In a right-to-left document the leading edge is `scrollX = 0` at
    /// the right and the trailing one has negative offsets, as CSSOM specifies.
    private static func scrollToEdgeScript(_ edge: Edge) -> String {
        let root = "(document.scrollingElement || document.documentElement)"
        let rtl = "getComputedStyle(document.documentElement).direction === 'rtl'"
        return switch edge {
        case .top: "scrollTo({ left: scrollX, top: 0, behavior })"
        case .bottom: "scrollTo({ left: scrollX, top: \(root).scrollHeight, behavior })"
        case .leading: "scrollTo({ left: 0, top: scrollY, behavior })"
        case .trailing: "scrollTo({ left: (\(rtl) ? -1 : 1) * \(root).scrollWidth, top: scrollY, behavior })"
        }
    }

    /// Lines the element's point at `anchor` up with the view's point at `anchor`, its
    /// scroll margins included; without an anchor, scrolls as little as shows it.
    private static let scrollToElementScript = """
        const target = document.getElementById(id);
        if (!target) throw new Error(`no element with id "${id}"`);
        if (anchor === null) {
          target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior });
          return;
        }
        const rect = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        const top = rect.top - parseFloat(style.scrollMarginTop || 0);
        const bottom = rect.bottom + parseFloat(style.scrollMarginBottom || 0);
        const left = rect.left - parseFloat(style.scrollMarginLeft || 0);
        const right = rect.right + parseFloat(style.scrollMarginRight || 0);
        const viewport = document.scrollingElement || document.documentElement;
        const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
        const [x, y] = [rtl ? 1 - anchor[0] : anchor[0], anchor[1]];
        scrollTo({
          left: scrollX + left + x * ((right - left) - viewport.clientWidth),
          top: scrollY + top + y * ((bottom - top) - viewport.clientHeight),
          behavior });
        """
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
