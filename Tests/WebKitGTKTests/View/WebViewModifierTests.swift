import CWebKitGTK
import Foundation
import Observation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebViewModifierTests {
    private func settings(_ view: WebView) -> UnsafeMutablePointer<WebKitSettings> {
        webkit_web_view_get_settings(view.page.webView)
    }

    private func backgroundAlpha(_ view: WebView) -> Double {
        var color = GdkRGBA()
        webkit_web_view_get_background_color(view.page.webView, &color)
        return color.alpha
    }

    @Test func defaultsAreApples() throws {
        let view = WebView(WebPage())
        #expect(webkit_settings_get_enable_back_forward_navigation_gestures(settings(view)) != 0)
        #expect(webkit_settings_get_enable_fullscreen(settings(view)) == 0)
        #expect(!view.page.isInspectable)
        #expect(view.magnification == 1)
        #expect(backgroundAlpha(view) == 1)
        #expect(!view.page.userContent.textSelectionDisabled)
        #expect(view.magnificationGestures == .automatic)
        let zoom = try #require(view.zoomGesture)
        #expect(gtk_event_controller_get_propagation_phase(zoom) == GTK_PHASE_BUBBLE)
    }

    @Test func modifiersChainAndSetTheEngine() {
        let view = WebView(WebPage())
            .webViewBackForwardNavigationGestures(.disabled)
            .webViewElementFullscreenBehavior(.enabled)
            .webViewContentBackground(.hidden)
            .webViewTextSelection(.disabled)
            .webViewMagnificationGestures(.disabled)
        #expect(webkit_settings_get_enable_back_forward_navigation_gestures(settings(view)) == 0)
        #expect(webkit_settings_get_enable_fullscreen(settings(view)) != 0)
        #expect(backgroundAlpha(view) == 0)
        #expect(view.page.userContent.textSelectionDisabled)
        #expect(view.magnificationGestures == .disabled)

        view.webViewBackForwardNavigationGestures(.enabled)
        #expect(webkit_settings_get_enable_back_forward_navigation_gestures(settings(view)) != 0)
        view.webViewBackForwardNavigationGestures(.disabled).webViewBackForwardNavigationGestures(.automatic)
        #expect(webkit_settings_get_enable_back_forward_navigation_gestures(settings(view)) != 0)
        view.webViewElementFullscreenBehavior(.automatic)
        #expect(webkit_settings_get_enable_fullscreen(settings(view)) == 0)
        view.webViewElementFullscreenBehavior(.enabled).webViewElementFullscreenBehavior(.disabled)
        #expect(webkit_settings_get_enable_fullscreen(settings(view)) == 0)
        view.webViewContentBackground(.visible)
        #expect(backgroundAlpha(view) == 1)
        view.webViewContentBackground(.hidden).webViewContentBackground(.automatic)
        #expect(backgroundAlpha(view) == 1)
    }

    @Test func aNewViewAppliesTheDefaultsAgain() {
        let page = WebPage()
        var first: WebView? = WebView(page)
            .webViewBackForwardNavigationGestures(.disabled)
            .webViewTextSelection(.disabled)
            .webViewContentBackground(.hidden)
            .webViewMagnificationGestures(.disabled)
        #expect(first != nil)
        first = nil
        let second = WebView(page)
        #expect(webkit_settings_get_enable_back_forward_navigation_gestures(settings(second)) != 0)
        #expect(!page.userContent.textSelectionDisabled)
        #expect(backgroundAlpha(second) == 1)
        #expect(second.magnificationGestures == .automatic)
    }

    @Test func elementFullscreenFollowsTheBehavior() async throws {
        // With element fullscreen off, WebKit does not offer the Fullscreen API at all.
        let view = WebView(WebPage())
        let api = "return typeof document.documentElement.requestFullscreen"
        _ = await outcome(of: view.page.load(html: "<p>full"))
        #expect(try await view.page.callJavaScript(api) as? String == "undefined")
        view.webViewElementFullscreenBehavior(.enabled)
        _ = await outcome(of: view.page.load(html: "<p>full"))
        #expect(try await view.page.callJavaScript(api) as? String == "function")
        #expect(try await view.page.callJavaScript("return document.fullscreenEnabled") as? Bool == true)
    }

    @Test func magnificationScalesThePage() async throws {
        let view = WebView(WebPage())
        _ = await outcome(of: view.page.load(html: "<p>zoom"))
        let before = try await view.page.callJavaScript("return window.innerWidth") as? Int
        view.magnification = 2
        let after = try await view.page.callJavaScript("return window.innerWidth") as? Int
        #expect(before == 1024)
        #expect(after == 512)
        view.magnification = 100
        #expect(view.magnification == 5)
    }

    @Test(arguments: [true, false])
    func pinchingZoomsOnlyWhenMagnificationGesturesAreAllowed(allowed: Bool) async throws {
        let view = WebView(WebPage())
            .webViewMagnificationGestures(allowed ? .enabled : .disabled)
        let window = TestWindow(showing: view, width: 800, height: 600)
        defer { window.close() }
        _ = await outcome(of: view.page.load(html: "<p style='height: 3000px'>pinch me"))
        let scale = "return visualViewport.scale"
        #expect(try await view.page.callJavaScript(scale) as? Double == 1)

        // Two fingers spread on a touchpad: GDK touchpad pinch events on the engine's window.
        let engine = UnsafeMutablePointer<GtkWidget>(view.page.engineObjectForTesting)
        let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()))
        for (phase, factor) in [(GDK_TOUCHPAD_GESTURE_PHASE_BEGIN, 1.0)]
            + (1...10).map({
                (GDK_TOUCHPAD_GESTURE_PHASE_UPDATE, 1 + Double($0) / 10)
            }) + [(GDK_TOUCHPAD_GESTURE_PHASE_END, 2.0)]
        {
            let event = gdk_event_new(GDK_TOUCHPAD_PINCH)!
            event.pointee.touchpad_pinch.window = OpaquePointer(
                g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(engine))))
            event.pointee.touchpad_pinch.phase = gint8(phase.rawValue)
            event.pointee.touchpad_pinch.n_fingers = 2
            event.pointee.touchpad_pinch.x = 200
            event.pointee.touchpad_pinch.y = 200
            event.pointee.touchpad_pinch.scale = factor
            event.pointee.touchpad_pinch.time = guint32(GDK_CURRENT_TIME)
            gdk_event_set_device(event, pointer)
            gdk_event_set_source_device(event, pointer)
            gtk_widget_event(engine, event)
            gdk_event_free(event)
            try await Task.sleep(for: .milliseconds(10))
        }
        if allowed {
            await until("the pinch zoomed the page") {
                (try? await view.page.callJavaScript(scale) as? Double) ?? 1 > 1.5
            }
        } else {
            await never("the pinch zooms the page", within: .milliseconds(500)) {
                (try? await view.page.callJavaScript(scale) as? Double) != 1
            }
            #expect(try await view.page.callJavaScript(scale) as? Double == 1)
            let zoom = try #require(view.zoomGesture)
            #expect(gtk_event_controller_get_propagation_phase(zoom) == GTK_PHASE_NONE)
        }
        #expect(view.magnification == 1)  // pinching is not the page zoom
    }

    @Test func textSelectionCanBeTurnedOff() async throws {
        let view = WebView(WebPage()).webViewTextSelection(.disabled)
        _ = await outcome(of: view.page.load(html: "<p id='p'>Lake Baikal</p>"))
        let select = "getSelection().selectAllChildren(document.body); return getSelection().toString().trim()"
        #expect(try await view.page.callJavaScript(select) as? String == "")
        view.webViewTextSelection(.enabled)
        _ = await outcome(of: view.page.load(html: "<p id='p'>Lake Baikal</p>"))
        #expect(try await view.page.callJavaScript(select) as? String == "Lake Baikal")
        #expect(!DisabledTextSelectability.allowsSelection && EnabledTextSelectability.allowsSelection)
    }

    @Test func inspectabilityIsThePagesAndObservable() {
        final class Flag: @unchecked Sendable { var isSet = false }
        let page = WebPage()
        let changed = Flag()
        withObservationTracking {
            _ = page.isInspectable
        } onChange: {
            changed.isSet = true
        }
        page.isInspectable = true
        #expect(changed.isSet)
        #expect(page.isInspectable)
        #expect(webkit_settings_get_enable_developer_extras(webkit_web_view_get_settings(page.webView)) != 0)
        page.isInspectable = false
        #expect(webkit_settings_get_enable_developer_extras(webkit_web_view_get_settings(page.webView)) == 0)
    }
}
