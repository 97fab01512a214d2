// lakes-store-writer: replaces Lakes' stores again and again, for the test that kills it in
// the middle of a write (Tests/LakesAppTests/StoreDurabilityTests.swift).
//
//     lakes-store-writer FOLDER
//
// Goes on from what FOLDER's stores hold: with n lakes there, it adds the lake
// https://lakes.example/n titled "Lake n", then logs a sighting whose note is "n", prints
// "saved n" once both are written, and so on with n + 1 until it is killed.
import Foundation
import LakesApp

#if canImport(Glibc)
    import Glibc
#endif

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: lakes-store-writer FOLDER\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)

MainActor.assumeIsolated {
    let lakes = AddedLakeStore(folder: folder)
    let sightings = SightingStore(file: folder.appendingPathComponent("sightings.json"))
    guard case .loaded = lakes.load() else {
        FileHandle.standardError.write(Data("lakes-store-writer: the list of lakes is corrupt\n".utf8))
        exit(1)
    }
    var next = lakes.lakes.count
    while true {
        do {
            try lakes.add(URL(string: "https://lakes.example/\(next)")!, title: "Lake \(next)")
            _ = try sightings.save(
                fields: ["name": "Writer", "email": "writer@lakes.example", "lake": "tahoe", "note": "\(next)"],
                lakes: ["tahoe"])
        } catch {
            FileHandle.standardError.write(Data("lakes-store-writer: \(error)\n".utf8))
            exit(1)
        }
        FileHandle.standardOutput.write(Data("saved \(next)\n".utf8))
        next += 1
    }
}
