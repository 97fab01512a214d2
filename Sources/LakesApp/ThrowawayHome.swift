import Foundation

/// A temporary folder that stands in for the user's data, settings, cache and state folders
/// while Lakes runs under automation, so that a test run reads and writes none of a person's
/// files.
///
/// ``apply()`` points `XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_CACHE_HOME` and
/// `XDG_STATE_HOME` at folders inside it, and keeps GSettings in memory
/// (`GSETTINGS_BACKEND=memory`), so no setting is read from or written to dconf, and turns
/// Mesa's shader cache off (`MESA_SHADER_CACHE_DISABLE`). That must
/// happen before GLib first reads them, so before GTK starts. Programs Lakes hands links
/// to (`xdg-open`) get the environment Lakes started with. The folder is deleted when Lakes quits; a run that was killed leaves its
/// folder behind, and the next run deletes it: each run holds a lock (`flock`) on its
/// folder for as long as the process lives, and a folder nobody locks is abandoned.
final class ThrowawayHome {
    /// The temporary folder.
    let directory: URL
    /// The variables ``apply()`` sets.
    let environment: [String: String]
    private let lock: Int32

    static let prefix = "lakes-automation-"
    private static let folders = [
        "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state",
    ]

    /// Why the folder could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private init(directory: URL, environment: [String: String], lock: Int32) {
        self.directory = directory
        self.environment = environment
        self.lock = lock
    }

    /// The folder temporary files go in: `$TMPDIR`, or `/tmp`.
    static func temporaryFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp", isDirectory: true)
    }

    /// Deletes abandoned folders in `parent`, then makes a new one there and locks it.
    static func make(in parent: URL = temporaryFolder()) throws(Failure) -> ThrowawayHome {
        removeAbandoned(in: parent)
        // Made under a hidden name that no sweep looks at, locked, then renamed into place:
        // no other run can take it for abandoned while it is being made.
        var template = Array("\(parent.path)/.\(prefix)XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(
                description: "cannot make a temporary folder in \(parent.path): \(String(cString: strerror(errno)))")
        }
        let making = String(cString: made)
        let lock = open(making, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            let reason = String(cString: strerror(errno))
            if lock >= 0 { close(lock) }
            rmdir(making)
            throw Failure(description: "cannot lock \(making): \(reason)")
        }
        let directory = parent.appendingPathComponent(
            String(URL(fileURLWithPath: making).lastPathComponent.dropFirst()))
        // Mesa's shader cache is written by the web processes, which may outlive Lakes by a
        // moment and would make the cache folder again after it was deleted.
        var environment = ["GSETTINGS_BACKEND": "memory", "MESA_SHADER_CACHE_DISABLE": "true"]
        var problem: String?
        if rename(making, directory.path) != 0 {
            problem = "cannot rename \(making): \(String(cString: strerror(errno)))"
        } else {
            for (variable, name) in folders where problem == nil {
                let path = directory.appendingPathComponent(name).path
                if mkdir(path, 0o700) == 0 {
                    environment[variable] = path
                } else {
                    problem = "cannot make \(path): \(String(cString: strerror(errno)))"
                }
            }
        }
        if let problem {
            close(lock)
            try? FileManager.default.removeItem(atPath: making)
            try? FileManager.default.removeItem(at: directory)
            throw Failure(description: problem)
        }
        return ThrowawayHome(directory: directory, environment: environment, lock: lock)
    }

    /// Deletes the folders of runs that ended without deleting their own: those in
    /// `parent` that no process holds a lock on. Folders of running instances are kept.
    static func removeAbandoned(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let folder = parent.appendingPathComponent(name, isDirectory: true)
            let lock = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard lock >= 0 else { continue }  // not a folder
            defer { close(lock) }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    /// Points the XDG variables of this process into the folder.
    func apply() {
        for (variable, path) in environment { setenv(variable, path, 1) }
    }

    /// Deletes the folder and everything in it. Safe to call more than once.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        close(lock)
    }
}
