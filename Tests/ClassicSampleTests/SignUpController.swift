import Foundation
import WebKitGTK

/// A screen with a sign-up form in a web view: the page posts the form to the app through
/// a script message handler, and the app answers by calling a function of the page.
@MainActor
final class SignUpController: NSObject {
    private(set) var received: [[String: AnyObject]] = []
    private(set) var lastReplyError: Error?

    private(set) lazy var configuration: WKWebViewConfiguration = {
        let userContentController = WKUserContentController()
        userContentController.add(self, name: "signUp")
        let configuration = WKWebViewConfiguration()
        configuration.userContentController = userContentController
        return configuration
    }()

    private(set) lazy var webView = WKWebView(
        frame: CGRect(x: 0, y: 0, width: 640, height: 480), configuration: configuration)

    /// Shows the form.
    func showForm() {
        webView.loadHTMLString(Self.form, baseURL: URL(string: "https://signup.lakes.example/"))
    }

    /// Adds a script that runs when each document has loaded.
    func markLoadedDocuments() {
        let script = WKUserScript(
            source: "document.body.dataset.ready = 'yes';", injectionTime: .atDocumentEnd, forMainFrameOnly: true)
        configuration.userContentController.addUserScript(script)
    }

    private func greet(_ values: [String: AnyObject]) {
        guard let data = try? JSONSerialization.data(withJSONObject: values),
            let json = String(data: data, encoding: .utf8)
        else { return }
        webView.evaluateJavaScript("showGreeting(\(json))") { [weak self] _, error in
            self?.lastReplyError = error
        }
    }

    static let form = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Sign up</title>
        <script>
          function submitForm() {
            window.webkit.messageHandlers.signUp.postMessage({
              name: document.getElementById('name').value,
              email: document.getElementById('email').value,
              newsletter: document.getElementById('newsletter').checked
            });
          }
          function showGreeting(values) {
            document.getElementById('greeting').textContent = 'Welcome, ' + values.name + ' <' + values.email + '>';
          }
        </script></head>
        <body>
          <p id="greeting">Fill in the form:</p>
          <input id="name" value=""><input id="email" type="email" value="">
          <input id="newsletter" type="checkbox">
          <button id="send" onclick="submitForm()">Send</button>
        </body></html>
        """
}

extension SignUpController: WKScriptMessageHandler {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let values = message.body as? [String: AnyObject] else { return }
        received.append(values)
        greet(values)
    }
}
