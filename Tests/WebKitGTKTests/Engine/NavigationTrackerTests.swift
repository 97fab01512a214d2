import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

/// The attribution rules on their own, fed the signal orders WebKitGTK produces.
@MainActor
struct NavigationTrackerTests {
    private struct Failure: Error {}

    @Test func aSuccessfulLoadGetsEveryEvent() async {
        let tracker = NavigationTracker()
        let events = tracker.begin(.content, url: "about:blank")
        tracker.started(url: "about:blank")
        tracker.committed(url: "about:blank")
        tracker.finished()
        let result = await outcome(of: events)
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(result.error == nil)
    }

    @Test func theFinishedAfterAFailureIsSwallowed() async {
        let tracker = NavigationTracker()
        let events = tracker.begin(.request(URL(string: "http://a.test/")!), url: "http://a.test/")
        tracker.started(url: "http://a.test/")
        tracker.failed(url: "http://a.test/", beforeCommit: true, isCancellation: false, error: Failure())
        tracker.finished()
        let result = await outcome(of: events)
        #expect(result.events == [.startedProvisionalNavigation])
        #expect(result.navigationError?.isFailedProvisionalNavigation == true)
    }

    @Test func aFailureAfterCommitThrowsTheEngineError() async {
        let tracker = NavigationTracker()
        let events = tracker.begin(.content, url: "about:blank")
        tracker.started(url: "about:blank")
        tracker.committed(url: "about:blank")
        tracker.failed(url: "about:blank", beforeCommit: false, isCancellation: false, error: Failure())
        tracker.finished()
        let result = await outcome(of: events)
        #expect(result.events == [.startedProvisionalNavigation, .committed])
        #expect(result.error is Failure)
    }

    /// WebKitGTK reports the superseded load's cancellation and `finished` around the new
    /// load's start; neither may reach the new load.
    @Test(arguments: [true, false])
    func aSupersededLoadsLateSignalsDoNotReachTheNewLoad(lateAfterNewStart: Bool) async {
        let tracker = NavigationTracker()
        let old = tracker.begin(.request(URL(string: "http://a.test/slow")!), url: "http://a.test/slow")
        tracker.started(url: "http://a.test/slow")
        let new = tracker.begin(.content, url: "about:blank")
        if lateAfterNewStart { tracker.started(url: "about:blank") }
        tracker.failed(url: "http://a.test/slow", beforeCommit: true, isCancellation: true, error: Failure())
        tracker.finished()
        if !lateAfterNewStart { tracker.started(url: "about:blank") }
        tracker.committed(url: "about:blank")
        tracker.finished()
        let oldResult = await outcome(of: old)
        let newResult = await outcome(of: new)
        #expect(oldResult.events == [.startedProvisionalNavigation])
        #expect(oldResult.error == nil)
        #expect(newResult.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(newResult.error == nil)
    }

    /// The engine may report a load's start and cancellation only after a newer load was
    /// asked for, and in either order around the newer load's own start.
    @Test(arguments: [true, false])
    func aLoadSupersededBeforeItsStartDoesNotEndTheNewLoad(reportsItsStart: Bool) async {
        let tracker = NavigationTracker()
        var updates: [WebPage.NavigationUpdate] = []
        tracker.onUpdate = { updates.append($0) }
        let old = tracker.begin(.request(URL(string: "http://a.test/slow")!), url: "http://a.test/slow")
        let new = tracker.begin(.content, url: "about:blank")
        if reportsItsStart {
            tracker.started(url: "http://a.test/slow")
            tracker.failed(url: "http://a.test/slow", beforeCommit: true, isCancellation: true, error: Failure())
            tracker.finished()
            tracker.started(url: "about:blank")
        } else {
            tracker.started(url: "about:blank")
            tracker.failed(url: "http://a.test/slow", beforeCommit: true, isCancellation: true, error: Failure())
        }
        tracker.committed(url: "about:blank")
        tracker.finished()
        let oldResult = await outcome(of: old)
        let newResult = await outcome(of: new)
        #expect(oldResult.events.isEmpty)
        #expect(oldResult.error == nil)
        #expect(newResult.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(newResult.error == nil)
        #expect(Set(updates.map(\.navigationID)).count == 1)
    }

    /// The order WebKitGTK 2.50 produced when a load was superseded just after it reached
    /// the network but before its start was delivered: the old load's start comes after the
    /// newer load was asked for, with the view's URI already the newer load's, then its
    /// cancellation and `finished`, then the newer load's own start. The first start is the
    /// old load's; the newer load gets only its own events.
    @Test func aSupersededLoadsLateStartReportedWithTheNewURLIsNotTakenForTheNewLoad() async {
        let tracker = NavigationTracker()
        var updates: [WebPage.NavigationUpdate] = []
        tracker.onUpdate = { updates.append($0) }
        let old = tracker.begin(.request(URL(string: "http://a.test/slow")!), url: "http://a.test/slow")
        let new = tracker.begin(.content, url: "about:blank")
        tracker.started(url: "about:blank")
        tracker.failed(url: "http://a.test/slow", beforeCommit: true, isCancellation: true, error: Failure())
        tracker.finished()
        tracker.started(url: "")
        tracker.committed(url: "about:blank")
        tracker.finished()
        let oldResult = await outcome(of: old)
        let newResult = await outcome(of: new)
        #expect(oldResult.events.isEmpty)
        #expect(oldResult.error == nil)
        #expect(newResult.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(newResult.error == nil)
        #expect(Set(updates.map(\.navigationID)).count == 1)
        #expect(updates.map(\.event) == [.startedProvisionalNavigation, .committed, .finished])
    }

    /// A load to the same URL twice: the engine's start goes to the newer load, and the
    /// older one's cancellation is absorbed.
    @Test func theSameURLLoadedTwiceEndsOnlyTheFirst() async {
        let tracker = NavigationTracker()
        let url = "http://a.test/page"
        let old = tracker.begin(.request(URL(string: url)!), url: url)
        let new = tracker.begin(.request(URL(string: url)!), url: url)
        tracker.started(url: url)
        tracker.failed(url: url, beforeCommit: true, isCancellation: true, error: Failure())
        tracker.committed(url: url)
        tracker.finished()
        #expect(await outcome(of: old).events.isEmpty)
        #expect(await outcome(of: new).events == [.startedProvisionalNavigation, .committed, .finished])
    }

    /// URLs are matched as WebKit writes them: scheme and host in lower case, `/` for an
    /// empty path after a host; user information, path, query and fragment as they are.
    @Test(arguments: [
        ("HTTP://Example.COM", "http://example.com/"),
        ("http://Example.com?q=A#B", "http://example.com/?q=A#B"),
        ("https://User:Pw@Host.Test:8080/Path?Q#F", "https://User:Pw@host.test:8080/Path?Q#F"),
        ("lakes://Articles/Tahoe#Depth", "lakes://articles/Tahoe#Depth"),
        ("http://[::1]:8080", "http://[::1]:8080/"),
        ("https://XN--BCHER-KVA.example/", "https://xn--bcher-kva.example/"),
        ("file:///tmp/A.html", "file:///tmp/A.html"),
        ("ABOUT:blank", "about:blank"),
        ("data:text/html,<b>Hi</b>", "data:text/html,<b>Hi</b>"),
        ("no scheme here", "no scheme here"),
        ("1http://a.test/", "1http://a.test/"),
    ])
    func urlsAreKeyedAsWebKitWritesThem(_ url: String, _ key: String) {
        #expect(NavigationTracker.key(url) == key)
    }

    /// A move within the document ends its load when WebKit reports the URL, whatever the
    /// case of the scheme and host asked for.
    @Test func aFragmentMoveEndsWhenWebKitReportsItsURL() async {
        let tracker = NavigationTracker()
        let url = "HTTP://A.Test#Part"
        let events = tracker.begin(.request(URL(string: url)!), url: url, sameDocument: true)
        tracker.urlChanged(to: "http://a.test/#Other")
        #expect(tracker.pending != nil)
        tracker.urlChanged(to: "http://a.test/#Part")
        #expect(tracker.pending == nil)
        tracker.close()  // fails the load instead, if it is still open
        let result = await outcome(of: events)
        #expect(result.events.isEmpty)
        #expect(result.error == nil)
    }

    @Test func aNavigationThePageStartsGetsItsOwnIdentity() {
        let tracker = NavigationTracker()
        var updates: [WebPage.NavigationUpdate] = []
        tracker.onUpdate = { updates.append($0) }
        _ = tracker.begin(.content, url: "about:blank")
        tracker.started(url: "about:blank")
        tracker.committed(url: "about:blank")
        tracker.finished()
        tracker.started(url: "http://a.test/link")
        tracker.committed(url: "http://a.test/link")
        tracker.finished()
        #expect(Set(updates.map(\.navigationID)).count == 2)
        #expect(updates.last?.cause == .page)
    }

    @Test func processTerminationFailsTheOpenNavigation() async {
        let tracker = NavigationTracker()
        let events = tracker.begin(.reload, url: nil)
        tracker.started(url: "about:blank")
        tracker.processTerminated()
        let result = await outcome(of: events)
        guard case .webContentProcessTerminated = result.navigationError else {
            Issue.record("expected webContentProcessTerminated, got \(String(describing: result.error))")
            return
        }
    }

    @Test func closingFailsOpenAndLaterLoadsWithPageClosed() async {
        let tracker = NavigationTracker()
        let open = tracker.begin(.content, url: nil)
        tracker.close()
        let later = tracker.begin(.content, url: nil)
        for result in [await outcome(of: open), await outcome(of: later)] {
            guard case .pageClosed = result.navigationError else {
                Issue.record("expected pageClosed, got \(String(describing: result.error))")
                continue
            }
        }
    }

    @Test func aStrayFinishedWithNoNavigationIsIgnored() {
        let tracker = NavigationTracker()
        var updates = 0
        tracker.onUpdate = { _ in updates += 1 }
        tracker.finished()
        tracker.committed(url: nil)
        tracker.failed(url: nil, beforeCommit: true, isCancellation: false, error: Failure())
        #expect(updates == 0)
    }
}
