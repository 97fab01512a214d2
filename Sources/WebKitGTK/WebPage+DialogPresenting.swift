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
        func handleJavaScriptAlert(message: String, initiatedBy frame: DialogFrame) async

        /// `confirm(message)`.
        func handleJavaScriptConfirm(message: String, initiatedBy frame: DialogFrame) async
            -> JavaScriptConfirmResult

        /// `prompt(message, defaultText)`.
        func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: DialogFrame) async
            -> JavaScriptPromptResult

        /// `<input type=file>` was activated.
        func handleFileInputPrompt(parameters: FileInputPromptParameters, initiatedBy frame: DialogFrame) async
            -> FileInputPromptResult

        /// The page asks for a capability (camera, microphone, location, notifications …).
        func decidePermission(for request: PermissionRequest) async -> PermissionDecision
    }

    /// The document that opened a dialog.
    public struct DialogFrame: Sendable, Hashable {
        /// Its URL.
        public let url: URL?

        public init(url: URL?) { self.url = url }
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

    /// What a file input asks for.
    public struct FileInputPromptParameters: Sendable, Hashable {
        /// Whether several files may be chosen.
        public let allowsMultipleSelection: Bool
        /// The MIME types and extensions the input accepts (`accept`), if any.
        public let acceptedTypes: [String]
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
        /// The page asking.
        public let url: URL?
    }

    /// A permission's answer.
    public enum PermissionDecision: Sendable, Hashable {
        case grant, deny
    }
}

extension WebPage.DialogPresenting {
    public func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.DialogFrame) async {}

    public func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.DialogFrame) async
        -> WebPage.JavaScriptConfirmResult
    { .cancel }

    public func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.DialogFrame)
        async -> WebPage.JavaScriptPromptResult
    { .cancel }

    public func handleFileInputPrompt(
        parameters: WebPage.FileInputPromptParameters, initiatedBy frame: WebPage.DialogFrame
    ) async -> WebPage.FileInputPromptResult { .cancel }

    public func decidePermission(for request: WebPage.PermissionRequest) async -> WebPage.PermissionDecision {
        .deny
    }
}

/// The presenter a page uses when given none: every default.
struct DefaultDialogPresenter: WebPage.DialogPresenting {}
