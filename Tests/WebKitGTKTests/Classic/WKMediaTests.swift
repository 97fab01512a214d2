import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WKMediaTests {
    @Test func everyMediaCallCompletes() async throws {
        let webView = WKWebView()
        webView.loadHTMLString(html(title: "Quiet"), baseURL: nil)
        await until("loaded") { webView.title == "Quiet" && !webView.isLoading }
        var done: [String] = []
        webView.pauseAllMediaPlayback { done.append("pause") }
        webView.closeAllMediaPresentations { done.append("close") }
        webView.requestMediaPlaybackState { done.append("state \($0)") }
        webView.setAllMediaPlaybackSuspended(true) { done.append("suspend") }
        webView.setCameraCaptureState(.muted) { done.append("camera") }
        webView.setMicrophoneCaptureState(.muted) { done.append("microphone") }
        await until("all completed") { done.count == 6 }
        #expect(Set(done) == ["pause", "close", "state none", "suspend", "camera", "microphone"])
        #expect(webView.cameraCaptureState == .none)
        #expect(webView.microphoneCaptureState == .none)
    }

    @Test func theAsyncFormsFollowThePage() async throws {
        let webView = WKWebView()
        webView.loadHTMLString(html(title: "Quiet"), baseURL: nil)
        await until("loaded") { webView.title == "Quiet" && !webView.isLoading }
        #expect(await webView.requestMediaPlaybackState() == .none)
        await webView.setAllMediaPlaybackSuspended(true)
        #expect(await webView.requestMediaPlaybackState() == (await webView.page.mediaPlaybackState()))
        await webView.setAllMediaPlaybackSuspended(false)
        await webView.pauseAllMediaPlayback()
        await webView.closeAllMediaPresentations()
        await webView.setCameraCaptureState(.none)
        await webView.setMicrophoneCaptureState(.none)
        #expect(await webView.requestMediaPlaybackState() == .none)
    }
}
