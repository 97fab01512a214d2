import CWebKitGTK
import Foundation
import FuzzSupport
import WebKitGTK

/// Fuzzes a script message's body, from the JavaScriptCore value a page posts to the Swift
/// value its handler gets, and back as that handler's reply. The input is JSON, which
/// JavaScriptCore reads into the value `postMessage` would hand over. A handler that echoes
/// the body must give the page back the value it posted: object keys may come back in
/// another order, and UTF-16 that is not well formed (a lone surrogate), which no Swift
/// string can hold, as U+FFFD; nothing else may change. A body is refused only when it is
/// nested deeper than Foundation's JSON reader goes (512 levels).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageBody(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let json = text(data, count)
    guard let posted = parse(json) else { return 0 }
    defer { g_object_unref(posted) }
    let body: Any
    do {
        body = try WKScriptMessage.body(of: OpaquePointer(posted))
    } catch {
        let depth = call(nestingDepth, posted).map { Int(jsc_value_to_int32($0)) } ?? 0
        require(depth > 512, "\(quoted(json)) (nested \(depth) deep) was refused: \(error)")
        return 0
    }
    let echoed: UnsafeMutablePointer<JSCValue>
    do {
        echoed = UnsafeMutablePointer(try WKScriptMessage.replyValue(body, in: OpaquePointer(context)))
    } catch {
        require(false, "the body of \(quoted(json)) cannot be sent back: \(error)")
        return 0
    }
    defer { g_object_unref(echoed) }
    guard let expected = canonical(posted), let actual = canonical(echoed) else { return 0 }
    require(expected == actual, "\(quoted(json)) was posted as \(expected) and echoed as \(actual)")
    return 0
}

/// The one JavaScript context values are made in.
nonisolated(unsafe) let context = jsc_context_new()!

/// Writes a value as JSON with ill-formed UTF-16 repaired and object keys sorted after that;
/// throws when two keys repair to the same one (Swift can keep only one of them).
nonisolated(unsafe) let canonicalJSON = jsc_context_evaluate(
    context,
    """
    (function canonical(value) {
      if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
      if (typeof value === 'string') return JSON.stringify(value.toWellFormed());
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      const keys = Object.keys(value).map(key => [key.toWellFormed(), key]);
      if (new Set(keys.map(([repaired]) => repaired)).size !== keys.length) throw new Error('ambiguous keys');
      keys.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
      return '{' + keys.map(([repaired, key]) =>
        JSON.stringify(repaired) + ':' + canonical(value[key])).join(',') + '}';
    })
    """, -1)!

/// How many arrays and objects deep a value goes.
nonisolated(unsafe) let nestingDepth = jsc_context_evaluate(
    context,
    """
    (function depth(value) {
      if (value === null || typeof value !== 'object') return 0;
      return 1 + Math.max(0, ...Object.values(value).map(depth));
    })
    """, -1)!

/// The value JavaScriptCore reads from `json` (a new reference), or nil when it is not JSON.
func parse(_ json: String) -> UnsafeMutablePointer<JSCValue>? {
    let value = jsc_value_new_from_json(context, json)
    jsc_context_clear_exception(context)
    return value
}

/// The result of calling `function` with `value` (a new reference), or nil when it threw.
func call(_ function: UnsafeMutablePointer<JSCValue>, _ value: UnsafeMutablePointer<JSCValue>)
    -> UnsafeMutablePointer<JSCValue>?
{
    var arguments: [UnsafeMutablePointer<JSCValue>?] = [value]
    let result = jsc_value_function_callv(function, 1, &arguments)
    let threw = jsc_context_get_exception(context) != nil
    jsc_context_clear_exception(context)
    if threw, let result { g_object_unref(result) }
    return threw ? nil : result
}

/// `value` as canonical JSON, or nil when it has none that can be compared.
func canonical(_ value: UnsafeMutablePointer<JSCValue>) -> String? {
    guard let result = call(canonicalJSON, value) else { return nil }
    defer { g_object_unref(result) }
    // The text is well formed (`canonical` repairs every string), so its JSON is too.
    guard let json = jsc_value_to_json(result, 0) else { return nil }
    defer { g_free(json) }
    return String(cString: json)
}

#if !FUZZING
    @main
    enum Replay {
        static func main() { exit(replay(fuzzMessageBody)) }
    }
#endif
