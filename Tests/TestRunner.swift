// The entry point of the test executable, used instead of SwiftPM's generated one
// (`swift test --experimental-test-entry-point-path Tests/TestRunner.swift`): the tests run
// with GLib owning the main thread, as the Lakes app does (see `MainLoop.runTests()`).
import WebKitGTKTesting

@main
struct TestRunner {
    static func main() {
        MainLoop.runTests()
    }
}
