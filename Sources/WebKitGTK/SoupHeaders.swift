internal import CWebKitGTK

/// Reading libsoup's header lists.
enum SoupHeaders {
    /// The name/value pairs of a `SoupMessageHeaders`, in order.
    static func fields(_ headers: OpaquePointer) -> [(String, String)] {
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, headers)
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        var result: [(String, String)] = []
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            result.append((String(cString: name), String(cString: value)))
        }
        return result
    }
}
