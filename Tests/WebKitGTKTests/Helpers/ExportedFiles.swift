import CWebKitGTK
import Foundation

/// A PNG decoded by cairo (`cairo_image_surface_create_from_png`), to read its size and pixels.
struct PNGImage {
    struct Pixel {
        let red, green, blue, alpha: Int

        /// Whether each channel is within `tolerance` of the given one.
        func isClose(to other: (Int, Int, Int, Int), tolerance: Int = 3) -> Bool {
            [red - other.0, green - other.1, blue - other.2, alpha - other.3].allSatisfy { abs($0) <= tolerance }
        }
    }

    struct NotAPNG: Error {}

    let width: Int
    let height: Int
    /// Its width and height in pixels.
    var size: CGSize { CGSize(width: width, height: height) }
    /// Whether the PNG has an alpha channel.
    let hasAlpha: Bool
    private let bytes: [UInt8]
    private let stride: Int

    init(_ data: Data) throws {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw NotAPNG() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-test-\(UUID().uuidString).png")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let surface = cairo_image_surface_create_from_png(file.path)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw NotAPNG() }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        bytes = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height))
    }

    /// The colour at (`x`, `y`), not premultiplied; alpha is 255 in a PNG without alpha.
    func pixel(x: Int, y: Int) -> Pixel {
        // cairo keeps a pixel as one native-endian (little-endian here) 32-bit ARGB word.
        let offset = y * stride + x * 4
        let alpha = hasAlpha ? Int(bytes[offset + 3]) : 255
        func channel(_ value: UInt8) -> Int { alpha == 0 ? 0 : min(255, Int(value) * 255 / alpha) }
        return Pixel(
            red: channel(bytes[offset + 2]), green: channel(bytes[offset + 1]), blue: channel(bytes[offset]),
            alpha: alpha)
    }
}

/// A PDF read as text, for its structure: pages and their media boxes.
struct PDFFile {
    let text: String

    init(_ data: Data) {
        text = String(decoding: data, as: UTF8.self)
    }

    /// Whether it has a PDF header and an end-of-file marker.
    var isComplete: Bool { text.hasPrefix("%PDF-") && text.contains("%%EOF") }

    /// The number of page objects (`/Type /Page`, not `/Pages`).
    var pageCount: Int {
        text.matches(of: try! Regex(#"/Type\s*/Page(?![a-zA-Z])"#)).count
    }

    /// Every `/MediaBox [x0 y0 x1 y1]`, in the order they appear.
    var mediaBoxes: [CGRect] {
        let number = #"(-?[0-9.]+)"#
        let pattern = try! Regex(
            #"/MediaBox\s*\[\s*"# + [number, number, number, number].joined(separator: #"\s+"#) + #"\s*\]"#)
        return text.matches(of: pattern).map { match in
            let values = (1...4).map { Double(match.output[$0].substring ?? "") ?? .nan }
            return CGRect(x: values[0], y: values[1], width: values[2] - values[0], height: values[3] - values[1])
        }
    }
}
