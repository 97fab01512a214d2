import Foundation
import FuzzSupport
import LakesApp

/// Fuzzes the readers of Lakes' files. The input's first character picks the file, the rest
/// is its content: `L` the added lakes (`lakes.json`), `S` the sightings
/// (`sightings.json`), `A` the bundled article list (`articles.json`). A reader either
/// throws or returns values that keep the file's rules (web addresses, each once; slugs of
/// lowercase letters, digits and hyphens, each once), and those values, written as Lakes
/// writes them, read back equal: what Lakes saves after reading a file, it can read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreReaders(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let content = Data(bytes: data + 1, count: count - 1)
    switch data[0] {
    case UInt8(ascii: "L"): checkAddedLakes(content)
    case UInt8(ascii: "S"): checkSightings(content)
    case UInt8(ascii: "A"): checkArticleCatalog(content)
    default: break
    }
    return 0
}

func checkAddedLakes(_ content: Data) {
    guard let lakes = try? AddedLakeStore.lakes(from: content) else { return }
    for lake in lakes {
        require(
            ["http", "https"].contains(lake.url.scheme?.lowercased()) && lake.url.host()?.isEmpty == false,
            "lakes.json gave \(quoted(lake.url.absoluteString)), not a web address")
    }
    require(Set(lakes.map(\.id)).count == lakes.count, "lakes.json gave an address twice: \(lakes.map(\.id))")
    do {
        let again = try AddedLakeStore.lakes(from: AddedLakeStore.data(for: lakes))
        require(again == lakes, "lakes.json gave \(lakes), which written and read again is \(again)")
    } catch {
        require(false, "lakes.json gave \(lakes), which written cannot be read again: \(error)")
    }
}

func checkSightings(_ content: Data) {
    guard let sightings = try? SightingStore.sightings(from: content) else { return }
    do {
        let again = try SightingStore.sightings(from: SightingStore.data(for: sightings))
        require(again == sightings, "sightings.json gave \(sightings), which written and read again is \(again)")
    } catch {
        require(false, "sightings.json gave \(sightings), which written cannot be read again: \(error)")
    }
}

func checkArticleCatalog(_ content: Data) {
    guard let catalog = try? ArticleCatalog(json: content) else { return }
    let slugs = catalog.articles.map(\.slug)
    require(Set(slugs).count == slugs.count, "articles.json gave a slug twice: \(slugs)")
    for slug in slugs {
        require(
            !slug.isEmpty
                && slug.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D },
            "articles.json gave the slug \(quoted(slug))")
    }
    do {
        let again = try ArticleCatalog(json: JSONEncoder().encode(catalog.articles))
        require(again == catalog, "articles.json gave \(catalog), which written and read again is \(again)")
    } catch {
        require(false, "articles.json gave \(catalog), which written cannot be read again: \(error)")
    }
}

#if !FUZZING
    @main
    enum Replay {
        static func main() { exit(replay(fuzzStoreReaders)) }
    }
#endif
