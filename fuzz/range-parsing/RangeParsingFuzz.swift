import Foundation
import FuzzSupport
import WebKitGTK

/// Fuzzes the directory handler's `Range` header parsing, against RFC 9110's grammar
/// (§14.1.2): `bytes=first-[last]` or `bytes=-suffix`, where each number is one or more
/// ASCII digits of any length. The input's first byte picks the resource's size, the rest
/// is the header. A range served lies within the resource and is never empty; anything but
/// one well-formed range is ignored (the whole file is sent); a well-formed one the
/// resource cannot satisfy is unsatisfiable (416).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRangeParsing(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let size = resourceSize(data[0])
    let header = text(data + 1, count - 1)
    let parsed = ByteRange.parse(header, size: size)
    if case .range(let range) = parsed {
        require(
            range.lowerBound >= 0 && range.lowerBound < range.upperBound && range.upperBound <= size,
            "\(quoted(header)) with size \(size) gave \(range), outside the resource or empty")
    }
    let expected = expectedRange(header, size: size)
    require(parsed == expected, "\(quoted(header)) with size \(size) gave \(parsed), not \(expected)")
    return 0
}

/// A small size (0 to 239 bytes), or one at an edge: empty, one byte, 2³², `Int.max`.
func resourceSize(_ selector: UInt8) -> Int {
    guard selector >= 240 else { return Int(selector) }
    let edges = [0, 1, 2, 1 << 31, 1 << 32, Int(Int32.max), Int.max / 2, Int.max - 1, Int.max]
    return edges[Int(selector - 240) % edges.count]
}

/// What RFC 9110 makes of `header` for a resource of `size` bytes, written from the grammar.
/// Whitespace may surround the value, follow the `=` and surround the dash, as the handler
/// allows; a number too large for `Int` counts as `Int.max`, which no resource reaches.
func expectedRange(_ header: String, size: Int) -> ByteRange {
    let value = Array(header.trimmingCharacters(in: .whitespaces).unicodeScalars)
    let unit = "bytes=".unicodeScalars
    guard value.count >= unit.count,
        zip(value, unit).allSatisfy({ String($0.0).lowercased() == String($0.1) && $0.0.isASCII })
    else { return .none }
    let spec = String(String.UnicodeScalarView(value.dropFirst(unit.count))).trimmingCharacters(in: .whitespaces)
    guard let dash = spec.firstIndex(of: "-") else { return .none }
    let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
    let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
    switch (number(first), number(last)) {
    case (nil, let suffix?) where first.isEmpty:
        guard suffix > 0, size > 0 else { return .unsatisfiable }
        return .range(max(0, size - suffix)..<size)
    case (let start?, nil) where last.isEmpty:
        return start < size ? .range(start..<size) : .unsatisfiable
    case (let start?, let end?):
        guard end >= start else { return .none }
        return start < size ? .range(start..<(min(end, size - 1) + 1)) : .unsatisfiable
    default:
        return .none
    }
}

/// One or more ASCII digits as a number, `Int.max` when it is larger; nil for anything else.
func number(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    var value = 0
    for digit in text.utf8 {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowAgain) = times.addingReportingOverflow(Int(digit - 0x30))
        guard !overflow, !overflowAgain else { return Int.max }
        value = sum
    }
    return value
}

#if !FUZZING
    @main
    enum Replay {
        static func main() { exit(replay(fuzzRangeParsing)) }
    }
#endif
