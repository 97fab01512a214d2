// js: round trips of callJavaScript from Swift, awaited one after another, with small and
// large results and with ten arguments.
import Foundation
import WebKitGTK

enum JavaScriptBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let page = WebPage()
        let window = showInWindow(page)
        try await loadHTML("<!DOCTYPE html><html><body></body></html>", in: page, what: "the blank page to load")

        let small = try await mean(options.quick ? 10 : 500, "return 1") { page in
            let value = try await page.callJavaScript("return 1")
            guard (value as? NSNumber)?.intValue == 1 else {
                throw BenchError("return 1 gave \(String(describing: value))")
            }
        }
        report("js", "small_ms", small, "ms")

        let kib = try await mean(options.quick ? 10 : 500, "a 1 KiB string") { page in
            try expectString(of: 1024, try await page.callJavaScript("return 'x'.repeat(1024)"))
        }
        report("js", "kib_ms", kib, "ms")

        let mib = try await mean(options.quick ? 2 : 20, "a 1 MiB string") { page in
            try expectString(of: 1_048_576, try await page.callJavaScript("return 'x'.repeat(1048576)"))
        }
        report("js", "mib_ms", mib, "ms")

        let names = (0..<10).map { "a\($0)" }
        let body = "return " + names.joined(separator: " + ")
        var arguments: [String: Any] = [:]
        for (index, name) in names.enumerated() { arguments[name] = Double(index) }
        let tenArguments = try await mean(options.quick ? 10 : 500, "ten arguments") { page in
            let value = try await page.callJavaScript(body, arguments: arguments)
            guard (value as? NSNumber)?.doubleValue == 45 else {
                throw BenchError("the sum of a0…a9 gave \(String(describing: value)), not 45")
            }
        }
        report("js", "ten_args_ms", tenArguments, "ms")

        withExtendedLifetime(window) {}

        /// Runs `call` `runs` times, one after another, and returns the mean in ms.
        func mean(_ runs: Int, _ what: String, _ call: (WebPage) async throws -> Void) async throws -> Double {
            try await waiting(for: "\(runs) calls returning \(what)") {
                let start = monotonicNanoseconds()
                for _ in 0..<runs { try await call(page) }
                return milliseconds(from: start, to: monotonicNanoseconds()) / Double(runs)
            }
        }
    }

    private static func expectString(of length: Int, _ value: Any?) throws {
        guard let text = value as? String, text.utf8.count == length else {
            throw BenchError("expected a string of \(length) characters, got \(type(of: value))")
        }
    }
}
