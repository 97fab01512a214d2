import Foundation

extension WebPage {
    /// What ``WebPage/exported(as:)`` makes of a page: a PDF or an image, of which part, and how.
    ///
    ///     let square = CGRect(x: 0, y: 0, width: 100, height: 100)
    ///     let pdf = try await page.exported(as: .pdf(region: .rect(square), allowTransparentBackground: true))
    ///     let thumbnail = try await page.exported(as: .image(snapshotWidth: 320))
    public struct ExportedContentConfiguration: Sendable {
        /// A part of a page: all of its content, or a rectangle of it.
        public struct Region: Sendable {
            enum Storage: Sendable {
                case contents
                case rect(CGRect)
            }

            let storage: Storage

            /// A rectangle of the page, in the page's coordinates: CSS pixels from the
            /// document's top-left corner, whatever the scroll position (at a
            /// ``WebView/magnification`` other than 1, the magnified pixels).
            ///
            /// The part of the rectangle outside the document is dropped: the export
            /// covers only the rectangle's intersection with the document. A rectangle
            /// with no area, or none of it in the document, makes the export throw
            /// ``WebPage/ExportError/emptyRegion``.
            ///
            /// - Parameter rect: The rectangle to use for the region.
            /// - Returns: A region of that rectangle.
            public static func rect(_ rect: CGRect) -> Self { Self(storage: .rect(rect)) }

            /// All of the page's content, however far it scrolls.
            public static var contents: Self { Self(storage: .contents) }
        }

        enum Storage: Sendable {
            case pdf(Region, allowTransparentBackground: Bool)
            case image(Region, allowTransparentBackground: Bool, snapshotWidth: CGFloat?, afterScreenUpdates: Bool)
        }

        let storage: Storage

        /// A PDF of one page that shows the region as the page draws it on screen.
        ///
        /// The PDF page is the region's size, one PDF point for each CSS pixel, as Apple's
        /// `WKWebView.createPDF` makes it; a long document becomes one long page. WebKitGTK
        /// draws screen content only as pixels, so the page holds an image of the content
        /// (at the display's scale) rather than text and vector shapes. For a PDF paginated
        /// for reading or printing, with print styles and selectable text, use
        /// ``WebPage/printedPDF(pageSize:)``.
        ///
        ///     let pdf = try await page.exported(as: .pdf())
        ///
        /// - Parameters:
        ///   - region: The part of the page to show. Default: ``Region/contents``.
        ///   - allowTransparentBackground: Whether the PDF may be transparent where the page
        ///     draws no background; when false it is white there. Default: false.
        /// - Returns: The configuration.
        public static func pdf(region: Region = .contents, allowTransparentBackground: Bool = false) -> Self {
            Self(storage: .pdf(region, allowTransparentBackground: allowTransparentBackground))
        }

        /// A PNG image of the region as the page draws it on screen.
        ///
        ///     let png = try await page.exported(as: .image(region: .rect(CGRect(x: 0, y: 0, width: 400, height: 300))))
        ///
        /// - Parameters:
        ///   - region: The part of the page to show. Default: ``Region/contents``.
        ///   - allowTransparentBackground: Whether the image may be transparent where the
        ///     page draws no background; when false it is opaque, white there. Default: false.
        ///   - snapshotWidth: The image's width, in points: the region is scaled to it, its
        ///     height scaled alike to keep the aspect ratio. It must be a finite number above
        ///     zero. Default: nil, the region's own size.
        ///   - afterScreenUpdates: Whether to wait for the page's next rendered frame, so
        ///     that updates it has pending (animation frame callbacks, style changes) are in
        ///     the image; when false the snapshot is taken at once. Default: true.
        /// - Returns: The configuration.
        public static func image(
            region: Region = .contents,
            allowTransparentBackground: Bool = false,
            snapshotWidth: CGFloat? = nil,
            afterScreenUpdates: Bool = true
        ) -> Self {
            Self(
                storage: .image(
                    region, allowTransparentBackground: allowTransparentBackground, snapshotWidth: snapshotWidth,
                    afterScreenUpdates: afterScreenUpdates))
        }

        /// A PDF of all of the page's content on one opaque page: ``pdf(region:allowTransparentBackground:)``
        /// with its defaults.
        ///
        /// This is what `page.exported(as: .pdf)` means with Apple's WebKit, where `.pdf`
        /// names the PDF content type of the page's `Transferable` representation.
        public static var pdf: Self { .pdf() }

        /// A PNG image of all of the page's content, opaque, at its own size:
        /// ``image(region:allowTransparentBackground:snapshotWidth:afterScreenUpdates:)``
        /// with its defaults.
        ///
        /// This is what `page.exported(as: .image)` means with Apple's WebKit, where `.image`
        /// names the image content type of the page's `Transferable` representation.
        public static var image: Self { .image() }
    }
}
