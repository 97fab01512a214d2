internal import CWebKitGTK
import Foundation
import GLibBridge

/// Makes ``WebPage/title`` final by the time a navigation reports `finished`.
///
/// WebKit sends a document's title to the app a little after the load's end (it goes out
/// with the next rendering update), so a page's `title` is often still "" when `finished`
/// arrives. A tiny script, in a world of the page's own, tells the page the document's
/// title when its parsing ends, which is before the load ends; when that title is not the
/// one shown yet, `finished` waits for the engine's title change. A document without a
/// title, or whose title is already in place, is not held up.
extension WebPage {
    static let titleWorld = WKContentWorld.world(name: "WebKitGTKSwift.title")
    static let titleHandlerName = "webkitgtkSwiftDocumentTitle"

    /// Posts the parsed document's title once, at the end of parsing.
    static let titleReporterSource = """
        window.webkit.messageHandlers.\(titleHandlerName).postMessage(String(document.title));
        """

    /// The longest `finished` waits for a title the document announced; past it, the
    /// event goes out with whatever title the engine has.
    static let titleWaitLimit: Duration = .milliseconds(250)

    /// What the page knows of the title of the document loading, and a `finished` that
    /// waits for it.
    struct TitleSettling {
        /// The title the reporter posted for the document loading, if it did.
        var reportedTitle: String?
        /// The delivery of a `finished` that waits for the engine's title change.
        var waitingFinish: (@MainActor () -> Void)?
        /// Delivers `waitingFinish` after ``WebPage/titleWaitLimit``.
        var timer: Task<Void, Never>?
    }

    /// The reporter posted the title of the document now loading.
    func receiveDocumentTitle(_ title: String) {
        titleSettling.reportedTitle = title
    }

    /// A navigation started: what was reported belonged to the document it replaces.
    /// (The new document's report can come before the engine reports its commit.)
    func navigationStarted() {
        titleSettling.reportedTitle = nil
    }

    /// Runs `settle` (the delivery of `finished`) now if the title is final, or once the
    /// engine announces it.
    func settleWhenTitleIsFinal(_ settle: @escaping @MainActor () -> Void) {
        releaseTitleWait()
        guard let expected = titleSettling.reportedTitle, !expected.isEmpty, expected != title else {
            return settle()
        }
        titleSettling.waitingFinish = settle
        titleSettling.timer = Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.titleWaitLimit)
            guard !Task.isCancelled else { return }
            self?.releaseTitleWait()
        }
    }

    /// Delivers a `finished` that waits for the title, if one does.
    func releaseTitleWait() {
        titleSettling.timer?.cancel()
        titleSettling.timer = nil
        guard let settle = titleSettling.waitingFinish else { return }
        titleSettling.waitingFinish = nil
        settle()
    }
}
