internal import CWebKitGTK

// The ways a C string reaches Swift from GLib's and GTK's APIs, written once.

extension String {
    /// A copy of a C string the caller does not own (transfer none); nil for NULL.
    package init?(optionalCString pointer: UnsafePointer<CChar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
    }

    /// A copy of a C string handed over with its ownership (transfer full), which is freed
    /// here with `g_free`; nil for NULL.
    package init?(ownedCString pointer: UnsafeMutablePointer<CChar>?) {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        self.init(cString: pointer)
    }
}

extension [String] {
    /// Copies of the strings of a NULL-terminated C array the caller does not own, such as
    /// a `GStrv` or what `g_variant_get_strv` returns; empty for NULL.
    package init(nullTerminated array: UnsafePointer<UnsafePointer<CChar>?>?) {
        self = []
        guard var next = array else { return }
        while let string = next.pointee {
            append(String(cString: string))
            next += 1
        }
    }
}
