internal import CWebKitGTK
import Foundation

// The text of JavaScriptCore values, as the page's scripts, messages and call results hand
// them over: JSON and strings, with UTF-16 that no Swift string can hold made well formed.

/// The JSON text of a JavaScriptCore value (`jsc_value_to_json`), or nil when it has none
/// (`undefined`, a function). A lone surrogate, which `JSON.stringify` writes as an escape
/// (`\ud800`) and Foundation's JSON reader refuses, is written as U+FFFD instead.
func jsonText(of value: UnsafeMutablePointer<JSCValue>) -> String? {
    guard let json = jsc_value_to_json(value, 0) else { return nil }
    defer { g_free(json) }
    let text = String(cString: json)
    return hasEscapedSurrogate(json) ? wellFormedJSON(text) : text
}

/// A JavaScriptCore value converted to a string (`jsc_value_to_string`), as JavaScript's
/// `String(value)` would; for a string, the string itself, NUL characters included. UTF-16
/// that is not well formed (a lone surrogate), which no Swift string can hold, is U+FFFD.
func stringText(of value: UnsafeMutablePointer<JSCValue>) -> String? {
    guard let bytes = jsc_value_to_string_as_bytes(value) else { return nil }
    defer { g_bytes_unref(bytes) }
    var count: gsize = 0
    let start = g_bytes_get_data(bytes, &count)
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: Int(count)), as: UTF8.self)
    guard jsc_value_is_string(value) != 0 else { return text }
    // JavaScriptCore's UTF-8 ends at a lone surrogate. A string cut short there has a
    // character where the text ends, and is read again from its JSON, where the surrogate
    // is an escape. Asking for that index costs less than reading the string's `length`,
    // which makes and frees a value, or its JSON, which grows with the string.
    let cut = String(text.utf16.count).withCString { jsc_value_object_has_property(value, $0) != 0 }
    guard cut, let json = jsonText(of: value) else { return text }
    return decodedString(json) ?? text
}

/// The string a JSON string literal holds; nil when the text is not one.
func decodedString(_ json: String) -> String? {
    try? JSONDecoder().decode(String.self, from: Data(json.utf8))
}

/// Whether `json`, which `JSON.stringify` wrote, has a `\uXXXX` escape of a surrogate: it
/// writes a well-formed pair as it is, so such an escape is of a lone surrogate. It reads
/// the C text without copying it; ``wellFormedJSON(_:)`` repairs a text for which it is true.
private func hasEscapedSurrogate(_ json: UnsafePointer<CChar>) -> Bool {
    let backslash = Int32(UInt8(ascii: "\\"))
    var next = strchr(json, backslash)
    while let escape = next, escape[1] != 0 {
        // `\u`, then `d` and one of 8 to f: an escape of D800 to DFFF.
        if escape[1] == CChar(UInt8(ascii: "u")), escape[2] | 0x20 == CChar(UInt8(ascii: "d")),
            "89abcdefABCDEF".utf8.contains(UInt8(bitPattern: escape[3]))
        {
            return true
        }
        next = strchr(escape + 2, backslash)
    }
    return false
}

/// `json`, a text with an escaped surrogate, with each escaped lone surrogate (`\ud800` to
/// `\udfff`, not one of an escaped pair) written as `\ufffd`, the replacement character.
private func wellFormedJSON(_ json: String) -> String {
    let backslash = UInt8(ascii: "\\")
    let bytes = Array(json.utf8)
    /// The UTF-16 code unit of the `\uXXXX` escape at `index`, if one is there.
    func escapedUnit(at index: Int) -> UInt16? {
        guard index + 6 <= bytes.count, bytes[index] == backslash, bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        var unit: UInt16 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }
    var repaired: [UInt8] = []
    var copied = 0
    var index = 0
    while index < bytes.count {
        guard bytes[index] == backslash else {
            index += 1
            continue
        }
        guard let unit = escapedUnit(at: index) else {
            index += 2  // another escape, such as \\ or \"
            continue
        }
        if UTF16.isLeadSurrogate(unit), let next = escapedUnit(at: index + 6), UTF16.isTrailSurrogate(next) {
            index += 12
        } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
            repaired += bytes[copied..<index]
            repaired += "\\ufffd".utf8
            index += 6
            copied = index
        } else {
            index += 6
        }
    }
    guard copied > 0 else { return json }
    repaired += bytes[copied...]
    return String(decoding: repaired, as: UTF8.self)
}
