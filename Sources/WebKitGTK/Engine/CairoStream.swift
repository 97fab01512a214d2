internal import CWebKitGTK
import Foundation
import GLibBridge

/// Collects into `Data` what cairo writes to a stream: a PNG from
/// `cairo_surface_write_to_png_stream`, or a PDF from `cairo_pdf_surface_create_for_stream`.
///
/// `body` gets the write function and its closure pointer to hand to cairo, and must be
/// done with both when it returns (for a PDF surface: finished and destroyed).
///
///     let png = try collectCairoStream { write, closure in
///         cairo_surface_write_to_png_stream(surface, write, closure)
///     }
///
/// - Returns: Everything cairo wrote.
/// - Throws: Whatever `body` throws.
func collectCairoStream(
    _ body: (_ write: cairo_write_func_t, _ closure: UnsafeMutableRawPointer) throws -> Void
) rethrows -> Data {
    // cairo's write function returns a `cairo_status_t`, whose success is 0: the bridge's
    // write callback is that function under its C type.
    try collectWrites { write, closure in
        try body(unsafeBitCast(write, to: cairo_write_func_t.self), closure)
    }
}
