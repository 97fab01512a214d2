internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK

extension WebPage {
    /// The page printed to a PDF: paginated on paper of `pageSize`, with the page's print
    /// styles, and text and shapes kept as vectors.
    ///
    /// This is the PDF to save an article in, to read or print: unlike
    /// ``exported(as:)`` with ``ExportedContentConfiguration/pdf(region:allowTransparentBackground:)``,
    /// which makes one page the size of the content, as it looks on screen, it lays the
    /// document out for print (`@media print`) across as many pages as it needs. It is an
    /// addition of this library; Apple's WebKit prints through `NSPrintOperation` or
    /// `UIPrintInteractionController` instead.
    ///
    ///     let pdf = try await page.printedPDF()
    ///     try pdf.write(to: URL(fileURLWithPath: "article.pdf"), options: .atomic)
    ///
    /// It prints with `WebKitPrintOperation` to GTK's "Print to File" printer, which writes
    /// the PDF to a temporary file that is read and removed.
    ///
    /// - Parameter pageSize: The paper's width and height, in points (1/72 inch), with
    ///   GTK's default margins for it. Default: nil, GTK's default paper for the locale
    ///   (A4 or US Letter).
    /// - Returns: The PDF data.
    /// - Throws: ``NavigationError/pageClosed`` on a closed page;
    ///   ``ExportError/invalidPageSize`` for a page size that is not finite and above zero;
    ///   ``ExportError/failed(_:)`` with GTK's message when printing fails.
    public func printedPDF(pageSize: CGSize? = nil) async throws -> Data {
        guard !isClosed else { throw NavigationError.pageClosed }
        if let pageSize {
            guard pageSize.width.isFinite, pageSize.height.isFinite, pageSize.width > 0, pageSize.height > 0 else {
                throw ExportError.invalidPageSize
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "webkitgtk-swift-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        let operation = GObjectReference(adopting: OpaquePointer(webkit_print_operation_new(webView)!))
        let settings = Gtk.PrintSettings()
        settings.printer = "Print to File"
        settings.outputFileFormat = "pdf"
        settings.outputURI = file.absoluteString
        webkit_print_operation_set_print_settings(operation.cast(), settings.reference.pointer)
        if let pageSize {
            let setup = Gtk.PageSetup(
                paperNamed: "webkitgtk-swift", displayName: "Custom", width: pageSize.width, height: pageSize.height)
            webkit_print_operation_set_page_setup(operation.cast(), setup.reference.pointer)
        }
        let failure = await runPrintOperation(operation)
        if let failure { throw ExportError.failed(failure) }
        let data = try Data(contentsOf: file)
        guard data.starts(with: Data("%PDF".utf8)) else { throw ExportError.failed("the printer wrote no PDF") }
        return data
    }

    /// Runs a print operation (`webkit_print_operation_print`) until it finishes; the
    /// message of its failure, or nil.
    private func runPrintOperation(_ operation: GObjectReference) async -> String? {
        await firstEvent(
            of: [
                .signal(operation, "failed") { arguments in
                    arguments.pointer(1).map { String(cString: UnsafePointer<GError>($0).pointee.message) }
                        ?? "printing failed"
                },
                .signal(operation, "finished") { _ in nil },
                .close(whenClosed, "the page was closed while printing"),
            ]
        ) { webkit_print_operation_print(operation.cast()) }
    }
}
