import Foundation

extension WebPage {
    /// Shows the page's JavaScript dialogs, file pickers and permission questions.
    ///
    ///     struct Dialogs: WebPage.DialogPresenting {
    ///         func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
    ///             -> WebPage.JavaScriptConfirmResult
    ///         {
    ///             await askPerson(message) ? .ok : .cancel
    ///         }
    ///     }
    ///     let page = WebPage(dialogPresenter: Dialogs())
    ///
    /// WebKitGTK would pop up its own GTK dialogs; a page never does. Each method has
    /// Apple's default: alerts are dismissed silently, confirms and prompts are cancelled,
    /// file inputs choose nothing, and permissions are denied. The page waits for each
    /// answer. Apple's `WebPage.DialogPresenting`, over WebKitGTK's `script-dialog`,
    /// `run-file-chooser` and `permission-request` signals; ``decidePermission(for:)`` is an
    /// addition of this library. In a page made with
    /// ``Configuration/isControlledByAutomation`` the script dialogs go to the WebDriver
    /// client instead.
    @MainActor
    public protocol DialogPresenting {
        /// Shows `alert(message)`, and returns when the person dismissed it.
        ///
        /// The default returns at once. WebKitGTK's `WEBKIT_SCRIPT_DIALOG_ALERT`.
        ///
        /// - Parameters:
        ///   - message: The alert's text.
        ///   - frame: The frame whose script called `alert`.
        func handleJavaScriptAlert(message: String, initiatedBy frame: FrameInfo) async

        /// Asks `confirm(message)`: the page's `confirm` returns true for `.ok`.
        ///
        /// The default answers `.cancel`. WebKitGTK's `WEBKIT_SCRIPT_DIALOG_CONFIRM`, answered
        /// with `webkit_script_dialog_confirm_set_confirmed`.
        ///
        /// - Parameters:
        ///   - message: The question.
        ///   - frame: The frame whose script called `confirm`.
        /// - Returns: `.ok` or `.cancel`.
        func handleJavaScriptConfirm(message: String, initiatedBy frame: FrameInfo) async
            -> JavaScriptConfirmResult

        /// Asks `prompt(message, defaultText)`: the page's `prompt` returns the text of
        /// `.ok`, or null for `.cancel`.
        ///
        /// The default answers `.cancel`. WebKitGTK's `WEBKIT_SCRIPT_DIALOG_PROMPT`, answered
        /// with `webkit_script_dialog_prompt_set_text`.
        ///
        /// - Parameters:
        ///   - message: The question.
        ///   - defaultText: The text the page suggests, if any.
        ///   - frame: The frame whose script called `prompt`.
        /// - Returns: `.ok` with the text, or `.cancel`.
        func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: FrameInfo) async
            -> JavaScriptPromptResult

        /// Chooses files for an `<input type=file>` the person activated.
        ///
        /// The default answers `.cancel`, choosing nothing. WebKitGTK's `run-file-chooser`,
        /// answered with `webkit_file_chooser_request_select_files` (only `file:` URLs are
        /// passed on) or `webkit_file_chooser_request_cancel`.
        ///
        /// - Parameters:
        ///   - parameters: Whether several files may be chosen, and the types accepted.
        ///   - frame: The frame of the input.
        /// - Returns: `.selected` with the files' URLs, or `.cancel`.
        func handleFileInputPrompt(parameters: WKOpenPanelParameters, initiatedBy frame: FrameInfo) async
            -> FileInputPromptResult

        /// The page asks for a capability (camera, microphone, location, notifications …).
        ///
        /// Camera and microphone requests come here when the page's
        /// ``Configuration/deviceSensorAuthorization`` answers `.prompt` (its default);
        /// every other kind comes here directly. Answering `.prompt` denies. The default
        /// denies. WebKitGTK's `permission-request`, answered with
        /// `webkit_permission_request_allow` or `webkit_permission_request_deny`.
        ///
        /// - Parameter request: What is asked for, and by whom.
        /// - Returns: `.grant` to allow it; `.deny` or `.prompt` to refuse it.
        func decidePermission(for request: PermissionRequest) async -> WKPermissionDecision
    }

    /// A confirm dialog's answer: Apple's `WebPage.JavaScriptConfirmResult`.
    public enum JavaScriptConfirmResult: Sendable, Hashable {
        /// The person agreed: `confirm` returns true.
        case ok
        /// The person declined: `confirm` returns false.
        case cancel
    }

    /// A prompt dialog's answer: Apple's `WebPage.JavaScriptPromptResult`.
    public enum JavaScriptPromptResult: Sendable, Hashable {
        /// The person entered a text: `prompt` returns it.
        case ok(String)
        /// The person declined: `prompt` returns null.
        case cancel
    }

    /// A file input's answer: Apple's `WebPage.FileInputPromptResult`.
    public enum FileInputPromptResult: Sendable, Hashable {
        /// The files chosen, as `file:` URLs; other URLs are left out, and an empty list
        /// chooses nothing.
        case selected([URL])
        /// Nothing was chosen.
        case cancel
    }

    /// A capability a page asks for. An addition of this library: Apple's WebPage has no
    /// general permission question.
    public struct PermissionRequest: Sendable, Hashable {
        /// What is asked for, from the type of WebKitGTK's `WebKitPermissionRequest`.
        public enum Kind: Sendable, Hashable {
            /// A camera (`WebKitUserMediaPermissionRequest` for video).
            case camera
            /// A microphone (`WebKitUserMediaPermissionRequest` for audio).
            case microphone
            /// A camera and a microphone together.
            case cameraAndMicrophone
            /// Capturing the screen or a window (`getDisplayMedia`).
            case displayCapture
            /// The device's location (`WebKitGeolocationPermissionRequest`).
            case geolocation
            /// Showing notifications (`WebKitNotificationPermissionRequest`).
            case notifications
            /// Locking the pointer (`WebKitPointerLockPermissionRequest`).
            case pointerLock
            /// Using a media key system for encrypted media (`WebKitMediaKeySystemPermissionRequest`).
            case mediaKeySystem
            /// Reading the clipboard (`WebKitClipboardPermissionRequest`).
            case clipboard
            /// Storage access for a third-party frame (`WebKitWebsiteDataAccessPermissionRequest`).
            case websiteData
            /// Any other request WebKitGTK makes.
            case other
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
    /// Dismisses the alert at once: there is no one to show it to.
    public func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {}

    /// Cancels: `confirm` returns false.
    public func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    { .cancel }

    /// Cancels: `prompt` returns null.
    public func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo)
        async -> WebPage.JavaScriptPromptResult
    { .cancel }

    /// Cancels: no file is chosen.
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
