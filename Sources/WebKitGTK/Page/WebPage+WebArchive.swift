internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// The page's document and its subresources as one web archive, to keep and show later.
    ///
    /// On Linux the archive is MHTML (`webkit_web_view_save` with
    /// `WEBKIT_SAVE_MODE_MHTML`), not the property list Apple's platforms write. WebKit
    /// opens an archive only from a local file: write it to a `.mht` file and load that
    /// file's URL, and the engine serves the saved subresources from it, with no network:
    ///
    ///     let archive = try await page.webArchiveData()
    ///     let copy = URL(fileURLWithPath: "/var/tmp/lake.mht")
    ///     try archive.write(to: copy, options: .atomic)
    ///     // later, offline:
    ///     page.load(copy)
    ///
    /// - Returns: The archive's bytes.
    /// - Throws: ``NavigationError/pageClosed`` on a closed page; the engine's `GLibError`
    ///   when it cannot save the page (for example, while nothing is loaded).
    public func webArchiveData() async throws -> Data {
        guard !isClosed else { throw NavigationError.pageClosed }
        let view = webView
        let stream = try await gioCall { cancellable, callback, data in
            webkit_web_view_save(view, WEBKIT_SAVE_MODE_MHTML, cancellable, callback, data)
        } finish: { _, result in
            GObjectReference(
                adopting: OpaquePointer(try GLibError.check { webkit_web_view_save_finish(view, result, $0) }!))
        }
        let archive = try await readAll(of: stream)
        guard !isClosed else { throw NavigationError.pageClosed }
        return archive
    }
}
