internal import CWebKitGTK
import Foundation
import GLibBridge

/// Whether a page captures from a device (camera or microphone): Apple's
/// `WKMediaCaptureState`.
///
/// The corresponding C type is `WebKitMediaCaptureState`.
public enum WKMediaCaptureState: Int, Hashable, Sendable {
    /// The page is not capturing (`WEBKIT_MEDIA_CAPTURE_STATE_NONE`).
    case none = 0
    /// The page is capturing (`WEBKIT_MEDIA_CAPTURE_STATE_ACTIVE`).
    case active = 1
    /// The page holds the device but receives nothing from it (`WEBKIT_MEDIA_CAPTURE_STATE_MUTED`).
    case muted = 2

    init(_ state: WebKitMediaCaptureState) {
        self =
            switch state {
            case WEBKIT_MEDIA_CAPTURE_STATE_ACTIVE: .active
            case WEBKIT_MEDIA_CAPTURE_STATE_MUTED: .muted
            default: .none
            }
    }

    var engineValue: WebKitMediaCaptureState {
        switch self {
        case .none: WEBKIT_MEDIA_CAPTURE_STATE_NONE
        case .active: WEBKIT_MEDIA_CAPTURE_STATE_ACTIVE
        case .muted: WEBKIT_MEDIA_CAPTURE_STATE_MUTED
        }
    }
}

extension WebPage {
    /// Whether the page is using the camera to capture images or video. Observable.
    ///
    /// A page captures after `navigator.mediaDevices.getUserMedia` was granted (see
    /// ``DialogPresenting/decidePermission(for:)``). WebKitGTK's
    /// `webkit_web_view_get_camera_capture_state`, followed through `notify::camera-capture-state`.
    public var cameraCaptureState: WKMediaCaptureState {
        access(keyPath: \.cameraCaptureState)
        return WKMediaCaptureState(webkit_web_view_get_camera_capture_state(webView))
    }

    /// Whether the page is using the microphone to capture audio. Observable.
    ///
    /// WebKitGTK's `webkit_web_view_get_microphone_capture_state`, followed through
    /// `notify::microphone-capture-state`.
    public var microphoneCaptureState: WKMediaCaptureState {
        access(keyPath: \.microphoneCaptureState)
        return WKMediaCaptureState(webkit_web_view_get_microphone_capture_state(webView))
    }

    /// Changes whether the page is using the camera: `.muted` pauses the capture,
    /// `.active` resumes it, `.none` stops it for good.
    ///
    ///     await page.setCameraCaptureState(.muted)  // the page's video track goes muted
    ///
    /// Returns once the engine reports the new state: at once for muting and resuming,
    /// a few seconds later for stopping (WebKitGTK ends the page's track at once but
    /// reports the end of the capture some 2–3 seconds after). Should the engine not
    /// answer within 5 seconds (media streams turned off in its settings), it returns
    /// anyway. WebKitGTK cannot restart a capture that stopped: a page whose state is
    /// `.none` stays so (the page may call `getUserMedia` again), and this returns at
    /// once. WebKitGTK's `webkit_web_view_set_camera_capture_state`.
    ///
    /// - Parameter state: The new capture state the page should use.
    public func setCameraCaptureState(_ state: WKMediaCaptureState) async {
        await setCaptureState(state, notifying: "camera-capture-state") { view in
            webkit_web_view_get_camera_capture_state(view)
        } set: { view, state in
            webkit_web_view_set_camera_capture_state(view, state)
        }
    }

    /// Changes whether the page is using the microphone: `.muted` pauses the capture,
    /// `.active` resumes it, `.none` stops it for good.
    ///
    /// It behaves as ``setCameraCaptureState(_:)`` does, for the microphone. WebKitGTK's
    /// `webkit_web_view_set_microphone_capture_state`.
    ///
    /// - Parameter state: The new capture state the page should use.
    public func setMicrophoneCaptureState(_ state: WKMediaCaptureState) async {
        await setCaptureState(state, notifying: "microphone-capture-state") { view in
            webkit_web_view_get_microphone_capture_state(view)
        } set: { view, state in
            webkit_web_view_set_microphone_capture_state(view, state)
        }
    }

    func connectMediaCaptureSignals() {
        onSignal("notify::camera-capture-state") { page, _ in
            page.withMutation(keyPath: \.cameraCaptureState) {}
            return nil
        }
        onSignal("notify::microphone-capture-state") { page, _ in
            page.withMutation(keyPath: \.microphoneCaptureState) {}
            return nil
        }
    }

    private func setCaptureState(
        _ state: WKMediaCaptureState, notifying property: String,
        get: @escaping (UnsafeMutablePointer<WebKitWebView>) -> WebKitMediaCaptureState,
        set: (UnsafeMutablePointer<WebKitWebView>, WebKitMediaCaptureState) -> Void
    ) async {
        guard !isClosed else { return }
        let current = WKMediaCaptureState(get(webView))
        guard current != state, current != .none else { return }
        let view = self.view
        await firstEvent(
            of: [
                .signal(
                    view, "notify::\(property)", when: { _ in WKMediaCaptureState(get(view.cast())) == state },
                    value: ()),
                .timeout(.seconds(5), ()),
                .close(whenClosed, ()),
            ]
        ) {
            set(webView, state.engineValue)
        }
    }
}
