import Foundation
import GLibBridge

/// Gives WebKitGTK's load signals the navigation identity the engine does not have.
///
/// WebKitGTK reports `load-changed` and `load-failed` for "the" load of a view, with no
/// handle saying which load. This tracker attributes each signal to one navigation:
///
/// - A load asked for through the API waits as `pending` until the engine's next
///   `started`; any other `started` is a navigation the page began itself.
/// - A `started` that may be a superseded load's is held as uncertain until the next
///   signal says whose it is (see ``started(url:)``).
/// - A navigation that is superseded by a newer one, stopped, or cancelled by its caller
///   has its sequence ended at once and is kept as `retired`, because the engine can still
///   report its cancellation and `finished` after the next navigation began. That holds
///   for a load superseded before the engine reported its start, too: the engine may
///   report the start, the cancellation, or both, after the newer load was asked for.
/// - A cancellation failure whose URL matches a retired navigation belongs to it.
/// - While a load asked for through the API waits, a `started` for a URL it does not
///   have but a retired load that never started does, is that retired load's.
/// - A navigation can only finish after it committed or failed, so a `finished` that
///   arrives before either belongs to a retired navigation.
///
/// It holds no GTK state and is tested on its own.
@MainActor
final class NavigationTracker {
    typealias Continuation = AsyncThrowingStream<WebPage.NavigationEvent, any Error>.Continuation

    final class Navigation {
        let id: WebPage.NavigationID
        let cause: WebPage.NavigationCause
        var continuation: Continuation?
        var urls: Set<String> = []
        /// Whether the engine reported its start.
        var started = false
        /// Whether the engine may still report its start: not once it started a newer load.
        var mayStart = true
        var committed = false
        var failed = false
        /// Whether its load failed and is being tried again elsewhere as the same navigation.
        var retrying = false
        /// Whether it only moves within the current document (a fragment), which the
        /// engine reports with no load signals.
        var isSameDocument = false

        init(id: WebPage.NavigationID, cause: WebPage.NavigationCause, continuation: Continuation?) {
            self.id = id
            self.cause = cause
            self.continuation = continuation
        }

        /// Ends the caller's sequence without an error.
        func end() {
            continuation?.finish()
            continuation = nil
        }
    }

    /// Called with every event of every navigation, failures included.
    var onUpdate: (WebPage.NavigationUpdate) -> Void = { _ in }
    /// Called when a caller abandons its sequence while the navigation is still open.
    var onAbandon: () -> Void = {}
    /// Called when a navigation asked for through the API waits for the engine to start it.
    var onPending: () -> Void = {}
    /// Runs the handling of an engine `finished` later. The page defers it until the engine
    /// has delivered what it still owes the document: WebKit announces the title just after
    /// the load's end, and `finished` must find it in place. Default: at once.
    var scheduleFinish: (@escaping @MainActor () -> Void) -> Void = { $0() }
    /// Whether a `finished` waits to be handled; any later signal handles it first, so the
    /// order of events is the engine's.
    private var finishPending = false
    private var finishGeneration = 0

    private(set) var pending: Navigation?
    private(set) var active: Navigation?
    private var retired: [Navigation] = []
    /// A `started` that came while `pending` waited and a superseded load could still start,
    /// with the URL it was reported with: whose it is, the next signal tells.
    private var uncertainStart: (url: String?, superseded: Navigation)?
    private var nextID: UInt64 = 1
    private(set) var isClosed = false

    /// How many ended navigations may still be owed a late signal; older ones are forgotten.
    static let retiredLimit = 8

    init() { LiveObjects.created("NavigationTracker") }

    isolated deinit { LiveObjects.destroyed("NavigationTracker") }

    /// Registers a navigation asked for through the API and returns its sequence.
    ///
    /// A navigation still pending or active is superseded: its sequence ends now.
    func begin(_ cause: WebPage.NavigationCause, url: String?, sameDocument: Bool = false) -> NavigationEvents {
        settlePendingFinish()
        settleUncertainStart(asPendings: false)
        let (stream, continuation) = AsyncThrowingStream<WebPage.NavigationEvent, any Error>.makeStream()
        let navigation = Navigation(id: makeID(), cause: cause, continuation: continuation)
        if let url { navigation.urls.insert(Self.key(url)) }
        if isClosed {
            continuation.finish(throwing: WebPage.NavigationError.pageClosed)
            return NavigationEvents(navigationID: nil, stream: stream, cancel: {})
        }
        supersedeOpenNavigations()
        navigation.isSameDocument = sameDocument
        pending = navigation
        onPending()
        let id = navigation.id
        return NavigationEvents(navigationID: id, stream: stream) { [weak self] in
            Task { @MainActor in self?.abandon(id) }
        }
    }

    /// Returns a sequence that throws `error` at once (or is empty, for nil), for loads
    /// that never reach the engine. On a closed page it throws `pageClosed`.
    func refuse(_ error: (any Error)?) -> NavigationEvents {
        let (stream, continuation) = AsyncThrowingStream<WebPage.NavigationEvent, any Error>.makeStream()
        continuation.finish(throwing: isClosed ? WebPage.NavigationError.pageClosed : error)
        return NavigationEvents(navigationID: nil, stream: stream, cancel: {})
    }

    // MARK: Engine signals

    /// The engine started a load. WebKitGTK names no load, and the view's URI is the newest
    /// load asked for from the moment it is asked for; so while a load waits, a `started`
    /// may be its own or a superseded load's late start. The next signal decides: a
    /// `finished` or another `started` makes it the superseded load's; a redirect, commit
    /// or failure other than that load's cancellation, the waiting load's.
    func started(url: String?) {
        settlePendingFinish()
        settleUncertainStart(asPendings: false)
        if let pending, let url, startBelongsToSupersededLoad(url: Self.key(url), pending: pending) { return }
        if pending != nil, let superseded = retired.last(where: { !$0.started && $0.mayStart }) {
            uncertainStart = (url, superseded)
            return
        }
        begin(startOf: pending, url: url)
    }

    /// Makes `navigation` (or, for nil, a new one the page began) the active one, started.
    private func begin(startOf navigation: Navigation?, url: String?) {
        if let active {
            retire(active)  // the page began another navigation before this one finished
        }
        let navigation = navigation ?? Navigation(id: makeID(), cause: .page, continuation: nil)
        if pending === navigation { pending = nil }
        if let url { navigation.urls.insert(Self.key(url)) }
        navigation.started = true
        // The engine starts loads in the order it is given them: an older one no longer can.
        for older in retired where !older.started { older.mayStart = false }
        active = navigation
        if navigation.retrying {
            navigation.retrying = false
            deliver(.receivedServerRedirect, to: navigation)
        } else {
            deliver(.startedProvisionalNavigation, to: navigation)
        }
    }

    func redirected(url: String?) {
        settlePendingFinish()
        settleUncertainStart(asPendings: true)
        guard let active else { return }
        if let url { active.urls.insert(Self.key(url)) }
        deliver(.receivedServerRedirect, to: active)
    }

    func committed(url: String?) {
        settlePendingFinish()
        settleUncertainStart(asPendings: true)
        guard let active else { return }
        if let url { active.urls.insert(Self.key(url)) }
        active.committed = true
        deliver(.committed, to: active)
    }

    /// A `load-failed`: `beforeCommit` is true when it failed provisionally.
    func failed(url: String?, beforeCommit: Bool, isCancellation: Bool, error: any Error) {
        settlePendingFinish()
        if isCancellation, let url, let index = retired.firstIndex(where: { $0.urls.contains(Self.key(url)) }) {
            // A superseded load's cancellation; an uncertain start stays so until the next signal.
            retired[index].failed = true
            return
        }
        settleUncertainStart(asPendings: true)
        guard let active, !active.failed else { return }
        if isCancellation && beforeCommit {
            // The engine cancelled it for a navigation the page began (a script setting
            // `location`, a link) before that one started: superseded, not failed.
            retire(active)
            retired.last?.failed = true
            return
        }
        active.failed = true
        if beforeCommit {
            onUpdate(
                .init(
                    navigationID: active.id, cause: active.cause,
                    kind: .failedProvisionalNavigation(underlyingError: error)))
            active.continuation?.finish(throwing: WebPage.NavigationError.failedProvisionalNavigation(error))
        } else {
            onUpdate(.init(navigationID: active.id, cause: active.cause, kind: .failed(underlyingError: error)))
            active.continuation?.finish(throwing: error)
        }
        active.continuation = nil
    }

    func finished() {
        settlePendingFinish()
        // A load finishes only after it committed or failed: a start just before this one
        // was a superseded load's, which failed.
        settleUncertainStart(asPendings: false)
        finishPending = true
        finishGeneration += 1
        let generation = finishGeneration
        // A late call for an earlier `finished` must not settle this one.
        scheduleFinish { [weak self] in
            guard let self, finishGeneration == generation else { return }
            settlePendingFinish()
        }
    }

    /// Handles a deferred `finished` now, if one waits.
    private func settlePendingFinish() {
        guard finishPending else { return }
        finishPending = false
        if let active, active.committed || active.failed {
            self.active = nil
            // GTK reports `finished` after every failure too; the failure already ended it.
            if !active.failed { deliver(.finished, to: active) }
            active.end()
            return
        }
        // It ends the oldest retired navigation the engine had started; one it never
        // started is owed no `finished`.
        if let index = retired.firstIndex(where: \.started) { retired.remove(at: index) }
    }

    /// Settles an uncertain start as the pending load's, or as the superseded load's.
    private func settleUncertainStart(asPendings: Bool) {
        guard let start = uncertainStart else { return }
        uncertainStart = nil
        if asPendings, let pending {
            begin(startOf: pending, url: start.url)
        } else {
            start.superseded.started = true
        }
    }

    /// Whether a `started` for `url` (a key), arriving while `pending` waits for its own,
    /// is the late start of a load superseded before the engine reported it.
    private func startBelongsToSupersededLoad(url: String, pending: Navigation) -> Bool {
        guard !pending.urls.isEmpty, !pending.urls.contains(url),
            let superseded = retired.last(where: { !$0.started && $0.mayStart && $0.urls.contains(url) })
        else { return false }
        superseded.started = true
        return true
    }

    /// The decider refused (or turned into a download) a navigation to `url`: if it is the
    /// one the API is waiting for, it will never start, so its sequence ends now.
    func refused(url: String?) {
        settlePendingFinish()
        settleUncertainStart(asPendings: false)
        guard let pending, url == nil || pending.urls.contains(Self.key(url!)) || pending.urls.isEmpty else { return }
        pending.end()
        self.pending = nil
    }

    /// The active navigation failed before commit, and the page tries it again at `url` as
    /// the same navigation (an HTTPS upgrade falling back to HTTP). Its next start is
    /// reported as a redirect; the engine's `finished` for the failed load is absorbed.
    ///
    /// - Returns: false when there is no such navigation to try again.
    func retryActive(at url: String) -> Bool {
        settlePendingFinish()
        settleUncertainStart(asPendings: true)
        guard let active, !active.committed, !active.failed else { return false }
        self.active = nil
        active.urls.insert(Self.key(url))
        active.retrying = true
        pending = active
        let failedLoad = Navigation(id: active.id, cause: active.cause, continuation: nil)
        failedLoad.started = true
        failedLoad.failed = true
        retired.append(failedLoad)
        if retired.count > Self.retiredLimit { retired.removeFirst() }
        return true
    }

    /// The page's URL changed without a load: a same-document navigation (a fragment).
    /// A load the API asked for that only moves within the document ends here, as the
    /// engine reports no load for it.
    func urlChanged(to url: String?) {
        settlePendingFinish()
        guard let pending, pending.isSameDocument, let url, pending.urls.contains(Self.key(url)) else { return }
        pending.end()
        self.pending = nil
    }

    /// `url` in the form both sides of a match are put in, to match the URLs the engine
    /// reports against those asked for: scheme and host in lower case, and `/` for an empty
    /// path after a host.
    ///
    /// Read from the text itself: `URLComponents` runs a host through IDNA, which loads
    /// ICU's data. Both sides come from a `URL` or from WebKit, so are already encoded.
    nonisolated static func key(_ url: String) -> String {
        guard let text = URLText(url) else { return url }
        let scheme = text.scheme.lowercased()
        guard let authority = text.authority else { return scheme + ":" + text.rest }
        // What comes before the last "@" is user information, whose case counts.
        let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
        return scheme + "://" + authority[..<hostStart] + authority[hostStart...].lowercased()
            + (text.rest.hasPrefix("/") ? "" : "/") + text.rest
    }

    /// The web process ended: every open navigation fails.
    func processTerminated() {
        settlePendingFinish()
        uncertainStart = nil
        for navigation in [pending, active].compactMap({ $0 }) {
            onUpdate(
                .init(
                    navigationID: navigation.id, cause: navigation.cause,
                    kind: .failed(underlyingError: WebPage.NavigationError.webContentProcessTerminated)))
            navigation.continuation?.finish(throwing: WebPage.NavigationError.webContentProcessTerminated)
            navigation.continuation = nil
        }
        pending = nil
        active = nil
        retired.removeAll()
    }

    /// `stopLoading()`: the open navigations end now; the engine's late signals are absorbed.
    func stopped() {
        settlePendingFinish()
        settleUncertainStart(asPendings: false)
        supersedeOpenNavigations()
    }

    /// The page closed: every open navigation throws `pageClosed`, and later loads too.
    func close() {
        settlePendingFinish()
        uncertainStart = nil
        isClosed = true
        for navigation in [pending, active].compactMap({ $0 }) {
            navigation.continuation?.finish(throwing: WebPage.NavigationError.pageClosed)
            navigation.continuation = nil
        }
        pending = nil
        active = nil
        retired.removeAll()
    }

    // MARK: Helpers

    private func abandon(_ id: WebPage.NavigationID) {
        settlePendingFinish()
        settleUncertainStart(asPendings: false)
        guard pending?.id == id || active?.id == id else { return }
        supersedeOpenNavigations()
        onAbandon()
    }

    private func supersedeOpenNavigations() {
        if let pending {
            self.pending = nil
            // A move within the document has no engine signals to absorb.
            if pending.isSameDocument { pending.end() } else { retire(pending) }
        }
        if let active {
            retire(active)
            self.active = nil
        }
    }

    private func retire(_ navigation: Navigation) {
        navigation.end()
        if active === navigation { active = nil }
        retired.append(navigation)
        if retired.count > Self.retiredLimit { retired.removeFirst() }
    }

    private func deliver(_ event: WebPage.NavigationEvent, to navigation: Navigation) {
        let kind: WebPage.NavigationUpdate.Kind =
            switch event {
            case .startedProvisionalNavigation: .startedProvisionalNavigation
            case .receivedServerRedirect: .receivedServerRedirect
            case .committed: .committed
            case .finished: .finished
            }
        onUpdate(.init(navigationID: navigation.id, cause: navigation.cause, kind: kind))
        navigation.continuation?.yield(event)
    }

    private func makeID() -> WebPage.NavigationID {
        defer { nextID += 1 }
        return WebPage.NavigationID(value: nextID)
    }
}
