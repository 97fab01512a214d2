import Foundation

// What the fuzz targets share. Each target defines `LLVMFuzzerTestOneInput`; built by
// scripts/fuzz (with `--sanitize=fuzzer -Xswiftc -DFUZZING`), libFuzzer's own `main` drives
// it. In an ordinary build each target's `main` calls `replay(_:)` instead, which runs the
// same function once on each file it is given: a crash libFuzzer saved, or a corpus.

/// Stops the process when a property the target checks does not hold, saying which; under
/// libFuzzer the input is then saved as a crash, as for any other abort.
package func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("property failed (line \(line)): \(message())\n".utf8))
    abort()
}

/// The input as text: its bytes read as UTF-8, ill-formed sequences replaced.
package func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// A Swift string written as a literal, so that a report shows its invisible characters.
package func quoted(_ text: String) -> String {
    text.debugDescription
}

/// Runs `test` on the bytes of each file named on the command line, and of each file in a
/// folder named there; returns the process's exit status.
package func replay(_ test: (UnsafePointer<UInt8>, Int) -> CInt) -> Int32 {
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
        let name = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "fuzz target"
        print("Usage: \(name) FILE-OR-FOLDER...")
        print("Runs the fuzz target once on each input; scripts/fuzz builds it for libFuzzer.")
        return 2
    }
    var files: [URL] = []
    for path in paths {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            FileHandle.standardError.write(Data("no such file: \(path)\n".utf8))
            return 1
        }
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += names.sorted().map { url.appendingPathComponent($0) }
        } else {
            files.append(url)
        }
    }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file.path) else { continue }
        // One byte more than the input, so that an empty input still has an address.
        var bytes = [UInt8](data)
        bytes.append(0)
        _ = bytes.withUnsafeBufferPointer { test($0.baseAddress!, data.count) }
    }
    print("ran \(files.count) input\(files.count == 1 ? "" : "s")")
    return 0
}
