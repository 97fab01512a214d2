internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkGestureZoom`: the two-finger pinch a widget such as a web view zooms with.
    @MainActor
    package final class ZoomGesture {
        /// The gesture's reference.
        package let reference: GObjectReference

        /// The gesture `object` is, with a reference of its own; nil when `object` is not a
        /// `GtkGestureZoom`.
        package init?(_ object: OpaquePointer) {
            let instance = UnsafeMutablePointer<GTypeInstance>(object)
            guard g_type_check_instance_is_a(instance, gtk_gesture_zoom_get_type()) != 0 else { return nil }
            reference = GObjectReference(retaining: object)
        }

        /// Whether the gesture sees events: in the bubble phase, or in none
        /// (`gtk_event_controller_set_propagation_phase`).
        package var isEnabled: Bool {
            get { gtk_event_controller_get_propagation_phase(reference.pointer) != GTK_PHASE_NONE }
            set {
                gtk_event_controller_set_propagation_phase(
                    reference.pointer, newValue ? GTK_PHASE_BUBBLE : GTK_PHASE_NONE)
            }
        }
    }
}
