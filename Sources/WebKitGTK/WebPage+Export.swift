internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// What ``exported(as:)`` makes.
    public enum ExportedContentType: Sendable, Hashable {
        /// A PNG image of a region of the page.
        case image(ImageRegion = .document)
        /// A PDF document of the whole page, paginated as for printing.
        case pdf
    }

    /// The part of a page an image shows.
    public enum ImageRegion: Sendable, Hashable {
        /// The whole document, however far it scrolls.
        case document
        /// What is visible in the page's view.
        case visible
        /// A rectangle of the document, in CSS pixels from its top-left corner.
        case rect(x: Int, y: Int, width: Int, height: Int)
    }

    /// Why an export failed.
    public enum ExportError: Error, Sendable, Equatable {
        /// The region is empty or outside the document.
        case emptyRegion
        /// The engine could not render or write the content; its message.
        case failed(String)
    }

    /// The page's content as a PNG image or a PDF document.
    ///
    ///     let png = try await page.exported(as: .image(.document))
    ///     try png.write(to: URL(fileURLWithPath: "tahoe.png"))
    public func exported(as type: ExportedContentType) async throws -> Data {
        guard !isClosed else { throw NavigationError.pageClosed }
        switch type {
        case .image(let region): return try await snapshotPNG(region)
        case .pdf: return try await printPDF()
        }
    }

    private func snapshotPNG(_ region: ImageRegion) async throws -> Data {
        let view = webView
        let whole: WebKitSnapshotRegion =
            region == .visible ? WEBKIT_SNAPSHOT_REGION_VISIBLE : WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT
        /// A cairo surface handed from GIO's callback to this function, on the main actor.
        struct Surface: @unchecked Sendable { let pointer: OpaquePointer }
        let surface: OpaquePointer
        do {
            surface = try await gioCall { cancellable, callback, data in
                webkit_web_view_get_snapshot(view, whole, WEBKIT_SNAPSHOT_OPTIONS_NONE, cancellable, callback, data)
            } finish: { _, result in
                Surface(pointer: try GLibError.check { webkit_web_view_get_snapshot_finish(view, result, $0) }!)
            }.pointer
        } catch let error as GLibError {
            throw ExportError.failed(error.message)
        }
        defer { cairo_surface_destroy(surface) }
        var image = surface
        if case .rect(let x, let y, let width, let height) = region {
            let fullWidth = Int(cairo_image_surface_get_width(surface))
            let fullHeight = Int(cairo_image_surface_get_height(surface))
            let left = max(0, x)
            let top = max(0, y)
            let right = min(fullWidth, x + width)
            let bottom = min(fullHeight, y + height)
            guard right > left, bottom > top else { throw ExportError.emptyRegion }
            let cropped = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(right - left), Int32(bottom - top))!
            let context = cairo_create(cropped)
            cairo_set_source_surface(context, surface, Double(-left), Double(-top))
            cairo_paint(context)
            cairo_destroy(context)
            image = cropped
        }
        defer { if image != surface { cairo_surface_destroy(image) } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "webkitgtk-swift-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        guard cairo_surface_write_to_png(image, file.path) == CAIRO_STATUS_SUCCESS else {
            throw ExportError.failed("the image could not be encoded")
        }
        return try Data(contentsOf: file)
    }

    private func printPDF() async throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "webkitgtk-swift-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        let operation = GObjectReference(adopting: OpaquePointer(webkit_print_operation_new(webView)!))
        let settings = gtk_print_settings_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        gtk_print_settings_set_printer(settings, "Print to File")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, file.absoluteString)
        webkit_print_operation_set_print_settings(operation.cast(), settings)
        let failure: String? = await withCheckedContinuation { continuation in
            var connections: [SignalConnection] = []
            var resumed = false
            @MainActor func finish(_ message: String?) {
                guard !resumed else { return }
                resumed = true
                connections.forEach { $0.disconnect() }
                continuation.resume(returning: message)
            }
            connections.append(
                operation.connect("failed") { arguments in
                    let message = arguments.pointer(1).map {
                        String(cString: UnsafePointer<GError>($0).pointee.message)
                    }
                    finish(message ?? "printing failed")
                    return nil
                })
            connections.append(
                operation.connect("finished") { _ in
                    finish(nil)
                    return nil
                })
            webkit_print_operation_print(operation.cast())
        }
        if let failure { throw ExportError.failed(failure) }
        let data = try Data(contentsOf: file)
        guard data.starts(with: Data("%PDF".utf8)) else { throw ExportError.failed("the printer wrote no PDF") }
        return data
    }
}
