internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// The type of the value an action takes when activated.
    package enum ValueType: Sendable {
        case string

        var variantType: OpaquePointer {
            switch self {
            case .string: cwk_variant_type_string()
            }
        }
    }

    /// A `GSimpleAction`: a named command that menus, buttons, shortcuts and other
    /// programs (over D-Bus) activate.
    @MainActor
    package final class SimpleAction {
        /// The action's reference.
        package let reference: GObjectReference
        /// The action's name, without its group's prefix.
        package let name: String
        private var connections: [SignalConnection] = []

        /// Makes an action (`g_simple_action_new`, or `g_simple_action_new_stateful` with a state).
        ///
        /// - Parameters:
        ///   - name: The name, such as `reload`.
        ///   - parameter: The type of value it is activated with; nil for none.
        ///   - state: Its first state; nil for a stateless action.
        ///   - activate: Runs on activation, with the parameter.
        package init(
            _ name: String, parameter: ValueType? = nil, state: Variant? = nil,
            activate: @escaping @MainActor (Variant?) -> Void
        ) {
            self.name = name
            let type = parameter?.variantType
            let made =
                state.map { g_simple_action_new_stateful(name, type, $0.pointer)! } ?? g_simple_action_new(name, type)!
            reference = GObjectReference(adopting: made)
            connections.append(
                reference.connect("activate") { arguments in
                    activate(arguments.pointer(1).map(Variant.init(borrowing:)))
                    return nil
                })
            if state != nil {
                // Another program asking for a state gets what choosing it does, not a relabel.
                connections.append(
                    reference.connect("change-state") { [weak self] arguments in
                        guard let self, let requested = arguments.pointer(1).map(Variant.init(borrowing:)) else {
                            return nil
                        }
                        if let wanted = requested.bool {
                            if wanted != self.state?.bool { activate(nil) }
                        } else {
                            activate(requested)
                        }
                        return nil
                    })
            }
        }

        /// The current state (`g_action_get_state`, `g_simple_action_set_state`).
        package var state: Variant? {
            get { g_action_get_state(reference.pointer).map { Variant($0) } }
            set {
                guard let newValue else { return }
                g_simple_action_set_state(reference.pointer, newValue.pointer)
            }
        }

        /// Whether the action can be activated (`g_simple_action_set_enabled`).
        package var isEnabled: Bool {
            get { g_action_get_enabled(reference.pointer) != 0 }
            set { g_simple_action_set_enabled(reference.pointer, newValue ? cwk_true : cwk_false) }
        }
    }

    /// A `GMenu`: a menu model that a menu button shows.
    @MainActor
    package final class Menu {
        /// The menu's reference.
        package let reference: GObjectReference

        /// An empty menu (`g_menu_new`).
        package init() {
            reference = GObjectReference(adopting: g_menu_new()!)
        }

        /// Adds an item that activates `action`, such as `win.add-lake` (`g_menu_append`).
        package func append(_ label: String, action: String) {
            g_menu_append(reference.pointer, label, action)
        }

        /// Adds a section: a group of items set off by separators (`g_menu_append_section`).
        package func appendSection(_ section: Menu) {
            g_menu_append_section(reference.pointer, nil, UnsafeMutablePointer(section.reference.pointer))
        }
    }
}
