internal import CWebKitGTK

/// WebKit's run-time features (`WebKitFeature`), set per page by identifier.
///
/// WebKit makes its list of features afresh each time it is asked for it, several hundred
/// of them, every name and description converted to UTF-8 on the way. The list is read
/// once, when the first page asks, and kept for the life of the process: features are
/// static in WebKit, and a page then costs a dictionary lookup per feature it sets.
@MainActor
enum WebKitFeatures {
    /// Turns the feature `identifier` on or off in `settings`; false when WebKit has no such feature.
    @discardableResult
    static func set(_ identifier: String, enabled: Bool, in settings: UnsafeMutablePointer<WebKitSettings>) -> Bool {
        guard let feature = all[identifier] else { return false }
        webkit_settings_set_feature_enabled(settings, feature, enabled ? 1 : 0)
        return true
    }

    /// Whether the feature `identifier` is on in `settings`; nil when WebKit has no such feature.
    static func isEnabled(_ identifier: String, in settings: UnsafeMutablePointer<WebKitSettings>) -> Bool? {
        guard let feature = all[identifier] else { return nil }
        return webkit_settings_get_feature_enabled(settings, feature) != 0
    }

    /// Every feature WebKit has, by identifier. The list's own reference is never dropped,
    /// and it holds each feature.
    private static let all: [String: OpaquePointer] = {
        guard let list = webkit_settings_get_all_features() else { return [:] }
        let count = webkit_feature_list_get_length(list)
        var features: [String: OpaquePointer] = [:]
        features.reserveCapacity(Int(count))
        for index in 0..<count {
            guard let feature = webkit_feature_list_get(list, index),
                let identifier = String(optionalCString: webkit_feature_get_identifier(feature))
            else { continue }
            features[identifier] = feature
        }
        return features
    }()
}
