import Foundation
import Observation
import WebKitGTK

/// What the reader screen shows about its web view: the state a SwiftUI app would keep in a
/// view model and update from the web view's navigation delegate.
@MainActor
@Observable
final class ReaderModel {
    var isLoading = false
    var canGoBack = false
    var wantsToGoBack = false
    var title = ""
    var failures: [Error] = []
    let address: String

    init(address: String) {
        self.address = address
    }
}

/// The screen's web view, made and updated the way a `UIViewRepresentable` makes and
/// updates its `WKWebView`: a coordinator is the navigation delegate and reports to the
/// model.
@MainActor
struct ReaderWebView {
    let model: ReaderModel

    func makeCoordinator() -> Coordinator { Coordinator(model) }

    func makeView(coordinator: Coordinator) -> WKWebView {
        let webView = WKWebView()
        webView.navigationDelegate = coordinator
        if let url = URL(string: model.address) {
            webView.load(URLRequest(url: url))
        }
        return webView
    }

    /// What the screen does when the model changes.
    func updateView(_ webView: WKWebView) {
        if model.wantsToGoBack {
            webView.goBack()
            model.wantsToGoBack = false
        }
    }

    final class Coordinator: NSObject, WKNavigationDelegate {
        private let model: ReaderModel

        init(_ model: ReaderModel) {
            self.model = model
        }

        func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
            model.isLoading = true
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            model.isLoading = false
            model.title = webView.title ?? ""
            model.canGoBack = webView.canGoBack
        }

        func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
            model.isLoading = false
            model.failures.append(error)
        }

        func webView(
            _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error
        ) {
            model.isLoading = false
            model.failures.append(error)
        }
    }
}
