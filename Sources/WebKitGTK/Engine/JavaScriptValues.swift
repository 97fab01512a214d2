internal import CWebKitGTK
import Foundation

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
