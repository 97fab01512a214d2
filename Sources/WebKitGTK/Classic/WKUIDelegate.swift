import Foundation

/// Shows a ``WKWebView``'s script dialogs, file pickers, permission questions and new
/// windows: Apple's `WKUIDelegate`.
///
///     final class Coordinator: NSObject, WKUIDelegate {
///         func webView(
///             _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
///             initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (Bool) -> Void
///         ) {
///             askPerson(message) { completionHandler($0) }
///         }
///         func webView(
///             _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
///             for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
///         ) -> WKWebView? {
///             let popup = WKWebView(frame: .zero, configuration: configuration)
///             popup.uiDelegate = self
///             showInNewWindow(popup.gtkWidget)
///             return popup
///         }
///     }
///     webView.uiDelegate = coordinator
///
/// Every method is optional, as Apple's are, and a delegate that does not implement one
/// gets Apple's default: an alert is dismissed, a confirm answers false, a prompt null, a
/// file input chooses nothing, a permission is denied (Apple's `.prompt`, with no one to
/// ask on Linux), and no new window opens. WebKitGTK shows no GTK dialog of its own.
///
/// The spellings called are those of ``WKNavigationDelegate``: a handler declared
/// `@escaping @MainActor @Sendable` or plain `@escaping`, or the `async` form, the first
/// of these the delegate implements. A handler answers once: a second call is logged and
/// ignored, and a handler released without being called is logged and answered with the
/// default.
@MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    /// The web view for a new window (`window.open`, a `target=_blank` link), or nil to open
    /// none.
    ///
    /// The web view returned must be made with `configuration`, as
    /// `WKWebView(frame:configuration:)`; it is the new window: the page opened loads in it,
    /// its `window.opener` is the opening page, and the opener's script reaches it. A web
    /// view made otherwise is logged and nothing opens. A link's new window is first put to
    /// the ``WKNavigationDelegate`` with a nil `targetFrame`, as with Apple's. WebKitGTK's
    /// `create` signal; the window features are nil on Linux (see ``WKWindowFeatures``).
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView?

    /// A script called `window.close()` where WebKit lets it: the app closes the web view's
    /// window, or ignores it. WebKitGTK's `close` signal.
    func webViewDidClose(_ webView: WKWebView)

    /// Shows `alert(message)`; call the handler once it is dismissed.
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    )

    /// Shows `alert(message)`; call the handler once it is dismissed.
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping () -> Void
    )

    /// Shows `alert(message)`, and returns once it is dismissed.
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async

    /// Asks `confirm(message)`: answer true for OK.
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    )

    /// Asks `confirm(message)`: answer true for OK.
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (Bool) -> Void
    )

    /// Asks `confirm(message)`: returns true for OK.
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async -> Bool

    /// Asks `prompt(prompt, defaultText)`: answer the text, or nil for Cancel.
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    )

    /// Asks `prompt(prompt, defaultText)`: answer the text, or nil for Cancel.
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    )

    /// Asks `prompt(prompt, defaultText)`: returns the text, or nil for Cancel.
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String?

    /// Chooses files for an `<input type=file>`: answer their `file:` URLs, or nil to
    /// choose none.
    func webView(
        _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable ([URL]?) -> Void
    )

    /// Chooses files for an `<input type=file>`: answer their `file:` URLs, or nil to
    /// choose none.
    func webView(
        _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping ([URL]?) -> Void
    )

    /// Chooses files for an `<input type=file>`: returns their `file:` URLs, or nil to
    /// choose none.
    func webView(
        _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters, initiatedByFrame frame: WKFrameInfo
    ) async -> [URL]?

    /// Whether a page may use a camera or a microphone: `.grant`, `.deny`, or `.prompt`,
    /// which denies on Linux (there is no system prompt).
    func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    )

    /// Whether a page may use a camera or a microphone: `.grant`, `.deny`, or `.prompt`,
    /// which denies on Linux (there is no system prompt).
    func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
        decisionHandler: @escaping (WKPermissionDecision) -> Void
    )

    /// Whether a page may use a camera or a microphone: `.grant`, `.deny`, or `.prompt`,
    /// which denies on Linux (there is no system prompt).
    func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType
    ) async -> WKPermissionDecision

    /// Whether a page may read the device's orientation and motion. The Linux desktop has
    /// no such sensors, so WebKitGTK never asks.
    func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    )

    /// Whether a page may read the device's orientation and motion. The Linux desktop has
    /// no such sensors, so WebKitGTK never asks.
    func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping (WKPermissionDecision) -> Void
    )

    /// Whether a page may read the device's orientation and motion. The Linux desktop has
    /// no such sensors, so WebKitGTK never asks.
    func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo
    ) async -> WKPermissionDecision
}

extension WKUIDelegate {
    /// Opens no window.
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        DelegateCall.unimplemented()
        return nil
    }

    /// Does nothing: the web view stays open.
    public func webViewDidClose(_ webView: WKWebView) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping () -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (Bool) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async -> Bool {
        DelegateCall.unimplemented()
        return false
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String? {
        DelegateCall.unimplemented()
        return nil
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable ([URL]?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping ([URL]?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters, initiatedByFrame frame: WKFrameInfo
    ) async -> [URL]? {
        DelegateCall.unimplemented()
        return nil
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
        decisionHandler: @escaping (WKPermissionDecision) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType
    ) async -> WKPermissionDecision {
        DelegateCall.unimplemented()
        return .prompt
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping (WKPermissionDecision) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo
    ) async -> WKPermissionDecision {
        DelegateCall.unimplemented()
        return .prompt
    }
}
