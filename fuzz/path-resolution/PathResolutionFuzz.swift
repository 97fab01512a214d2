import Foundation
import FuzzSupport
import WebKitGTK

/// Fuzzes the directory handler's path resolution: the input, after `lakes://`, is a URL's
/// host and path. A file it resolves to is inside the served folder (symbolic links
/// resolved), and is never one of the files around it; a refusal is 400 (a bad path), 403
/// (outside) or 404.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathResolution(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let typed = text(data, count)
    guard let url = URL(string: "lakes://" + typed) else { return 0 }
    let fixture = Fixture.shared
    switch fixture.handler.resolve(url) {
    case .success(let file):
        let path = file.path
        require(
            path.hasPrefix(fixture.root + "/"), "\(quoted(typed)) resolved to \(quoted(path)), outside \(fixture.root)")
        require(!path.contains("/../") && !path.contains("/./"), "\(quoted(typed)) resolved to \(quoted(path))")
        require(FileManager.default.fileExists(atPath: path), "\(quoted(typed)) resolved to a missing \(quoted(path))")
        require(
            fixture.outside.allSatisfy { path != $0 }, "\(quoted(typed)) resolved to \(quoted(path)), outside the root")
    case .failure(let refusal):
        require(
            [400, 403, 404].contains(refusal.status), "\(quoted(typed)) was refused with \(refusal.status)")
    }
    return 0
}

/// A served folder with files, folders and symbolic links in it, beside files and a
/// folder whose name starts like the root's, which must never be served. Made once, in a
/// temporary folder that is removed when the process exits.
struct Fixture: Sendable {
    /// The temporary folder, with its symbolic links resolved.
    let base: String
    /// The served folder.
    let root: String
    /// Files that are not in the served folder.
    let outside: [String]
    let handler: DirectoryURLSchemeHandler

    static let shared = Fixture()

    init() {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-fuzz-\(getpid())")
        try? FileManager.default.removeItem(at: made)
        try! FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        let base = made.resolvingSymlinksInPath().path
        let root = base + "/root"
        self.base = base
        self.root = root
        let files = [
            "root/index.html", "root/tahoe.html", "root/notes.txt", "root/café.html", "root/a b.html",
            "root/100%.html", "root/sub/index.html", "root/sub/deep/page.html", "root/.hidden",
            "root-sibling/index.html", "root-sibling/page.html", "secret.txt", "secret.html", "index.html",
        ]
        for file in files {
            let path = base + "/" + file
            try! FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try! Data(file.utf8).write(to: URL(fileURLWithPath: path))
        }
        try! FileManager.default.createDirectory(atPath: root + "/sub/empty", withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: root + "/folder.html", withIntermediateDirectories: true)
        let links = [
            ("inside.css", "sub/deep/page.html"), ("outside.txt", "../secret.txt"), ("up", ".."),
            ("sibling", "../root-sibling"), ("absolute", base + "/secret.txt"), ("loop", "loop"),
            ("dangling", "nowhere.html"), ("sub/back", ".."), ("sub/deep/top", "../../.."),
        ]
        for (name, target) in links {
            try! FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
        }
        outside = files.filter { !$0.hasPrefix("root/") }.map { base + "/" + $0 }
        handler = DirectoryURLSchemeHandler(root: URL(fileURLWithPath: root))
        atexit { try? FileManager.default.removeItem(atPath: Fixture.shared.base) }
    }
}

#if !FUZZING
    @main
    enum Replay {
        static func main() { exit(replay(fuzzPathResolution)) }
    }
#endif
