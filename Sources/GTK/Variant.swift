internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GVariant` value, held by one strong reference: what actions take and hold.
    @MainActor
    package final class Variant {
        /// The value, for GLib calls (not floating).
        package let pointer: OpaquePointer

        /// Takes a value GLib made: a floating one is sunk, a transfer-full one adopted.
        package init(_ pointer: OpaquePointer) {
            self.pointer = g_variant_is_floating(pointer) != 0 ? g_variant_ref_sink(pointer) : pointer
        }

        /// Adds a reference to a value GLib lends (transfer none).
        package init(borrowing pointer: OpaquePointer) {
            self.pointer = g_variant_ref(pointer)
        }

        /// A string value (`g_variant_new_string`).
        package convenience init(_ string: String) { self.init(g_variant_new_string(string)) }
        /// A boolean value (`g_variant_new_boolean`).
        package convenience init(_ bool: Bool) { self.init(g_variant_new_boolean(bool ? cwk_true : cwk_false)) }
        /// An array of strings (`g_variant_new_strv`).
        package convenience init(strings: [String]) {
            let made = withNullTerminatedCStrings(strings) { g_variant_new_strv($0, gssize(strings.count)) }
            self.init(made!)
        }

        /// The strings it holds, if it is an array of strings.
        package var strings: [String]? {
            guard g_variant_is_of_type(pointer, cwk_variant_type_strv()) != 0 else { return nil }
            guard let strings = g_variant_get_strv(pointer, nil) else { return [] }
            defer { g_free(strings) }
            return [String](nullTerminated: strings)
        }

        /// The string it holds, if it is a string.
        package var string: String? {
            guard g_variant_is_of_type(pointer, cwk_variant_type_string()) != 0 else { return nil }
            return String(cString: g_variant_get_string(pointer, nil))
        }

        /// The boolean it holds, if it is a boolean.
        package var bool: Bool? {
            guard g_variant_is_of_type(pointer, cwk_variant_type_boolean()) != 0 else { return nil }
            return g_variant_get_boolean(pointer) != 0
        }

        isolated deinit {
            g_variant_unref(pointer)
        }
    }
}
