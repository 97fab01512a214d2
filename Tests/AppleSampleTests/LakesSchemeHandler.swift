import Foundation
import WebKitGTK

/// Serves the bundled articles at `lakes://lakes/<id>`.
struct LakesSchemeHandler: URLSchemeHandler {
    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        AsyncThrowingStream { continuation in
            guard let url = request.url, let lake = Lake.all.first(where: { $0.id == url.lastPathComponent }) else {
                continuation.finish(throwing: URLError(.fileDoesNotExist))
                return
            }
            let data = Data(lake.html.utf8)
            let response = URLResponse(
                url: url, mimeType: "text/html", expectedContentLength: data.count, textEncodingName: "utf-8")
            continuation.yield(.response(response))
            continuation.yield(.data(data))
            continuation.finish()
        }
    }
}
