import Foundation

/// The window a page asked for with `window.open(url, name, features)`: Apple's
/// `WKWindowFeatures`.
///
/// Each value is nil where the page did not ask. On Linux every value is nil: WebKitGTK
/// reports a new window's features (its `WebKitWindowProperties`) only once the web view
/// for it has been made, after ``WKUIDelegate`` was asked for it.
@MainActor
open class WKWindowFeatures: NSObject {
    /// Whether the window shows a menu bar.
    public let menuBarVisibility: NSNumber? = nil
    /// Whether the window shows a status bar.
    public let statusBarVisibility: NSNumber? = nil
    /// Whether the window shows toolbars.
    public let toolbarsVisibility: NSNumber? = nil
    /// Whether the window may be resized.
    public let allowsResizing: NSNumber? = nil
    /// The window's left edge, in points.
    public let x: NSNumber? = nil
    /// The window's top edge, in points.
    public let y: NSNumber? = nil
    /// The window's width, in points.
    public let width: NSNumber? = nil
    /// The window's height, in points.
    public let height: NSNumber? = nil
}
