import Foundation

/// One byte range of a `Range: bytes=…` header.
package enum ByteRange: Equatable {
    case none
    case unsatisfiable
    case range(Range<Int>)

    /// Reads a single range; several ranges, or a header that does not parse, are ignored
    /// (the whole file is sent), as HTTP allows. The header is read whole before it is
    /// judged, so a malformed range is ignored, never refused as unsatisfiable.
    package static func parse(_ header: String, size: Int) -> ByteRange {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else { return .none }
        let spec = value.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .none }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        switch (position(first), position(last)) {
        case (nil, let suffix?) where first.isEmpty:
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .range(max(0, size - suffix)..<size)
        case (let start?, nil) where last.isEmpty:
            return start < size ? .range(start..<size) : .unsatisfiable
        case (let start?, let end?) where end >= start:
            return start < size ? .range(start..<(min(end, size - 1) + 1)) : .unsatisfiable
        default:
            return .none
        }
    }

    /// A position as HTTP writes it, one or more ASCII digits (no sign); one too large for
    /// `Int` is `Int.max`, which is past the end of any file.
    private static func position(_ digits: String) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(digits) ?? Int.max
    }
}
