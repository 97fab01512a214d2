// The entry point of the test executable, used instead of SwiftPM's generated one
// (`swift test --experimental-test-entry-point-path Tests/TestRunner.swift`).
//
// SwiftPM's runner starts Swift Testing from an `async` main. libdispatch then parks the
// main thread and runs main-actor jobs on whichever worker thread is free; WebKit binds its
// run loops to the thread that first used it, so its signals and timers stall as soon as a
// main-actor job lands on another thread. This runner keeps the main thread for GLib and
// the main actor, exactly as the Lakes app does.

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// `MainLoop.run(_:)` of GLibBridge, declared by its symbol name so that this file needs
/// neither GLibBridge's module nor the C headers behind it.
@_silgen_name("GLibBridge_MainLoop_run")
func runWithGLibOwningMainThread(_ body: @escaping @MainActor () async -> Void) -> Never

@main
struct TestRunner {
    static func main() {
        var arguments = CommandLine.arguments.makeIterator()
        var library = "xctest"
        while let argument = arguments.next() {
            if argument == "--testing-library", let name = arguments.next() { library = name.lowercased() }
        }
        #if canImport(Testing)
            if library == "swift-testing" {
                runWithGLibOwningMainThread {
                    await Testing.__swiftPMEntryPoint() as Never
                }
            }
        #endif
        #if canImport(XCTest)
            // Every suite here uses Swift Testing; XCTest answers SwiftPM's queries with none.
            XCTMain([]) as Never
        #endif
    }
}
