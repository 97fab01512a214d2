import Foundation
import Observation
import Testing
import WebKitGTKTesting

@testable import LakesApp
@testable import WebKitGTK

/// When the window reads a finished page: followed as the window follows it, on a page whose
/// events come as they do on a busy machine.
@MainActor
struct FinishedNavigationTests {
    @Observable
    @MainActor
    final class Page {
        var url: URL?
        /// What the page shows: the address changes before, the document at commit.
        var document: URL?
        var currentNavigationEvent: WebPage.NavigationUpdate?
    }

    private func update(_ id: UInt64, _ kind: WebPage.NavigationUpdate.Kind) -> WebPage.NavigationUpdate {
        WebPage.NavigationUpdate(navigationID: WebPage.NavigationID(value: id), cause: .backForward, kind: kind)
    }

    @Test func goingBackIsReadOnceTheNewDocumentFinished() async throws {
        let tahoe = try #require(URL(string: "lakes://articles/tahoe"))
        let victoria = try #require(URL(string: "lakes://articles/victoria"))
        let page = Page()
        page.url = victoria
        page.document = victoria
        page.currentNavigationEvent = update(1, .finished)
        var read: [URL?] = []
        let follower = Follower(value: { MainWindow.finishedNavigation(page.currentNavigationEvent) }) { finished in
            if finished != nil { read.append(page.document) }
        }
        #expect(read == [victoria])

        // Back: the address changes at once, and the newest event is still the old finish.
        page.url = tahoe
        await never("something is read while the old document is shown", within: .milliseconds(50)) {
            read != [victoria]
        }
        #expect(read == [victoria], "nothing is read while the old document is shown")

        // All the navigation's events arrive before the follower looks again.
        page.currentNavigationEvent = update(2, .startedProvisionalNavigation)
        page.currentNavigationEvent = update(2, .committed)
        page.document = tahoe
        page.currentNavigationEvent = update(2, .finished)
        await until("the follower read again") { read.count > 1 }
        await never("the follower reads once more", within: .milliseconds(50)) { read.count > 2 }
        #expect(read == [victoria, tahoe])
        withExtendedLifetime(follower) {}
    }
}
