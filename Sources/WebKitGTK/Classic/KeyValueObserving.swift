import Foundation
import GLibBridge

/// What `observe(_:options:changeHandler:)` reports with each
/// change: Apple's `NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: UInt
    /// Creates a set from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Report the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// Report the value before the change.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// Report the current value at once, before any change.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// Report before each change as well as after. Observation reports changes once they
    /// are made, so no report is made before one: the option is accepted and has no effect.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of change observed: Apple's `NSKeyValueChange`. Properties only ever change by
/// `.setting`.
public enum NSKeyValueChange: UInt, Sendable, Hashable {
    /// The value was set.
    case setting = 1
    /// Objects were inserted into a collection.
    case insertion = 2
    /// Objects were removed from a collection.
    case removal = 3
    /// Objects of a collection were replaced.
    case replacement = 4
}

/// One change of an observed property: Apple's `NSKeyValueObservedChange`.
public struct NSKeyValueObservedChange<Value> {
    /// How the value changed: `.setting`.
    public let kind: NSKeyValueChange
    /// The value after the change, with the `.new` option (or `.initial`, for the first report).
    public let newValue: Value?
    /// The value before the change, with the `.old` option.
    public let oldValue: Value?
    /// The indexes of a collection's change; nil for a property.
    public let indexes: IndexSet?
    /// Whether this report comes before the change; never, see ``NSKeyValueObservingOptions/prior``.
    public let isPrior: Bool
}

/// A running observation; it stops on ``invalidate()`` or when released: Apple's
/// `NSKeyValueObservation`.
@MainActor
public final class NSKeyValueObservation {
    /// The loop that reports, kept here: a loop runs while someone keeps it.
    private var loop: AnyObject?
    private var stopLoop: (@MainActor () -> Void)?

    init<Value>(_ loop: ObservationLoop<Value>) {
        self.loop = loop
        stopLoop = { [weak loop] in loop?.stop() }
    }

    /// Stops the observation: no report comes after it. Safe to call more than once.
    public func invalidate() {
        stopLoop?()
        stopLoop = nil
        loop = nil
    }
}

/// Types whose properties can be followed with Apple's key-path `observe`, as `NSObject`
/// subclasses on Apple's platforms. ``WKWebView`` is one.
@MainActor
public protocol _KeyValueCodingAndObserving: AnyObject {}

extension _KeyValueCodingAndObserving {
    /// Follows a property, in Apple's key-value observing spelling, with Observation.
    ///
    ///     let progress = webView.observe(\.estimatedProgress, options: [.new]) { webView, change in
    ///         bar.fraction = change.newValue ?? 0
    ///     }
    ///     // later: progress.invalidate(), or let it go
    ///
    /// Works with every property read through Observation, which is every property of
    /// ``WKWebView`` that Apple's makes observable. Changes made together, in one turn of
    /// the main loop, are reported once, with the value they left; a property set to the
    /// value it has is not reported.
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - options: `.new` and `.old` fill the change's values; `.initial` reports the
    ///     current value at once.
    ///   - changeHandler: Gets the object and the change, on the main actor.
    /// - Returns: The observation; it stops when invalidated or released.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        var last: Value?
        var isFirst = true
        return NSKeyValueObservation(
            ObservationLoop(read: { [weak self] in self?[keyPath: keyPath] }) { [weak self] value in
                guard let self, let value else { return }
                defer {
                    last = value
                    isFirst = false
                }
                if isFirst {
                    guard options.contains(.initial) else { return }
                } else if let last, isSameValue(last, value) {
                    return
                }
                let change = NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) || isFirst ? value : nil,
                    oldValue: options.contains(.old) && !isFirst ? last : nil, indexes: nil, isPrior: false)
                changeHandler(self, change)
            })
    }
}

/// Whether two values are the same, where their type can tell.
private func isSameValue<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension WKWebView: _KeyValueCodingAndObserving {}
