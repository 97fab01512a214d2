import Foundation

/// A lake sighting a reader logged.
package struct Sighting: Codable, Equatable, Sendable {
    package var name: String
    package var email: String
    /// The article slug of the lake.
    package var lake: String
    package var note: String
    package var date: Date

    package init(name: String, email: String, lake: String, note: String, date: Date) {
        self.name = name
        self.email = email
        self.lake = lake
        self.note = note
        self.date = date
    }
}

/// The reader's logged sightings, kept in a JSON file that is only ever replaced whole.
package final class SightingStore: @unchecked Sendable {
    // Used from the main actor only; the lock makes that a checked promise.
    private let lock = NSLock()
    /// The file: `$XDG_DATA_HOME/io.github.lakes.Lakes/sightings.json` by default.
    package let file: URL

    /// Why a sighting was not saved, in words for the person who filled the form.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The form field at fault, if one is.
        package let field: String?
        package let description: String
    }

    package init(file: URL) {
        self.file = file
    }

    /// The store in the user's data folder.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SightingStore {
        SightingStore(file: DataFolder.app(environment: environment).appendingPathComponent("sightings.json"))
    }

    /// Every saved sighting, oldest first. A missing file is no sightings; an unreadable one
    /// is an error (and is never overwritten).
    package func all() throws -> [Sighting] {
        try lock.withLock { try readUnlocked() }
    }

    /// Checks a form's fields and saves them as a sighting.
    ///
    /// - Parameter lakes: The slugs a sighting may name.
    /// - Returns: The saved sighting.
    /// - Throws: ``Refusal`` naming the field to correct, or the file's error.
    package func save(fields: [String: Any], lakes: Set<String>, now: Date = Date()) throws -> Sighting {
        func text(_ key: String) -> String {
            ((fields[key] as? String) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let sighting = Sighting(
            name: text("name"), email: text("email"), lake: text("lake"), note: text("note"), date: now)
        guard !sighting.name.isEmpty else { throw Refusal(field: "name", description: "Please enter your name.") }
        guard sighting.name.count <= 100 else {
            throw Refusal(field: "name", description: "Please keep your name under 100 characters.")
        }
        guard Self.isEmail(sighting.email) else {
            throw Refusal(field: "email", description: "Please enter a valid email address, like reader@example.org.")
        }
        guard lakes.contains(sighting.lake) else {
            throw Refusal(field: "lake", description: "Please choose one of the lakes.")
        }
        guard sighting.note.count <= 2000 else {
            throw Refusal(field: "note", description: "Please keep the note under 2,000 characters.")
        }
        try lock.withLock {
            var sightings = try readUnlocked()
            sightings.append(sighting)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Never half a file, nor an empty one after a power cut.
            try DurableFile.write(try Self.data(for: sightings), to: file, permissions: 0o600)
        }
        return sighting
    }

    private func readUnlocked() throws -> [Sighting] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try Self.sightings(from: Data(contentsOf: file))
    }

    /// The sightings a `sightings.json` holds, their dates to the second, as they are written.
    ///
    /// - Throws: The decoding error when `data` is not a list of sightings.
    package static func sightings(from data: Data) throws -> [Sighting] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(InternetDate.decode)
        return try decoder.decode([Sighting].self, from: data).map { sighting in
            var sighting = sighting
            sighting.date = sighting.date.wholeSeconds
            return sighting
        }
    }

    /// `sightings` as `sightings.json` holds them.
    package static func data(for sightings: [Sighting]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .custom(InternetDate.encode)
        return try encoder.encode(sightings)
    }

    /// A plain check of an address's shape: one `@`, a name before it, a dotted domain after
    /// whose labels are ASCII letters, digits and inner hyphens.
    ///
    /// Read scalar by scalar, without a regular expression: ICU's first one loads about 4 MiB
    /// of its data into Lakes' process.
    static func isEmail(_ text: String) -> Bool {
        guard text.count <= 254, !text.unicodeScalars.contains(where: \.properties.isWhitespace) else { return false }
        let parts = text.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        return labels.count >= 2
            && labels.allSatisfy { label in
                guard let first = label.first, let last = label.last, isLetterOrDigit(first), isLetterOrDigit(last)
                else { return false }
                return label.allSatisfy { isLetterOrDigit($0) || $0 == "-" }
            }
    }
}
