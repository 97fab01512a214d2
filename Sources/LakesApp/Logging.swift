import GLibBridge

extension Log {
    /// Lakes' messages, under the `Lakes` domain.
    static let lakes = Log(domain: "Lakes")
}
