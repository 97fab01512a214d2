internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// Why an export failed.
    public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The region's rectangle has no area, or none of it lies in the document.
        case emptyRegion
        /// The region's rectangle has a coordinate or size that is not a finite number.
        case invalidRegion
        /// The snapshot width is not a finite number above zero.
        case invalidSnapshotWidth
        /// The page size is not a finite width and height above zero.
        case invalidPageSize
        /// The image would be wider or taller than 32,767 pixels, the most cairo draws.
        case imageTooLarge
        /// The engine could not render, encode or print the content; its message.
        case failed(String)

        /// What went wrong, in a sentence.
        public var description: String {
            switch self {
            case .emptyRegion: "the region has no area, or none of it lies in the document"
            case .invalidRegion: "the region's rectangle is not made of finite numbers"
            case .invalidSnapshotWidth: "the snapshot width must be a finite number above zero"
            case .invalidPageSize: "the page size must be a finite width and height above zero"
            case .imageTooLarge: "the image would be wider or taller than 32,767 pixels"
            case .failed(let message): "the export failed: \(message)"
            }
        }
    }

    /// The page's content as PDF or PNG data, as the configuration asks.
    ///
    ///     let pdf = try await page.exported(as: .pdf())
    ///     let square = CGRect(x: 0, y: 0, width: 100, height: 100)
    ///     let clear = try await page.exported(as: .pdf(region: .rect(square), allowTransparentBackground: true))
    ///     let thumbnail = try await page.exported(as: .image(snapshotWidth: 320))
    ///     try thumbnail.write(to: URL(fileURLWithPath: "thumbnail.png"))
    ///
    /// Both draw a snapshot of the whole document (`webkit_web_view_get_snapshot` with
    /// `WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT`, and `WEBKIT_SNAPSHOT_OPTIONS_TRANSPARENT_BACKGROUND`
    /// when a transparent background is allowed), which cairo crops to the region, scales,
    /// and writes as a PNG or as a one-page PDF. A region's rectangle is clipped to the
    /// document (see ``ExportedContentConfiguration/Region/rect(_:)``).
    ///
    /// - Parameter configuration: What to make: ``ExportedContentConfiguration/pdf(region:allowTransparentBackground:)``
    ///   or ``ExportedContentConfiguration/image(region:allowTransparentBackground:snapshotWidth:afterScreenUpdates:)``.
    /// - Returns: The PDF or PNG data.
    /// - Throws: ``NavigationError/pageClosed`` on a closed page; ``ExportError`` for a
    ///   region or snapshot width it cannot use, or when the engine fails to draw.
    public func exported(as configuration: ExportedContentConfiguration) async throws -> Data {
        guard !isClosed else { throw NavigationError.pageClosed }
        switch configuration.storage {
        case .pdf(let region, let allowTransparentBackground):
            try region.validate()
            let snapshot = try await contentSnapshot(transparent: allowTransparentBackground)
            let rect = try region.clipped(to: snapshot.size)
            // Only the region's pixels go into the PDF, drawn where the page puts them.
            let pixels = rect.snapped(toScale: snapshot.scale)
            let image = try snapshot.rendering(
                pixels, pixelWidth: Int((pixels.width * snapshot.scale).rounded()),
                pixelHeight: Int((pixels.height * snapshot.scale).rounded()), opaque: !allowTransparentBackground)
            return try image.pdfData(
                pageSize: rect.size, origin: CGPoint(x: pixels.minX - rect.minX, y: pixels.minY - rect.minY))
        case .image(let region, let allowTransparentBackground, let snapshotWidth, let afterScreenUpdates):
            try region.validate()
            if let snapshotWidth, !snapshotWidth.isFinite || snapshotWidth <= 0 {
                throw ExportError.invalidSnapshotWidth
            }
            if afterScreenUpdates { try await nextRenderedFrame() }
            let snapshot = try await contentSnapshot(transparent: allowTransparentBackground)
            // At its own size the region is cut on whole pixels; scaled, it is kept exact.
            let clipped = try region.clipped(to: snapshot.size)
            let rect = snapshotWidth == nil ? clipped.snapped(toScale: snapshot.scale) : clipped
            let width = (snapshotWidth ?? rect.width) * snapshot.scale
            let height = rect.height * width / rect.width
            guard width.rounded() <= Double(CairoImage.maximumPixels),
                height.rounded() <= Double(CairoImage.maximumPixels)
            else { throw ExportError.imageTooLarge }
            let image = try snapshot.rendering(
                rect, pixelWidth: max(1, Int(width.rounded())), pixelHeight: max(1, Int(height.rounded())),
                opaque: !allowTransparentBackground)
            return try image.pngData()
        }
    }

    /// A snapshot of the whole document, with the view's background or, when
    /// `transparent`, none (`webkit_web_view_get_snapshot`).
    private func contentSnapshot(transparent: Bool) async throws -> CairoImage {
        let view = webView
        let options = transparent ? WEBKIT_SNAPSHOT_OPTIONS_TRANSPARENT_BACKGROUND : WEBKIT_SNAPSHOT_OPTIONS_NONE
        let snapshot: CairoImage
        do {
            snapshot = try await gioCall { cancellable, callback, data in
                webkit_web_view_get_snapshot(
                    view, WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT, options, cancellable, callback, data)
            } finish: { _, result in
                try CairoImage(adopting: GLibError.check { webkit_web_view_get_snapshot_finish(view, result, $0) }!)
            }
        } catch let error as GLibError {
            throw isClosed ? NavigationError.pageClosed : ExportError.failed(error.message)
        }
        guard !isClosed else { throw NavigationError.pageClosed }
        return snapshot
    }

    /// Waits until the page has drawn its next frame: an animation frame, then a task after
    /// it, so that callbacks and style changes pending for that frame are done. A page that
    /// draws no frames (a view that is not shown, or no script) is waited for at most half
    /// a second.
    private func nextRenderedFrame() async throws {
        do {
            _ = try await evaluateRaw(
                """
                await new Promise(resolve => {
                    const fallback = setTimeout(resolve, 500);
                    requestAnimationFrame(() => setTimeout(() => { clearTimeout(fallback); resolve(); }, 0));
                });
                """, world: "WebKitGTKSwift.export")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Where script cannot run there is no frame to wait for: take the snapshot at once.
        }
    }
}

extension WebPage.ExportedContentConfiguration.Region {
    /// Throws for a rectangle that cannot be used whatever the document.
    func validate() throws {
        guard case .rect(let rect) = storage else { return }
        guard !rect.isNull, rect.width != 0, rect.height != 0 else { throw WebPage.ExportError.emptyRegion }
        guard [rect.origin.x, rect.origin.y, rect.width, rect.height].allSatisfy(\.isFinite) else {
            throw WebPage.ExportError.invalidRegion
        }
    }

    /// The region in a document of `size` points: all of it, or the rectangle's part in it.
    func clipped(to size: CGSize) throws -> CGRect {
        let document = CGRect(origin: .zero, size: size)
        guard case .rect(let rect) = storage else { return document }
        let clipped = rect.standardized.intersection(document)
        guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { throw WebPage.ExportError.emptyRegion }
        return clipped
    }
}

extension CGRect {
    /// The smallest rectangle on whole device pixels, at `scale` pixels a point, that holds this one.
    func snapped(toScale scale: Double) -> CGRect {
        let left = (minX * scale).rounded(.down) / scale
        let top = (minY * scale).rounded(.down) / scale
        let right = (maxX * scale).rounded(.up) / scale
        let bottom = (maxY * scale).rounded(.up) / scale
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
