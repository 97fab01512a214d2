internal import CWebKitGTK

/// WebKit's run-time features (`WebKitFeature`), set per page by identifier.
enum WebKitFeatures {
    /// Turns the feature `identifier` on or off in `settings`; false when WebKit has no such feature.
    @discardableResult
    static func set(_ identifier: String, enabled: Bool, in settings: UnsafeMutablePointer<WebKitSettings>) -> Bool {
        guard let feature = feature(identifier) else { return false }
        defer { webkit_feature_unref(feature) }
        webkit_settings_set_feature_enabled(settings, feature, enabled ? 1 : 0)
        return true
    }

    /// Whether the feature `identifier` is on in `settings`; nil when WebKit has no such feature.
    static func isEnabled(_ identifier: String, in settings: UnsafeMutablePointer<WebKitSettings>) -> Bool? {
        guard let feature = feature(identifier) else { return nil }
        defer { webkit_feature_unref(feature) }
        return webkit_settings_get_feature_enabled(settings, feature) != 0
    }

    /// The feature `identifier`, with a reference the caller drops.
    private static func feature(_ identifier: String) -> OpaquePointer? {
        guard let list = webkit_settings_get_all_features() else { return nil }
        defer { webkit_feature_list_unref(list) }
        for index in 0..<webkit_feature_list_get_length(list) {
            guard let feature = webkit_feature_list_get(list, index),
                String(optionalCString: webkit_feature_get_identifier(feature)) == identifier
            else { continue }
            return webkit_feature_ref(feature)
        }
        return nil
    }
}
