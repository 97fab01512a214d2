import Foundation
import FuzzSupport
import LakesApp

/// Fuzzes Lakes' external-link classifier. The input's first byte says whether a person
/// started the navigation (bit 0) and whether a page is shown (bit 1); the rest is the URL
/// followed to, then a line break and the shown page's URL. Lakes keeps its own articles,
/// `about:blank` and the shown web page's own origin in the window; it hands to the desktop
/// only what a person followed, over http, https or mailto, with a host for the web, and
/// exactly that URL, which starts with its scheme (so the program that opens it never reads
/// an option) and holds no space or control character; it refuses the rest, saying why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkPolicy(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let isUserAction = data[0] & 1 != 0
    let parts = text(data + 1, count - 1).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let url = URL(string: String(parts[0])) else { return 0 }
    let current = data[0] & 2 != 0 && parts.count > 1 ? URL(string: String(parts[1])) : nil
    let scheme = url.scheme?.lowercased()
    let said = "\(quoted(url.absoluteString)) from \(quoted(current?.absoluteString ?? "nothing"))"

    switch LinkPolicy().decide(url, currentURL: current, isUserAction: isUserAction) {
    case .allowInApp:
        require(
            scheme == "lakes" || url.absoluteString.lowercased() == "about:blank"
                || (webOrigin(url) != nil && webOrigin(url) == current.flatMap(webOrigin)),
            "\(said) was kept in the window")
    case .openExternally(let target):
        require(target == url, "\(said) opened \(quoted(target.absoluteString)) instead")
        require(isUserAction, "\(said) was opened without a person asking")
        require(["http", "https", "mailto"].contains(scheme), "\(said) was opened: not a web or mail address")
        require(scheme == "mailto" || url.host()?.isEmpty == false, "\(said) was opened without a host")
        let handed = target.absoluteString
        require(handed.lowercased().hasPrefix("\(scheme ?? ""):"), "\(said) was handed over as \(quoted(handed))")
        require(
            !handed.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F },
            "\(said) was handed over with a space or control character")
    case .refuse(let reason):
        require(!reason.isEmpty, "\(said) was refused without a reason")
    }
    return 0
}

/// A web URL's origin, written here from its definition: scheme, host (lowercased) and
/// port, the scheme's default when none is given.
func webOrigin(_ url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
        let host = url.host()?.lowercased(), !host.isEmpty
    else { return nil }
    return "\(scheme) \(host) \(url.port ?? (scheme == "http" ? 80 : 443))"
}

#if !FUZZING
    @main
    enum Replay {
        static func main() { exit(replay(fuzzLinkPolicy)) }
    }
#endif
