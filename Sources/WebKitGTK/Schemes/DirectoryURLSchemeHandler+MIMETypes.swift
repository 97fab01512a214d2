// The MIME types the handler names by extension: those of the web's common text, image,
// font and media files.

extension DirectoryURLSchemeHandler {
    /// The MIME type for a file extension; text types name UTF-8.
    static func mimeType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "txt", "md": "text/plain; charset=utf-8"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "pdf": "application/pdf"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "wasm": "application/wasm"
        case "mp4": "video/mp4"
        case "webm": "video/webm"
        case "mp3": "audio/mpeg"
        case "ogg": "audio/ogg"
        case "wav": "audio/wav"
        default: "application/octet-stream"
        }
    }
}
