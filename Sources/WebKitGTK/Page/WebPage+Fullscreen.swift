import Foundation

extension WebPage {
    /// Where a page is in showing an element fullscreen (`element.requestFullscreen()`).
    ///
    /// A page goes `notInFullscreen` → `enteringFullscreen` → `inFullscreen` →
    /// `exitingFullscreen` → `notInFullscreen`, with WebKitGTK's `enter-fullscreen` and
    /// `leave-fullscreen` signals; "in" and "not in" follow on the next turn of the main
    /// loop, as GTK reports no answer from the window manager. Element fullscreen is off
    /// by default, as on Apple's platforms; a ``WebView`` turns it on with
    /// ``WebView/webViewElementFullscreenBehavior(_:)`` and
    /// ``WebView/ElementFullscreenBehavior/enabled``. Apple's `WebPage.FullscreenState`.
    public enum FullscreenState: Hashable, Sendable {
        /// The page is entering fullscreen.
        case enteringFullscreen
        /// The page is exiting fullscreen.
        case exitingFullscreen
        /// The page is currently in a fullscreen state.
        case inFullscreen
        /// The page is not currently in a fullscreen state.
        case notInFullscreen
    }

    /// Follows WebKitGTK's `enter-fullscreen` and `leave-fullscreen` signals.
    ///
    /// Each handler returns FALSE, so GTK goes on: it makes the window around the view
    /// fullscreen and tells the page it is in (or out) right after the signal returns.
    /// The page is therefore `inFullscreen` (or `notInFullscreen`) from the next turn of
    /// the main loop. GTK has no signal for the window manager's answer; without a window
    /// manager (a bare X server) the window keeps its size while the page is fullscreen.
    func connectFullscreenSignals() {
        onSignal("enter-fullscreen") { page, _ in
            page.moveFullscreenState(to: .enteringFullscreen, then: .inFullscreen)
            // WebKitGTK 2.50 crashes when a view is finalized within about 0.1 s of entering
            // fullscreen (seen without a session bus): keep it a second, however soon the
            // page closes.
            let view = page.view
            Task { @MainActor in
                try? await Task.sleep(for: .seconds(1))
                withExtendedLifetime(view) {}
            }
            return false
        }
        onSignal("leave-fullscreen") { page, _ in
            page.moveFullscreenState(to: .exitingFullscreen, then: .notInFullscreen)
            return false
        }
    }

    private func moveFullscreenState(to transition: FullscreenState, then settled: FullscreenState) {
        fullscreenState = transition
        Task { @MainActor [weak self] in
            guard let self, fullscreenState == transition else { return }
            fullscreenState = settled
        }
    }

    /// Closes every media presentation: leaves element and video fullscreen, and
    /// picture-in-picture where WebKit offers it (WebKitGTK does not).
    ///
    /// Returns once the page is out of fullscreen; ``fullscreenState`` is then
    /// ``FullscreenState/notInFullscreen``. WebKitGTK has no call for this: the page's
    /// document is asked, from an isolated world, to exit (`document.exitFullscreen()`).
    /// A closed page returns at once.
    public func closeAllMediaPresentations() async {
        guard !isClosed else { return }
        let body = """
            const exits = [];
            if (document.fullscreenElement) exits.push(document.exitFullscreen());
            else if (document.webkitFullscreenElement) document.webkitExitFullscreen();
            if (document.pictureInPictureElement && document.exitPictureInPicture) {
                exits.push(document.exitPictureInPicture());
            }
            for (const video of document.querySelectorAll('video')) {
                if (video.webkitDisplayingFullscreen) video.webkitExitFullscreen();
            }
            await Promise.allSettled(exits);
            """
        _ = try? await callJavaScript(body, contentWorld: Self.mediaWorld)
        // The document's promise settles only after WebKit left fullscreen.
        if fullscreenState == .exitingFullscreen { fullscreenState = .notInFullscreen }
    }
}
