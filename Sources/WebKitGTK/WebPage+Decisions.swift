internal import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge

/// Turns WebKitGTK's asynchronous hooks into calls to the page's decider and presenter.
///
/// Every hook follows one pattern: the signal handler takes a reference to WebKit's
/// request object and returns TRUE (so GTK shows no dialog and applies no default), a
/// main-actor task asks the Swift side, and the request is then completed and released.
extension WebPage {
    func connectDecisionSignals() {
        onSignal("decide-policy") { page, arguments in
            guard let decision = arguments.object(1) else { return false }
            let type = WebKitPolicyDecisionType(UInt32(bitPattern: arguments.enumValue(2)))
            page.decide(GObjectReference(retaining: decision), type: type)
            return true
        }
        onSignal("create") { page, arguments in
            // window.open(): no new view is made; the decider may load it here instead.
            guard let action = arguments.pointer(1) else { return nil }
            let navigation = page.navigationAction(action, newWindow: true)
            Task { @MainActor in await page.openNewWindowRequest(navigation) }
            return nil
        }
        onSignal("authenticate") { page, arguments in
            guard let request = arguments.object(1) else { return false }
            page.authenticate(GObjectReference(retaining: request))
            return true
        }
        onSignal("script-dialog") { page, arguments in
            // Under automation WebKit keeps the dialog open for the client's alert commands.
            guard !page.configuration.isControlledByAutomation, let dialog = arguments.pointer(1) else {
                return false
            }
            page.presentScriptDialog(dialog)
            return true
        }
        onSignal("run-file-chooser") { page, arguments in
            guard let request = arguments.object(1) else { return false }
            page.presentFileChooser(GObjectReference(retaining: request))
            return true
        }
        onSignal("permission-request") { page, arguments in
            guard let request = arguments.object(1) else { return false }
            page.decidePermission(GObjectReference(retaining: request))
            return true
        }
        onSignal("load-failed-with-tls-errors") { page, arguments in
            let uri = arguments.string(1)
            let flags = arguments.flags(3)
            let host = uri.flatMap { URL(string: $0)?.host() } ?? ""
            page.tracker.failed(
                url: uri, beforeCommit: true, isCancellation: false,
                error: TLSCertificateError(host: host, rawFlags: flags))
            return true  // never trusted silently; no error page
        }
    }

    // MARK: Navigation policy

    private func decide(_ decision: GObjectReference, type: WebKitPolicyDecisionType) {
        let policyDecision = decision.cast(to: WebKitPolicyDecision.self)
        switch type {
        case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
            let newWindow = type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION
            let raw = webkit_navigation_policy_decision_get_navigation_action(decision.cast())!
            let action = navigationAction(raw, newWindow: newWindow)
            if newWindow {
                // Loaded here, if at all: WebKit is told no now and `create` is not emitted.
                webkit_policy_decision_ignore(policyDecision)
                Task { @MainActor in await openNewWindowRequest(action) }
                return
            }
            if let approved = approvedNewWindowURL, approved == action.request.url {
                // The load of a new-window request the decider allowed: it was asked already.
                approvedNewWindowURL = nil
                webkit_policy_decision_use(policyDecision)
                return
            }
            Task { @MainActor in
                var preferences = NavigationPreferences()
                let policy = await navigationDecider.decidePolicy(for: action, preferences: &preferences)
                apply(policy, preferences: preferences, to: decision, action: action)
            }
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            let response = navigationResponse(decision.cast())
            Task { @MainActor in
                let policy = await navigationDecider.decidePolicy(for: response)
                // Holding `decision` until here matters: a decision finalized unanswered is a "use".
                let policyDecision = decision.cast(to: WebKitPolicyDecision.self)
                guard !isClosed else { return webkit_policy_decision_ignore(policyDecision) }
                switch policy {
                case .allow: webkit_policy_decision_use(policyDecision)
                case .cancel: webkit_policy_decision_ignore(policyDecision)
                case .download: webkit_policy_decision_download(policyDecision)
                }
            }
        default:
            webkit_policy_decision_use(policyDecision)
        }
    }

    private func apply(
        _ policy: NavigationActionPolicy, preferences: NavigationPreferences, to decision: GObjectReference,
        action: NavigationAction
    ) {
        let policyDecision = decision.cast(to: WebKitPolicyDecision.self)
        let url = action.request.url
        guard !isClosed else { return webkit_policy_decision_ignore(policyDecision) }
        switch policy {
        case .cancel:
            webkit_policy_decision_ignore(policyDecision)
            tracker.refused(url: url?.absoluteString)
        case .download:
            webkit_policy_decision_download(policyDecision)
            tracker.refused(url: url?.absoluteString)
        case .allow:
            if preferences.upgradeToHTTPS == .automatic, let url, url.scheme == "http",
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            {
                components.scheme = "https"
                if components.port == 80 { components.port = nil }
                webkit_policy_decision_ignore(policyDecision)
                tracker.refused(url: url.absoluteString)
                load(components.url)
                return
            }
            let settings = webkit_web_view_get_settings(webView)
            webkit_settings_set_enable_javascript_markup(settings, preferences.allowsContentJavaScript ? 1 : 0)
            applyUserAgent(for: preferences.preferredContentMode)
            webkit_policy_decision_use(policyDecision)
        }
    }

    private func applyUserAgent(for mode: NavigationPreferences.ContentMode) {
        let settings = webkit_web_view_get_settings(webView)
        var agent = standardUserAgent
        if mode == .mobile { agent += " Mobile" }
        if let name = configuration.applicationNameForUserAgent, !name.isEmpty { agent += " \(name)" }
        if String(optionalCString: webkit_settings_get_user_agent(settings)) != agent {
            webkit_settings_set_user_agent(settings, agent)
        }
    }

    /// A new-window request (`target=_blank`, `window.open`): loaded in this page if allowed.
    fileprivate func openNewWindowRequest(_ action: NavigationAction) async {
        var preferences = NavigationPreferences()
        let policy = await navigationDecider.decidePolicy(for: action, preferences: &preferences)
        guard policy == .allow, !isClosed, let url = action.request.url else { return }
        approvedNewWindowURL = url
        load(url)
    }

    fileprivate func navigationAction(_ raw: OpaquePointer, newWindow: Bool) -> NavigationAction {
        let uriRequest = webkit_navigation_action_get_request(raw)
        let url = String(optionalCString: webkit_uri_request_get_uri(uriRequest)).flatMap { URL(string: $0) }
        var request = URLRequest(url: url ?? URL(string: "about:blank")!)
        request.httpMethod = String(optionalCString: webkit_uri_request_get_http_method(uriRequest)) ?? "GET"
        if let headers = webkit_uri_request_get_http_headers(uriRequest) {
            for (name, value) in SoupHeaders.fields(headers) { request.addValue(value, forHTTPHeaderField: name) }
        }
        let type: NavigationAction.NavigationType =
            switch webkit_navigation_action_get_navigation_type(raw) {
            case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: .linkActivated
            case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: .formSubmitted
            case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: .backForward
            case WEBKIT_NAVIGATION_TYPE_RELOAD: .reload
            case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: .formResubmitted
            default: .other
            }
        let frameName = String(optionalCString: webkit_navigation_action_get_frame_name(raw))
        let modifiers = UInt(webkit_navigation_action_get_modifiers(raw))
        var flags = NavigationAction.ModifierFlags()
        if modifiers & UInt(GDK_SHIFT_MASK.rawValue) != 0 { flags.insert(.shift) }
        if modifiers & UInt(GDK_CONTROL_MASK.rawValue) != 0 { flags.insert(.control) }
        if modifiers & UInt(GDK_MOD1_MASK.rawValue) != 0 { flags.insert(.alt) }
        if modifiers & UInt(GDK_SUPER_MASK.rawValue) != 0 { flags.insert(.super) }
        return NavigationAction(
            request: request, navigationType: type,
            targetFrame: newWindow
                ? nil : NavigationAction.FrameInfo(isMainFrame: frameName?.isEmpty ?? true, name: frameName),
            isUserGesture: webkit_navigation_action_is_user_gesture(raw) != 0,
            isRedirect: webkit_navigation_action_is_redirect(raw) != 0,
            modifierFlags: flags, buttonNumber: Int(webkit_navigation_action_get_mouse_button(raw)))
    }

    private func navigationResponse(_ decision: UnsafeMutablePointer<WebKitResponsePolicyDecision>)
        -> NavigationResponse
    {
        let raw = webkit_response_policy_decision_get_response(decision)
        let url = String(optionalCString: webkit_uri_response_get_uri(raw)).flatMap { URL(string: $0) }
        var fields: [String: String] = [:]
        if let headers = webkit_uri_response_get_http_headers(raw) {
            for (name, value) in SoupHeaders.fields(headers) { fields[name] = value }
        }
        if fields["Content-Type"] == nil, let mime = String(optionalCString: webkit_uri_response_get_mime_type(raw)) {
            fields["Content-Type"] = mime
        }
        let status = Int(webkit_uri_response_get_status_code(raw))
        let response = HTTPURLResponse(
            url: url ?? URL(string: "about:blank")!, statusCode: status == 0 ? 200 : status, httpVersion: "HTTP/1.1",
            headerFields: fields)!
        return NavigationResponse(
            response: response,
            canShowMimeType: webkit_response_policy_decision_is_mime_type_supported(decision) != 0,
            isForMainFrame: webkit_response_policy_decision_is_main_frame_main_resource(decision) != 0)
    }

    // MARK: Authentication

    private func authenticate(_ request: GObjectReference) {
        let raw = request.cast(to: WebKitAuthenticationRequest.self)
        let method: String =
            switch webkit_authentication_request_get_scheme(raw) {
            case WEBKIT_AUTHENTICATION_SCHEME_HTTP_BASIC: NSURLAuthenticationMethodHTTPBasic
            case WEBKIT_AUTHENTICATION_SCHEME_HTTP_DIGEST: NSURLAuthenticationMethodHTTPDigest
            case WEBKIT_AUTHENTICATION_SCHEME_NTLM: NSURLAuthenticationMethodNTLM
            case WEBKIT_AUTHENTICATION_SCHEME_NEGOTIATE: NSURLAuthenticationMethodNegotiate
            // Foundation on Linux has no constants for these two; the strings are Apple's.
            case WEBKIT_AUTHENTICATION_SCHEME_CLIENT_CERTIFICATE_REQUESTED:
                "NSURLAuthenticationMethodClientCertificate"
            case WEBKIT_AUTHENTICATION_SCHEME_SERVER_TRUST_EVALUATION_REQUESTED: "NSURLAuthenticationMethodServerTrust"
            default: NSURLAuthenticationMethodDefault
            }
        let space = URLProtectionSpace(
            host: String(optionalCString: webkit_authentication_request_get_host(raw)) ?? "",
            port: Int(webkit_authentication_request_get_port(raw)), protocol: nil,
            realm: String(optionalCString: webkit_authentication_request_get_realm(raw)),
            authenticationMethod: method)
        let challenge = AuthenticationChallenge(
            protectionSpace: space, previousFailureCount: webkit_authentication_request_is_retry(raw) != 0 ? 1 : 0,
            isProxy: webkit_authentication_request_is_for_proxy(raw) != 0)
        Task { @MainActor in
            let (disposition, credential) = await navigationDecider.decideAuthenticationChallengeDisposition(
                for: challenge)
            // The task holds `request` until it is answered: an unanswered request must not be freed.
            let raw = request.cast(to: WebKitAuthenticationRequest.self)
            guard !isClosed else { return webkit_authentication_request_cancel(raw) }
            guard disposition == .useCredential, let credential, let user = credential.user else {
                if disposition == .cancelAuthenticationChallenge {
                    webkit_authentication_request_cancel(raw)  // the load fails
                } else {
                    webkit_authentication_request_authenticate(raw, nil)  // go on without: the 401 page shows
                }
                return
            }
            let persistence: WebKitCredentialPersistence =
                switch credential.persistence {
                case .permanent, .synchronizable: WEBKIT_CREDENTIAL_PERSISTENCE_PERMANENT
                case .forSession: WEBKIT_CREDENTIAL_PERSISTENCE_FOR_SESSION
                default: WEBKIT_CREDENTIAL_PERSISTENCE_NONE
                }
            let answer = webkit_credential_new(user, credential.password ?? "", persistence)
            webkit_authentication_request_authenticate(raw, answer)
            webkit_credential_free(answer)
        }
    }

    // MARK: Dialogs and permissions

    private var dialogFrame: DialogFrame { DialogFrame(url: url) }

    private func presentScriptDialog(_ dialog: OpaquePointer) {
        webkit_script_dialog_ref(dialog)
        let message = String(optionalCString: webkit_script_dialog_get_message(dialog)) ?? ""
        let type = webkit_script_dialog_get_dialog_type(dialog)
        let frame = dialogFrame
        let address = UInt(bitPattern: dialog)
        Task { @MainActor in
            let dialog = OpaquePointer(bitPattern: address)!
            defer {
                webkit_script_dialog_close(dialog)
                webkit_script_dialog_unref(dialog)
            }
            switch type {
            case WEBKIT_SCRIPT_DIALOG_ALERT:
                await dialogPresenter.handleJavaScriptAlert(message: message, initiatedBy: frame)
            case WEBKIT_SCRIPT_DIALOG_CONFIRM:
                let result = await dialogPresenter.handleJavaScriptConfirm(message: message, initiatedBy: frame)
                webkit_script_dialog_confirm_set_confirmed(dialog, result == .ok ? 1 : 0)
            case WEBKIT_SCRIPT_DIALOG_PROMPT:
                let defaultText = String(optionalCString: webkit_script_dialog_prompt_get_default_text(dialog))
                let result = await dialogPresenter.handleJavaScriptPrompt(
                    message: message, defaultText: defaultText, initiatedBy: frame)
                if case .ok(let text) = result { webkit_script_dialog_prompt_set_text(dialog, text) }
            default:
                // "Leave this page?": leaving is allowed, as on Apple's platforms without a UI delegate.
                webkit_script_dialog_confirm_set_confirmed(dialog, 1)
            }
        }
    }

    private func presentFileChooser(_ request: GObjectReference) {
        let raw = request.cast(to: WebKitFileChooserRequest.self)
        var types: [String] = []
        if var cursor = webkit_file_chooser_request_get_mime_types(raw) {
            while let type = cursor.pointee {
                types.append(String(cString: type))
                cursor += 1
            }
        }
        let parameters = FileInputPromptParameters(
            allowsMultipleSelection: webkit_file_chooser_request_get_select_multiple(raw) != 0, acceptedTypes: types)
        let frame = dialogFrame
        Task { @MainActor in
            let result = await dialogPresenter.handleFileInputPrompt(parameters: parameters, initiatedBy: frame)
            let raw = request.cast(to: WebKitFileChooserRequest.self)  // held by the task until answered
            guard case .selected(let urls) = result, !urls.isEmpty, !isClosed else {
                webkit_file_chooser_request_cancel(raw)
                return
            }
            let paths = urls.filter(\.isFileURL).map { strdup($0.path) } + [nil]
            defer { paths.forEach { free($0) } }
            paths.map { UnsafePointer($0) }.withUnsafeBufferPointer {
                webkit_file_chooser_request_select_files(raw, $0.baseAddress)
            }
        }
    }

    private func decidePermission(_ request: GObjectReference) {
        let instance = UnsafeMutablePointer<GTypeInstance>(request.pointer)
        func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(instance, type) != 0 }
        let kind: PermissionRequest.Kind
        if isA(webkit_user_media_permission_request_get_type()) {
            let raw = request.cast(to: WebKitUserMediaPermissionRequest.self)
            let audio = webkit_user_media_permission_is_for_audio_device(raw) != 0
            let video = webkit_user_media_permission_is_for_video_device(raw) != 0
            kind =
                webkit_user_media_permission_is_for_display_device(raw) != 0
                ? .displayCapture : audio && video ? .cameraAndMicrophone : video ? .camera : .microphone
        } else if isA(webkit_geolocation_permission_request_get_type()) {
            kind = .geolocation
        } else if isA(webkit_notification_permission_request_get_type()) {
            kind = .notifications
        } else if isA(webkit_pointer_lock_permission_request_get_type()) {
            kind = .pointerLock
        } else if isA(webkit_media_key_system_permission_request_get_type()) {
            kind = .mediaKeySystem
        } else if isA(webkit_clipboard_permission_request_get_type()) {
            kind = .clipboard
        } else if isA(webkit_website_data_access_permission_request_get_type()) {
            kind = .websiteData
        } else {
            kind = .other
        }
        let permission = PermissionRequest(kind: kind, url: url)
        Task { @MainActor in
            let decision = await dialogPresenter.decidePermission(for: permission)
            let raw = request.pointer
            if decision == .grant && !isClosed {
                webkit_permission_request_allow(raw)
            } else {
                webkit_permission_request_deny(raw)
            }
        }
    }
}

/// Reading libsoup's header lists.
enum SoupHeaders {
    /// The name/value pairs of a `SoupMessageHeaders`, in order.
    static func fields(_ headers: OpaquePointer) -> [(String, String)] {
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, headers)
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        var result: [(String, String)] = []
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            result.append((String(cString: name), String(cString: value)))
        }
        return result
    }
}

/// A TLS certificate WebKit refused; the load failed and nothing was trusted.
public struct TLSCertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with a certificate. The corresponding C type is `GTlsCertificateFlags`.
    public struct Problems: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// No trusted authority signed it (`G_TLS_CERTIFICATE_UNKNOWN_CA`).
        public static let unknownAuthority = Problems(rawValue: 1 << 0)
        /// It is not for the host asked for (`G_TLS_CERTIFICATE_BAD_IDENTITY`).
        public static let badIdentity = Problems(rawValue: 1 << 1)
        /// It is not valid yet (`G_TLS_CERTIFICATE_NOT_ACTIVATED`).
        public static let notActivated = Problems(rawValue: 1 << 2)
        /// It has expired (`G_TLS_CERTIFICATE_EXPIRED`).
        public static let expired = Problems(rawValue: 1 << 3)
        /// It was revoked (`G_TLS_CERTIFICATE_REVOKED`).
        public static let revoked = Problems(rawValue: 1 << 4)
        /// It uses an insecure algorithm (`G_TLS_CERTIFICATE_INSECURE`).
        public static let insecure = Problems(rawValue: 1 << 5)
        /// Some other error (`G_TLS_CERTIFICATE_GENERIC_ERROR`).
        public static let other = Problems(rawValue: 1 << 6)
    }

    /// The host whose certificate was refused.
    public let host: String
    /// What is wrong with it.
    public let problems: Problems

    init(host: String, rawFlags: UInt32) {
        self.host = host
        problems = Problems(rawValue: rawFlags)
    }

    public var description: String {
        let names: [(Problems, String)] = [
            (.unknownAuthority, "signed by an unknown authority"), (.badIdentity, "not issued for this host"),
            (.notActivated, "not valid yet"), (.expired, "expired"), (.revoked, "revoked"),
            (.insecure, "using an insecure algorithm"), (.other, "invalid"),
        ]
        let found = names.filter { problems.contains($0.0) }.map(\.1)
        return "The certificate of \(host) is \(found.isEmpty ? "not trusted" : found.joined(separator: ", "))"
    }
}
