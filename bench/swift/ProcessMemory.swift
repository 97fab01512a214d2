// The proportional set size of this process and every process it started, directly or
// not (WebKitWebProcess, WebKitNetworkProcess, and whatever sandbox runs them).
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum ProcessMemory {
    /// The summed `Pss:` of `/proc/<pid>/smaps_rollup` of this process and its descendants,
    /// in MiB.
    ///
    /// - Throws: ``BenchError`` when this process's own PSS cannot be read.
    static func pssMiB() throws -> Double {
        let own = getpid()
        var parents: [Int32: Int32] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let parent = parentID(of: pid) else { continue }
            parents[pid] = parent
        }
        func descends(_ pid: Int32) -> Bool {
            var current = pid
            var steps = 0
            while let parent = parents[current], parent > 1, steps < 64 {
                if parent == own { return true }
                current = parent
                steps += 1
            }
            return false
        }
        guard let ownKiB = pssKiB(of: own) else { throw BenchError("cannot read /proc/\(own)/smaps_rollup") }
        var total = ownKiB
        var counted = ["\(own) \(name(of: own)) \(ownKiB) KiB"]
        for pid in parents.keys.sorted() where descends(pid) {
            // A process that ended since the walk has nothing left to count.
            if let kiB = pssKiB(of: pid) {
                total += kiB
                counted.append("\(pid) \(name(of: pid)) \(kiB) KiB")
            } else if kill(pid, 0) == 0 {
                diagnose("lakes-bench: cannot read the PSS of descendant process \(pid)")
            }
        }
        diagnose("lakes-bench: PSS of " + counted.joined(separator: ", "))
        return Double(total) / 1024
    }

    /// A field of this process's own `/proc/self/smaps_rollup` (`Pss`, `Pss_Anon`...), in
    /// KiB; nil when it cannot be read.
    static func ownKiB(_ field: String) -> Int? { rollupKiB(field, of: getpid()) }

    /// The parent's ID, from `/proc/<pid>/stat` (the fourth field, after the command's
    /// parenthesised name, which may hold spaces and parentheses itself).
    private static func parentID(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// The process's command name, from `/proc/<pid>/comm`.
    private static func name(of pid: Int32) -> String {
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
        return comm.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `Pss:` line of `/proc/<pid>/smaps_rollup`, in KiB.
    private static func pssKiB(of pid: Int32) -> Int? { rollupKiB("Pss", of: pid) }

    /// The line `field:` of `/proc/<pid>/smaps_rollup`, in KiB.
    private static func rollupKiB(_ field: String, of pid: Int32) -> Int? {
        guard let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else {
            return nil
        }
        for line in rollup.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }
}
