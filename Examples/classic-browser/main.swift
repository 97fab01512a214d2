// A small browser written the way apps use Apple's classic WebKit: a WKWebView with a
// navigation delegate and a UI delegate, progress followed with key-value observing, and a
// link that opens in a new window through createWebViewWith. The GTK widgets around it are
// GTK's own C API, as in any GTK app.
import CWebKitGTK
import ExampleSupport
import Foundation
import WebKitGTK

/// The URL for what someone typed: a URL, a file's path, or a host name for https.
func address(from text: String) -> URL? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
    if text.contains("://") || text.hasPrefix("about:") { return URL(string: text) }
    return text.isEmpty ? nil : URL(string: "https://\(text)")
}

let home = """
    <title>Classic Browser</title>
    <body style="font: 16px sans-serif; margin: 3em">
    <h1>Classic Browser</h1>
    <p>Type an address above. <a href="about:blank" target="_blank">A new window</a>
    """

/// One browser window: its web view, its header bar, and the delegates of the web view.
@MainActor
final class BrowserWindow: NSObject, WKNavigationDelegate, WKUIDelegate {
    let webView: WKWebView
    private let window: WebWindow
    private let entry = gtk_entry_new()!
    private var back: UnsafeMutablePointer<GtkWidget>!
    private var forward: UnsafeMutablePointer<GtkWidget>!
    private var observations: [NSKeyValueObservation] = []

    init(application: WebApplication, configuration: WKWebViewConfiguration = WKWebViewConfiguration()) {
        webView = WKWebView(frame: CGRect(x: 0, y: 0, width: 900, height: 640), configuration: configuration)
        window = WebWindow(webView, application: application, width: 900, height: 640)
        super.init()
        webView.navigationDelegate = self
        webView.uiDelegate = self
        buildHeader()
        // The header follows the web view as Apple's apps do: by key-value observing.
        observations = [
            webView.observe(\.estimatedProgress, options: [.new]) { [entry] webView, change in
                let fraction = webView.isLoading ? max(change.newValue ?? 0, 0.05) : 0
                gtk_entry_set_progress_fraction(cast(entry), fraction)
            },
            webView.observe(\.canGoBack, options: [.initial, .new]) { [back] _, change in
                gtk_widget_set_sensitive(back, change.newValue == true ? 1 : 0)
            },
            webView.observe(\.canGoForward, options: [.initial, .new]) { [forward] _, change in
                gtk_widget_set_sensitive(forward, change.newValue == true ? 1 : 0)
            },
        ]
        BrowserWindow.open.append(self)
        window.onClose = { [weak self] in BrowserWindow.open.removeAll { $0 === self } }
        window.present()
    }

    /// The windows on screen, each kept until it closes.
    static var open: [BrowserWindow] = []

    private func buildHeader() {
        let gtkWindow = UnsafeMutablePointer<GtkWindow>(window.gtkWindow)
        let keys = gtk_accel_group_new()!
        gtk_window_add_accel_group(gtkWindow, keys)
        back = iconButton("go-previous-symbolic", "Back", keys, GDK_KEY_Left, GDK_MOD1_MASK) { [weak self] in
            self?.webView.goBack()
        }
        forward = iconButton("go-next-symbolic", "Forward", keys, GDK_KEY_Right, GDK_MOD1_MASK) { [weak self] in
            self?.webView.goForward()
        }
        gtk_entry_set_width_chars(cast(entry), 48)
        gtk_entry_set_placeholder_text(cast(entry), "Address")
        gtk_widget_add_accelerator(entry, "grab-focus", keys, guint(GDK_KEY_l), GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE)
        on(entry, "activate") { [weak self] in
            guard let self, let url = address(from: String(cString: gtk_entry_get_text(cast(entry)))) else { return }
            webView.load(URLRequest(url: url))
        }
        let header = gtk_header_bar_new()!
        gtk_header_bar_set_show_close_button(cast(header), 1)
        for widget in [back!, forward!, entry] { gtk_header_bar_pack_start(cast(header), widget) }
        gtk_window_set_titlebar(gtkWindow, header)
    }

    // MARK: WKNavigationDelegate

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        let shown = webView.url?.absoluteString == "about:blank" ? "" : webView.url?.absoluteString ?? ""
        gtk_entry_set_text(cast(entry), shown)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        print("finished: \(webView.title ?? "")")
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        let message = (error as NSError).localizedDescription
        webView.loadHTMLString("<title>Not loaded</title><p>\(message)", baseURL: nil)
    }

    // MARK: WKUIDelegate

    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        print("new window: \(navigationAction.request.url?.absoluteString ?? "")")
        return BrowserWindow(application: application, configuration: configuration).webView
    }

    func webViewDidClose(_ webView: WKWebView) {
        window.close()
    }
}

let application = try WebApplication(id: "org.example.ClassicBrowser", name: "Classic Browser")
let status = application.run {
    let browser = BrowserWindow(application: application)
    if let url = CommandLine.arguments.dropFirst().first.flatMap(address(from:)) {
        browser.webView.load(URLRequest(url: url))
    } else {
        browser.webView.loadHTMLString(home, baseURL: nil)
    }
}
exit(status)
