import CWebKitGTK
import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

/// Runs `body` with this process's standard error going to a pipe, and returns what was
/// written to it meanwhile.
///
/// Only what is in the pipe when `body` returns is read: a process started meanwhile would
/// hold the pipe open for as long as it lives.
@MainActor
private func standardError<Result>(during body: () throws -> Result) rethrows -> (Result, String) {
    fflush(nil)
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let saved = dup(STDERR_FILENO)
    dup2(ends[1], STDERR_FILENO)
    close(ends[1])
    let result: Result
    do {
        defer {
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        result = try body()
    }
    defer { close(ends[0]) }
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    var text = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(ends[0], &buffer, buffer.count), count > 0 { text.append(contentsOf: buffer[..<count]) }
    return (result, String(decoding: text, as: UTF8.self))
}

/// A folder under the temporary directory, removed when the test ends.
private struct TemporaryFolder: ~Copyable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-sandbox-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A runtime directory as desktop sessions have, short enough for WebKit's sockets.
private let runtime = "/run/user/0"

@MainActor
@Suite(.serialized)
struct WebContentSandboxTests {
    @Test(arguments: [
        (["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1"], "/bin/true", runtime, false),
        (["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": ""], "/bin/true", runtime, false),
        (["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1", "WEBKIT_FORCE_SANDBOX": "1"], "/bin/true", runtime, false),
        (["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "0"], "/bin/true", runtime, true),
        (["WEBKIT_FORCE_SANDBOX": "1"], "/bin/false", runtime, true),
        (["WEBKIT_FORCE_SANDBOX": "0"], "/bin/false", runtime, false),
        ([:], "/bin/true", runtime, true),
        ([:], "/bin/false", runtime, false),
        ([:], "/nonexistent/bwrap", runtime, false),
        ([:], "/bin/true", "/tmp/" + String(repeating: "x", count: 74), true),
        ([:], "/bin/true", "/tmp/" + String(repeating: "x", count: 75), false),
    ])
    func webKitsVariablesDecideFirstThenTheRuntimeDirectoryAndBubblewrap(
        environment: [String: String], bubblewrap: String, runtimeDirectory: String, sandboxed: Bool
    ) {
        let decision = WebContentSandbox.decide(
            environment: environment, bubblewrap: bubblewrap, runtimeDirectory: runtimeDirectory)
        #expect(decision.isEnabled == sandboxed, "\(decision.reason)")
    }

    @Test func aSandboxedPagesWebProcessRunsUnderBubblewrapInNamespacesOfItsOwn() async throws {
        let folder = try TemporaryFolder()
        let secret = folder.url.appendingPathComponent("secret.txt")
        try Data("the treasure is under the old pier".utf8).write(to: secret)
        let before = Set(WebProcess.all().map(\.pid))
        let store = WKWebsiteDataStore.nonPersistent()
        try #require(store.isWebContentSandboxed, "bubblewrap works here, so the store is sandboxed")
        let page = WebPage(configuration: WebPage.Configuration(websiteDataStore: store))
        defer { page.close() }
        #expect(await outcome(of: page.load(html: html(title: "Inside"))).error == nil)
        #expect(page.title == "Inside")

        let started = WebProcess.all().filter { !before.contains($0.pid) }
        try #require(!started.isEmpty, "the page's web process is found")
        for process in started {
            #expect(process.ancestors.contains("bwrap"), "\(process.ancestors)")
            for kind in ["pid", "net", "uts", "mnt"] {
                let inside = process.namespace(kind)
                #expect(inside != nil && inside != WebProcess.ownNamespace(kind), "\(kind)")
            }
            // The process's own view of the file system, through the host's /proc.
            let root = "/proc/\(process.pid)/root"
            #expect(FileManager.default.fileExists(atPath: root + "/usr/lib"))
            #expect(!FileManager.default.fileExists(atPath: root + secret.path), "the secret is out of its reach")
            #expect(!FileManager.default.fileExists(atPath: root + Bundle.main.bundlePath), "so is this test")
        }
    }

    @Test func aSandboxedPageCannotReadAFileOutsideItsSandboxThatTheSamePageWithoutItReads() async throws {
        // Pages' resources, file: URLs included, are read by WebKit's network process, which
        // is not sandboxed; media is what the web process reads itself (through GStreamer).
        let folder = try TemporaryFolder()
        let shared = folder.url.appendingPathComponent("shared")
        let outside = folder.url.appendingPathComponent("outside")
        let wav = try #require(Data(base64Encoded: String(toneDataURL().split(separator: ",")[1])))
        for directory in [shared, outside] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try wav.write(to: directory.appendingPathComponent("tone.wav"))
        }
        let document = shared.appendingPathComponent("page.html")
        try Data(html(title: "Tones").utf8).write(to: document)

        let sandboxed = WKWebsiteDataStore.nonPersistent()
        try #require(sandboxed.isWebContentSandboxed, "bubblewrap works here, so the store is sandboxed")
        webkit_web_context_add_path_to_sandbox(sandboxed.context.cast(), shared.path, 1)
        let unsandboxed = WKWebsiteDataStore.nonPersistent()
        webkit_web_context_set_sandbox_enabled(unsandboxed.context.cast(), 0)

        var results: [Bool: [String]] = [:]
        for store in [sandboxed, unsandboxed] {
            let page = WebPage(configuration: WebPage.Configuration(websiteDataStore: store))
            let shown = ShownPage(page)  // WebKitGTK loads media only in a page in a window
            defer {
                shown.close()
                page.close()
            }
            #expect(await outcome(of: page.load(document)).error == nil)
            results[store.isWebContentSandboxed] = try await page.callJavaScript(
                """
                const play = url => new Promise(resolve => {
                    const audio = new Audio();
                    audio.muted = true;
                    audio.onloadedmetadata = () => resolve("read");
                    audio.onerror = () => resolve("refused");
                    setTimeout(() => resolve("no answer"), 10000);
                    audio.src = url;
                });
                return [await play("tone.wav"), await play(outside)];
                """, arguments: ["outside": outside.appendingPathComponent("tone.wav").absoluteString],
                as: [String].self)
        }
        #expect(results[false] == ["read", "read"], "without the sandbox the page reads both files")
        #expect(results[true] == ["read", "refused"], "in it, only the one in a folder added to the sandbox")
    }

    @Test func whereBubblewrapFailsAStoreIsMadeWithoutTheSandboxSaysWhyOnceAndItsPagesLoad() async throws {
        let folder = try TemporaryFolder()
        let failing = folder.url.appendingPathComponent("bwrap")
        try Data("#!/bin/sh\necho 'bwrap: Creating new namespace failed: Operation not permitted' >&2\nexit 1\n".utf8)
            .write(to: failing)
        chmod(failing.path, 0o755)
        let real = WebContentSandbox.bubblewrap
        WebContentSandbox.bubblewrap = failing.path
        WebContentSandbox.forgetDecision()
        defer {
            WebContentSandbox.bubblewrap = real
            WebContentSandbox.forgetDecision()
        }

        // The first store decides (only the check's own process starts while standard error
        // is captured: a store's network process would keep the pipe).
        let (decision, log) = standardError { WebContentSandbox.decision }
        #expect(!decision.isEnabled)
        #expect(log.contains("WebKitGTKSwift-WARNING"), "\(log)")
        #expect(log.contains("web processes run without WebKit's bubblewrap sandbox"), "\(log)")
        #expect(log.contains("(bwrap: Creating new namespace failed: Operation not permitted)"), "\(log)")
        let (_, again) = standardError { _ = WebContentSandbox.decision }
        #expect(!again.contains("bubblewrap"), "it is said once: \(again)")

        let before = Set(WebProcess.all().map(\.pid))
        let store = WKWebsiteDataStore.nonPersistent()
        #expect(!store.isWebContentSandboxed)

        let page = WebPage(configuration: WebPage.Configuration(websiteDataStore: store))
        defer { page.close() }
        #expect(await outcome(of: page.load(html: html(title: "Outside"))).error == nil)
        #expect(page.title == "Outside")
        let started = WebProcess.all().filter { !before.contains($0.pid) }
        try #require(!started.isEmpty, "the page's web process is found")
        for process in started {
            #expect(process.ancestors.isEmpty, "started by this process itself: \(process.ancestors)")
            #expect(process.namespace("pid") == WebProcess.ownNamespace("pid"))
        }
    }
}
