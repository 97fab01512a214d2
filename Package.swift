// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// What SwiftPM reads to find WebKitGTK's headers: a pkg-config name, or a `.pc` file's path.
///
/// SwiftPM passes on only `-I`/`-L`/`-l` flags from pkg-config, and warns, on every build of
/// this package and of every package that depends on it, about any other flag in the
/// whole `Requires` chain. GLib's chain has two (GIO pulls in `gmodule-no-export-2.0`, whose
/// `Cflags` say `-pthread`; libsoup pulls in `gmodule-2.0`, whose `Libs` say
/// `-Wl,--export-dynamic`), and neither is needed: Swift links pthread itself, and the
/// libraries are named in the module map. Where the headers sit under the standard prefix,
/// SwiftPM reads `CModules/CWebKitGTK/CWebKitGTK.pc` instead, which gives the same include
/// directories without those flags. Anywhere else (or with a space in the package's path,
/// which SwiftPM's list of names cannot hold) it reads `webkit2gtk-4.1` itself: that builds
/// the same, with the warning, and names the Debian package to install when it is missing.
let webkitPkgConfig: String = {
    let headers = [
        "webkitgtk-4.1/webkit2/webkit2.h", "gtk-3.0/gtk/gtk.h", "libsoup-3.0/libsoup/soup.h",
        "gio-unix-2.0/gio/gunixinputstream.h", "pango-1.0/pango/pango.h", "gdk-pixbuf-2.0/gdk-pixbuf/gdk-pixbuf.h",
    ]
    let standardLayout = headers.allSatisfy { FileManager.default.fileExists(atPath: "/usr/include/" + $0) }
    let pcFile = Context.packageDirectory + "/CModules/CWebKitGTK/CWebKitGTK.pc"
    return standardLayout && !pcFile.contains(" ") ? pcFile : "webkit2gtk-4.1"
}()

let package = Package(
    name: "Lakes",
    products: [
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "WebKitGTKTesting", targets: ["WebKitGTKTesting"]),
        .executable(name: "lakes", targets: ["lakes"]),
    ],
    targets: [
        .systemLibrary(
            name: "CWebKitGTK",
            path: "CModules/CWebKitGTK",
            pkgConfig: webkitPkgConfig,
            providers: [.apt(["libwebkit2gtk-4.1-dev"])]
        ),
        .target(name: "CPullStream", dependencies: ["CWebKitGTK"], path: "CModules/CPullStream"),
        .target(name: "CResumeOnMain", path: "CModules/CResumeOnMain"),
        .target(name: "GLibBridge", dependencies: ["CWebKitGTK", "CPullStream", "CResumeOnMain"]),
        .target(name: "GTK", dependencies: ["GLibBridge", "CWebKitGTK"]),
        .target(name: "WebKitGTK", dependencies: ["GTK", "GLibBridge", "CWebKitGTK"]),
        .target(name: "WebKitGTKTesting", dependencies: ["GLibBridge"]),
        .target(name: "LakesApp", dependencies: ["WebKitGTK", "GTK", "GLibBridge", "CWebKitGTK"]),
        .executableTarget(name: "lakes", dependencies: ["LakesApp"]),
        .executableTarget(
            name: "lakes-bench-scheme-stream", dependencies: ["WebKitGTK", "GLibBridge"], path: "bench/scheme-stream",
            exclude: ["scheme_stream.c"]),
        .executableTarget(name: "lakes-bench", dependencies: ["WebKitGTK", "CWebKitGTK"], path: "bench/swift"),
        .executableTarget(name: "hello", dependencies: ["WebKitGTK"], path: "Examples/hello"),
        .target(name: "ExampleSupport", dependencies: ["CWebKitGTK"], path: "Examples/Support"),
        .executableTarget(
            name: "minibrowser", dependencies: ["WebKitGTK", "CWebKitGTK", "ExampleSupport"],
            path: "Examples/minibrowser"),
        .executableTarget(
            name: "classic-browser", dependencies: ["WebKitGTK", "CWebKitGTK", "ExampleSupport"],
            path: "Examples/classic-browser"),
        .executableTarget(name: "scheme-explorer", dependencies: ["WebKitGTK"], path: "Examples/scheme-explorer"),
        // The fuzz targets: corpus replayers here, libFuzzer binaries when scripts/fuzz builds them.
        .target(name: "FuzzSupport", path: "fuzz/Support"),
        .executableTarget(
            name: "fuzz-range-parsing", dependencies: ["WebKitGTK", "FuzzSupport"], path: "fuzz/range-parsing"),
        .executableTarget(
            name: "fuzz-path-resolution", dependencies: ["WebKitGTK", "FuzzSupport"], path: "fuzz/path-resolution"),
        .executableTarget(
            name: "fuzz-message-body", dependencies: ["WebKitGTK", "CWebKitGTK", "FuzzSupport"],
            path: "fuzz/message-body"),
        .executableTarget(
            name: "fuzz-link-policy", dependencies: ["LakesApp", "FuzzSupport"], path: "fuzz/link-policy"),
        .executableTarget(
            name: "fuzz-lake-address", dependencies: ["LakesApp", "FuzzSupport"], path: "fuzz/lake-address"),
        .executableTarget(
            name: "fuzz-store-readers", dependencies: ["LakesApp", "FuzzSupport"], path: "fuzz/store-readers"),
        .target(name: "TestSupport", dependencies: ["WebKitGTK", "CWebKitGTK"], path: "Tests/TestSupport"),
        .executableTarget(name: "lakes-store-writer", dependencies: ["LakesApp"], path: "Tests/StoreWriter"),
        .testTarget(name: "GLibBridgeTests", dependencies: ["GLibBridge", "CWebKitGTK", "WebKitGTKTesting"]),
        .testTarget(
            name: "WebKitGTKTests",
            dependencies: ["WebKitGTK", "GLibBridge", "CWebKitGTK", "TestSupport", "WebKitGTKTesting"]),
        .testTarget(name: "AppleSampleTests", dependencies: ["WebKitGTK", "TestSupport", "WebKitGTKTesting"]),
        .testTarget(name: "ClassicSampleTests", dependencies: ["WebKitGTK", "TestSupport", "WebKitGTKTesting"]),
        .testTarget(
            name: "LakesAppTests",
            dependencies: ["LakesApp", "GTK", "WebKitGTK", "TestSupport", "CWebKitGTK", "WebKitGTKTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
