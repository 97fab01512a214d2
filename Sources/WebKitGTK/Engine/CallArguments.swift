internal import CWebKitGTK
import Foundation

/// The arguments of a call as WebKit is given them: an `a{sv}` dictionary of variables.
///
/// Strings, integers and doubles go in as themselves, one variable each, as WebKitGTK
/// takes them; when any other value is among them (WebKitGTK refuses booleans and arrays),
/// all go in as one JSON string, `__webkitgtkSwiftJSON`, that the wrapper parses.
enum CallArguments {
    /// One variable of its own name for each argument.
    case native([NativeArgument])
    /// The arguments, named `names`, as one JSON object.
    case json(names: [String], json: String)

    /// An argument WebKitGTK takes as a variable of its own.
    struct NativeArgument {
        let name: String
        let value: NativeValue
    }

    /// A value WebKitGTK takes as a variable of its own.
    enum NativeValue {
        case string(String)
        case integer(Int)
        case double(Double)

        /// `value` as a variable, when its type is exactly one WebKitGTK takes; nil when it
        /// must go as JSON.
        init?(exactly value: Any) {
            // Exact types only: an NSNumber may hold a boolean, which must go as JSON.
            switch ObjectIdentifier(type(of: value)) {
            case ObjectIdentifier(String.self):
                let string = value as! String
                // A NUL would end the C string GVariant copies: such a string goes as JSON.
                guard !string.utf8.contains(0) else { return nil }
                self = .string(string)
            case ObjectIdentifier(Int.self):
                self = .integer(value as! Int)
            case ObjectIdentifier(Double.self):
                let double = value as! Double
                guard double.isFinite else { return nil }
                self = .double(double)
            default:
                return nil
            }
        }

        /// The floating `GVariant` of the value.
        var variant: OpaquePointer {
            switch self {
            case .string(let string): g_variant_new_string(string)
            case .integer(let integer): g_variant_new_int64(integer)
            case .double(let double): g_variant_new_double(double)
            }
        }
    }

    /// The arguments of a call, after checking that every name is an identifier.
    ///
    /// - Throws: ``JavaScriptError/invalidArgument(_:)`` for a bad name (the first in
    ///   sorted order), or a value that cannot be passed.
    init(_ arguments: [String: Any]) throws {
        var native: [NativeArgument] = []
        native.reserveCapacity(arguments.count)
        var allNative = true
        for (name, value) in arguments {
            guard JavaScriptValues.isIdentifier(name) else {
                let first = arguments.keys.filter { !JavaScriptValues.isIdentifier($0) }.min() ?? name
                throw JavaScriptError.invalidArgument("\"\(first)\" is not a JavaScript identifier")
            }
            guard allNative else { continue }
            if let value = NativeValue(exactly: value) {
                native.append(NativeArgument(name: name, value: value))
            } else {
                allNative = false
            }
        }
        self =
            allNative
            ? .native(native) : .json(names: arguments.keys.sorted(), json: try JavaScriptValues.encode(arguments))
    }

    /// The floating `a{sv}` WebKit takes; nil when there is nothing to pass.
    func variant() -> OpaquePointer? {
        if case .native(let arguments) = self, arguments.isEmpty { return nil }
        var builder = GVariantBuilder()
        g_variant_builder_init(&builder, cwk_variant_type_vardict())
        func add(_ name: String, _ value: OpaquePointer) {
            g_variant_builder_add_value(
                &builder, g_variant_new_dict_entry(g_variant_new_string(name), g_variant_new_variant(value)))
        }
        switch self {
        case .native(let arguments):
            for argument in arguments { add(argument.name, argument.value.variant) }
        case .json(_, let json):
            add("__webkitgtkSwiftJSON", g_variant_new_string(json))
        }
        return g_variant_builder_end(&builder)
    }
}
