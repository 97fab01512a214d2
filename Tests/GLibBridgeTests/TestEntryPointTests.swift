import CWebKitGTK
import Foundation
import Testing

/// The suites run through `MainLoop.runTests()` (WebKitGTKTesting), the entry point that
/// `Tests/TestRunner.swift` hands to SwiftPM.
@MainActor
struct TestEntryPointTests {
    @Test func mainActorTestsRunOnTheMainThreadInsideTheGLibMainLoop() {
        #expect(Thread.isMainThread)
        // Dispatched by a GLib source (the one that drains the main actor's queue), on the
        // thread that owns GLib's default main context.
        #expect(g_main_depth() > 0)
        #expect(g_main_context_is_owner(g_main_context_default()) != 0)
    }
}
