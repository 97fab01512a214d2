import Foundation

/// The page's dialog presenter for a ``WKWebView``: asks the web view's ``WKUIDelegate``,
/// in whichever spelling it implements each method, and answers Apple's default where it
/// implements none.
@MainActor
struct UIDelegateAdapter: WebPage.DialogPresenting {
    let link: WebViewLink

    func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {
        guard let webView = link.webView, let delegate = webView.uiDelegate else { return }
        let frame = WKFrameInfo(frame, webView: webView)
        let dismissed = await Self.ask(
            "webView(_:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:)", unanswered: true,
            sendable: { answer in
                // Typed, so that each closure picks its own spelling.
                let done: @MainActor @Sendable () -> Void = { answer(true) }
                delegate.webView(
                    webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame,
                    completionHandler: done)
            },
            plain: { answer in
                let done: () -> Void = { answer(true) }
                delegate.webView(
                    webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame,
                    completionHandler: done)
            })
        if dismissed != nil { return }
        _ = await DelegateCall.implemented {
            await delegate.webView(webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame)
        }
    }

    func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    {
        guard let webView = link.webView, let delegate = webView.uiDelegate else { return .cancel }
        let frame = WKFrameInfo(frame, webView: webView)
        var confirmed = await Self.ask(
            "webView(_:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:)", unanswered: false,
            sendable: {
                delegate.webView(
                    webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
                    completionHandler: $0)
            },
            plain: {
                delegate.webView(
                    webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
                    completionHandler: $0)
            })
        if confirmed == nil {
            confirmed = await DelegateCall.implemented {
                await delegate.webView(webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame)
            }
        }
        return confirmed == true ? .ok : .cancel
    }

    func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptPromptResult
    {
        guard let webView = link.webView, let delegate = webView.uiDelegate else { return .cancel }
        let frame = WKFrameInfo(frame, webView: webView)
        var text = await Self.ask(
            "webView(_:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:)",
            unanswered: String?.none,
            sendable: {
                delegate.webView(
                    webView, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText,
                    initiatedByFrame: frame, completionHandler: $0)
            },
            plain: {
                delegate.webView(
                    webView, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText,
                    initiatedByFrame: frame, completionHandler: $0)
            })
        if text == nil {
            text = await DelegateCall.implemented {
                await delegate.webView(
                    webView, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText,
                    initiatedByFrame: frame)
            }
        }
        guard let answer = text, let answer else { return .cancel }
        return .ok(answer)
    }

    func handleFileInputPrompt(parameters: WKOpenPanelParameters, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.FileInputPromptResult
    {
        guard let webView = link.webView, let delegate = webView.uiDelegate else { return .cancel }
        let frame = WKFrameInfo(frame, webView: webView)
        var chosen = await Self.ask(
            "webView(_:runOpenPanelWith:initiatedByFrame:completionHandler:)", unanswered: [URL]?.none,
            sendable: {
                delegate.webView(webView, runOpenPanelWith: parameters, initiatedByFrame: frame, completionHandler: $0)
            },
            plain: {
                delegate.webView(webView, runOpenPanelWith: parameters, initiatedByFrame: frame, completionHandler: $0)
            })
        if chosen == nil {
            chosen = await DelegateCall.implemented {
                await delegate.webView(webView, runOpenPanelWith: parameters, initiatedByFrame: frame)
            }
        }
        guard let urls = chosen, let urls else { return .cancel }
        return .selected(urls)
    }

    /// Every request that comes here was not granted as a device sensor (see
    /// ``decideSensor(_:frame:origin:)``), and Apple's UI delegate has no question for the
    /// others: denied.
    func decidePermission(for request: WebPage.PermissionRequest) async -> WKPermissionDecision { .deny }

    /// Asks the delegate for a camera, a microphone, or the device's motion: the web view's
    /// page's ``WebPage/Configuration/deviceSensorAuthorization``. `.prompt` goes on to
    /// ``decidePermission(for:)``, which denies.
    func decideSensor(
        _ permission: WebPage.DeviceSensorAuthorization.Permission, frame: WebPage.FrameInfo,
        origin: WKSecurityOrigin
    ) async -> WKPermissionDecision {
        guard let webView = link.webView, let delegate = webView.uiDelegate else { return .prompt }
        let frame = WKFrameInfo(frame, webView: webView)
        switch permission {
        case .mediaCapture(let type):
            let answer = await Self.ask(
                "webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)",
                unanswered: WKPermissionDecision.deny,
                sendable: {
                    delegate.webView(
                        webView, requestMediaCapturePermissionFor: origin, initiatedByFrame: frame, type: type,
                        decisionHandler: $0)
                },
                plain: {
                    delegate.webView(
                        webView, requestMediaCapturePermissionFor: origin, initiatedByFrame: frame, type: type,
                        decisionHandler: $0)
                })
            if let answer { return answer }
            return await DelegateCall.implemented {
                await delegate.webView(
                    webView, requestMediaCapturePermissionFor: origin, initiatedByFrame: frame, type: type)
            } ?? .prompt
        case .deviceOrientationAndMotion:
            let answer = await Self.ask(
                "webView(_:requestDeviceOrientationAndMotionPermissionFor:initiatedByFrame:decisionHandler:)",
                unanswered: WKPermissionDecision.deny,
                sendable: {
                    delegate.webView(
                        webView, requestDeviceOrientationAndMotionPermissionFor: origin, initiatedByFrame: frame,
                        decisionHandler: $0)
                },
                plain: {
                    delegate.webView(
                        webView, requestDeviceOrientationAndMotionPermissionFor: origin, initiatedByFrame: frame,
                        decisionHandler: $0)
                })
            if let answer { return answer }
            return await DelegateCall.implemented {
                await delegate.webView(
                    webView, requestDeviceOrientationAndMotionPermissionFor: origin, initiatedByFrame: frame)
            } ?? .prompt
        }
    }

    /// Calls the first of a method's two handler spellings that the delegate implements;
    /// the answer given, or nil when it implements neither.
    private static func ask<Answer: Sendable>(
        _ method: String, unanswered: Answer,
        sendable: @escaping (@escaping @MainActor @Sendable (Answer) -> Void) -> Void,
        plain: @escaping (@escaping (Answer) -> Void) -> Void
    ) async -> Answer? {
        await DelegateCall.firstAnswer(
            method, unanswered: unanswered,
            [
                { handler in sendable(handler.mainActorSendable) },
                { handler in plain(handler.plain) },
            ])
    }
}

extension WKWebView {
    /// The web view whose new window is being made, and the configuration given for it,
    /// while the UI delegate is asked for it.
    private static var opening: (opener: WKWebView, configuration: WKWebViewConfiguration)?

    /// The web view that opens the window a web view made with `configuration` is for, if
    /// the UI delegate is making one with it now.
    static func opener(for configuration: WKWebViewConfiguration) -> WKWebView? {
        guard let opening, opening.configuration === configuration else { return nil }
        return opening.opener
    }

    /// Asks the UI delegate for the web view of a new window this one opens; its page, or
    /// nil to open none.
    func openWindow(for action: WebPage.NavigationAction) -> WebPage? {
        guard let delegate = uiDelegate else { return nil }
        let configuration = self.configuration
        let outer = Self.opening
        Self.opening = (self, configuration)
        defer { Self.opening = outer }
        let opened = delegate.webView(
            self, createWebViewWith: configuration, for: WKNavigationAction(action, webView: self),
            windowFeatures: WKWindowFeatures())
        return opened?.page
    }
}
