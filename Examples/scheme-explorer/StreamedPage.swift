// The `explore:` scheme: pages generated on request, whose paragraphs arrive over time.
import Foundation
import WebKitGTK

/// What the scheme sent for the latest page: the message handler reports it to the page.
actor StreamLog {
    private(set) var chunks = 0
    private(set) var bytes = 0
    private var started = ContinuousClock.now

    func start() { (chunks, bytes, started) = (0, 0, .now) }
    func sent(_ data: Data) { (chunks, bytes) = (chunks + 1, bytes + data.count) }
    var milliseconds: Int { Int((ContinuousClock.now - started) / .milliseconds(1)) }
}

/// Answers `explore://stream?chunks=N` with a page of N paragraphs, one every 150 ms.
struct ExploreScheme: URLSchemeHandler {
    let log: StreamLog

    func reply(for request: URLRequest) -> StreamedPage {
        let url = request.url ?? URL(string: "explore://stream")!
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        let chunks = query?.first { $0.name == "chunks" }?.value.flatMap(Int.init) ?? 8
        return StreamedPage(url: url, chunks: min(max(chunks, 1), 100), log: log)
    }
}

/// The page as an async sequence: the response, the head, then each paragraph when it is
/// made. WebKit pulls one element at a time; when it abandons the load, the sleep throws.
struct StreamedPage: AsyncSequence {
    let url: URL
    let chunks: Int
    let log: StreamLog

    func makeAsyncIterator() -> Iterator { Iterator(page: self) }

    struct Iterator: AsyncIteratorProtocol {
        let page: StreamedPage
        var step = 0

        mutating func next() async throws -> URLSchemeTaskResult? {
            defer { step += 1 }
            switch step {
            case 0:
                await page.log.start()
                return .response(
                    URLResponse(
                        url: page.url, mimeType: "text/html", expectedContentLength: -1, textEncodingName: "utf-8"))
            case 1: return .data(Data(StreamedPage.head.utf8))
            case 2...(page.chunks + 1):
                try await Task.sleep(for: .milliseconds(150))
                let made =
                    "<p class=chunk>Chunk \(step - 1) of \(page.chunks), made at \(await page.log.milliseconds) ms"
                let data = Data((made + "</p>\n").utf8)
                await page.log.sent(data)
                return .data(data)
            case page.chunks + 2: return .data(Data(StreamedPage.tail.utf8))
            default: return nil
            }
        }
    }

    static let head = """
        <!doctype html><title>Scheme Explorer</title>
        <style>body { font: 15px sans-serif; margin: 2em } .chunk { margin: .2em 0 }
        iframe { display: block; width: 24em; height: 3em; margin: .5em 0 }
        #refused, #summary { color: #a40 } #summary { font-weight: bold }</style>
        <script>function noteRefused(url) { document.querySelector('#refused').textContent += 'Refused: ' + url + ' ' }</script>
        <h1>Scheme Explorer</h1>
        <p><a href="explore://stream?chunks=3">Stream 3 chunks</a> · <a href="explore://stream?chunks=20">Stream 20</a>
        · <a href="https://example.org/">Leave for example.org</a>
        <p>An outside page in a frame, which the navigation decider keeps out:
        <iframe src="https://example.org/"></iframe> <span id="refused"></span>

        """

    /// Asks Swift, through the message handler, what it sent, and shows the answer.
    static let tail = """
        <p id="summary"></p>
        <script>
        (async () => {
            const seen = document.querySelectorAll('.chunk').length;
            const sent = await window.webkit.messageHandlers.explorer.postMessage({ seen });
            document.querySelector('#summary').textContent =
                `Swift sent ${sent.chunks} chunks (${sent.bytes} bytes) in ${sent.milliseconds} ms; the page saw ${seen}.`;
            document.title = `Scheme Explorer: ${seen} of ${sent.chunks} chunks`;
        })();
        </script>
        """
}
