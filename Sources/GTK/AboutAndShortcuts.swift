internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// What the About dialog tells of an app.
    package struct AboutInfo {
        /// The app's name.
        package var name: String
        /// Its version, such as `0.2.0`.
        package var version: String
        /// A sentence on what it is.
        package var comments: String
        /// The themed icon shown as its logo.
        package var iconName: String
        /// The address of its website.
        package var website: String
        /// Its copyright line.
        package var copyright: String

        /// What the About dialog tells: each line as it appears.
        package init(
            name: String, version: String, comments: String, iconName: String, website: String, copyright: String
        ) {
            self.name = name
            self.version = version
            self.comments = comments
            self.iconName = iconName
            self.website = website
            self.copyright = copyright
        }
    }

    /// Shows a `GtkAboutDialog` over `parent`, closed by its close button.
    package static func showAbout(_ info: AboutInfo, parent: Window?) {
        let dialog = gtk_about_dialog_new()!
        let about = UnsafeMutablePointer<GtkAboutDialog>(OpaquePointer(dialog))
        gtk_about_dialog_set_program_name(about, info.name)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_copyright(about, info.copyright)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(dialog))
        gtk_window_set_transient_for(window, parent?.window)
        gtk_window_set_modal(window, cwk_true)
        // GtkDialog answers its close button with a response; the dialog is not reused.
        GObjectReference(retaining: OpaquePointer(dialog)).connect("response") { arguments in
            if let own = arguments.object(0) { gtk_widget_destroy(UnsafeMutablePointer(own)) }
            return nil
        }.keepForever()
        gtk_widget_show(dialog)
    }

    /// A group of shortcuts in a shortcuts window.
    package struct ShortcutGroup {
        /// The group's heading.
        package var title: String
        /// Each shortcut's title and accelerator, such as `<Control>f`.
        package var shortcuts: [(title: String, accelerator: String)]

        /// A group under `title`, of shortcuts each with a title and an accelerator such as `<Control>f`.
        package init(title: String, shortcuts: [(title: String, accelerator: String)]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    /// Shows a `GtkShortcutsWindow` listing `groups`, over `parent`.
    ///
    /// GTK builds shortcuts windows from `GtkBuilder` definitions, so the groups are
    /// written as one, each text escaped.
    package static func showShortcuts(_ groups: [ShortcutGroup], parent: Window?) {
        func escaped(_ text: String) -> String { Label.escape(text) }
        var xml = """
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="visible">1</property>
            <property name="section-name">shortcuts</property>
            """
        for group in groups {
            xml += """
                <child><object class="GtkShortcutsGroup"><property name="visible">1</property>\
                <property name="title">\(escaped(group.title))</property>
                """
            for shortcut in group.shortcuts {
                xml += """
                    <child><object class="GtkShortcutsShortcut"><property name="visible">1</property>\
                    <property name="title">\(escaped(shortcut.title))</property>\
                    <property name="accelerator">\(escaped(shortcut.accelerator))</property></object></child>
                    """
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = GObjectReference(adopting: OpaquePointer(gtk_builder_new_from_string(xml, -1)!))
        guard let made = gtk_builder_get_object(builder.cast(), "shortcuts") else { return }
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(made))
        gtk_window_set_transient_for(window, parent?.window)
        gtk_widget_show(UnsafeMutablePointer(OpaquePointer(made)))
    }
}
