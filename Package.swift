// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The C compiler's include paths for WebKitGTK, read from `pkg-config`.
///
/// SwiftPM's own pkg-config support passes these too, but warns on every build about
/// GLib's `-pthread` and `-Wl,--export-dynamic`, which neither the importer nor the link
/// needs (Swift links pthread itself; the libraries are named in the module map). Asking
/// pkg-config here keeps the build quiet. Where pkg-config or the package is missing, the
/// target falls back to SwiftPM's support, which names the Debian package to install.
let webkitIncludeFlags: [String]? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "webkit2gtk-4.1"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = String(data: output, encoding: .utf8) else { return nil }
    return text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .filter { $0.hasPrefix("-I") }
}()

let cWebKitGTK: Target =
    if webkitIncludeFlags != nil {
        .systemLibrary(name: "CWebKitGTK", path: "CModules/CWebKitGTK")
    } else {
        .systemLibrary(
            name: "CWebKitGTK",
            path: "CModules/CWebKitGTK",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev"])]
        )
    }

let cSettings: [CSetting] = [.unsafeFlags(webkitIncludeFlags ?? [])]

let swiftSettings: [SwiftSetting] = [
    .unsafeFlags((webkitIncludeFlags ?? []).flatMap { ["-Xcc", $0] })
]

let package = Package(
    name: "Lakes",
    products: [
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .executable(name: "lakes", targets: ["lakes"]),
    ],
    targets: [
        cWebKitGTK,
        .target(name: "CPullStream", dependencies: ["CWebKitGTK"], path: "CModules/CPullStream", cSettings: cSettings),
        .target(name: "GLibBridge", dependencies: ["CWebKitGTK", "CPullStream"], swiftSettings: swiftSettings),
        .target(name: "WebKitGTK", dependencies: ["GLibBridge", "CWebKitGTK"], swiftSettings: swiftSettings),
        .target(
            name: "LakesApp", dependencies: ["WebKitGTK", "GLibBridge", "CWebKitGTK"],
            swiftSettings: swiftSettings),
        .executableTarget(name: "lakes", dependencies: ["LakesApp"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "lakes-bench-scheme-stream", dependencies: ["WebKitGTK", "GLibBridge"], path: "bench/scheme-stream",
            exclude: ["scheme_stream.c"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "hello", dependencies: ["WebKitGTK"], path: "Examples/hello", swiftSettings: swiftSettings),
        .executableTarget(
            name: "minibrowser", dependencies: ["WebKitGTK", "CWebKitGTK"], path: "Examples/minibrowser",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "scheme-explorer", dependencies: ["WebKitGTK"], path: "Examples/scheme-explorer",
            swiftSettings: swiftSettings),
        .target(
            name: "TestSupport", dependencies: ["WebKitGTK"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "GLibBridgeTests", dependencies: ["GLibBridge", "CWebKitGTK"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WebKitGTKTests", dependencies: ["WebKitGTK", "GLibBridge", "CWebKitGTK", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AppleSampleTests", dependencies: ["WebKitGTK", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LakesAppTests", dependencies: ["LakesApp", "WebKitGTK", "TestSupport", "CWebKitGTK"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
