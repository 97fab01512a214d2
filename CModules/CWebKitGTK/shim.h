// CWebKitGTK: the C surface of WebKitGTK (webkit2gtk-4.1, GTK 3) as Swift sees it.
//
// This header holds only what Swift cannot import by itself: macros that expand to
// casts or constants, and the two libdispatch hooks that let a foreign event loop
// drain the main queue. Every helper is prefixed `cwk_` and is `static inline`, so
// nothing here needs a compiled C target.
#ifndef CWEBKITGTK_SHIM_H
#define CWEBKITGTK_SHIM_H

#define G_SETTINGS_ENABLE_BACKEND
#include <gtk/gtk.h>
#include <gio/gsettingsbackend.h>
#include <webkit2/webkit2.h>
#include <libsoup/soup.h>
#include <glib-unix.h>
#include <gio/gunixinputstream.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <sys/eventfd.h>
#include <poll.h>
#include <libintl.h>
#include <locale.h>

// GLib's boolean constants are macros over an int typedef.
static const gboolean cwk_true = TRUE;
static const gboolean cwk_false = FALSE;

// `G_SOURCE_CONTINUE` / `G_SOURCE_REMOVE` are macros.
static const gboolean cwk_source_continue = G_SOURCE_CONTINUE;
static const gboolean cwk_source_remove = G_SOURCE_REMOVE;

// GType getters are functions, but the fundamental types are macros.
static inline GType cwk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cwk_type_string(void) { return G_TYPE_STRING; }
static inline gboolean cwk_value_holds_boxed(const GValue *value) { return G_VALUE_HOLDS_BOXED(value); }
static inline gboolean cwk_value_holds_object(const GValue *value) { return G_VALUE_HOLDS_OBJECT(value); }
static inline GType cwk_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cwk_type_uint(void) { return G_TYPE_UINT; }
static inline GType cwk_type_int(void) { return G_TYPE_INT; }

// The `G_VARIANT_TYPE_…` constants are cast macros.
static inline const GVariantType *cwk_variant_type_vardict(void) { return G_VARIANT_TYPE_VARDICT; }
static inline const GVariantType *cwk_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *cwk_variant_type_boolean(void) { return G_VARIANT_TYPE_BOOLEAN; }
static inline const GVariantType *cwk_variant_type_strv(void) { return G_VARIANT_TYPE_STRING_ARRAY; }

// `gtk_dialog_new_with_buttons` is variadic; this makes a dialog without buttons.
static inline GtkWidget *cwk_dialog_new(const char *title, GtkWindow *parent, GtkDialogFlags flags) {
    return gtk_dialog_new_with_buttons(title, parent, flags, NULL, NULL);
}

// The GIO error domain is a macro around a function call.
static inline GQuark cwk_io_error_quark(void) { return G_IO_ERROR; }

// libdispatch's run-loop integration, as CoreFoundation uses it. On Linux the handle
// is an eventfd that becomes readable whenever work is queued on the main queue;
// calling the callback on the main thread drains that work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline int cwk_dispatch_main_queue_handle(void) {
    return _dispatch_get_main_queue_handle_4CF();
}
static inline void cwk_dispatch_main_queue_drain(void) {
    _dispatch_main_queue_callback_4CF(NULL);
}

#endif
