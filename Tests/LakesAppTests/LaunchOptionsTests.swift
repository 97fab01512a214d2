import Foundation
import TestSupport
import Testing

@testable import LakesApp

struct LaunchOptionsTests {
    @Test func noArgumentsOpensTheStartPage() throws {
        #expect(try LaunchOptions.parse([]) == LaunchOptions())
    }

    @Test(arguments: ["https://example.org/", "lakes://articles/tahoe", "file:///tmp/x.html", "about:blank"])
    func anAbsoluteURLIsOpened(_ argument: String) throws {
        #expect(try LaunchOptions.parse([argument]).url == URL(string: argument))
    }

    @Test func anExistingFileBecomesAFileURL() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-launch-\(getpid()).html")
        try Data("<p>x".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let url = try #require(try LaunchOptions.parse([path.path]).url)
        #expect(url.isFileURL)
        #expect(url.path == path.standardizedFileURL.path)
    }

    @Test(arguments: [["--frobnicate"], ["not a url"], ["https://a.test/", "https://b.test/"], ["relative/path"]])
    func badArgumentsAreRefusedWithAMessage(_ arguments: [String]) {
        #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(arguments) }
    }

    @Test func helpAndVersionAreRecognised() throws {
        #expect(try LaunchOptions.parse(["--help"]).showHelp)
        #expect(try LaunchOptions.parse(["-h"]).showHelp)
        #expect(try LaunchOptions.parse(["--version"]).showVersion)
    }

    @Test func automationIsAnOptionBesideAURL() throws {
        let options = try LaunchOptions.parse(["--automation", "lakes://articles/baikal"])
        #expect(options.automation)
        #expect(options.url == URL(string: "lakes://articles/baikal"))
        #expect(try !LaunchOptions.parse([]).automation)
    }
}
