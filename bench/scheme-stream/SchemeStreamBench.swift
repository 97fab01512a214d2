// The Swift side of the scheme-stream benchmark: the job of scheme_stream.c, through
// WebKitGTK for Swift's URLSchemeHandler (a lazily produced sequence of 1 MiB chunks,
// read through the pull stream). Prints one JSON line like the C program's: throughput,
// and the peak resident memory of this process, its web process and its network process.
import Foundation
import FoundationNetworking
import GLibBridge
import WebKitGTK

struct Chunks: URLSchemeHandler {
    let count: Int
    static let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)

    struct Sequence: AsyncSequence {
        let url: URL
        let count: Int
        struct AsyncIterator: AsyncIteratorProtocol {
            let url: URL
            let count: Int
            var sent = -1
            mutating func next() async throws -> URLSchemeTaskResult? {
                defer { sent += 1 }
                if sent < 0 {
                    return .response(
                        URLResponse(
                            url: url, mimeType: "application/octet-stream", expectedContentLength: count << 20,
                            textEncodingName: nil))
                }
                return sent < count ? .data(Chunks.chunk) : nil
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(url: url, count: count) }
    }

    func reply(for request: URLRequest) -> Sequence { Sequence(url: request.url!, count: count) }
}

/// The peak resident memory (VmHWM) of the process whose /proc directory is `directory`.
func peakResidentMiB(_ directory: String = "self") -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(directory)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// The largest peak resident memory among the processes this one started, directly or
/// through WebKit's sandbox (`bwrap`), named `command` (as the kernel cuts it, to 15
/// characters). WebKit's processes still run when the page has finished, so their peaks
/// can be read then.
func childPeakResidentMiB(_ command: String) -> Double {
    var processes: [Int32: (name: Substring, parent: Int32)] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        // "PID (COMM) STATE PPID ...": COMM may hold spaces, so it ends at the last ')'.
        guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close
        else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = Int32(fields[1]) else { continue }
        processes[pid] = (stat[stat.index(after: open)..<close], parent)
    }
    func descends(_ pid: Int32) -> Bool {
        var current = processes[pid]?.parent
        while let parent = current, parent > 1 {
            if parent == getpid() { return true }
            current = processes[parent]?.parent
        }
        return false
    }
    return processes.reduce(0) { peak, process in
        process.value.name == command && descends(process.key) ? max(peak, peakResidentMiB(String(process.key))) : peak
    }
}

let sizeMiB = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 256 : 256

MainLoop.run {
    var configuration = WebPage.Configuration()
    configuration.urlSchemeHandlers[URLScheme("bench")!] = Chunks(count: sizeMiB)
    let page = WebPage(configuration: configuration)
    do {
        for try await _ in page.load(html: "<p>bench</p>", baseURL: URL(string: "bench://host/")) {}
        let result = try await page.evaluateForTesting(
            """
            const start = performance.now();
            const reader = (await fetch('bench://host/blob')).body.getReader();
            let total = 0;
            for (;;) { const { done, value } = await reader.read(); if (done) break; total += value.length; }
            return { bytes: total, seconds: (performance.now() - start) / 1000 };
            """)
        struct Result: Decodable {
            let bytes: Double
            let seconds: Double
        }
        let measured = try JSONDecoder().decode(Result.self, from: Data((result ?? "{}").utf8))
        print(
            String(
                format: #"{"impl": "swift", "bytes": %.0f, "seconds": %.3f, "mb_per_s": %.1f, "peak_rss_mib": %.1f, "#
                    + #""web_peak_rss_mib": %.1f, "network_peak_rss_mib": %.1f}"#,
                measured.bytes, measured.seconds, measured.bytes / measured.seconds / 1e6, peakResidentMiB(),
                childPeakResidentMiB("WebKitWebProces"), childPeakResidentMiB("WebKitNetworkPr")))
    } catch {
        FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
        exit(1)
    }
}
