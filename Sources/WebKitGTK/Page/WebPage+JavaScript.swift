internal import CWebKitGTK
import Foundation
import GLibBridge

/// A JavaScript namespace: the page's own, or an isolated world of the app's whose globals
/// and script the page cannot see or change. The DOM is shared. Apple's `WKContentWorld`;
/// WebKitGTK knows a world by its name (`world_name`).
///
///     try await page.callJavaScript("window.appState = 1", contentWorld: .defaultClient)
///     try await page.callJavaScript("return window.appState", contentWorld: .page)  // nil: the page cannot see it
public struct WKContentWorld: Hashable, Sendable {
    /// The world's name; nil for the page's world.
    public let name: String?

    /// The page's own world, where its scripts run.
    public static let page = WKContentWorld(name: nil)
    /// The app's default isolated world.
    public static let defaultClient = WKContentWorld(name: "WebKitGTKSwift.defaultClient")

    /// A named isolated world; the same name is the same world.
    ///
    /// - Parameter name: The world's name, which WebKitGTK keys the world by.
    /// - Returns: The world of that name.
    public static func world(name: String) -> WKContentWorld { WKContentWorld(name: name) }

    private init(name: String?) { self.name = name }
}

extension WebPage {
    /// Runs `functionBody` as the body of an async JavaScript function and returns its result.
    ///
    ///     let sections = try await page.callJavaScript(
    ///         "return [...document.querySelectorAll(selector)].map(h => h.id)",
    ///         arguments: ["selector": "h2[id]"])
    ///
    /// Each argument becomes a local variable of that name; a returned promise is awaited.
    /// Arguments and results may be strings, numbers, booleans, arrays, dictionaries,
    /// `NSNull`/`null` and `Date`; a result of `undefined` is nil. Strings and numbers
    /// are passed as they are; when any other value is among the arguments, they all cross
    /// as one JSON string, since WebKitGTK refuses arrays and booleans as arguments. As in
    /// Apple's WebKit, a result that cannot leave the page (a function, a symbol, a DOM node,
    /// or an object holding one) is an error.
    /// WebKitGTK's `webkit_web_view_call_async_javascript_function`.
    ///
    /// - Parameters:
    ///   - functionBody: The function's body, which may `await` and `return`.
    ///   - arguments: Names and values, each name a JavaScript identifier. Default: none.
    ///   - frame: The frame to run in. Default: nil, the main frame; WebKitGTK cannot run
    ///     script in another frame, so any other throws ``JavaScriptError/frameNotSupported``.
    ///   - contentWorld: Where to run. Default: nil, the page's world (``WKContentWorld/page``).
    /// - Returns: The result, read as JSON would give it: a string, number, boolean, array
    ///   (`[Any]`), dictionary (`[String: Any]`), `NSNull` or `Date`; nil for `undefined`.
    /// - Throws: ``JavaScriptError`` with the script's message when it throws or its
    ///   promise rejects, when an argument cannot be passed, or when the result cannot be
    ///   returned (``JavaScriptError/invalidResult(_:)``: of a type that cannot leave the
    ///   page, or holding a cycle); ``WebPage/NavigationError/pageClosed`` on a closed page.
    @discardableResult
    public func callJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: FrameInfo? = nil,
        contentWorld: WKContentWorld? = nil
    ) async throws -> Any? {
        let passed = try CallArguments(arguments)
        let body = try wrapped(functionBody, arguments: passed, in: frame)
        // The value is made and read on the main actor; it only crosses the continuation.
        let result = try await evaluate(body, arguments: passed, world: contentWorld?.name) {
            UncheckedSendable(try JavaScriptValues.value(of: $0))
        }
        return result?.value ?? nil
    }

    /// Runs `functionBody` like ``callJavaScript(_:arguments:in:contentWorld:)`` and decodes
    /// its result (as JSON) into `type`.
    ///
    ///     struct Heading: Decodable { let id: String; let text: String }
    ///     let headings = try await page.callJavaScript(
    ///         "return [...document.querySelectorAll('h2')].map(h => ({ id: h.id, text: h.textContent }))",
    ///         as: [Heading].self)
    ///
    /// Dates cross as milliseconds since 1970 and decode as `Date`. An addition of this
    /// library.
    ///
    /// - Parameters:
    ///   - functionBody: The function's body, which may `await` and `return`.
    ///   - arguments: Names and values, each name a JavaScript identifier. Default: none.
    ///   - frame: The frame to run in. Default: nil, the main frame.
    ///   - contentWorld: Where to run. Default: nil, the page's world.
    ///   - type: The type to decode the result into.
    /// - Returns: The decoded result; `undefined` decodes as JSON `null`.
    /// - Throws: What the untyped form throws, and `DecodingError` when the result does
    ///   not decode into `type`.
    public func callJavaScript<T: Decodable>(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: FrameInfo? = nil,
        contentWorld: WKContentWorld? = nil, as type: T.Type
    ) async throws -> T {
        let passed = try CallArguments(arguments)
        let body = try wrapped(functionBody, arguments: passed, in: frame)
        let json = try await evaluate(body, arguments: passed, world: contentWorld?.name) {
            try JavaScriptValues.json(of: $0)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(T.self, from: Data((json ?? "null").utf8))
    }

    /// The body WebKit runs for a call. Arguments WebKit takes as variables run the caller's
    /// body as it is, as a C program would; arguments passed as one JSON string are parsed
    /// first, and `functionBody` runs in an async function of its own with each argument a
    /// parameter of that name.
    private func wrapped(_ functionBody: String, arguments: CallArguments, in frame: FrameInfo?) throws -> String {
        if let frame, !frame.isMainFrame { throw JavaScriptError.frameNotSupported }
        guard !isClosed else { throw NavigationError.pageClosed }
        guard case .json(let names, _) = arguments else { return functionBody }
        let values = names.map { "__webkitgtkSwiftArguments[\(String(reflecting: $0))]" }.joined(separator: ", ")
        return """
            \(Self.argumentParser)return (async function (\(names.joined(separator: ", "))) {
            \(functionBody)
            }).call(this, \(values));
            """
    }

    /// The wrapper's lines that read arguments passed as one JSON string, dates included.
    private static let argumentParser = """
        const __webkitgtkSwiftArguments = JSON.parse(__webkitgtkSwiftJSON, (key, value) =>
            value !== null && typeof value === 'object' && typeof value.__webkitgtkSwiftDate === 'number'
                ? new Date(value.__webkitgtkSwiftDate) : value);

        """

    /// Runs `body` as an async function with no arguments, and returns its result as JSON
    /// text (`jsc_value_to_json`); nil for undefined.
    func evaluateRaw(_ body: String, world: String?) async throws -> String? {
        try await evaluate(body, arguments: .native([]), world: world) { jsonText(of: $0) }
    }

    /// Runs `body` as an async function (`webkit_web_view_call_async_javascript_function`)
    /// with `arguments` in scope, and returns what `read` makes of its result; nil for
    /// `undefined`.
    private func evaluate<Result: Sendable>(
        _ body: String, arguments passed: CallArguments, world: String?,
        read: @escaping @MainActor (UnsafeMutablePointer<JSCValue>) throws -> Result?
    ) async throws -> Result? {
        let view = webView
        let arguments = passed.variant()
        return try await runJavaScript(read: read) { cancellable, callback, data in
            webkit_web_view_call_async_javascript_function(
                view, body, -1, arguments, world, nil, cancellable, callback, data)
        } finish: { result, error in
            webkit_web_view_call_async_javascript_function_finish(view, result, error)
        }
    }

    /// Evaluates `script` as a script (`webkit_web_view_evaluate_javascript`), not as a
    /// function body: its declarations are global, and its value is that of its last
    /// statement; nil for `undefined`. For the classic face's `evaluateJavaScript`.
    func evaluateScript(_ script: String, world: String?) async throws -> Any? {
        guard !isClosed else { throw NavigationError.pageClosed }
        let view = webView
        let result = try await runJavaScript(read: { UncheckedSendable(try JavaScriptValues.value(of: $0)) }) {
            cancellable, callback, data in
            webkit_web_view_evaluate_javascript(view, script, -1, world, nil, cancellable, callback, data)
        } finish: { result, error in
            webkit_web_view_evaluate_javascript_finish(view, result, error)
        }
        return result?.value ?? nil
    }

    /// Starts a script in the engine and reads its result: the one path for every script
    /// run, with its errors as ``JavaScriptError``s.
    private func runJavaScript<Result: Sendable>(
        read: @escaping @MainActor (UnsafeMutablePointer<JSCValue>) throws -> Result?,
        start: (
            _ cancellable: UnsafeMutablePointer<GCancellable>, _ callback: GAsyncReadyCallback, _ data: gpointer
        ) -> Void,
        finish:
            @escaping @MainActor (
                _ result: OpaquePointer, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>
            ) -> UnsafeMutablePointer<JSCValue>?
    ) async throws -> Result? {
        do {
            return try await gioCall(start) { _, result in
                let value = try GLibError.check { finish(result, $0) }
                guard let value else { return nil }
                defer { g_object_unref(value) }
                ValueContext.keep(contextOf: value)
                guard jsc_value_is_undefined(value) == 0 else { return nil }
                return try read(value)
            }
        } catch let error as GLibError
            where error.matches(webkit_javascript_error_quark())
        {
            // WebKit could not hand the result over: a function, a symbol, a DOM node, or
            // an object holding one.
            if error.code == Int32(WEBKIT_JAVASCRIPT_ERROR_INVALID_RESULT.rawValue) {
                throw JavaScriptError.invalidResult(error.message)
            }
            throw JavaScriptError.exception(message: error.message)
        }
    }
}

/// Why a call into the page's JavaScript failed.
///
///     do {
///         try await page.callJavaScript("throw new Error('no map')")
///     } catch JavaScriptError.exception(let message) {
///         print(message)  // …Error: no map
///     }
///
/// Apple's WebKit throws a `WKError` for these; the cases here say which part failed.
public enum JavaScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script threw, or its promise rejected; the message is WebKit's, with the
    /// exception's text (and its line where WebKit gives one).
    case exception(message: String)
    /// An argument could not be passed (not JSON-able, or a bad name).
    case invalidArgument(String)
    /// The result could not be returned: of a type that cannot leave the page (a function,
    /// a symbol, a DOM node, or an object holding one), holding a cycle, or not decodable.
    case invalidResult(String)
    /// A frame other than the main one was asked for: WebKitGTK runs script in the main
    /// frame only.
    case frameNotSupported

    /// Says which part of the call failed, and why.
    public var description: String {
        switch self {
        case .exception(let message): "JavaScript exception: \(message)"
        case .invalidArgument(let reason): "JavaScript argument: \(reason)"
        case .invalidResult(let reason): "JavaScript result: \(reason)"
        case .frameNotSupported: "WebKitGTK can run JavaScript only in the main frame"
        }
    }
}
