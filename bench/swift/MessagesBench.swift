// messages: script messages from the page to Swift, one way in a tight loop, and with a
// reply that the page awaits.
import Foundation
import WebKitGTK

/// Counts the one-way messages posted to `bench`, and notes when the last expected one came.
@MainActor
final class MessageCounter: WKScriptMessageHandler {
    let expected: Int
    private(set) var count = 0
    let allReceived = Latch()

    init(expected: Int) { self.expected = expected }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard (message.body as? [String: Any])?["i"] is NSNumber else { return }
        count += 1
        if count == expected { allReceived.open() }
    }
}

/// Answers each message posted to `echo` with its own body.
@MainActor
final class Echo: WKScriptMessageHandlerWithReply {
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) async -> (Any?, String?) {
        (message.body, nil)
    }
}

enum MessagesBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let oneWayCount = options.quick ? 200 : 20_000
        let counter = MessageCounter(expected: oneWayCount)
        let configuration = WebPage.Configuration()
        configuration.userContentController.add(counter, name: "bench")
        configuration.userContentController.addScriptMessageHandler(Echo(), contentWorld: .page, name: "echo")
        let page = WebPage(configuration: configuration)
        let window = showInWindow(page)
        try await loadHTML("<!DOCTYPE html><html><body></body></html>", in: page, what: "the blank page to load")

        let start = monotonicNanoseconds()
        try await waiting(for: "\(oneWayCount) one-way messages") {
            try await page.callJavaScript(
                "for (let i = 0; i < count; i++) webkit.messageHandlers.bench.postMessage({i});",
                arguments: ["count": oneWayCount])
            await counter.allReceived.wait()
        }
        let seconds = milliseconds(from: start, to: counter.allReceived.openedAt!) / 1000
        report("messages", "one_way_per_s", Double(counter.count) / seconds, "msg/s")

        let small = try await replies(options.quick ? 10 : 500, of: "'x'.repeat(16)", in: page)
        report("messages", "reply_small_ms", small, "ms")
        let mib = try await replies(options.quick ? 2 : 20, of: "'x'.repeat(1048576)", in: page)
        report("messages", "reply_mib_ms", mib, "ms")
        withExtendedLifetime(window) {}
    }

    /// Has the page await `echo`'s reply to `value` `runs` times, and returns the mean the
    /// page measured, in ms.
    @MainActor
    private static func replies(_ runs: Int, of value: String, in page: WebPage) async throws -> Double {
        try await waiting(for: "\(runs) replies to \(value)") {
            try await page.callJavaScript(
                """
                const x = \(value);
                const start = performance.now();
                for (let i = 0; i < runs; i++) {
                    const reply = await webkit.messageHandlers.echo.postMessage(x);
                    if (reply !== x) throw new Error(`reply ${i} differs from what was posted`);
                }
                return (performance.now() - start) / runs;
                """, arguments: ["runs": runs], as: Double.self)
        }
    }
}
