internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkPrintSettings`: which printer a print operation uses and where it writes.
    @MainActor
    package final class PrintSettings {
        /// The settings' reference, to hand to a print operation.
        package let reference: GObjectReference

        /// Empty settings: the default printer (`gtk_print_settings_new`).
        package init() {
            reference = GObjectReference(adopting: gtk_print_settings_new()!)
        }

        private var settings: OpaquePointer { reference.pointer }

        /// The printer's name, such as GTK's `Print to File` (`gtk_print_settings_set_printer`).
        package var printer: String? {
            get { String(optionalCString: gtk_print_settings_get_printer(settings)) }
            set { gtk_print_settings_set_printer(settings, newValue) }
        }

        /// The format a file printer writes, such as `pdf`
        /// (`GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT`).
        package var outputFileFormat: String? {
            get { String(optionalCString: gtk_print_settings_get(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT)) }
            set { gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, newValue) }
        }

        /// The `file://` URI a file printer writes to (`GTK_PRINT_SETTINGS_OUTPUT_URI`).
        package var outputURI: String? {
            get { String(optionalCString: gtk_print_settings_get(settings, GTK_PRINT_SETTINGS_OUTPUT_URI)) }
            set { gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, newValue) }
        }
    }

    /// A `GtkPageSetup`: the paper a print operation lays pages out on, and its margins.
    @MainActor
    package final class PageSetup {
        /// The setup's reference, to hand to a print operation.
        package let reference: GObjectReference

        /// A setup on paper of a custom size, with GTK's default margins for it
        /// (`gtk_paper_size_new_custom`, `gtk_page_setup_set_paper_size_and_default_margins`).
        ///
        /// - Parameters:
        ///   - name: The paper's name, as print settings record it.
        ///   - displayName: The paper's name as people read it.
        ///   - width: The paper's width, in points (1/72 inch).
        ///   - height: The paper's height, in points.
        package init(paperNamed name: String, displayName: String, width: Double, height: Double) {
            reference = GObjectReference(adopting: gtk_page_setup_new()!)
            let paper = gtk_paper_size_new_custom(name, displayName, width, height, GTK_UNIT_POINTS)
            defer { gtk_paper_size_free(paper) }
            gtk_page_setup_set_paper_size_and_default_margins(reference.pointer, paper)
        }
    }
}
