import Foundation

/// HTTP dates (RFC 9110, section 5.6.7): written as IMF-fixdate, read in that form and in
/// the two obsolete ones a recipient must also accept, by hand (see ``UTCCalendar``).
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let fullWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as IMF-fixdate, such as `Sun, 06 Nov 1994 08:49:37 GMT`; fractions of a second
    /// are dropped, and a date outside the years 1 to 9999, which the form cannot write, is
    /// written as the nearer of the two.
    static func string(from date: Date) -> String {
        let fields = UTCCalendar.fields(of: date, years: 1...9999)
        func two(_ value: Int) -> String { UTCCalendar.digits(value, 2) }
        return "\(weekdays[fields.weekday]), \(two(fields.day)) \(months[fields.month - 1]) "
            + "\(UTCCalendar.digits(fields.year, 4)) \(two(fields.hour)):\(two(fields.minute)):\(two(fields.second)) GMT"
    }

    /// The date `text` names, in any of the three forms (`Sun, 06 Nov 1994 08:49:37 GMT`,
    /// `Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`), or nil when it is none
    /// of them or names no real day. A two-digit year is read as the year with those digits
    /// from 50 years before `now` to 50 after it, as RFC 9110 asks.
    static func parse(_ text: String, now: Date = Date()) -> Date? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let day: Substring, month: Substring, year: Substring, time: Substring
        if words.count == 6, words[0].hasSuffix(","), weekdays.contains(String(words[0].dropLast())), words[5] == "GMT"
        {
            (day, month, year, time) = (words[1], words[2], words[3], words[4])  // IMF-fixdate
            guard day.count == 2, year.count == 4 else { return nil }
        } else if words.count == 4, words[0].hasSuffix(","), fullWeekdays.contains(String(words[0].dropLast())),
            words[3] == "GMT"
        {
            let date = words[1].split(separator: "-", omittingEmptySubsequences: false)  // rfc850-date
            guard date.count == 3, date[0].count == 2, date[2].count == 2 else { return nil }
            (day, month, year, time) = (date[0], date[1], date[2], words[2])
        } else if words.count == 5, weekdays.contains(String(words[0])) {
            (month, day, time, year) = (words[1], words[2], words[3], words[4])  // asctime-date
            guard (1...2).contains(day.count), year.count == 4 else { return nil }
        } else {
            return nil
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let monthIndex = months.firstIndex(where: { $0 == month }),
            let dayNumber = number(day), var yearNumber = number(year),
            let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2])
        else { return nil }
        if year.count == 2 {
            let thisYear = UTCCalendar.fields(of: now, years: 1...9999).year
            yearNumber += thisYear - thisYear % 100
            if yearNumber > thisYear + 50 { yearNumber -= 100 }
            if yearNumber <= thisYear - 50 { yearNumber += 100 }
        }
        return UTCCalendar.date(
            year: yearNumber, month: monthIndex + 1, day: dayNumber, hour: hour, minute: minute, second: second)
    }

    /// The value of a run of ASCII digits.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(digits)
    }
}
