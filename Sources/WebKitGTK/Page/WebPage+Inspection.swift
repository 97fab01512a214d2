internal import CWebKitGTK

extension WebPage {
    /// Whether the Web Inspector can be opened on the page ("Inspect Element" in its
    /// context menu), as Apple's `WebPage.isInspectable`. Default: false. Observable.
    ///
    /// WebKitGTK's `enable-developer-extras` setting. Remote inspection also needs
    /// `WEBKIT_INSPECTOR_SERVER` set before the web process starts.
    public var isInspectable: Bool {
        get {
            access(keyPath: \.isInspectable)
            return webkit_settings_get_enable_developer_extras(webkit_web_view_get_settings(webView)) != 0
        }
        set {
            withMutation(keyPath: \.isInspectable) {
                webkit_settings_set_enable_developer_extras(webkit_web_view_get_settings(webView), newValue ? 1 : 0)
            }
        }
    }
}
