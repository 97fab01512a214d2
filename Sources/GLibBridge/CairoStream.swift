package import CWebKitGTK
import Foundation

/// The bytes a cairo stream writer has written so far.
final class CairoStreamSink {
    var data = Data()
}

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
package func collectCairoStream(
    _ body: (_ write: cairo_write_func_t, _ closure: UnsafeMutableRawPointer) throws -> Void
) rethrows -> Data {
    let box = CallbackBox(CairoStreamSink())
    let closure = box.retainedPointer()
    defer { CallbackBox<CairoStreamSink>.release(closure) }
    try body(Trampoline.cairoWrite, closure)
    return box.value.data
}
