internal import CWebKitGTK
import Foundation
import GLibBridge

/// The page's history as bytes, to keep and restore in another page: WebKitGTK's session
/// state (`webkit_web_view_get_session_state`, `webkit_web_view_session_state_serialize`).
extension WebPage {
    /// The serialized session state: the back-forward list and the current item, with
    /// each item's form and scroll state as WebKit keeps them. Nil on a closed page.
    func sessionStateData() -> Data? {
        guard !isClosed, let state = webkit_web_view_get_session_state(webView) else { return nil }
        defer { webkit_web_view_session_state_unref(state) }
        guard let bytes = webkit_web_view_session_state_serialize(state) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &size), size > 0 else { return Data() }
        return Data(bytes: pointer, count: Int(size))
    }

    /// Replaces the page's history with a serialized session state, and loads its current
    /// item, as the history's current page.
    ///
    /// - Returns: False, with nothing changed, when the bytes are not a session state
    ///   WebKitGTK can read, or the page is closed.
    func restoreSessionState(_ data: Data) -> Bool {
        guard !isClosed, !data.isEmpty else { return false }
        let bytes = makeGBytes(copying: data)
        defer { g_bytes_unref(bytes) }
        guard let state = webkit_web_view_session_state_new(bytes) else { return false }
        defer { webkit_web_view_session_state_unref(state) }
        withMutation(keyPath: \.backForwardList) {
            webkit_web_view_restore_session_state(webView, state)
        }
        // WebKitGTK restores the list only; the current page is loaded as a history item.
        if let current = backForwardList.currentItem {
            _ = load(current)
        }
        return true
    }
}
