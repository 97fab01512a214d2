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

/// The arguments of a call as WebKit is given them: an `a{sv}` dictionary of variables.
///
/// Strings, integers and doubles go in as themselves, one variable each, as WebKitGTK
/// takes them; when any other value is among them (WebKitGTK refuses booleans and arrays),
/// all go in as one JSON string, `__webkitgtkSwiftJSON`, that the wrapper parses.
enum CallArguments {
    /// One variable of its own name for each argument.
    case native([NativeArgument])
    /// The arguments, named `names`, as one JSON object.
    case json(names: [String], json: String)

    /// An argument WebKitGTK takes as a variable of its own.
    struct NativeArgument {
        let name: String
        let value: NativeValue
    }

    /// A value WebKitGTK takes as a variable of its own.
    enum NativeValue {
        case string(String)
        case integer(Int)
        case double(Double)

        /// `value` as a variable, when its type is exactly one WebKitGTK takes; nil when it
        /// must go as JSON.
        init?(exactly value: Any) {
            // Exact types only: an NSNumber may hold a boolean, which must go as JSON.
            switch ObjectIdentifier(type(of: value)) {
            case ObjectIdentifier(String.self):
                let string = value as! String
                // A NUL would end the C string GVariant copies: such a string goes as JSON.
                guard !string.utf8.contains(0) else { return nil }
                self = .string(string)
            case ObjectIdentifier(Int.self):
                self = .integer(value as! Int)
            case ObjectIdentifier(Double.self):
                let double = value as! Double
                guard double.isFinite else { return nil }
                self = .double(double)
            default:
                return nil
            }
        }

        /// The floating `GVariant` of the value.
        var variant: OpaquePointer {
            switch self {
            case .string(let string): g_variant_new_string(string)
            case .integer(let integer): g_variant_new_int64(integer)
            case .double(let double): g_variant_new_double(double)
            }
        }
    }

    /// The arguments of a call, after checking that every name is an identifier.
    ///
    /// - Throws: ``JavaScriptError/invalidArgument(_:)`` for a bad name (the first in
    ///   sorted order), or a value that cannot be passed.
    init(_ arguments: [String: Any]) throws {
        var native: [NativeArgument] = []
        native.reserveCapacity(arguments.count)
        var allNative = true
        for (name, value) in arguments {
            guard JavaScriptValues.isIdentifier(name) else {
                let first = arguments.keys.filter { !JavaScriptValues.isIdentifier($0) }.min() ?? name
                throw JavaScriptError.invalidArgument("\"\(first)\" is not a JavaScript identifier")
            }
            guard allNative else { continue }
            if let value = NativeValue(exactly: value) {
                native.append(NativeArgument(name: name, value: value))
            } else {
                allNative = false
            }
        }
        self =
            allNative
            ? .native(native) : .json(names: arguments.keys.sorted(), json: try JavaScriptValues.encode(arguments))
    }

    /// The floating `a{sv}` WebKit takes; nil when there is nothing to pass.
    func variant() -> OpaquePointer? {
        if case .native(let arguments) = self, arguments.isEmpty { return nil }
        var builder = GVariantBuilder()
        g_variant_builder_init(&builder, cwk_variant_type_vardict())
        func add(_ name: String, _ value: OpaquePointer) {
            g_variant_builder_add_value(
                &builder, g_variant_new_dict_entry(g_variant_new_string(name), g_variant_new_variant(value)))
        }
        switch self {
        case .native(let arguments):
            for argument in arguments { add(argument.name, argument.value.variant) }
        case .json(_, let json):
            add("__webkitgtkSwiftJSON", g_variant_new_string(json))
        }
        return g_variant_builder_end(&builder)
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

/// Moving values between Swift and JavaScript as JSON.
enum JavaScriptValues {
    /// Whether `name` is an ASCII JavaScript identifier (`[A-Za-z_$][A-Za-z0-9_$]*`) that the
    /// wrapper of a call does not use itself.
    static func isIdentifier(_ name: String) -> Bool {
        var length = 0
        for byte in name.utf8 {
            let isStart =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$")
            guard isStart || (length > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)) else {
                return false
            }
            length += 1
        }
        guard length > 0 else { return false }
        // Compared only when the length is one of theirs: most names are no reserved one's length.
        return length >= 64 || reservedNameLengths & (1 << length) == 0 || !reservedNames.contains(name)
    }

    /// Names a call's arguments cannot have: JavaScript's own, and the wrapper's.
    private static let reservedNames: Set<String> = [
        "this", "arguments", "await", "eval", "__webkitgtkSwiftArguments", "__webkitgtkSwiftJSON",
    ]
    /// The lengths of ``reservedNames``, one bit each (all are shorter than 64).
    private static let reservedNameLengths: UInt64 = reservedNames.reduce(0) { $0 | 1 << $1.utf8.count }

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

    /// A Swift value from the result of a call: a string, finite number, boolean or null
    /// read as it is (numbers as JSON would decode them: a whole number as an integer, and
    /// NaN or an infinity as null); anything else, as WebKit has copied it into this
    /// process, through its JSON with dates kept. Undefined has been turned into nil before.
    @MainActor
    static func value(of result: UnsafeMutablePointer<JSCValue>) throws -> Any? {
        if jsc_value_is_string(result) != 0 { return stringText(of: result) }
        if jsc_value_is_number(result) != 0 {
            let number = jsc_value_to_double(result)
            return number.isFinite ? Self.number(number) : NSNull()
        }
        if jsc_value_is_boolean(result) != 0 { return NSNumber(value: jsc_value_to_boolean(result) != 0) }
        if jsc_value_is_null(result) != 0 { return NSNull() }
        // A value JSON cannot hold (a BigInt) stringifies as undefined.
        guard let json = try ResultJSON.text(of: result, dates: .markers) else { return nil }
        return try decode(json)
    }

    /// The JSON text of a call's result, dates as milliseconds since 1970; nil when JSON
    /// cannot hold it.
    @MainActor
    static func json(of result: UnsafeMutablePointer<JSCValue>) throws -> String? {
        try ResultJSON.text(of: result, dates: .milliseconds)
    }

    /// A JavaScript number as JSONSerialization reads it from JSON: an `Int` when it is a
    /// whole number that fits, a `Double` otherwise.
    static func number(_ value: Double) -> NSNumber {
        if value.rounded(.towardZero) == value, let whole = Int(exactly: value) { return NSNumber(value: whole) }
        return NSNumber(value: value)
    }

    /// A Swift value from the wrapper's JSON: dates restored, null as `NSNull`.
    static func decode(_ json: String) throws -> Any {
        guard let object = try? PageJSON.read(json) else {
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

/// JSON text for the results of calls, made in this process's JavaScript context, where
/// WebKit hands a result over as a copy of the page's value (dates, nested ones too, still
/// dates).
///
/// The stringifying function is made afresh for each result and let go at once: WebKit
/// frees that context, and every value in it, a few seconds after its last value is let
/// go, and a function kept for later would hold it, and all it holds, for good.
@MainActor
enum ResultJSON {
    /// How a date is written.
    enum Dates {
        /// `{"__webkitgtkSwiftDate": milliseconds}`, which ``JavaScriptValues/decode(_:)``
        /// turns back into a `Date`.
        case markers
        /// Milliseconds since 1970, as a typed call decodes them.
        case milliseconds

        /// A function that stringifies its argument this way, and returns the JSON text in
        /// an array of one, or the error's text when `JSON.stringify` throws.
        var source: String {
            switch self {
            case .markers: ResultJSON.markersSource
            case .milliseconds: ResultJSON.millisecondsSource
            }
        }
    }

    nonisolated private static let markersSource = source(date: "{ __webkitgtkSwiftDate: raw.getTime() }")
    nonisolated private static let millisecondsSource = source(date: "raw.getTime()")

    /// `value` as JSON text; nil when JSON cannot hold it.
    ///
    /// - Throws: ``JavaScriptError/invalidResult(_:)`` when JSON refuses it (a cycle).
    static func text(of value: UnsafeMutablePointer<JSCValue>, dates: Dates) throws -> String? {
        guard let function = jsc_context_evaluate(jsc_value_get_context(value), dates.source, -1) else {
            throw JavaScriptError.invalidResult("the result could not be read")
        }
        defer { g_object_unref(function) }
        var parameters: [UnsafeMutablePointer<JSCValue>?] = [value]
        guard let result = jsc_value_function_callv(function, 1, &parameters) else {
            throw JavaScriptError.invalidResult("the result could not be read")
        }
        defer { g_object_unref(result) }
        guard jsc_value_is_array(result) != 0 else {
            throw JavaScriptError.invalidResult(stringText(of: result) ?? "the result could not be read")
        }
        guard let text = jsc_value_object_get_property_at_index(result, 0) else { return nil }
        defer { g_object_unref(text) }
        return jsc_value_is_string(text) != 0 ? stringText(of: text) : nil
    }

    /// A function that stringifies its argument, each date as `date`'s expression of `raw`.
    nonisolated private static func source(date: String) -> String {
        """
        (function (value) {
            try {
                return [JSON.stringify(value, function (key, value) {
                    const raw = this[key];
                    return raw instanceof Date ? \(date) : value;
                })];
            } catch (error) {
                return String(error);
            }
        })
        """
    }
}
