import Foundation
import FuzzSupport
import LakesApp

/// Fuzzes the check of an address a reader types into Add a Lake. The input is what was
/// typed. An address taken is http or https, has a site name (dotted, `localhost` or an IP
/// literal) and no user name or password; typed again as Lakes shows it, it is the same
/// address; and it survives the store: `lakes.json` written with it reads back with it.
/// Anything else is refused with words for the dialog.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLakeAddress(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let typed = text(data, count)
    let url: URL
    do {
        url = try LakeAddress.parse(typed)
    } catch {
        require(!error.description.isEmpty, "\(quoted(typed)) was refused without a reason")
        return 0
    }
    let said = "\(quoted(typed)) was taken as \(quoted(url.absoluteString))"
    require(["http", "https"].contains(url.scheme?.lowercased()), "\(said): not a web address")
    let host = url.host() ?? ""
    require(
        !host.isEmpty && (host.contains(".") || host == "localhost" || host.hasPrefix("[")), "\(said): no site name")
    require(url.user == nil && url.password == nil, "\(said), with a user name or password")
    do {
        let again = try LakeAddress.parse(url.absoluteString)
        require(again == url, "\(said), which typed again is \(quoted(again.absoluteString))")
    } catch {
        require(false, "\(said), which typed again is refused: \(error)")
    }
    let lake = AddedLake(url: url, added: Date(timeIntervalSince1970: 1_800_000_000))
    do {
        let stored = try AddedLakeStore.lakes(from: AddedLakeStore.data(for: [lake]))
        require(stored == [lake], "\(said), which the store reads back as \(stored)")
    } catch {
        require(false, "\(said), which the store cannot read back: \(error)")
    }
    return 0
}

#if !FUZZING
    @main
    enum Replay {
        static func main() { exit(replay(fuzzLakeAddress)) }
    }
#endif
