import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The Gregorian calendar in UTC, from the C library, for dates written and read by hand:
/// years 0 to 9999, the calendar's rules taken back before it began in 1582 (Foundation's
/// Gregorian calendar is Julian before 15 October 1582).
///
/// Foundation's calendars and date formats find the current time zone on first use, which
/// loads ICU's time-zone data into the process, for a header or a file's timestamp that
/// needs none of it.
package enum UTCCalendar {
    /// A moment's calendar fields in UTC.
    package struct Fields: Equatable, Sendable {
        package var year: Int
        /// 1 for January to 12 for December.
        package var month: Int
        package var day: Int
        package var hour: Int
        package var minute: Int
        package var second: Int
        /// 0 for Sunday to 6 for Saturday.
        package var weekday: Int
    }

    /// `date`'s fields, to the second (a fraction is dropped); a date outside `years` (itself
    /// kept within 0 to 9999) gives the first or last second of them, whichever is nearer.
    package static func fields(of date: Date, years: ClosedRange<Int>) -> Fields {
        let years = years.clamped(to: 0...9999)
        let earliest = TimeInterval(secondsSince1970(year: years.lowerBound, month: 1, day: 1))
        let latest = TimeInterval(secondsSince1970(year: years.upperBound + 1, month: 1, day: 1)) - 1
        let interval = date.timeIntervalSince1970.rounded(.down)
        var seconds = time_t(interval.isNaN ? 0 : min(max(interval, earliest), latest))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return Fields(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec),
            weekday: Int(parts.tm_wday))
    }

    /// The moment with these fields; nil for a year outside 0 to 9999, a month, day, hour,
    /// minute or second out of range, or a day the month does not have. A second of 60 (a
    /// leap second) is the first second of the next minute.
    package static func date(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year), (0..<24).contains(hour),
            (0..<60).contains(minute), (0...60).contains(second), (0...9999).contains(year)
        else { return nil }
        let seconds = secondsSince1970(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `value` in decimal, with zeros before it to make at least `width` digits.
    package static func digits(_ value: Int, _ width: Int) -> String {
        let written = String(value)
        return String(repeating: "0", count: max(0, width - written.count)) + written
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func secondsSince1970(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0
    ) -> time_t {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return timegm(&parts)
    }
}
