/// What a file input (`<input type=file>`) asks for: Apple's `WKOpenPanelParameters`.
///
/// ``WebPage/DialogPresenting/handleFileInputPrompt(parameters:initiatedBy:)`` receives it,
/// read from WebKitGTK's `WebKitFileChooserRequest`.
public struct WKOpenPanelParameters: Sendable, Hashable {
    /// Whether several files may be chosen (`multiple`).
    /// `webkit_file_chooser_request_get_select_multiple`.
    public let allowsMultipleSelection: Bool
    /// Whether folders may be chosen. WebKitGTK does not report `webkitdirectory` to the
    /// app, so this is false.
    public let allowsDirectories: Bool
    /// The MIME types and extensions the input accepts (`accept`), if any.
    /// `webkit_file_chooser_request_get_mime_types`.
    public let acceptedTypes: [String]
}
