/// A two-way connection to a value that something else owns, as SwiftUI's `Binding`.
///
/// There is no SwiftUI on Linux; this is the part of it that ``WebView`` modifiers such as
/// ``WebView/webViewScrollPosition(_:animated:)`` take. A binding reads and writes through
/// its closures, so a binding to a property of an `@Observable` model lets the view follow
/// that property with Observation.
///
///     @Observable final class Reader { var position = ScrollPosition() }
///     let reader = Reader()
///     let position = Binding(get: { reader.position }, set: { reader.position = $0 })
///     position.wrappedValue.scrollTo(edge: .bottom)  // writes reader.position
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// Creates a binding that reads with `get` and writes with `set`.
    ///
    /// - Parameters:
    ///   - get: Returns the current value.
    ///   - set: Stores a new value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// Creates a binding from another one, as `@Binding` does with `$value`.
    ///
    /// - Parameter projectedValue: The binding to read and write through.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes: writes to it are ignored.
    ///
    /// - Parameter value: The value.
    /// - Returns: The binding.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value, read and written through the binding.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself, as `$value`.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    ///
    /// - Parameter keyPath: The property.
    /// - Returns: A binding that reads and writes that property through this binding.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { newValue in
                var value = self.wrappedValue
                value[keyPath: keyPath] = newValue
                self.wrappedValue = value
            })
    }
}
