import Foundation
import GLibBridge

/// The content rule list behind ``WebPage/Configuration/loadsSubresources`` = false: it
/// blocks every load but the documents of top frames.
@MainActor
enum SubresourceBlocking {
    /// Rules in WebKit's content-blocker format: every subresource type, and documents
    /// loaded in child frames.
    static let rules = """
        [
          {"trigger": {"url-filter": ".*", "resource-type": ["image", "style-sheet", "script", "font", "raw",
            "svg-document", "media", "popup", "ping", "fetch", "websocket", "other"]}, "action": {"type": "block"}},
          {"trigger": {"url-filter": ".*", "resource-type": ["document"], "load-context": ["child-frame"]},
            "action": {"type": "block"}}
        ]
        """

    private static var compiled: Task<ContentRuleList?, Never>?

    /// The compiled list, made once per process in a folder of its own.
    static func ruleList() async -> ContentRuleList? {
        if let compiled { return await compiled.value }
        let task = Task { @MainActor () -> ContentRuleList? in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "webkitgtk-swift-rules-\(getuid())")
            do {
                return try await ContentRuleListStore(directory: directory).compileContentRuleList(
                    forIdentifier: "subresources-off", encodedContentRuleList: rules)
            } catch {
                Log.library.warning("subresources cannot be blocked: \(error)")
                return nil
            }
        }
        compiled = task
        return await task.value
    }
}
