import Foundation
import GLibBridge

/// The web view's history, to restore in another: Apple's `interactionState`.
extension WKWebView {
    /// The back-forward list and the current page, as a value to set on another web view
    /// (or on this one later) to give it the same history.
    ///
    ///     let saved = webView.interactionState
    ///     let restored = WKWebView()
    ///     restored.interactionState = saved  // same back list; the current page loads
    ///
    /// On Linux the value is `Data`, WebKitGTK's serialized session state
    /// (`webkit_web_view_get_session_state`), with each item's form and scroll state as
    /// WebKit keeps them; write it to a file to keep it across launches. Setting it
    /// replaces the history and loads its current page
    /// (`webkit_web_view_restore_session_state`). Setting nil, anything other than
    /// `Data`, or bytes WebKitGTK cannot read is logged and changes nothing.
    public var interactionState: Any? {
        get { page.sessionStateData() }
        set {
            guard let newValue else {
                Log.library.warning("interactionState set to nil; the history is unchanged")
                return
            }
            guard let data = (newValue as? Data) ?? (newValue as? NSData).map({ Data(referencing: $0) }),
                page.restoreSessionState(data)
            else {
                Log.library.warning("interactionState is not a session state WebKitGTK can read; ignored")
                return
            }
        }
    }
}
