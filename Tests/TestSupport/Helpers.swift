import Foundation
import WebKitGTK

/// What a navigation's sequence produced: its events, and the error it ended with.
package struct Outcome {
    package var events: [WebPage.NavigationEvent] = []
    package var error: (any Error)?

    package var navigationError: WebPage.NavigationError? { error as? WebPage.NavigationError }
}

/// Iterates a navigation sequence to its end.
package func outcome(of sequence: some AsyncSequence<WebPage.NavigationEvent, any Error>) async -> Outcome {
    var result = Outcome()
    do {
        for try await event in sequence { result.events.append(event) }
    } catch {
        result.error = error
    }
    return result
}

extension WebPage.NavigationError {
    package var isFailedProvisionalNavigation: Bool {
        if case .failedProvisionalNavigation = self { true } else { false }
    }
}

/// A page titled `title`.
package func html(title: String, body: String = "") -> String {
    "<!doctype html><html><head><title>\(title)</title></head><body>\(body)</body></html>"
}

/// A loopback TCP port that nothing listens on: bound once, then closed.
package func closedPort() throws -> UInt16 {
    let server = try TestHTTPServer { _ in .html("") }
    return server.port
}
