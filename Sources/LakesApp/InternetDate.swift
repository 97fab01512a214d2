import Foundation
import WebKitGTK

/// The dates of Lakes' files, as RFC 3339 internet date-times (`2026-12-04T09:30:00Z`),
/// written and read by hand.
///
/// Foundation's ISO 8601 coding (`JSONDecoder`'s and `JSONEncoder`'s `.iso8601`) makes a
/// calendar in the current time zone, and finding that zone loads ICU's time-zone data into
/// Lakes' process: at start-up for a reader who has added a lake, on the first sighting
/// for one who has sent one. Dates from 15 October 1582 on are written and read as
/// Foundation did; before it, Foundation's calendar is Julian and ``UTCCalendar`` is not.
enum InternetDate {
    /// The first and last seconds four digits of year can write: 0000-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59Z.
    private static let earliest = UTCCalendar.date(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0)!
    private static let latest = UTCCalendar.date(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)!

    /// `date` in UTC, to the second, as Foundation's `.iso8601` writes it; a date outside the
    /// years 0000 to 9999, which four digits can write, is written as the nearer of the two.
    static func string(from date: Date) -> String {
        let fields = UTCCalendar.fields(of: date, years: 0...9999)
        func two(_ value: Int) -> String { UTCCalendar.digits(value, 2) }
        return "\(UTCCalendar.digits(fields.year, 4))-\(two(fields.month))-\(two(fields.day))T"
            + "\(two(fields.hour)):\(two(fields.minute)):\(two(fields.second))Z"
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
            let local = UTCCalendar.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(at: index, is: ".") {
            let start = index + 1
            index = start
            while number(at: index, digits: 1) != nil { index += 1 }
            guard index > start, let read = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
            else { return nil }
            fraction = read
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
        let whole = local.addingTimeInterval(TimeInterval(-offset))
        guard index == bytes.count, (Self.earliest...Self.latest).contains(whole) else { return nil }
        // A fraction of .999… that a Double rounds up stays within its second.
        let seconds = whole.timeIntervalSince1970
        return Date(timeIntervalSince1970: min(seconds + fraction, (seconds + 1).nextDown))
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
