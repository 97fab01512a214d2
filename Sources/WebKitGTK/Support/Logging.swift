import GLibBridge

extension Log {
    /// The library's own messages, under the `WebKitGTKSwift` domain.
    static let library = Log(domain: "WebKitGTKSwift")
}
