import Foundation

/// The page's media in Apple's classic spellings, over ``WebPage``'s: each completion
/// handler is called on the main actor once the page's call returned.
extension WKWebView {
    /// Pauses every `<audio>` and `<video>` of the page, as
    /// ``WebPage/pauseAllMediaPlayback()`` does.
    ///
    /// - Parameter completionHandler: Called once paused. Default: nil.
    public func pauseAllMediaPlayback(completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        Task { @MainActor in
            await page.pauseAllMediaPlayback()
            completionHandler?()
        }
    }

    /// Pauses every `<audio>` and `<video>` of the page.
    public func pauseAllMediaPlayback() async {
        await page.pauseAllMediaPlayback()
    }

    /// Leaves element and video fullscreen, as ``WebPage/closeAllMediaPresentations()``
    /// does; WebKitGTK has no picture-in-picture.
    ///
    /// - Parameter completionHandler: Called once the page is out of fullscreen.
    ///   Default: nil.
    public func closeAllMediaPresentations(completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        Task { @MainActor in
            await page.closeAllMediaPresentations()
            completionHandler?()
        }
    }

    /// Leaves element and video fullscreen.
    public func closeAllMediaPresentations() async {
        await page.closeAllMediaPresentations()
    }

    /// Asks whether the page's media plays, as ``WebPage/mediaPlaybackState()`` tells.
    ///
    /// - Parameter completionHandler: Gets the state, on the main actor.
    public func requestMediaPlaybackState(
        completionHandler: @escaping @MainActor @Sendable (WKMediaPlaybackState) -> Void
    ) {
        Task { @MainActor in completionHandler(await page.mediaPlaybackState()) }
    }

    /// Whether the page's media plays: `.none`, `.playing`, `.paused` or `.suspended`.
    public func requestMediaPlaybackState() async -> WKMediaPlaybackState {
        await page.mediaPlaybackState()
    }

    /// Suspends the page's media, or lifts the suspension, as
    /// ``WebPage/setAllMediaPlaybackSuspended(_:)`` does.
    ///
    /// - Parameters:
    ///   - suspended: Whether the page's media may not play.
    ///   - completionHandler: Called once done. Default: nil.
    public func setAllMediaPlaybackSuspended(
        _ suspended: Bool, completionHandler: (@MainActor @Sendable () -> Void)? = nil
    ) {
        Task { @MainActor in
            await page.setAllMediaPlaybackSuspended(suspended)
            completionHandler?()
        }
    }

    /// Suspends the page's media, or lifts the suspension.
    ///
    /// - Parameter suspended: Whether the page's media may not play.
    public func setAllMediaPlaybackSuspended(_ suspended: Bool) async {
        await page.setAllMediaPlaybackSuspended(suspended)
    }

    /// Mutes, resumes or stops the page's camera capture, as
    /// ``WebPage/setCameraCaptureState(_:)`` does: WebKitGTK cannot restart a stopped one.
    ///
    /// - Parameters:
    ///   - state: `.muted`, `.active` or `.none`.
    ///   - completionHandler: Called once the engine reports the state (stopping takes a
    ///     few seconds). Default: nil.
    public func setCameraCaptureState(
        _ state: WKMediaCaptureState, completionHandler: (@MainActor @Sendable () -> Void)? = nil
    ) {
        Task { @MainActor in
            await page.setCameraCaptureState(state)
            completionHandler?()
        }
    }

    /// Mutes, resumes or stops the page's camera capture.
    ///
    /// - Parameter state: `.muted`, `.active` or `.none`.
    public func setCameraCaptureState(_ state: WKMediaCaptureState) async {
        await page.setCameraCaptureState(state)
    }

    /// Mutes, resumes or stops the page's microphone capture, as
    /// ``WebPage/setMicrophoneCaptureState(_:)`` does.
    ///
    /// - Parameters:
    ///   - state: `.muted`, `.active` or `.none`.
    ///   - completionHandler: Called once the engine reports the state. Default: nil.
    public func setMicrophoneCaptureState(
        _ state: WKMediaCaptureState, completionHandler: (@MainActor @Sendable () -> Void)? = nil
    ) {
        Task { @MainActor in
            await page.setMicrophoneCaptureState(state)
            completionHandler?()
        }
    }

    /// Mutes, resumes or stops the page's microphone capture.
    ///
    /// - Parameter state: `.muted`, `.active` or `.none`.
    public func setMicrophoneCaptureState(_ state: WKMediaCaptureState) async {
        await page.setMicrophoneCaptureState(state)
    }
}
