import Foundation
import TestSupport
import Testing

@testable import LakesApp

struct LinkPolicyTests {
    let policy = LinkPolicy()
    let article = URL(string: "lakes://articles/tahoe")!

    @Test(arguments: [
        "lakes://articles/baikal", "LAKES://articles/baikal", "Lakes://articles/tahoe#geography", "about:blank",
    ])
    func appContentStaysInTheWindow(_ link: String) {
        #expect(policy.decide(URL(string: link)!, currentURL: article, isUserAction: false) == .allowInApp)
    }

    @Test(arguments: [
        "https://en.wikipedia.org/wiki/Lake_Tahoe", "HTTPS://EN.WIKIPEDIA.ORG/wiki/Lake_Baikal",
        "http://example.org/", "mailto:reader@example.org", "https://trusted@evil.test/",
        "https://lakes.example.evil.test/",
    ])
    func webLinksAPersonFollowsGoToTheBrowser(_ link: String) {
        let url = URL(string: link)!
        #expect(policy.decide(url, currentURL: article, isUserAction: true) == .openExternally(url))
    }

    @Test(arguments: [
        "file:///etc/passwd", "FILE:///etc/shadow", "javascript:alert(1)", "JavaScript:alert(document.cookie)",
        "data:text/html,<script>alert(1)</script>", "blob:https://example.org/0000", "ftp://example.org/",
        "ssh://example.org/", "x-unknown:payload", "vbscript:msgbox", "https:///no-host", "about:config",
    ])
    func otherSchemesAreRefused(_ link: String) throws {
        let url = try #require(URL(string: link))
        guard case .refuse = policy.decide(url, currentURL: article, isUserAction: true) else {
            Issue.record("\(link) was not refused")
            return
        }
    }

    @Test func aPageCannotSendAPersonAwayOnItsOwn() {
        let url = URL(string: "https://example.org/")!
        guard case .refuse = policy.decide(url, currentURL: article, isUserAction: false) else {
            Issue.record("a script navigation was handed to the browser")
            return
        }
    }

    @Test func aWebPageMayNavigateWithinItsOwnOriginOnly() {
        let current = URL(string: "https://lakes.example/articles")!
        let policy = LinkPolicy()
        #expect(
            policy.decide(URL(string: "https://lakes.example/other")!, currentURL: current, isUserAction: true)
                == .allowInApp)
        #expect(
            policy.decide(URL(string: "HTTPS://LAKES.EXAMPLE:443/x")!, currentURL: current, isUserAction: false)
                == .allowInApp)
        // Lookalikes, other ports, other schemes and userinfo tricks are other origins.
        for other in [
            "https://lakes.example.evil.test/", "https://evil.test/lakes.example", "https://lakes.example:8443/",
            "http://lakes.example/", "https://lakes.example@evil.test/",
        ] {
            let url = URL(string: other)!
            #expect(policy.decide(url, currentURL: current, isUserAction: true) == .openExternally(url), "\(other)")
        }
    }
}
