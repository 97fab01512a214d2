internal import CWebKitGTK

/// Messages for GLib's structured log (`g_log_structured_array`), under a log domain.
///
///     let log = Log(domain: "Lakes")
///     log.message("refused a navigation to file:///etc/passwd")
///
/// GLib's writer sends them to the journal or to standard error as `Domain-Message: …`,
/// and `G_MESSAGES_DEBUG=Domain` (or `all`) shows debug messages too, so one setting
/// quiets or shows an app's and its libraries' messages alike.
public struct Log: Sendable {
    /// The log domain, for example `"Lakes"`.
    public let domain: String

    /// A log for `domain`.
    ///
    /// - Parameter domain: The log domain its messages carry (`GLIB_DOMAIN`), which
    ///   `G_MESSAGES_DEBUG` names to show its debug messages.
    public init(domain: String) { self.domain = domain }

    /// Something a person running the program may want to know (`G_LOG_LEVEL_MESSAGE`):
    /// input refused, a page misbehaving, an operation that failed but was handled.
    ///
    /// - Parameter text: The message.
    public func message(_ text: String) { write(text, level: G_LOG_LEVEL_MESSAGE, priority: "5") }

    /// Something is wrong with the program or its setup (`G_LOG_LEVEL_WARNING`).
    ///
    /// - Parameter text: The message.
    public func warning(_ text: String) { write(text, level: G_LOG_LEVEL_WARNING, priority: "4") }

    /// Detail for whoever debugs the program, shown with `G_MESSAGES_DEBUG` (`G_LOG_LEVEL_DEBUG`).
    ///
    /// - Parameter text: The message.
    public func debug(_ text: String) { write(text, level: G_LOG_LEVEL_DEBUG, priority: "7") }

    /// Writes one entry: its domain, message and syslog priority (the journal's `PRIORITY`,
    /// which `g_log_structured_array` does not add by itself).
    private func write(_ text: String, level: GLogLevelFlags, priority: String) {
        let pairs = [("GLIB_DOMAIN", domain), ("MESSAGE", text), ("PRIORITY", priority)]
        let strings = pairs.flatMap { [strdup($0.0), strdup($0.1)] }
        defer { strings.forEach { free($0) } }
        let fields = stride(from: 0, to: strings.count, by: 2).map {
            GLogField(key: strings[$0], value: UnsafeRawPointer(strings[$0 + 1]), length: -1)
        }
        fields.withUnsafeBufferPointer { g_log_structured_array(level, $0.baseAddress, gsize($0.count)) }
    }
}
