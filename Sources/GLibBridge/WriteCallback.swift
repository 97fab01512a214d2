import Foundation

/// The bytes a write callback has been given so far.
final class WrittenBytes {
    var data = Data()
}

/// Collects into `Data` what a C API writes through a callback of the shape
/// `int (*)(void *closure, const unsigned char *data, unsigned int length)` that returns 0
/// for success, as cairo's `cairo_write_func_t` does.
///
/// `body` gets the callback and its closure pointer to hand to the C API, and must be done
/// with both when it returns. An API that names its own callback type takes the function
/// through `unsafeBitCast`, as C casts it:
///
///     let png = collectWrites { write, closure in
///         cairo_surface_write_to_png_stream(surface, unsafeBitCast(write, to: cairo_write_func_t.self), closure)
///     }
///
/// - Parameter body: Hands the callback and its closure to the C API, which writes through
///   them before `body` returns.
/// - Returns: Everything written.
/// - Throws: Whatever `body` throws.
package func collectWrites(
    _ body: (_ write: WriteFunction, _ closure: UnsafeMutableRawPointer) throws -> Void
) rethrows -> Data {
    let box = CallbackBox(WrittenBytes())
    let closure = box.retainedPointer()
    defer { CallbackBox<WrittenBytes>.release(closure) }
    try body(Trampoline.write, closure)
    return box.value.data
}
