import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The dates of Lakes' files, as RFC 3339 internet date-times (`2026-12-04T09:30:00Z`),
/// written and read by hand.
///
/// Foundation's ISO 8601 coding (`JSONDecoder`'s and `JSONEncoder`'s `.iso8601`) makes a
/// calendar in the current time zone, and finding that zone loads ICU's time-zone data: a
/// few MiB in Lakes' process, at start-up, for a reader who has added a lake.
enum InternetDate {
    /// The instants four digits of year can write: 0000-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z, in seconds since 1970.
    static let writable: ClosedRange<TimeInterval> = -62_167_219_200...253_402_300_799

    /// `date` in UTC, to the second, as Foundation's `.iso8601` writes it; a date outside
    /// ``writable`` is written as its nearer end.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970.rounded(.down)
        var seconds = time_t(interval.isFinite ? min(max(interval, writable.lowerBound), writable.upperBound) : 0)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))Z"
    }

    /// The date `text` names: `yyyy-mm-ddThh:mm:ss`, a fraction of a second if any, then `Z`
    /// or an offset `±hh:mm` (RFC 3339's `date-time`; `t` and `z` may be lower case). Nil for
    /// anything else, for a day or time that does not exist, and for an instant that an
    /// offset moves out of the years ``string(from:)`` can write.
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(at start: Int, digits count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(at index: Int, is characters: String) -> Bool {
            index < bytes.count && characters.utf8.contains(bytes[index])
        }
        guard let year = number(at: 0, digits: 4), byte(at: 4, is: "-"), let month = number(at: 5, digits: 2),
            byte(at: 7, is: "-"), let day = number(at: 8, digits: 2), byte(at: 10, is: "Tt"),
            let hour = number(at: 11, digits: 2), byte(at: 13, is: ":"), let minute = number(at: 14, digits: 2),
            byte(at: 16, is: ":"), let second = number(at: 17, digits: 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(at: index, is: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while let digit = number(at: index, digits: 1) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if byte(at: index, is: "Zz") {
            index += 1
        } else if byte(at: index, is: "+-") {
            guard let hours = number(at: index + 1, digits: 2), byte(at: index + 3, is: ":"),
                let minutes = number(at: index + 4, digits: 2), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(min(second, 59))  // a leap second is the next one
        var seconds = timegm(&parts)
        // timegm moves a day the month does not have (31 April) into the next month.
        var check = tm()
        gmtime_r(&seconds, &check)
        guard check.tm_mday == Int32(day), check.tm_mon == Int32(month - 1) else { return nil }
        let instant = TimeInterval(seconds + time_t(second - min(second, 59) - offset)) + fraction
        guard instant >= writable.lowerBound, instant < writable.upperBound + 1 else { return nil }
        return Date(timeIntervalSince1970: instant)
    }

    /// Writes a date for `JSONEncoder`'s `.custom` strategy.
    @Sendable static func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string(from: date))
    }

    /// Reads a date for `JSONDecoder`'s `.custom` strategy.
    @Sendable static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an internet date-time such as 2026-12-04T09:30:00Z.")
        }
        return date
    }
}
