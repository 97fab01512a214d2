import Foundation

/// What the process holds in memory, from `/proc/self/status`, for tests that check it
/// stays bounded.
package struct MemoryUse: CustomStringConvertible, Sendable {
    /// The resident set size (`VmRSS`), in bytes.
    package var resident: Int
    /// The resident anonymous memory (`RssAnon`): the heaps and stacks, without mapped
    /// files, in bytes.
    package var anonymous: Int

    /// The process's memory now.
    package static func now() -> MemoryUse {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func bytes(_ field: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
        }
        return MemoryUse(resident: bytes("VmRSS"), anonymous: bytes("RssAnon"))
    }

    /// How much more this is than `earlier`.
    package func growth(since earlier: MemoryUse) -> MemoryUse {
        MemoryUse(resident: resident - earlier.resident, anonymous: anonymous - earlier.anonymous)
    }

    package var description: String {
        "RSS \(Self.mebibytes(resident)) MiB (anonymous \(Self.mebibytes(anonymous)) MiB)"
    }

    /// Whether memory figures mean what they say here: not under AddressSanitizer
    /// (`scripts/test-asan`), whose quarantine keeps freed memory (256 MiB by default) and
    /// whose redzones pad every allocation, so that its figures measure the sanitizer.
    /// Tests report their figures either way and check their bounds only when this holds.
    package static let isMeasurable = !isUnderAddressSanitizer

    private static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}

/// Whether this process was built with AddressSanitizer (`scripts/test-asan`), which makes
/// it several times slower and its memory figures the sanitizer's.
package let isUnderAddressSanitizer = dlsym(nil, "__asan_init") != nil
