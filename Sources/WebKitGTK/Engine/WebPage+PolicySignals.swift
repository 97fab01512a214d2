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
            page.navigationFailed(
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
            if let approved = deciderQueue.preapprovedURL, approved == action.request.url {
                // A load the page started for a decision already made: a new-window request
                // the decider allowed, an HTTPS upgrade, or its fallback to HTTP.
                deciderQueue.preapprovedURL = nil
                webkit_policy_decision_use(policyDecision)
                return
            }
            Task { @MainActor in
                var preferences = configuration.defaultNavigationPreferences
                let policy = await askDecider { await $0.decidePolicy(for: action, preferences: &preferences) }
                await subresourceBlocking?.value
                apply(policy, preferences: preferences, to: decision, action: action)
            }
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            let response = navigationResponse(decision.cast())
            Task { @MainActor in
                let policy = await askDecider { await $0.decidePolicy(for: response) }
                // Holding `decision` until here matters: a decision finalized unanswered is a "use".
                let policyDecision = decision.cast(to: WebKitPolicyDecision.self)
                guard !isClosed else { return webkit_policy_decision_ignore(policyDecision) }
                switch policy {
                case .allow: webkit_policy_decision_use(policyDecision)
                case .cancel: webkit_policy_decision_ignore(policyDecision)
                case .download:
                    downloading.asked += 1
                    webkit_policy_decision_download(policyDecision)
                }
            }
        default:
            webkit_policy_decision_use(policyDecision)
        }
    }

    private func apply(
        _ policy: WKNavigationActionPolicy, preferences: NavigationPreferences, to decision: GObjectReference,
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
            downloading.asked += 1
            webkit_policy_decision_download(policyDecision)
            tracker.refused(url: url?.absoluteString)
        case .allow:
            apply(preferences)
            if action.target?.isMainFrame ?? true, let upgrade = upgrade(of: action.request, preferences) {
                webkit_policy_decision_ignore(policyDecision)
                start(upgrade, request: action.request)
                return
            }
            webkit_policy_decision_use(policyDecision)
        }
    }

    /// Applies a decision's preferences to the engine before the document loads.
    func apply(_ preferences: NavigationPreferences) {
        let settings = webkit_web_view_get_settings(webView)
        webkit_settings_set_enable_javascript_markup(settings, preferences.allowsContentJavaScript ? 1 : 0)
        userAgent.contentMode = preferences.preferredContentMode
        applyUserAgent(for: userAgent.contentMode)
    }

    /// Sets the user agent for a document: the app's custom one, or WebKitGTK's own with
    /// " Mobile" for the mobile content mode and the app's name.
    func applyUserAgent(for mode: NavigationPreferences.ContentMode) {
        let settings = webkit_web_view_get_settings(webView)
        var agent = userAgent.standard
        if let custom = customUserAgent, !custom.isEmpty {
            agent = custom
        } else {
            if mode == .mobile { agent += " Mobile" }
            if let name = configuration.applicationNameForUserAgent, !name.isEmpty { agent += " \(name)" }
        }
        if String(optionalCString: webkit_settings_get_user_agent(settings)) != agent {
            webkit_settings_set_user_agent(settings, agent)
        }
    }

    /// A new-window request (`target=_blank`, `window.open`): loaded in this page if allowed.
    fileprivate func openNewWindowRequest(_ action: NavigationAction) async {
        var preferences = configuration.defaultNavigationPreferences
        let policy = await askDecider { await $0.decidePolicy(for: action, preferences: &preferences) }
        guard policy == .allow, !isClosed, let url = action.request.url else { return }
        apply(preferences)
        deciderQueue.preapprovedURL = url
        load(url)
    }

    /// A navigation action as the decider sees it; a new window's has no target frame.
    func navigationAction(_ raw: OpaquePointer, newWindow: Bool) -> NavigationAction {
        let uriRequest = webkit_navigation_action_get_request(raw)
        let url = String(optionalCString: webkit_uri_request_get_uri(uriRequest)).flatMap { URL(string: $0) }
        var request = URLRequest(url: url ?? URL(string: "about:blank")!)
        request.httpMethod = String(optionalCString: webkit_uri_request_get_http_method(uriRequest)) ?? "GET"
        if let headers = webkit_uri_request_get_http_headers(uriRequest) {
            for (name, value) in SoupHeaders.fields(headers) { request.addValue(value, forHTTPHeaderField: name) }
        }
        let type: WKNavigationType =
            switch webkit_navigation_action_get_navigation_type(raw) {
            case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: .linkActivated
            case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: .formSubmitted
            case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: .backForward
            case WEBKIT_NAVIGATION_TYPE_RELOAD: .reload
            case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: .formResubmitted
            default: .other
            }
        // A named target (`<a target=name>`) is a frame other than the main one.
        let frameName = String(optionalCString: webkit_navigation_action_get_frame_name(raw)) ?? ""
        return NavigationAction(
            source: mainFrameInfo,
            target: newWindow ? nil : FrameInfo(url: url, isMainFrame: frameName.isEmpty),
            navigationType: type, request: request,
            shouldPerformDownload: type == .linkActivated && claimDownloadLink(request.url),
            buttonNumber: Int(webkit_navigation_action_get_mouse_button(raw)), isContentRuleListRedirect: false,
            modifierFlags: EventModifiers(gdkModifiers: webkit_navigation_action_get_modifiers(raw)),
            isUserGesture: webkit_navigation_action_is_user_gesture(raw) != 0,
            isRedirect: webkit_navigation_action_is_redirect(raw) != 0)
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
}

extension EventModifiers {
    /// The modifiers of a GTK modifier mask (`GdkModifierType`).
    init(gdkModifiers mask: guint) {
        var flags = EventModifiers()
        let pairs: [(GdkModifierType, EventModifiers)] = [
            (GDK_LOCK_MASK, .capsLock), (GDK_SHIFT_MASK, .shift), (GDK_CONTROL_MASK, .control),
            (GDK_MOD1_MASK, .option), (GDK_SUPER_MASK, .command), (GDK_META_MASK, .command),
        ]
        for (gdk, flag) in pairs where mask & gdk.rawValue != 0 { flags.insert(flag) }
        self = flags
    }
}
