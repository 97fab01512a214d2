import Foundation

/// A web process (`WebKitWebProcess`) this test process started, as the host sees it.
///
/// In WebKit's bubblewrap sandbox a web process is not this process's child but a
/// grandchild, under two `bwrap` processes; ``all()`` finds it either way.
package struct WebProcess: Sendable, Equatable {
    package let pid: Int32
    /// The names of the processes between it and this test process, nearest first: empty
    /// for a child, `["bwrap", "bwrap"]` in the sandbox.
    package let ancestors: [String]

    /// Every web process this test process started, directly or through other processes.
    package static func all() -> [WebProcess] {
        var names: [Int32: String] = [:]
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            // After the name: the state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            names[pid] = String(stat[stat.index(after: open)..<close])
            parents[pid] = fields.count > 1 ? Int32(fields[1]) : nil
        }
        let me = getpid()
        return names.compactMap { pid, name in
            guard name.hasPrefix("WebKitWebProces") else { return nil }
            var ancestors: [String] = []
            var current = parents[pid]
            while let parent = current, parent > 1 {
                if parent == me { return WebProcess(pid: pid, ancestors: ancestors) }
                ancestors.append(names[parent] ?? "?")
                current = parents[parent]
            }
            return nil
        }
    }

    /// The process's namespace of `kind` (`pid`, `net`, `uts`, `ipc`, `mnt` …) as
    /// `kind:[inode]`, or nil when it cannot be read.
    package func namespace(_ kind: String) -> String? { Self.namespace(kind, of: pid) }

    /// This test process's namespace of `kind`.
    package static func ownNamespace(_ kind: String) -> String? { namespace(kind, of: getpid()) }

    private static func namespace(_ kind: String, of pid: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/\(kind)")
    }
}
