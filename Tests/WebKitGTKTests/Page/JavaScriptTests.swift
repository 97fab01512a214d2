import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct JavaScriptTests {
    private func page() async -> WebPage {
        let page = WebPage()
        _ = await outcome(of: page.load(html: "<p id='lake'>Baikal</p>"))
        return page
    }

    /// A value that crosses into JavaScript and back, with how to compare it.
    struct RoundTrip: Sendable, CustomStringConvertible {
        let name: String
        let value: @Sendable () -> Any
        let check: @Sendable (Any?) -> Bool
        var description: String { name }
    }

    nonisolated static let roundTrips: [RoundTrip] = [
        RoundTrip(name: "string", value: { "Lake Ba\u{0131}kal — «deep»" }) {
            $0 as? String == "Lake Ba\u{0131}kal — «deep»"
        },
        RoundTrip(name: "integer", value: { 1642 }) { ($0 as? NSNumber)?.intValue == 1642 },
        RoundTrip(name: "double", value: { 31.5 }) { ($0 as? NSNumber)?.doubleValue == 31.5 },
        RoundTrip(name: "true", value: { true }) { $0 as? Bool == true },
        RoundTrip(name: "false", value: { false }) { $0 as? Bool == false },
        RoundTrip(name: "array", value: { [1, "two", false] as [Any] }) {
            guard let array = $0 as? [Any], array.count == 3 else { return false }
            return (array[0] as? NSNumber)?.intValue == 1 && array[1] as? String == "two" && array[2] as? Bool == false
        },
        RoundTrip(name: "dictionary", value: { ["name": "Tahoe", "depth": 501] as [String: Any] }) {
            guard let dictionary = $0 as? [String: Any] else { return false }
            return dictionary["name"] as? String == "Tahoe" && (dictionary["depth"] as? NSNumber)?.intValue == 501
        },
        RoundTrip(name: "null", value: { NSNull() }) { $0 is NSNull },
        RoundTrip(name: "date", value: { Date(timeIntervalSince1970: 1_700_000_000.5) }) {
            ($0 as? Date)?.timeIntervalSince1970 == 1_700_000_000.5
        },
        RoundTrip(
            name: "nested",
            value: { ["when": [Date(timeIntervalSince1970: 0)], "empty": [String: Any]()] as [String: Any] }
        ) {
            guard let dictionary = $0 as? [String: Any], let dates = dictionary["when"] as? [Any] else { return false }
            return (dates.first as? Date)?.timeIntervalSince1970 == 0
                && (dictionary["empty"] as? [String: Any])?.isEmpty == true
        },
    ]

    @Test(arguments: roundTrips)
    func aValueRoundTrips(_ trip: RoundTrip) async throws {
        let page = await page()
        let result = try await page.callJavaScript("return value", arguments: ["value": trip.value()])
        #expect(trip.check(result), "\(String(describing: result))")
    }

    @Test func argumentsAreLocalVariablesAndPromisesAreAwaited() async throws {
        let page = await page()
        let result = try await page.callJavaScript(
            "await new Promise(r => setTimeout(r, 10)); return `${name} is ${depth} m deep in ${document.getElementById('lake').textContent}`",
            arguments: ["name": "Baikal", "depth": 1642])
        #expect(result as? String == "Baikal is 1642 m deep in Baikal")
    }

    @Test func undefinedIsNilAndNullIsNSNull() async throws {
        let page = await page()
        #expect(try await page.callJavaScript("return undefined") == nil)
        #expect(try await page.callJavaScript("document.title = 'x'") == nil)
        #expect(try await page.callJavaScript("return null") is NSNull)
    }

    /// Results made in the page, with no arguments: strings, numbers, booleans and null cross
    /// as themselves, the rest as WebKit copies them, and each reads as JSON would give it,
    /// dates as dates at any depth.
    @Test func resultsMadeInThePageReadAsJSONWouldGiveThem() async throws {
        let page = await page()
        #expect(try await page.callJavaScript("return '[1, 2]'") as? String == "[1, 2]")
        #expect(try await page.callJavaScript("return ''") as? String == "")
        let whole = try #require(try await page.callJavaScript("return 2 ** 40") as? NSNumber)
        #expect(whole.int64Value == 1 << 40 && String(cString: whole.objCType) == "q")
        let fraction = try #require(try await page.callJavaScript("return -0.25") as? NSNumber)
        #expect(fraction.doubleValue == -0.25 && String(cString: fraction.objCType) == "d")
        #expect((try await page.callJavaScript("return 1e300") as? NSNumber)?.doubleValue == 1e300)
        #expect(try await page.callJavaScript("return true") as? Bool == true)
        #expect(try await page.callJavaScript("return NaN") is NSNull)
        #expect(try await page.callJavaScript("return -Infinity") is NSNull)
        #expect((try await page.callJavaScript("return new Date(86400000)") as? Date)?.timeIntervalSince1970 == 86400)
        let list = try #require(try await page.callJavaScript("return [null, 'x', [3], undefined, NaN]") as? [Any])
        #expect(
            list.count == 5 && list[0] is NSNull && list[1] as? String == "x" && list[3] is NSNull && list[4] is NSNull)
        #expect(((list[2] as? [Any])?.first as? NSNumber)?.intValue == 3)
        let nested = try #require(
            try await page.callJavaScript("return { at: new Date(1000), log: [new Date(2000)], gone: undefined }")
                as? [String: Any])
        #expect((nested["at"] as? Date)?.timeIntervalSince1970 == 1)
        #expect(((nested["log"] as? [Any])?.first as? Date)?.timeIntervalSince1970 == 2)
        #expect(nested.count == 2)
    }

    /// A string result crosses whole, short or long, with its escapes and surrogate pairs; a
    /// lone surrogate becomes U+FFFD and what follows it is kept.
    @Test func stringResultsCrossWholeWithLoneSurrogatesReplaced() async throws {
        let page = await page()
        for sample in StringSamples.samples {
            let result = try await page.callJavaScript("return \(sample.javaScript)")
            #expect(result as? String == sample.swift, "\(sample.javaScript)")
        }
    }

    /// What cannot cross is a clear error, as in Apple's WebKit (`WKError`'s
    /// `javaScriptResultTypeIsUnsupported`), and the page goes on working.
    @Test(arguments: [
        "return () => 1", "return Symbol('lake')", "return document.body", "return { depth: 1642, sound() {} }",
        "return window", "const lake = {}; lake.self = lake; return lake",
    ])
    func aResultThatCannotCrossIsAnError(_ body: String) async throws {
        let page = await page()
        do {
            let result = try await page.callJavaScript(body)
            Issue.record("no error; got \(String(describing: result))")
        } catch let error as JavaScriptError {
            guard case .invalidResult = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(
            try await page.callJavaScript("return document.getElementById('lake').textContent") as? String == "Baikal")
    }

    /// A result that is not a string or number is read in this process's JavaScript
    /// context, which WebKit frees once nothing holds a value of it: reading must not hold
    /// it, or every large result stays in memory for good.
    @Test func theMemoryOfALargeResultIsReturned() async throws {
        let page = await page()
        let before = MemoryUse.now()
        for _ in 0..<3 {
            let result = try #require(
                try await page.callJavaScript("return ['x'.repeat(32 * 1048576), new Date(0)]") as? [Any])
            #expect((result.first as? String)?.utf8.count == 32 * 1_048_576 && result.last is Date)
        }
        let clock = ContinuousClock()
        let start = clock.now
        var after = MemoryUse.now().growth(since: before)
        await until("the results' memory was returned", timeout: .seconds(40), checkingEvery: .milliseconds(250)) {
            after = MemoryUse.now().growth(since: before)
            return after.anonymous <= 48 * 1_048_576 || !MemoryUse.isMeasurable
        }
        print("JavaScriptTests: three results of 32 MiB: growth \(after) after \(clock.now - start)")
        if MemoryUse.isMeasurable {
            #expect(after.anonymous < 48 * 1_048_576, "the results' memory was returned")
        }
    }

    @Test func argumentNamesMustBeJavaScriptIdentifiers() async throws {
        let page = await page()
        let reserved = [
            "this", "arguments", "await", "eval", "__webkitgtkSwiftArguments", "__webkitgtkSwiftJSON",
        ]
        for name in ["1lake", "lake-depth", "", "la ke", "é"] + reserved {
            await #expect(throws: JavaScriptError.self, "\(name)") {
                try await page.callJavaScript("return 1", arguments: [name: 1])
            }
        }
        // Also when the arguments go as JSON (a boolean or an array among them), wherever
        // the bad name sorts; the first bad one is named.
        let mixed: [[String: Any]] = [
            ["a": true, "lake-depth": 1], ["lake-depth": 1, "z": [1]], ["x y": 1, "x-y": true],
        ]
        for arguments in mixed {
            do {
                try await page.callJavaScript("return 1", arguments: arguments)
                Issue.record("\(arguments.keys.sorted()) were passed")
            } catch JavaScriptError.invalidArgument(let message) {
                let first = arguments.keys.sorted().first { $0 != "a" && $0 != "z" }!
                #expect(message == "\"\(first)\" is not a JavaScript identifier")
            }
        }
        let sum = try await page.callJavaScript("return $a + _b + Z9", arguments: ["$a": 1, "_b": 2, "Z9": 3])
        #expect((sum as? NSNumber)?.intValue == 6)
        // Names as long as a reserved one are not refused for their length.
        let same = try await page.callJavaScript("return lake + shore", arguments: ["lake": 1, "shore": 2])
        #expect((same as? NSNumber)?.intValue == 3)
        let long = String(repeating: "l", count: 70)
        #expect((try await page.callJavaScript("return \(long)", arguments: [long: 7]) as? NSNumber)?.intValue == 7)
        // A string with a NUL in it arrives whole.
        let nul = try await page.callJavaScript(
            "return [text.length, text.charCodeAt(1)]", arguments: ["text": "a\u{0}b"])
        #expect((nul as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } == [3, 0])
    }

    @Test func aTypedCallDecodes() async throws {
        struct Lake: Decodable, Equatable {
            let name: String
            let depth: Int
            let surveyed: Date
        }
        let page = await page()
        let lake = try await page.callJavaScript(
            "return { name, depth: 1642, surveyed: new Date(0) }", arguments: ["name": "Baikal"], as: Lake.self)
        #expect(lake == Lake(name: "Baikal", depth: 1642, surveyed: Date(timeIntervalSince1970: 0)))
        // Arguments passed as JSON (a boolean among them), and results that are not objects.
        let deep = try await page.callJavaScript(
            "return [{ name, depth: 1642, surveyed: new Date(when) }]",
            arguments: ["name": "Baikal", "when": 5000, "x": true],
            as: [Lake].self)
        #expect(deep == [Lake(name: "Baikal", depth: 1642, surveyed: Date(timeIntervalSince1970: 5))])
        #expect(try await page.callJavaScript("return 'Tahoe'", as: String.self) == "Tahoe")
        #expect(try await page.callJavaScript("return 501", as: Int.self) == 501)
        #expect(try await page.callJavaScript("return new Date(3000)", as: Date.self) == Date(timeIntervalSince1970: 3))
        #expect(try await page.callJavaScript("return undefined", as: String?.self) == nil)
    }

    @Test(arguments: [
        ("throw new Error('the ice is too thin')", "the ice is too thin"),
        ("await Promise.reject(new Error('no boat today'))", "no boat today"),
        ("return noSuchVariable", "noSuchVariable"),
    ])
    func exceptionsAndRejectionsThrowWithTheirMessage(_ body: String, _ message: String) async throws {
        let page = await page()
        do {
            try await page.callJavaScript(body)
            Issue.record("no error thrown")
        } catch let error as JavaScriptError {
            guard case .exception(let text) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(text.contains(message), "\(text)")
        }
    }

    @Test func badArgumentsAndFramesAreClearErrors() async throws {
        let page = await page()
        await #expect(throws: JavaScriptError.self) {
            try await page.callJavaScript("", arguments: ["not an identifier": 1])
        }
        await #expect(throws: JavaScriptError.self) { try await page.callJavaScript("", arguments: ["x": NSObject()]) }
        let subframe = WebPage.FrameInfo(url: URL(string: "about:blank"), isMainFrame: false)
        await #expect(throws: JavaScriptError.frameNotSupported) {
            try await page.callJavaScript("return 1", in: subframe)
        }
    }

    @Test func worldsAreIsolatedFromEachOther() async throws {
        let page = await page()
        try await page.callJavaScript("window.secret = 'page'")
        try await page.callJavaScript("window.secret = 'client'", contentWorld: .defaultClient)
        try await page.callJavaScript("window.secret = 'named'", contentWorld: .world(name: "lakes"))
        #expect(try await page.callJavaScript("return window.secret") as? String == "page")
        #expect(
            try await page.callJavaScript("return window.secret", contentWorld: .defaultClient) as? String == "client")
        #expect(
            try await page.callJavaScript("return window.secret", contentWorld: .world(name: "lakes")) as? String
                == "named")
        #expect(
            try await page.callJavaScript("return typeof window.other", contentWorld: .world(name: "other")) as? String
                == "undefined")
        // The DOM is shared.
        try await page.callJavaScript(
            "document.getElementById('lake').textContent = 'Tahoe'", contentWorld: .defaultClient)
        #expect(
            try await page.callJavaScript("return document.getElementById('lake').textContent") as? String == "Tahoe")
    }
}
