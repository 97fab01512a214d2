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
    /// `NSNull`/`null` and `Date`; a result of `undefined` is nil. They cross as one JSON
    /// string, since WebKitGTK refuses arrays and booleans as arguments.
    /// WebKitGTK's `webkit_web_view_call_async_javascript_function`.
    ///
    /// - Parameters:
    ///   - functionBody: The function's body, which may `await` and `return`.
    ///   - arguments: Names and values, each name a JavaScript identifier. Default: none.
    ///   - frame: The frame to run in. Default: nil, the main frame; WebKitGTK cannot run
    ///     script in another frame, so any other throws ``JavaScriptError/frameNotSupported``.
    ///   - contentWorld: Where to run. Default: nil, the page's world (``WKContentWorld/page``).
    /// - Returns: The result, decoded from JSON: a string, number, boolean, array
    ///   (`[Any]`), dictionary (`[String: Any]`), `NSNull` or `Date`; nil for `undefined`.
    /// - Throws: ``JavaScriptError`` with the script's message when it throws or its
    ///   promise rejects, or when an argument cannot be passed;
    ///   ``WebPage/NavigationError/pageClosed`` on a closed page.
    @discardableResult
    public func callJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: FrameInfo? = nil,
        contentWorld: WKContentWorld? = nil
    ) async throws -> Any? {
        let json = try await callJavaScriptJSON(
            functionBody, arguments: arguments, in: frame, contentWorld: contentWorld, datesAsMarkers: true)
        return try json.map(JavaScriptValues.decode)
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
        let json = try await callJavaScriptJSON(
            functionBody, arguments: arguments, in: frame, contentWorld: contentWorld, datesAsMarkers: false)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(T.self, from: Data((json ?? "null").utf8))
    }

    /// The call's result as JSON text, or nil for `undefined`. Dates are milliseconds since
    /// 1970, wrapped in a marker object when `datesAsMarkers` (for the untyped form).
    private func callJavaScriptJSON(
        _ functionBody: String, arguments: [String: Any], in frame: FrameInfo?,
        contentWorld: WKContentWorld?, datesAsMarkers: Bool
    ) async throws -> String? {
        if let frame, !frame.isMainFrame { throw JavaScriptError.frameNotSupported }
        guard !isClosed else { throw NavigationError.pageClosed }
        for name in arguments.keys where !JavaScriptValues.isIdentifier(name) {
            throw JavaScriptError.invalidArgument("\"\(name)\" is not a JavaScript identifier")
        }
        let names = arguments.keys.sorted()
        let encoded = try JavaScriptValues.encode(arguments)
        let body = """
            const __webkitgtkSwiftArguments = JSON.parse(__webkitgtkSwiftJSON, (key, value) =>
                value !== null && typeof value === 'object' && typeof value.__webkitgtkSwiftDate === 'number'
                    ? new Date(value.__webkitgtkSwiftDate) : value);
            const __webkitgtkSwiftResult = await (async function (\(names.joined(separator: ", "))) {
            \(functionBody)
            }).call(this, \(names.map { "__webkitgtkSwiftArguments[\(String(reflecting: $0))]" }.joined(separator: ", ")));
            if (__webkitgtkSwiftResult === undefined) return undefined;
            return JSON.stringify(__webkitgtkSwiftResult, function (key, value) {
                const raw = this[key];
                return raw instanceof Date ? \(datesAsMarkers ? "{ __webkitgtkSwiftDate: raw.getTime() }" : "raw.getTime()") : value;
            });
            """
        // The wrapper returns its result as JSON text, a string, read as it is.
        return try await evaluateRaw(body, argumentsJSON: encoded, world: contentWorld?.name, readsString: true)
    }

    /// Runs `body` as an async function with the string `__webkitgtkSwiftJSON` in scope, and returns
    /// the result as JSON text (nil for undefined); with `readsString`, a string result is
    /// returned as the string itself (`jsc_value_to_string`), which spares encoding it as
    /// JSON and decoding it again.
    func evaluateRaw(
        _ body: String, argumentsJSON: String?, world: String?, readsString: Bool = false
    ) async throws -> String? {
        let view = webView
        let arguments: OpaquePointer? = argumentsJSON.map { json in
            let builder = g_variant_builder_new(cwk_variant_type_vardict())
            defer { g_variant_builder_unref(builder) }
            g_variant_builder_add_value(
                builder,
                g_variant_new_dict_entry(
                    g_variant_new_string("__webkitgtkSwiftJSON"), g_variant_new_variant(g_variant_new_string(json))))
            return g_variant_builder_end(builder)
        }
        do {
            return try await gioCall { cancellable, callback, data in
                webkit_web_view_call_async_javascript_function(
                    view, body, -1, arguments, world, nil, cancellable, callback, data)
            } finish: { _, result in
                let value = try GLibError.check {
                    webkit_web_view_call_async_javascript_function_finish(view, result, $0)
                }
                guard let value else { return nil }
                defer { g_object_unref(value) }
                guard jsc_value_is_undefined(value) == 0 else { return nil }
                if readsString, jsc_value_is_string(value) != 0, let string = jsc_value_to_string(value) {
                    defer { g_free(string) }
                    return String(cString: string)
                }
                return jsonText(of: value)
            }
        } catch let error as GLibError
            where error.matches(webkit_javascript_error_quark())
        {
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
    /// The result could not be decoded.
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

/// Moving values between Swift and JavaScript as JSON.
enum JavaScriptValues {
    static func isIdentifier(_ name: String) -> Bool {
        name.range(of: "^[A-Za-z_$][A-Za-z0-9_$]*$", options: .regularExpression) != nil
            && ![
                "this", "arguments", "await", "eval", "__webkitgtkSwiftArguments", "__webkitgtkSwiftResult",
                "__webkitgtkSwiftJSON",
            ].contains(name)
    }

    /// JSON for the arguments, with dates as marker objects.
    static func encode(_ arguments: [String: Any]) throws -> String {
        let prepared = try arguments.mapValues(prepare)
        let data = try JSONSerialization.data(withJSONObject: prepared, options: [.fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    private static func prepare(_ value: Any) throws -> Any {
        switch value {
        case let date as Date: return ["__webkitgtkSwiftDate": date.timeIntervalSince1970 * 1000]
        case let array as [Any]: return try array.map(prepare)
        case let dictionary as [String: Any]: return try dictionary.mapValues(prepare)
        case is String, is Bool, is Int, is Double, is Float, is NSNull, is NSNumber, is Int64, is UInt, is Int32:
            return value
        case let optional as Any? where optional == nil: return NSNull()
        default: throw JavaScriptError.invalidArgument("\(type(of: value)) cannot be passed to JavaScript")
        }
    }

    /// JSON for a value handed back to JavaScript (a message reply); nil is `undefined`,
    /// sent as `null`.
    static func encodeResult(_ value: Any?) throws -> String {
        guard let value else { return "null" }
        let data = try JSONSerialization.data(withJSONObject: prepare(value), options: [.fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    /// A Swift value from the wrapper's JSON: dates restored, null as `NSNull`.
    static func decode(_ json: String) throws -> Any {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) else {
            throw JavaScriptError.invalidResult("not JSON: \(json.prefix(80))")
        }
        return restore(object)
    }

    private static func restore(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]:
            if dictionary.count == 1, let milliseconds = dictionary["__webkitgtkSwiftDate"] as? Double {
                return Date(timeIntervalSince1970: milliseconds / 1000)
            }
            return dictionary.mapValues(restore)
        case let array as [Any]: return array.map(restore)
        default: return value
        }
    }
}
