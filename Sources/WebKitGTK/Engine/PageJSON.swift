import Foundation

/// Reads the JSON text that JavaScriptCore makes of a page's values (`JSON.stringify`, as
/// in `jsc_value_to_json`) into the Foundation values `JSONSerialization` makes of it, with
/// fragments allowed: `[String: Any]`, `[Any]`, `String`, `NSNumber` and `NSNull`.
///
/// A message body and a call's object result are read once for every message and call,
/// and `JSONSerialization` is slow at it (its number reader alone walks the number's text
/// several times; BENCHMARKS.md, "A message's body is read without `JSONSerialization`
/// when it can be"). ``read(_:)`` reads what a page usually sends at once,
/// and hands everything else to `JSONSerialization`, so that what it returns, and what it
/// throws, is the same either way:
/// - integers of up to 18 digits, except `-0`, become an `Int`; other integers go to
///   `JSONSerialization`, which makes some of them unsigned, some `Decimal`, and `-0` a
///   32-bit integer;
/// - numbers with a fraction or an exponent become a `Double`, unless it is not finite or
///   their text is longer than 17 characters up to a lowercase `e`, of which
///   `JSONSerialization` makes a `Decimal`;
/// - strings with every JSON escape; a lone surrogate escape goes to `JSONSerialization`;
/// - containers nested at most 64 deep (`JSONSerialization` stops at 512).
///
/// Anything the reader does not expect, malformed text included, goes to
/// `JSONSerialization` as it is.
enum PageJSON {
    /// The Foundation value of `text`; throws what `JSONSerialization` throws for text that
    /// is not JSON.
    static func read(_ text: String) throws -> Any {
        if let value = quickValue(of: text) { return value }
        return try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }

    /// The value of `text` as ``read(_:)`` reads it without `JSONSerialization`, or nil
    /// when `text` has something it leaves to `JSONSerialization`.
    static func quickValue(of text: String) -> Any? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == bytes.count ? value : nil
        }
    }

    /// The deepest nesting of containers read without `JSONSerialization`.
    static let deepestNesting = 64
}

/// One pass over the UTF-8 of a JSON text. Each method reads one thing at `index` and
/// moves past it, or returns nil when it meets what it leaves to `JSONSerialization`.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func value(depth: Int) -> Any? {
        skipSpace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth + 1)
        case UInt8(ascii: "["): return array(depth: depth + 1)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return word("true") ? NSNumber(value: true) : nil
        case UInt8(ascii: "f"): return word("false") ? NSNumber(value: false) : nil
        case UInt8(ascii: "n"): return word("null") ? NSNull() : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    private mutating func word(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func object(depth: Int) -> [String: Any]? {
        var object: [String: Any] = [:]
        let isWhole = elements(depth: depth, closedBy: UInt8(ascii: "}")) { reader in
            reader.skipSpace()
            guard reader.current == UInt8(ascii: "\""), let key = reader.string() else { return false }
            reader.skipSpace()
            guard reader.current == UInt8(ascii: ":") else { return false }
            reader.index += 1
            guard let value = reader.value(depth: depth) else { return false }
            object[key] = value
            return true
        }
        return isWhole ? object : nil
    }

    private mutating func array(depth: Int) -> [Any]? {
        var array: [Any] = []
        let isWhole = elements(depth: depth, closedBy: UInt8(ascii: "]")) { reader in
            guard let value = reader.value(depth: depth) else { return false }
            array.append(value)
            return true
        }
        return isWhole ? array : nil
    }

    /// Reads a container from its opening bracket to its `close`, each element with
    /// `element`, which reads one and keeps it; false when the container is not well formed.
    private mutating func elements(depth: Int, closedBy close: UInt8, _ element: (inout Reader) -> Bool) -> Bool {
        guard depth <= PageJSON.deepestNesting else { return false }
        index += 1
        skipSpace()
        if current == close {
            index += 1
            return true
        }
        while true {
            guard element(&self) else { return false }
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case close:
                index += 1
                return true
            default: return false
            }
        }
    }

    /// A string, from its opening quote. The text is a Swift string, so its UTF-8 is well
    /// formed, and so is every run of it between two ASCII bytes.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // Most strings have no escape: they are made from their bytes at once.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        guard let end = current else { return nil }
        if end == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
        }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        var run = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                guard let scalar = escape() else { return nil }
                text.unicodeScalars.append(scalar)
                run = index
            case 0..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The character of an escape, from its backslash; a surrogate pair is one escape.
    private mutating func escape() -> Unicode.Scalar? {
        index += 1
        guard let byte = current else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            switch unit {
            case 0xD800..<0xDC00:
                guard word("\\u"), let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00..<0xE000: return nil
            default: return Unicode.Scalar(unit)
            }
        default: return nil
        }
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func hexUnit() -> UInt16? {
        guard bytes.count - index >= 4 else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// A number in JSON's grammar: an `Int` for up to 18 digits without fraction or
    /// exponent (not `-0`), a finite `Double` with either.
    private mutating func number() -> NSNumber? {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var whole = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            // Past 18 digits `whole` could overflow; such a number goes to JSONSerialization.
            if index - digitsStart < 18 { whole = whole * 10 + Int(byte - UInt8(ascii: "0")) }
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0, !(digits > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else { return nil }
        var isWhole = true
        if current == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            guard skipDigits() else { return nil }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isWhole = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        if isWhole {
            guard digits <= 18, !(negative && whole == 0) else { return nil }
            return NSNumber(value: negative ? -whole : whole)
        }
        // JSONSerialization makes a `Decimal` of a number whose text, up to a lowercase `e`
        // (or in all, with an uppercase one), is longer than 17 characters.
        let text = bytes[start..<index]
        let lengthCounted = text.firstIndex(of: UInt8(ascii: "e")).map { $0 - start } ?? text.count
        guard lengthCounted <= 17,
            let double = Double(String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self)),
            double.isFinite
        else { return nil }
        return NSNumber(value: double)
    }

    /// Moves past one or more digits; false if there is none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }
}
