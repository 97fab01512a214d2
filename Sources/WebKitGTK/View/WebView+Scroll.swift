import Foundation
import GLibBridge
import Observation

extension WebView {
    /// Makes the view follow a scroll position: whenever the bound ``ScrollPosition``
    /// changes, the page scrolls to it (an element, an edge, a point or an offset).
    ///
    ///     @Observable final class Reader { var position = ScrollPosition(edge: .top) }
    ///     let reader = Reader()
    ///     view.webViewScrollPosition(Binding(get: { reader.position }, set: { reader.position = $0 }))
    ///     reader.position.scrollTo(id: "history", anchor: .top)  // scrolls the page there
    ///
    /// The view reads the binding with Observation (`withObservationTracking`), so a
    /// binding to a property of an `@Observable` model is followed as it changes; the
    /// position it holds now is applied at once. Like Apple's `WebView`, the view does not
    /// write the reader's own scrolling back into the binding. A position the page cannot
    /// reach (an id no element has) leaves the page where it is and is logged. Calling
    /// this again replaces the binding; the view stops following when it goes.
    ///
    /// - Parameters:
    ///   - position: The position to follow.
    ///   - animated: Whether to scroll smoothly. Default: false. SwiftUI animates a change
    ///     made inside an animated transaction (`withAnimation`); there are no transactions
    ///     here, so the view says once how it scrolls.
    /// - Returns: This view.
    @discardableResult
    public func webViewScrollPosition(_ position: Binding<ScrollPosition>, animated: Bool = false) -> Self {
        scrollPositionFollower = ScrollPositionFollower(page: page, binding: position, animated: animated)
        return self
    }

    /// Runs `action` when a value made from the page's scroll geometry changes, as long as
    /// the view shows the page.
    ///
    ///     view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { old, new in
    ///         print("scrolled from \(old) to \(new)")
    ///     }
    ///
    /// Geometry arrives at most once per animation frame, across navigations, from a script
    /// world the page cannot reach; `action` runs only when `transform`'s value differs from
    /// the one before. The first value compared is made from the page's geometry when this
    /// is called, or from an all-zero geometry before the page reported one, as Apple's view
    /// starts from zero. Each call adds an action; they all end when the view goes.
    ///
    /// - Parameters:
    ///   - type: The type of the value made from the geometry.
    ///   - transform: Makes the value from a ``ScrollGeometry``.
    ///   - action: Runs with the old and the new value.
    /// - Returns: This view.
    @inlinable @discardableResult
    public func webViewOnScrollGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
        action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> Self {
        followScrollGeometry { start in WebPage.changeObserver(from: start, transform: transform, action: action) }
        return self
    }

    /// Adds the observer `makeObserver` makes from the geometry to start from, as long as
    /// the view shows its page; the geometry is all zero before the page reported one.
    @usableFromInline
    func followScrollGeometry(_ makeObserver: (ScrollGeometry) -> (ScrollGeometry) -> Void) {
        guard page.hostingView === self else { return }
        let zero = ScrollGeometry(
            contentOffset: .zero, contentSize: .zero, contentInsets: EdgeInsets(), containerSize: .zero)
        scrollGeometryObservations.append(page.addScrollObserver(makeObserver(page.currentScrollGeometry() ?? zero)))
    }

    /// Ends everything the view follows: it no longer shows the page.
    func stopFollowingScrolling() {
        scrollPositionFollower?.stop()
        scrollPositionFollower = nil
        for observation in scrollGeometryObservations { observation.cancel() }
        scrollGeometryObservations.removeAll()
    }
}

/// Scrolls a page to a bound position now and after every change to it.
///
/// It re-registers Observation tracking after each change, reading the new value once the
/// change is complete, and scrolls only when the value really differs from the last one.
@MainActor
final class ScrollPositionFollower {
    private weak var page: WebPage?
    private let binding: Binding<ScrollPosition>
    private let animated: Bool
    private var applied: ScrollPosition?
    private var loop: ObservationLoop<ScrollPosition>?
    /// The last position the page could not reach, and why; for tests.
    private(set) var lastFailure: (position: ScrollPosition, error: any Error)?

    init(page: WebPage, binding: Binding<ScrollPosition>, animated: Bool) {
        self.page = page
        self.binding = binding
        self.animated = animated
        loop = ObservationLoop(read: { binding.wrappedValue }) { [weak self] in self?.scroll(to: $0) }
    }

    func stop() { loop?.stop() }

    private func scroll(to position: ScrollPosition) {
        guard position != applied else { return }
        applied = position
        guard let page, !page.isClosed else { return }
        let animated = animated
        Task { @MainActor [weak self] in
            do {
                try await page.scroll(to: position, animated: animated)
            } catch {
                Log.library.message("could not scroll to \(position.summary): \(error)")
                self?.lastFailure = (position, error)
            }
        }
    }
}
