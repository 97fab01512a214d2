// lakes-bench: the Swift side of the benchmarks of bench/README.md, one job per
// subcommand, through WebKitGTK for Swift's public API. Each prints JSON lines on standard
// output; diagnostics go to standard error, and any failure exits 1.
//
//     lakes-bench SUBCOMMAND [--quick] [--pages N]
import Foundation
import WebKitGTK

/// The program's start, for start-up times when the driver gives no `BENCH_T0_NS`.
let programStart = monotonicNanoseconds()

/// How a run was asked for.
struct Options {
    /// Tiny sizes and few repetitions, to prove the program still works.
    var quick = false
    /// The number of pages of `memory`, and of cycles of `lifetime`; nil for their defaults.
    var pages: Int?
    /// CLOCK_MONOTONIC nanoseconds when the driver spawned the process.
    var t0 = programStart
}

let benchmarks: [String: @MainActor (Options) async throws -> Void] = [
    "startup": StartupBench.run,
    "memory": MemoryBench.run,
    "scheme-small": SchemeSmallBench.run,
    "js": JavaScriptBench.run,
    "messages": MessagesBench.run,
    "find": FindBench.run,
    "scroll": ScrollBench.run,
    "lifetime": LifetimeBench.run,
]

let usage = "usage: lakes-bench {\(benchmarks.keys.sorted().joined(separator: "|"))} [--quick] [--pages N]"

func parseOptions(_ arguments: ArraySlice<String>) -> Options {
    var options = Options()
    var rest = arguments
    while let argument = rest.popFirst() {
        switch argument {
        case "--quick":
            options.quick = true
        case "--pages":
            guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 else {
                fail("--pages needs a whole number of at least 1\n\(usage)")
            }
            options.pages = value
        default:
            fail("unknown argument \"\(argument)\"\n\(usage)")
        }
    }
    if let text = ProcessInfo.processInfo.environment["BENCH_T0_NS"] {
        guard let t0 = UInt64(text) else { fail("BENCH_T0_NS is not a number of nanoseconds: \"\(text)\"") }
        options.t0 = t0
    }
    return options
}

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let benchmark = benchmarks[name] else {
    fail(arguments.first.map { "unknown subcommand \"\($0)\"\n\(usage)" } ?? usage)
}
let options = parseOptions(arguments.dropFirst())

MainLoop.run {
    do {
        try await benchmark(options)
    } catch {
        fail("\(name) failed: \(error)")
    }
}
