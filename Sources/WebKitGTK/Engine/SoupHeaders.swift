internal import CWebKitGTK
import Foundation
import FoundationNetworking
import Synchronization

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

/// A request's header fields as `URLRequest.addValue(_:forHTTPHeaderField:)`, called for
/// each field in order, leaves them, made without that method's cost: every call copies
/// the dictionary, capitalizes the name afresh, lowercases every name already there to
/// compare, and reads the value character by character to check it (BENCHMARKS.md, "A
/// one-way message makes no reply, and a request's method and header values cost less").
enum RequestHeaderFields {
    /// Each name `addValue` has met, with the name it stores (`capitalized`) and that
    /// name lowercased, which is how it finds a field already there.
    private static let names = Mutex<[String: (key: String, folded: String)]>([:])
    private static let probeURL = URL(string: "about:blank")!

    /// The fields `addValue` would leave after adding each of `fields` in order: names
    /// capitalized, values of names equal but for case joined with commas, invalid values
    /// left out.
    static func merged(_ fields: [(name: String, value: String)]) -> [String: String] {
        var merged = [String: String](minimumCapacity: fields.count)
        var keys = [String: String](minimumCapacity: fields.count)
        for (name, value) in fields where isValid(value) {
            let (key, folded) = stored(name)
            if let existing = keys[folded] {
                merged[existing]! += "," + value
            } else {
                keys[folded] = key
                merged[key] = value
            }
        }
        return merged
    }

    /// The name `addValue` stores for `name`, and that name lowercased.
    private static func stored(_ name: String) -> (key: String, folded: String) {
        if let known = names.withLock({ $0[name] }) { return known }
        let key = name.capitalized
        let made = (key, key.lowercased())
        names.withLock { names in
            // Pages name few distinct headers; a page that makes up names cannot grow this for ever.
            if names.count >= 256 { names.removeAll() }
            names[name] = made
        }
        return made
    }

    /// Whether `addValue` keeps `value`. A value without NUL, CR or LF always is (each
    /// other character was tried); one with them is asked of Foundation itself, which
    /// also allows a line folded onto the next.
    static func isValid(_ value: String) -> Bool {
        var value = value
        let plain = value.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return true }
            return memchr(start, 0, bytes.count) == nil && memchr(start, 10, bytes.count) == nil
                && memchr(start, 13, bytes.count) == nil
        }
        guard !plain else { return true }
        var probe = URLRequest(url: probeURL)
        probe.addValue(value, forHTTPHeaderField: "X")
        return probe.value(forHTTPHeaderField: "X") != nil
    }
}
