import Foundation

extension WebPage {
    /// Shows the page's JavaScript dialogs, file pickers and permission questions.
    ///
    /// WebKitGTK would pop up its own GTK dialogs; a page never does. Each method has
    /// Apple's default: alerts are dismissed silently, confirms and prompts are cancelled,
    /// file inputs choose nothing, and permissions are denied.
    @MainActor
    public protocol DialogPresenting {
        /// `alert(message)`: returns when the person dismissed it.
        func handleJavaScriptAlert(message: String, initiatedBy frame: FrameInfo) async

        /// `confirm(message)`.
        func handleJavaScriptConfirm(message: String, initiatedBy frame: FrameInfo) async
            -> JavaScriptConfirmResult

        /// `prompt(message, defaultText)`.
        func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: FrameInfo) async
            -> JavaScriptPromptResult

        /// `<input type=file>` was activated.
        func handleFileInputPrompt(parameters: WKOpenPanelParameters, initiatedBy frame: FrameInfo) async
            -> FileInputPromptResult

        /// The page asks for a capability (camera, microphone, location, notifications …).
        ///
        /// Camera and microphone requests come here when the page's
        /// ``Configuration/deviceSensorAuthorization`` answers `.prompt` (its default);
        /// every other kind comes here directly. Answering `.prompt` denies.
        func decidePermission(for request: PermissionRequest) async -> WKPermissionDecision
    }

    /// A confirm dialog's answer.
    public enum JavaScriptConfirmResult: Sendable, Hashable {
        case ok, cancel
    }

    /// A prompt dialog's answer.
    public enum JavaScriptPromptResult: Sendable, Hashable {
        case ok(String)
        case cancel
    }

    /// A file input's answer.
    public enum FileInputPromptResult: Sendable, Hashable {
        case selected([URL])
        case cancel
    }

    /// A capability a page asks for.
    public struct PermissionRequest: Sendable, Hashable {
        /// What is asked for. The corresponding C types are WebKitGTK's permission requests.
        public enum Kind: Sendable, Hashable {
            case camera, microphone, cameraAndMicrophone, displayCapture
            case geolocation, notifications, pointerLock, mediaKeySystem, clipboard, websiteData, other
        }

        /// What is asked for.
        public let kind: Kind
        /// The frame asking: WebKitGTK reports none, so the main frame.
        public let frame: FrameInfo
        /// The origin asking.
        public var origin: WKSecurityOrigin { frame.securityOrigin }
        /// The URL of the page asking.
        public var url: URL? { frame.request.url }
    }
}

extension WebPage.DialogPresenting {
    public func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {}

    public func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    { .cancel }

    public func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo)
        async -> WebPage.JavaScriptPromptResult
    { .cancel }

    public func handleFileInputPrompt(
        parameters: WKOpenPanelParameters, initiatedBy frame: WebPage.FrameInfo
    ) async -> WebPage.FileInputPromptResult { .cancel }

    /// Denies: there is no one to ask.
    public func decidePermission(for request: WebPage.PermissionRequest) async -> WKPermissionDecision {
        .deny
    }
}

/// The presenter a page uses when given none: every default.
struct DefaultDialogPresenter: WebPage.DialogPresenting {}
