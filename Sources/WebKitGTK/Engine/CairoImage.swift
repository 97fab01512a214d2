internal import CWebKitGTK
import Foundation
import GLibBridge

/// A cairo image surface that this object owns: a snapshot of a page, or a part of one
/// cropped, scaled or flattened from it, and the PNG or PDF made from it.
///
/// Sizes in points are the page's coordinates (CSS pixels); a surface drawn for a display
/// scale above 1 has that many device pixels per point.
final class CairoImage: @unchecked Sendable {
    /// The largest width or height cairo gives an image surface.
    static let maximumPixels = 32_767

    let surface: OpaquePointer

    /// Takes over a surface that is the caller's to destroy (transfer full).
    init(adopting surface: OpaquePointer) throws {
        self.surface = surface
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            throw WebPage.ExportError.failed(
                "the snapshot is not an image: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit { cairo_surface_destroy(surface) }

    var pixelWidth: Int { Int(cairo_image_surface_get_width(surface)) }
    var pixelHeight: Int { Int(cairo_image_surface_get_height(surface)) }

    /// Device pixels per point.
    var scale: Double {
        var x = 1.0
        var y = 1.0
        cairo_surface_get_device_scale(surface, &x, &y)
        return x > 0 ? x : 1
    }

    /// The image's size in points.
    var size: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// A new image of `pixelWidth` × `pixelHeight` pixels showing `rect` (in points) of this
    /// one, scaled to fill it; over white and without alpha when `opaque`.
    func rendering(_ rect: CGRect, pixelWidth: Int, pixelHeight: Int, opaque: Bool) throws -> CairoImage {
        guard pixelWidth <= Self.maximumPixels, pixelHeight <= Self.maximumPixels else {
            throw WebPage.ExportError.imageTooLarge
        }
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let image = try CairoImage(
            adopting: cairo_image_surface_create(format, Int32(max(1, pixelWidth)), Int32(max(1, pixelHeight))))
        let context = cairo_create(image.surface)
        defer { cairo_destroy(context) }
        if opaque {
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
        }
        cairo_scale(context, Double(pixelWidth) / rect.width, Double(pixelHeight) / rect.height)
        cairo_set_source_surface(context, surface, -rect.minX, -rect.minY)
        // Padding keeps the edges of a crop from fading into transparency when scaled.
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WebPage.ExportError.failed(String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_set_device_scale(image.surface, scale, scale)
        return image
    }

    /// The image as PNG data, encoded in memory (`cairo_surface_write_to_png_stream`).
    func pngData() throws -> Data {
        var status = CAIRO_STATUS_SUCCESS
        let data = collectCairoStream { write, closure in
            status = cairo_surface_write_to_png_stream(surface, write, closure)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WebPage.ExportError.failed(
                "the image could not be encoded: \(String(cString: cairo_status_to_string(status)))")
        }
        return data
    }

    /// A one-page PDF of `pageSize` points with this image drawn at `origin` (in points),
    /// encoded in memory (`cairo_pdf_surface_create_for_stream`).
    func pdfData(pageSize: CGSize, origin: CGPoint) throws -> Data {
        var status = CAIRO_STATUS_SUCCESS
        let data = collectCairoStream { write, closure in
            let pdf = cairo_pdf_surface_create_for_stream(write, closure, pageSize.width, pageSize.height)!
            defer { cairo_surface_destroy(pdf) }
            let context = cairo_create(pdf)!
            cairo_set_source_surface(context, surface, origin.x, origin.y)
            cairo_paint(context)
            cairo_show_page(context)
            status = cairo_status(context)
            cairo_destroy(context)
            cairo_surface_finish(pdf)
            if status == CAIRO_STATUS_SUCCESS { status = cairo_surface_status(pdf) }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WebPage.ExportError.failed(
                "the PDF could not be written: \(String(cString: cairo_status_to_string(status)))")
        }
        return data
    }
}
