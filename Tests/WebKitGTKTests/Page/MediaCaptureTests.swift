import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Capture through WebKitGTK's mock camera and microphone, in a page shown in a window
/// (in the offscreen window `getUserMedia` never completes).
@MainActor
@Suite(.serialized)
struct MediaCaptureTests {
    private func capturingPage(_ presenter: GrantingPresenter) async -> (WebPage, ShownPage) {
        let page = WebPage(dialogPresenter: presenter)
        let settings = webkit_web_view_get_settings(page.webView)
        webkit_settings_set_enable_media_stream(settings, 1)
        webkit_settings_set_enable_mock_capture_devices(settings, 1)
        let shown = ShownPage(page)
        _ = await outcome(of: page.load(html: "<p>capture", baseURL: URL(string: "https://capture.test/")!))
        return (page, shown)
    }

    private func track(_ kind: String, _ property: String, of page: WebPage) async -> String? {
        let value = try? await page.callJavaScript(
            "return String(stream.getTracks().find(t => t.kind === kind)[property])",
            arguments: ["kind": kind, "property": property])
        return value as? String
    }

    @Test func aGrantedCaptureIsReportedActive() async throws {
        let presenter = GrantingPresenter()
        let (page, shown) = await capturingPage(presenter)
        defer { shown.close() }
        #expect(page.cameraCaptureState == .none)
        #expect(page.microphoneCaptureState == .none)
        let camera = ObservedValues { page.cameraCaptureState }
        let microphone = ObservedValues { page.microphoneCaptureState }

        let kinds = try await page.callJavaScript(
            """
            window.stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
            return stream.getTracks().map(t => t.kind).sort();
            """)
        #expect(kinds as? [String] == ["audio", "video"])
        #expect(presenter.asked == [.cameraAndMicrophone])
        await until("both devices capture") {
            page.cameraCaptureState == .active && page.microphoneCaptureState == .active
        }
        await until("the changes were observed") {
            camera.values == [.none, .active] && microphone.values == [.none, .active]
        }
    }

    @Test func theCameraIsMutedResumedAndStopped() async throws {
        let (page, shown) = await capturingPage(GrantingPresenter())
        defer { shown.close() }
        try await page.callJavaScript("window.stream = await navigator.mediaDevices.getUserMedia({ video: true })")
        await until("the camera captures") { page.cameraCaptureState == .active }

        await page.setCameraCaptureState(.muted)
        #expect(page.cameraCaptureState == .muted)
        await until("the page's video track is muted") { await track("video", "muted", of: page) == "true" }

        await page.setCameraCaptureState(.active)
        #expect(page.cameraCaptureState == .active)

        await page.setCameraCaptureState(.none)
        #expect(page.cameraCaptureState == .none)
        await until("the page's video track ended") { await track("video", "readyState", of: page) == "ended" }

        // A stopped capture cannot be restarted from outside the page.
        await page.setCameraCaptureState(.active)
        #expect(page.cameraCaptureState == .none)
    }

    @Test func theMicrophoneIsMutedAndStopped() async throws {
        let (page, shown) = await capturingPage(GrantingPresenter())
        defer { shown.close() }
        try await page.callJavaScript("window.stream = await navigator.mediaDevices.getUserMedia({ audio: true })")
        await until("the microphone captures") { page.microphoneCaptureState == .active }
        #expect(page.cameraCaptureState == .none)

        await page.setMicrophoneCaptureState(.muted)
        #expect(page.microphoneCaptureState == .muted)
        await until("the page's audio track is muted") { await track("audio", "muted", of: page) == "true" }

        await page.setMicrophoneCaptureState(.none)
        #expect(page.microphoneCaptureState == .none)
        await until("the page's audio track ended") { await track("audio", "readyState", of: page) == "ended" }
    }

    @Test func aDeniedCaptureNeverStarts() async throws {
        let page = WebPage()  // the default presenter denies
        let settings = webkit_web_view_get_settings(page.webView)
        webkit_settings_set_enable_media_stream(settings, 1)
        webkit_settings_set_enable_mock_capture_devices(settings, 1)
        let shown = ShownPage(page)
        defer { shown.close() }
        _ = await outcome(of: page.load(html: "<p>capture", baseURL: URL(string: "https://capture.test/")!))
        let error = try await page.callJavaScript(
            "try { await navigator.mediaDevices.getUserMedia({ video: true }); return 'granted' } catch (e) { return e.name }"
        )
        #expect(error as? String == "NotAllowedError")
        #expect(page.cameraCaptureState == .none)
        // Muting a capture that never started changes nothing.
        await page.setCameraCaptureState(.muted)
        #expect(page.cameraCaptureState == .none)
    }
}
