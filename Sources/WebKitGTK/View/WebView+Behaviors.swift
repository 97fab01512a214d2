extension WebView {
    /// Whether horizontal swipes go back and forward in history, as Apple's
    /// `WebView.BackForwardNavigationGesturesBehavior`;
    /// ``webViewBackForwardNavigationGestures(_:)`` takes one.
    public struct BackForwardNavigationGesturesBehavior: Hashable, Sendable {
        let value: BehaviorValue

        /// The view chooses: the gestures are enabled.
        public static let automatic = Self(value: .automatic)
        /// Swipes go back and forward.
        public static let enabled = Self(value: .enabled)
        /// Swipes do not navigate.
        public static let disabled = Self(value: .disabled)
    }

    /// Whether pinching changes the page's magnification, as Apple's
    /// `WebView.MagnificationGesturesBehavior`; ``webViewMagnificationGestures(_:)`` takes one.
    public struct MagnificationGesturesBehavior: Hashable, Sendable {
        let value: BehaviorValue

        /// The view chooses: the gestures are enabled.
        public static let automatic = Self(value: .automatic)
        /// Pinching zooms the page.
        public static let enabled = Self(value: .enabled)
        /// Pinching does nothing.
        public static let disabled = Self(value: .disabled)
    }

    /// Whether an element can take the whole screen, as Apple's
    /// `WebView.ElementFullscreenBehavior`; ``webViewElementFullscreenBehavior(_:)`` takes one.
    public struct ElementFullscreenBehavior: Hashable, Sendable {
        let value: BehaviorValue

        /// The view chooses: element fullscreen is disabled.
        public static let automatic = Self(value: .automatic)
        /// `element.requestFullscreen()` takes the whole screen.
        public static let enabled = Self(value: .enabled)
        /// `element.requestFullscreen()` is refused.
        public static let disabled = Self(value: .disabled)
    }

    /// The three choices every behaviour offers.
    enum BehaviorValue: Hashable, Sendable {
        case automatic, enabled, disabled
    }
}
