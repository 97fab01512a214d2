import Foundation

/// Notices a page whose script holds the navigations the app asks for.
///
/// A document whose script never returns to its event loop (alerts in a loop, each
/// answered, or a loop in `beforeunload`, which runs when the page is asked to leave)
/// never lets the engine start the next navigation. WebKit calls such a process
/// responsive: it times the answers to input and to its own pings, and an alert stops that
/// clock. So when a navigation the app asked for has not started after a second, the page
/// asks the document for a sign of life itself, by running a trivial script in a world of
/// its own; while that answer is overdue, ``isWebContentProcessResponsive`` is false, and
/// the app can offer to stop the page.
extension WebPage {
    /// How long a navigation the app asked for may wait before the document is asked.
    static let navigationStartGrace = Duration.seconds(1)
    /// How long the document may take to answer before the page is reported stuck.
    static let signOfLifeTimeout = Duration.seconds(3)
    static let watchWorld = WKContentWorld.world(name: "WebKitGTKSwift.watch")

    /// The watch over the navigation the app asked for, and what it found.
    struct NavigationWatch {
        /// The watch under way, until the engine starts the navigation.
        var current: Watch?
        /// Whether the document holds a navigation the app asked for and does not answer.
        var isHeld = false

        /// The watch over one navigation: its timer, and the question put to the document.
        final class Watch {
            var timer: Task<Void, Never>?
            var question: Task<Void, Never>?
            var answered = false

            func cancel() {
                timer?.cancel()
                question?.cancel()
            }
        }
    }

    /// Starts watching the navigation the app just asked for, until the engine starts it.
    func watchNavigationStart() {
        navigationWatch.current?.cancel()
        let watch = NavigationWatch.Watch()
        navigationWatch.current = watch
        watch.timer = Task { @MainActor [weak self, weak watch] in
            try? await Task.sleep(for: Self.navigationStartGrace)
            guard let self, let watch, !Task.isCancelled, tracker.pending != nil else { return }
            watch.question = Task { @MainActor [weak self, weak watch] in
                _ = try? await self?.evaluateRaw("return 1", world: Self.watchWorld.name)
                guard let self, let watch, watch === navigationWatch.current else { return }
                watch.answered = true
                setNavigationHeld(false)
            }
            try? await Task.sleep(for: Self.signOfLifeTimeout)
            guard !Task.isCancelled, !watch.answered, tracker.pending != nil else { return }
            setNavigationHeld(true)
        }
    }

    /// Stops watching: the navigation started, or the process or page went away.
    func endNavigationWatch() {
        navigationWatch.current?.cancel()
        navigationWatch.current = nil
        setNavigationHeld(false)
    }

    private func setNavigationHeld(_ held: Bool) {
        guard held != navigationWatch.isHeld else { return }
        withMutation(keyPath: \.isWebContentProcessResponsive) { navigationWatch.isHeld = held }
    }
}
