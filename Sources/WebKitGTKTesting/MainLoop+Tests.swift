import GLibBridge

// A test entry point names `MainLoop.runTests()` with only `import WebKitGTKTesting`.
@_exported import enum GLibBridge.MainLoop

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

extension MainLoop {
    /// Runs the package's Swift Testing tests with GLib owning the main thread: the whole
    /// of a test entry point.
    ///
    /// SwiftPM's own test runner starts tests from an `async` main, where libdispatch parks
    /// the main thread and main-actor jobs run on whichever thread is free; WebKit's signals
    /// and timers then stall. A package whose tests drive `WebPage` or `WebView` gives
    /// SwiftPM an entry point of its own instead, a file such as `Tests/TestMain.swift`:
    ///
    /// ```swift
    /// import WebKitGTKTesting
    ///
    /// @main
    /// struct TestMain {
    ///     static func main() { MainLoop.runTests() }
    /// }
    /// ```
    ///
    /// with `WebKitGTKTesting` among a test target's dependencies, and runs the tests with
    ///
    /// ```sh
    /// xvfb-run -a swift test --experimental-test-entry-point-path Tests/TestMain.swift \
    ///     --disable-xctest --enable-swift-testing
    /// ```
    ///
    /// The tests then run inside `MainLoop.run(_:)`: `@MainActor` suites run on the main thread,
    /// between the GLib main loop's other work, exactly as in an app.
    ///
    /// XCTest cases are not run: SwiftPM finds them only for its own entry point. Asked for
    /// XCTest (`swift test` without `--disable-xctest`), this runner reports no cases.
    ///
    /// - Parameter arguments: The runner's command line, which says which testing library
    ///   SwiftPM wants (`--testing-library swift-testing`). Default: the process's own
    ///   (`CommandLine.arguments`).
    /// - Returns: Never; the process exits with the tests' status.
    public static func runTests(arguments: [String] = CommandLine.arguments) -> Never {
        var remaining = arguments.makeIterator()
        var library = "xctest"
        while let argument = remaining.next() {
            if argument == "--testing-library", let name = remaining.next() { library = name.lowercased() }
        }
        #if canImport(Testing)
            if library == "swift-testing" {
                run {
                    await Testing.__swiftPMEntryPoint() as Never
                }
            }
        #endif
        #if canImport(XCTest)
            XCTMain([]) as Never
        #else
            fatalError("This toolchain has neither Swift Testing nor XCTest")
        #endif
    }
}
