import Foundation

/// Where a page is scrolled and how big its content is, in CSS pixels, as SwiftUI's
/// `ScrollGeometry`.
///
/// ``WebView/webViewOnScrollGeometryChange(for:of:action:)`` hands it to a transform, and
/// ``WebPage/scrollGeometry`` keeps the latest one.
///
///     view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { old, new in
///         print("scrolled from \(old) to \(new)")
///     }
///
/// WebKitGTK has no content insets: a page's geometry always has zero ``contentInsets``,
/// so its ``visibleRect`` and ``bounds`` are the same rectangle.
public struct ScrollGeometry: Hashable, Sendable, CustomDebugStringConvertible {
    /// The top leading point of the content that is shown: `scrollX`, `scrollY`.
    public var contentOffset: CGPoint
    /// The size of the whole document: the scrolling element's `scrollWidth`, `scrollHeight`.
    /// It is never smaller than ``containerSize``.
    public var contentSize: CGSize
    /// The insets around the content; always zero for a page.
    public var contentInsets: EdgeInsets
    /// The size of the view showing the page: `innerWidth`, `innerHeight`.
    public var containerSize: CGSize

    /// Creates a scroll geometry.
    ///
    /// - Parameters:
    ///   - contentOffset: The top leading point of the content that is shown.
    ///   - contentSize: The size of the whole content.
    ///   - contentInsets: The insets around the content.
    ///   - containerSize: The size of the view.
    public init(contentOffset: CGPoint, contentSize: CGSize, contentInsets: EdgeInsets, containerSize: CGSize) {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.containerSize = containerSize
    }

    /// The part of the content that is shown: ``contentOffset`` and ``containerSize``.
    public var visibleRect: CGRect { CGRect(origin: contentOffset, size: containerSize) }

    /// The view's bounds in content coordinates: ``contentOffset`` and ``containerSize``,
    /// including any area under the content insets.
    public var bounds: CGRect { CGRect(origin: contentOffset, size: containerSize) }

    /// The geometry's values, for debugging.
    public var debugDescription: String {
        "ScrollGeometry(contentOffset: \(contentOffset), contentSize: \(contentSize), "
            + "contentInsets: \(contentInsets), containerSize: \(containerSize))"
    }
}
