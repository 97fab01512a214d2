import Foundation
import Observation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// An app's state for its find bar.
@MainActor
@Observable
final class FindState {
    var isFinding = false
}

@MainActor
@Suite(.serialized)
struct FindModifierTests {
    @Test func theFindBarFollowsTheBindingBothWays() async throws {
        let state = FindState()
        let view = WebView(WebPage())
            .findNavigator(isPresented: Binding(get: { state.isFinding }, set: { state.isFinding = $0 }))
        let window = TestWindow(showing: view)
        defer { withExtendedLifetime(window) {} }
        _ = await outcome(of: view.page.load(html: "<p>Lake Baikal</p>"))
        #expect(!view.findNavigator.isPresented)

        state.isFinding = true
        await until("the bar opened") { view.findNavigator.isPresented }
        // The person closes it (Esc does this): the app's state follows.
        view.findNavigator.isPresented = false
        await until("the state followed") { !state.isFinding }
        view.findNavigator.isPresented = true
        await until("the state followed again") { state.isFinding }
    }

    @Test func findDisabledKeepsTheBarClosed() async throws {
        let state = FindState()
        state.isFinding = true
        let view = WebView(WebPage())
            .findDisabled()
            .findNavigator(isPresented: Binding(get: { state.isFinding }, set: { state.isFinding = $0 }))
        #expect(!view.findNavigator.isPresented)
        #expect(!state.isFinding)
        view.findDisabled(false)
        state.isFinding = true
        await until("the bar opened") { view.findNavigator.isPresented }
    }
}
