import Foundation

/// Running script in the page, in Apple's classic spellings. Every form runs through the
/// same engine calls as ``WebPage/callJavaScript(_:arguments:in:contentWorld:)``, and
/// reports a script's exception as a ``WKError`` with code `.javaScriptExceptionOccurred`
/// (`.javaScriptResultTypeIsUnsupported` for a result that cannot leave the page, such as
/// a function or a DOM node), with WebKit's message as its description.
extension WKWebView {
    /// Evaluates a script, and hands its value or error to `completionHandler`.
    ///
    ///     webView.evaluateJavaScript("document.title") { value, error in
    ///         print(value as? String ?? "", error as Any)
    ///     }
    ///
    /// The script runs as a script, not as a function body: its declarations are global,
    /// and its value is that of its last statement. Values come as Foundation's: `String`,
    /// `NSNumber` (booleans too), `[String: Any]`, `[Any]`, `NSNull`, `Date`; `undefined`
    /// gives nil.
    ///
    /// - Parameters:
    ///   - javaScriptString: The script.
    ///   - completionHandler: Gets the value, or the error, on the main actor. Default: nil.
    public func evaluateJavaScript(
        _ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil
    ) {
        Task { @MainActor in
            do {
                let value = try await evaluateJavaScript(javaScriptString)
                completionHandler?(value, nil)
            } catch {
                completionHandler?(nil, error)
            }
        }
    }

    /// Evaluates a script in a content world, and hands its result to `completionHandler`.
    ///
    /// - Parameters:
    ///   - javaScript: The script.
    ///   - frame: The frame to run it in; nil or the main frame. WebKitGTK runs script in
    ///     the main frame only.
    ///   - contentWorld: Where it runs: `.page` shares the page's globals, other worlds
    ///     keep their own.
    ///   - completionHandler: Gets the result: the value (`NSNull` for `undefined`), or
    ///     the error. Default: nil.
    public func evaluateJavaScript(
        _ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        Task { @MainActor in
            do {
                let value = try await evaluateJavaScript(javaScript, in: frame, contentWorld: contentWorld)
                completionHandler?(.success(value ?? NSNull()))
            } catch {
                completionHandler?(.failure(error))
            }
        }
    }

    /// Evaluates a script, and returns its value.
    ///
    ///     let title = try await webView.evaluateJavaScript("document.title") as? String
    ///
    /// - Parameters:
    ///   - javaScript: The script.
    ///   - frame: The frame to run it in; nil or the main frame. Default: nil.
    ///   - contentWorld: Where it runs. Default: `.page`.
    /// - Returns: The value of its last statement; nil for `undefined`.
    /// - Throws: A ``WKError``: `.javaScriptExceptionOccurred`,
    ///   `.javaScriptResultTypeIsUnsupported`, `.javaScriptInvalidFrameTarget`, or
    ///   `.webViewInvalidated` once the web view is gone.
    @discardableResult
    public func evaluateJavaScript(
        _ javaScript: String, in frame: WKFrameInfo? = nil, contentWorld: WKContentWorld = .page
    ) async throws -> Any? {
        if let frame, !frame.isMainFrame { throw WKError(.javaScriptInvalidFrameTarget) }
        do {
            return try await page.evaluateScript(javaScript, world: contentWorld.name)
        } catch {
            throw classicScriptError(error)
        }
    }

    /// Runs a function body, with arguments, and hands its result to `completionHandler`.
    ///
    ///     webView.callAsyncJavaScript(
    ///         "return await fetchLake(name)", arguments: ["name": "Tahoe"], in: nil, in: .page
    ///     ) { result in print(result) }
    ///
    /// The body runs as an async function: `await` works in it, and a promise it returns
    /// is waited for.
    ///
    /// - Parameters:
    ///   - functionBody: The function's body; `return` gives its result.
    ///   - arguments: Values the body sees as variables of these names: strings, numbers,
    ///     booleans, dates, `NSNull`, and arrays and dictionaries of them. Default: none.
    ///   - frame: The frame to run it in; nil or the main frame. Default: nil.
    ///   - contentWorld: Where it runs.
    ///   - completionHandler: Gets the result: the value (`NSNull` for `undefined`), or
    ///     the error. Default: nil.
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        Task { @MainActor in
            do {
                let value = try await callAsyncJavaScript(
                    functionBody, arguments: arguments, in: frame, contentWorld: contentWorld)
                completionHandler?(.success(value ?? NSNull()))
            } catch {
                completionHandler?(.failure(error))
            }
        }
    }

    /// Runs a function body, with arguments, and returns its result.
    ///
    /// - Parameters:
    ///   - functionBody: The function's body; `return` gives its result.
    ///   - arguments: Values the body sees as variables of these names. Default: none.
    ///   - frame: The frame to run it in; nil or the main frame. Default: nil.
    ///   - contentWorld: Where it runs.
    /// - Returns: What the body returns, once its promise settles; nil for `undefined`.
    /// - Throws: A ``WKError``, as ``evaluateJavaScript(_:in:contentWorld:)`` does.
    @discardableResult
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        contentWorld: WKContentWorld
    ) async throws -> Any? {
        if let frame, !frame.isMainFrame { throw WKError(.javaScriptInvalidFrameTarget) }
        do {
            return try await page.callJavaScript(functionBody, arguments: arguments, contentWorld: contentWorld)
        } catch {
            throw classicScriptError(error)
        }
    }
}

/// A script's failure as Apple's classic API reports it.
private func classicScriptError(_ error: any Error) -> any Error {
    let message = "\(error)"
    switch error {
    case JavaScriptError.exception(let text):
        return WKError(
            .javaScriptExceptionOccurred,
            userInfo: [
                NSLocalizedDescriptionKey: "A JavaScript exception occurred", "WKJavaScriptExceptionMessage": text,
            ])
    case JavaScriptError.invalidResult(let reason):
        return WKError(
            .javaScriptResultTypeIsUnsupported,
            userInfo: [
                NSLocalizedDescriptionKey: "JavaScript execution returned a result of an unsupported type: \(reason)"
            ])
    case JavaScriptError.frameNotSupported:
        return WKError(.javaScriptInvalidFrameTarget, userInfo: [NSLocalizedDescriptionKey: message])
    case WebPage.NavigationError.pageClosed:
        return WKError(.webViewInvalidated, userInfo: [NSLocalizedDescriptionKey: message])
    default:
        return error
    }
}
