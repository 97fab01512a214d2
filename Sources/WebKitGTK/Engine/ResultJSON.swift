internal import CWebKitGTK

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
