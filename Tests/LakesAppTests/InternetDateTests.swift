import Foundation
import Testing

@testable import LakesApp

/// The dates of Lakes' files: RFC 3339 date-times, written as Foundation's `.iso8601` writes
/// them, so that files written before read the same.
struct InternetDateTests {
    @Test func aDateIsWrittenInUTCToTheSecond() {
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 1_796_119_200.75)) == "2026-12-01T10:00:00Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 1e18)) == "9999-12-31T23:59:59Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -1e18)) == "0000-01-01T00:00:00Z")
    }

    @Test func whatFoundationWritesIsWrittenAlike() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for seconds in [0, 951_782_400, 1_796_119_200, -86_400 * 365 * 300] {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let foundation = try JSONDecoder().decode(String.self, from: encoder.encode(date))
            #expect(InternetDate.string(from: date) == foundation)
            #expect(InternetDate.date(from: foundation) == date)
        }
    }

    @Test(arguments: [
        ("2026-12-01T10:00:00Z", 1_796_119_200.0),
        ("2026-12-01t10:00:00z", 1_796_119_200),
        ("2026-12-01T10:00:00.75Z", 1_796_119_200.75),
        ("2026-12-01T11:30:00+01:30", 1_796_119_200),
        ("2026-12-01T08:00:00-02:00", 1_796_119_200),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
        ("0000-01-01T00:00:00Z", -62_167_219_200),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
    func dateTimesAreRead(_ text: String, _ seconds: TimeInterval) {
        #expect(InternetDate.date(from: text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "", "2026-12-01", "2026-12-01T10:00:00", "2026-12-01 10:00:00Z", "2026-12-01T10:00Z",
        "2026-12-01T10:00:00.Z", "2026-12-01T10:00:00ZZ", "2026-12-01T10:00:00+0100", "2026-12-01T10:00:00+01",
        "2026-13-01T10:00:00Z", "2026-00-01T10:00:00Z", "2026-04-31T10:00:00Z", "2025-02-29T10:00:00Z",
        "1900-02-29T10:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T10:60:00Z", "2026-12-01T10:00:61Z",
        "2026-12-01T10:00:00+24:00", "26-12-01T10:00:00Z", "2026-1-01T10:00:00Z", "２026-12-01T10:00:00Z",
        "0000-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
    ])
    func anythingElseIsNoDate(_ text: String) {
        #expect(InternetDate.date(from: text) == nil)
    }

    @Test func whatIsReadIsWrittenBackToTheSecond() throws {
        for text in [
            "2026-12-01T11:30:00.5+01:30", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
            "9999-12-31T23:59:59.99999999999999999999Z",
        ] {
            let date = try #require(InternetDate.date(from: text))
            let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            #expect(InternetDate.date(from: InternetDate.string(from: date)) == whole)
        }
    }

    @Test func aFileWithADateThatIsNoneIsNotRead() throws {
        func file(added: String) -> Data {
            Data(#"[{"url": "https://example.org/lake", "title": "Lake", "added": "\#(added)"}]"#.utf8)
        }
        let lakes = try AddedLakeStore.lakes(from: file(added: "2026-12-01T10:00:00Z"))
        #expect(lakes.map(\.added) == [Date(timeIntervalSince1970: 1_796_119_200)])
        #expect(throws: DecodingError.self) { try AddedLakeStore.lakes(from: file(added: "yesterday")) }
    }
}
