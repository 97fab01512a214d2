import GLibBridge
import Observation

/// SwiftUI's find modifiers, which Apple's `WebView` honours, on the GTK view.
extension WebView {
    /// Shows the find bar while `isPresented` is true, and writes back when the person
    /// opens or closes it (Ctrl+F, Esc): SwiftUI's `findNavigator(isPresented:)`.
    ///
    ///     @Observable final class Reader { var isFinding = false }
    ///     view.findNavigator(isPresented: Binding(get: { reader.isFinding }, set: { reader.isFinding = $0 }))
    ///
    /// The view follows the binding with Observation; a new call replaces the binding.
    ///
    /// - Parameter isPresented: Whether the find bar is shown.
    /// - Returns: The view, for chaining.
    @discardableResult
    public func findNavigator(isPresented: Binding<Bool>) -> Self {
        findNavigator.presentationFollower?.stop()
        findNavigator.presentationFollower = PresentationFollower(navigator: findNavigator, binding: isPresented)
        return self
    }

    /// Turns find in page off (or back on): SwiftUI's `findDisabled(_:)`. Disabled, the
    /// bar closes and cannot be opened. Default: find is enabled.
    ///
    /// - Parameter isDisabled: Whether find is off. Default: true.
    /// - Returns: The view, for chaining.
    @discardableResult
    public func findDisabled(_ isDisabled: Bool = true) -> Self {
        findNavigator.isEnabled = !isDisabled
        return self
    }
}

/// Keeps a find navigator's `isPresented` and a binding in step, both ways.
@MainActor
final class PresentationFollower {
    private let loops: [ObservationLoop<Bool?>]

    init(navigator: FindNavigator, binding: Binding<Bool>) {
        loops = [
            ObservationLoop(read: { binding.wrappedValue }) { [weak navigator] wanted in
                guard let navigator, let wanted else { return }
                if navigator.isPresented != wanted { navigator.isPresented = wanted }
                // A disabled navigator refuses to open: say so to the binding.
                if navigator.isPresented != wanted { binding.wrappedValue = navigator.isPresented }
            },
            ObservationLoop(read: { [weak navigator] in navigator?.isPresented }) { shown in
                if let shown, binding.wrappedValue != shown { binding.wrappedValue = shown }
            },
        ]
    }

    /// Stops following; a replaced follower's pending changes are dropped.
    func stop() { loops.forEach { $0.stop() } }
}
