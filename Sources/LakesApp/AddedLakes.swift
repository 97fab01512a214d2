import Foundation

/// An article a reader added by its web address.
package struct AddedLake: Codable, Equatable, Sendable, Identifiable {
    /// Where the article is on the web.
    package var url: URL
    /// The page's title, as it was when last loaded; its host until then.
    package var title: String
    /// When the reader added it.
    package var added: Date

    /// The article's key in the window's `article` action: its address.
    package var id: String { url.absoluteString }

    package init(url: URL, title: String? = nil, added: Date = Date()) {
        self.url = url
        self.title = title ?? url.host() ?? url.absoluteString
        self.added = added
    }
}

/// The lakes a reader added, and their offline copies, in the user's data folder:
/// `lakes.json` (replaced whole, never edited in place) and `offline/<key>.mht`.
///
/// A `lakes.json` that cannot be read is moved aside to `lakes.json.corrupt-<time>`, so
/// that saving again loses nothing, and ``load()`` says where it went.
@MainActor
package final class AddedLakeStore {
    /// The folder: `$XDG_DATA_HOME/io.github.lakes.Lakes` by default.
    package let folder: URL
    /// The added lakes, oldest first.
    package private(set) var lakes: [AddedLake] = []
    /// Runs after every change to ``lakes``.
    package var onChange: [@MainActor () -> Void] = []

    package var file: URL { folder.appendingPathComponent("lakes.json") }

    package init(folder: URL) {
        self.folder = folder
    }

    /// The store in the user's data folder.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> AddedLakeStore
    {
        AddedLakeStore(folder: DataFolder.app(environment: environment))
    }

    /// What ``load()`` found.
    package enum LoadResult: Equatable {
        /// The file was read, or there was none yet.
        case loaded
        /// The file could not be read; it was moved to `movedTo` and the store starts empty.
        case corrupt(movedTo: URL, reason: String)
    }

    /// Reads the file. A missing file is no lakes; a file that cannot be read or is not a
    /// list of lakes is moved aside and reported. One that cannot be moved either stays, and
    /// the store then refuses changes rather than write over it.
    @discardableResult
    package func load() -> LoadResult {
        guard FileManager.default.fileExists(atPath: file.path) else {
            lakes = []
            return .loaded
        }
        do {
            lakes = try Self.lakes(from: Data(contentsOf: file))
            return .loaded
        } catch {
            lakes = []
            let stamp = InternetDate.string(from: Date()).replacingOccurrences(of: ":", with: "")
            let aside = folder.appendingPathComponent("lakes.json.corrupt-\(stamp)")
            do {
                try FileManager.default.moveItem(at: file, to: aside)
            } catch {
                return .corrupt(
                    movedTo: file, reason: "it could not be moved aside either: \(error.localizedDescription)")
            }
            return .corrupt(movedTo: aside, reason: String(describing: error))
        }
    }

    /// The lakes a `lakes.json` holds: those at web addresses, each address once, their
    /// dates to the second, as they are written.
    ///
    /// - Throws: The decoding error when `data` is not a list of lakes.
    package nonisolated static func lakes(from data: Data) throws -> [AddedLake] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(InternetDate.decode)
        var seen = Set<String>()
        return try decoder.decode([AddedLake].self, from: data).compactMap { lake in
            guard isWebAddress(lake.url), seen.insert(lake.id).inserted else { return nil }
            var lake = lake
            lake.added = lake.added.wholeSeconds
            return lake
        }
    }

    /// `lakes` as `lakes.json` holds them.
    package nonisolated static func data(for lakes: [AddedLake]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom(InternetDate.encode)
        return try encoder.encode(lakes)
    }

    /// The lake at `url`, if the reader added it; `url` may also be its offline copy's file.
    package func lake(for url: URL?) -> AddedLake? {
        guard let url else { return nil }
        if url.isFileURL {
            return lakes.first { offlineCopyFile(for: $0.url).standardizedFileURL.path == url.standardizedFileURL.path }
        }
        let key = Self.key(url)
        return lakes.first { Self.key($0.url) == key }
    }

    /// Adds a lake, or keeps the one already at its address; saves the list.
    ///
    /// - Returns: The lake as stored.
    @discardableResult
    package func add(_ url: URL, title: String? = nil) throws -> AddedLake {
        if let existing = lake(for: url) { return existing }
        let lake = AddedLake(url: url, title: title)
        try save(lakes + [lake])
        return lake
    }

    /// Sets the title of the lake at `url` to the page's, when it has one and it differs.
    package func rename(_ url: URL, to title: String) throws {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, let index = lakes.firstIndex(where: { Self.key($0.url) == Self.key(url) }),
            lakes[index].title != title
        else { return }
        var changed = lakes
        changed[index].title = title
        try save(changed)
    }

    /// Removes the lake at `url` and its offline copy.
    package func remove(_ url: URL) throws {
        let key = Self.key(url)
        guard lakes.contains(where: { Self.key($0.url) == key }) else { return }
        try save(lakes.filter { Self.key($0.url) != key })
        try? FileManager.default.removeItem(at: offlineCopyFile(for: url))
    }

    // MARK: Offline copies

    /// Where the offline copy of the page at `url` is kept.
    package func offlineCopyFile(for url: URL) -> URL {
        folder.appendingPathComponent("offline").appendingPathComponent("\(Self.fileKey(url)).mht")
    }

    /// Keeps `archive` (MHTML) as the offline copy of `url`, replacing the old one whole.
    package func saveOfflineCopy(_ archive: Data, for url: URL) throws {
        let target = offlineCopyFile(for: url)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try DurableFile.write(archive, to: target)
    }

    /// Whether an offline copy of `url` was saved.
    package func hasOfflineCopy(for url: URL) -> Bool {
        FileManager.default.fileExists(atPath: offlineCopyFile(for: url).path)
    }

    /// The offline copy of `url`, if one was saved.
    package func offlineCopy(for url: URL) -> Data? {
        try? Data(contentsOf: offlineCopyFile(for: url))
    }

    // MARK: Writing

    /// Why the store takes no changes: its file could not be read nor moved aside.
    private var refusal: String?

    /// Why a change was not saved.
    package struct SaveError: Error, CustomStringConvertible {
        package let description: String
    }

    private func save(_ changed: [AddedLake]) throws {
        if let refusal { throw SaveError(description: refusal) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Never half a file, nor an empty one after a power cut.
        try DurableFile.write(try Self.data(for: changed), to: file)
        lakes = changed
        for handler in onChange { handler() }
    }

    /// An address without its fragment: `…/Lake_Geneva#History` is the same article.
    private static func key(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.fragment = nil
        return components?.string ?? url.absoluteString
    }

    /// A file name for an address: 16 hexadecimal digits of its FNV-1a hash.
    private static func fileKey(_ url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key(url).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }

    private nonisolated static func isWebAddress(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return (scheme == "http" || scheme == "https") && url.host()?.isEmpty == false
    }
}

/// The user's folders for Lakes' own files.
package enum DataFolder {
    /// `$XDG_DATA_HOME/io.github.lakes.Lakes`, or `~/.local/share/io.github.lakes.Lakes`.
    package static func app(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? home.appendingPathComponent(".local/share")
        return data.appendingPathComponent(AppInfo.id)
    }
}

extension Date {
    /// The date without its fraction of a second. The stores write dates in ISO 8601 to the
    /// second; a date read with a fraction (a file written by hand, or by another program)
    /// is kept as it will be written, so that reading what was saved gives what was read.
    var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
