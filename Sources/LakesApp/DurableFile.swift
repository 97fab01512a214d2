import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file so that, whenever the process is killed or the machine loses power, the
/// file holds either its old contents or the new ones, whole.
///
/// The new contents go to a temporary file beside it, which is flushed to the disk
/// (`fsync`) and renamed over the old one; then the folder is flushed, so that the rename
/// itself is on the disk. A temporary file left by a process killed while writing is
/// removed by the next write.
enum DurableFile {
    /// Why a file could not be replaced; the old one is then as it was.
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Replaces `url`'s contents with `data`.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - url: The file; its folder must exist.
    ///   - permissions: The mode of a file made new. Default: `0o644`.
    /// - Throws: ``WriteError`` saying which step failed and why.
    static func write(_ data: Data, to url: URL, permissions: mode_t = 0o644) throws {
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + "."
        removeAbandoned(in: folder, prefix: prefix)
        let temporary = folder + "/" + prefix + "\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw failure("cannot create", temporary) }
        do {
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { throw failure("cannot write", temporary) }
                    offset += count
                }
            }
            guard fsync(fd) == 0 else { throw failure("cannot flush", temporary) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            unlink(temporary)
            throw failure("cannot close", temporary)
        }
        guard rename(temporary, url.path) == 0 else {
            let error = failure("cannot rename over \(url.path)", temporary)
            unlink(temporary)
            throw error
        }
        // The rename is an entry of the folder: flushing the folder keeps it across a power cut.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Removes the temporary files of writers that no longer run (`.<name>.<pid>.tmp`).
    private static func removeAbandoned(in folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let pidText = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let pid = pid_t(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }

    private static func failure(_ what: String, _ path: String) -> WriteError {
        WriteError(description: "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
