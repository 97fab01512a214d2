import Foundation

/// What ``WKWebView/takeSnapshot(with:completionHandler:)`` draws: Apple's
/// `WKSnapshotConfiguration`.
@MainActor
open class WKSnapshotConfiguration: NSObject, NSCopying {
    /// The part of the web view to draw, in the view's coordinates (its top-left corner is
    /// the top-left corner of what is visible). Default: `CGRect.null`, all that is visible.
    public var rect = CGRect.null
    /// The image's width in points, its height scaled alike; nil for the rectangle's own
    /// width. Default: nil.
    public var snapshotWidth: NSNumber?
    /// Whether to wait for the page's next rendered frame, so that pending updates show.
    /// Default: true.
    public var afterScreenUpdates = true

    /// A configuration with the defaults: all that is visible, at its own size.
    public override init() {
        super.init()
    }

    /// A configuration with the same settings.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { () -> WKSnapshotConfiguration in
            let copy = WKSnapshotConfiguration()
            copy.rect = rect
            copy.snapshotWidth = snapshotWidth
            copy.afterScreenUpdates = afterScreenUpdates
            return copy
        }
    }
}

/// What ``WKWebView/createPDF(configuration:completionHandler:)`` draws: Apple's
/// `WKPDFConfiguration`.
@MainActor
open class WKPDFConfiguration: NSObject, NSCopying {
    /// The part of the page to draw, in the page's coordinates (CSS pixels from the
    /// document's top-left corner, as ``WebPage/ExportedContentConfiguration/Region/rect(_:)``);
    /// nil for all of its content. Default: nil.
    public var rect: CGRect?
    /// Whether the PDF may be transparent where the page draws no background; when false
    /// it is white there. Default: false.
    public var allowTransparentBackground = false

    /// A configuration with the defaults: all of the content, opaque.
    public override init() {
        super.init()
    }

    /// A configuration with the same settings.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { () -> WKPDFConfiguration in
            let copy = WKPDFConfiguration()
            copy.rect = rect
            copy.allowTransparentBackground = allowTransparentBackground
            return copy
        }
    }
}

/// Snapshots, PDFs and web archives in Apple's classic spellings, over
/// ``WebPage/exported(as:)`` and ``WebPage/webArchiveData()``. A closed web view's calls
/// fail with ``WKError`` `.webViewInvalidated`.
extension WKWebView {
    /// Draws what the web view shows as a PNG image.
    ///
    ///     webView.takeSnapshot(with: nil) { png, error in
    ///         try? png?.write(to: thumbnailURL)
    ///     }
    ///
    /// Linux has no `NSImage` or `UIImage`: the image is PNG `Data`, as the library's
    /// ``WebPage/exported(as:)`` gives it, at the display's scale, opaque. Apple's hands an
    /// image object.
    ///
    /// - Parameters:
    ///   - snapshotConfiguration: What to draw; nil for the defaults.
    ///   - completionHandler: Gets the PNG data, or the error, on the main actor.
    public func takeSnapshot(
        with snapshotConfiguration: WKSnapshotConfiguration?,
        completionHandler: @escaping @MainActor @Sendable (Data?, (any Error)?) -> Void
    ) {
        let configuration = snapshotConfiguration?.copy() as? WKSnapshotConfiguration
        Task { @MainActor in
            do {
                completionHandler(try await takeSnapshot(configuration: configuration), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Draws what the web view shows as a PNG image, as
    /// ``takeSnapshot(with:completionHandler:)``.
    ///
    /// - Parameter configuration: What to draw; nil for the defaults.
    /// - Returns: The PNG data.
    /// - Throws: ``WebPage/ExportError`` for a rectangle or width it cannot use;
    ///   ``WKError`` `.webViewInvalidated` once the web view is closed.
    public func takeSnapshot(configuration: WKSnapshotConfiguration?) async throws -> Data {
        let configuration = configuration ?? WKSnapshotConfiguration()
        let visible = try await visibleRect()
        let rect =
            configuration.rect.isNull
            ? visible : configuration.rect.offsetBy(dx: visible.minX, dy: visible.minY)
        let width = configuration.snapshotWidth.map { CGFloat($0.doubleValue) }
        return try await exported(
            .image(region: .rect(rect), snapshotWidth: width, afterScreenUpdates: configuration.afterScreenUpdates))
    }

    /// Draws the page as a one-page PDF, as ``WebPage/ExportedContentConfiguration/pdf(region:allowTransparentBackground:)``
    /// describes: the content as an image on a page of its size.
    ///
    /// - Parameters:
    ///   - configuration: What to draw. Default: all of the content, opaque.
    ///   - completionHandler: Gets the PDF data, or the error, on the main actor.
    public func createPDF(
        configuration: WKPDFConfiguration = .init(),
        completionHandler: @escaping @MainActor @Sendable (Result<Data, any Error>) -> Void
    ) {
        let configuration = configuration.copy() as! WKPDFConfiguration
        Task { @MainActor in
            do {
                completionHandler(.success(try await pdf(configuration: configuration)))
            } catch {
                completionHandler(.failure(error))
            }
        }
    }

    /// Draws the page as a one-page PDF, as ``createPDF(configuration:completionHandler:)``.
    ///
    /// - Parameter configuration: What to draw. Default: all of the content, opaque.
    /// - Returns: The PDF data.
    /// - Throws: ``WebPage/ExportError`` for a rectangle it cannot use; ``WKError``
    ///   `.webViewInvalidated` once the web view is closed.
    public func pdf(configuration: WKPDFConfiguration = .init()) async throws -> Data {
        let region = configuration.rect.map { WebPage.ExportedContentConfiguration.Region.rect($0) } ?? .contents
        return try await exported(
            .pdf(region: region, allowTransparentBackground: configuration.allowTransparentBackground))
    }

    /// Saves the page and its subresources as one archive.
    ///
    /// On Linux the archive is MHTML, as ``WebPage/webArchiveData()`` describes, not
    /// Apple's property-list web archive: write it to a `.mht` file and load that file.
    ///
    /// - Parameter completionHandler: Gets the archive, or the error, on the main actor.
    public func createWebArchiveData(
        completionHandler: @escaping @MainActor @Sendable (Result<Data, any Error>) -> Void
    ) {
        Task { @MainActor in
            do {
                completionHandler(.success(try await webArchiveData()))
            } catch {
                completionHandler(.failure(error))
            }
        }
    }

    /// Saves the page and its subresources as one MHTML archive, as
    /// ``createWebArchiveData(completionHandler:)``.
    ///
    /// - Returns: The archive's bytes.
    /// - Throws: The engine's error when it cannot save the page; ``WKError``
    ///   `.webViewInvalidated` once the web view is closed.
    public func webArchiveData() async throws -> Data {
        do {
            return try await page.webArchiveData()
        } catch WebPage.NavigationError.pageClosed {
            throw WKError(.webViewInvalidated)
        }
    }

    private func exported(_ configuration: WebPage.ExportedContentConfiguration) async throws -> Data {
        do {
            return try await page.exported(as: configuration)
        } catch WebPage.NavigationError.pageClosed {
            throw WKError(.webViewInvalidated)
        }
    }

    /// What is visible of the page, in the page's coordinates as the export reads them
    /// (magnified with the view).
    private func visibleRect() async throws -> CGRect {
        let numbers: [Double]
        do {
            let value = try await page.callJavaScript(
                "return [scrollX, scrollY, innerWidth, innerHeight]", contentWorld: Self.snapshotWorld)
            numbers = (value as? [Any] ?? []).compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
        } catch WebPage.NavigationError.pageClosed {
            throw WKError(.webViewInvalidated)
        }
        guard numbers.count == 4 else { throw WebPage.ExportError.failed("the page reported no viewport") }
        let zoom = Double(view.magnification)
        return CGRect(
            x: numbers[0] * zoom, y: numbers[1] * zoom, width: numbers[2] * zoom, height: numbers[3] * zoom)
    }

    private static let snapshotWorld = WKContentWorld.world(name: "WebKitGTKSwift.snapshot")
}
