// Baseline: the same job as SchemeStreamBench.swift, in C over WebKitGTK.
//
// Serves SIZE_MIB MiB from the custom scheme "bench" (a GMemoryInputStream holding the
// same 1 MiB chunk SIZE_MIB times, so the body costs no memory of its own), has the page
// fetch it with a stream reader, and prints the throughput the page saw and the peak
// resident memory of this process, of its web process and of its network process, as one
// JSON line.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webkit2/webkit2.h>

static int size_mib = 256;
static GBytes *chunk;

static void serve(WebKitURISchemeRequest *request, gpointer data)
{
    (void)data;
    GInputStream *stream = g_memory_input_stream_new();
    for (int i = 0; i < size_mib; i++)
        g_memory_input_stream_add_bytes(G_MEMORY_INPUT_STREAM(stream), chunk);
    WebKitURISchemeResponse *response = webkit_uri_scheme_response_new(stream, (gint64)size_mib << 20);
    webkit_uri_scheme_response_set_content_type(response, "application/octet-stream");
    webkit_uri_scheme_request_finish_with_response(request, response);
    g_object_unref(response);
    g_object_unref(stream);
}

// The peak resident memory (VmHWM) of the process whose /proc directory is `dir`, in KiB.
static long peak_rss_kib(const char *dir)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%s/status", dir);
    FILE *status = fopen(path, "r");
    char line[256];
    long value = 0;
    while (status && fgets(line, sizeof line, status))
        if (sscanf(line, "VmHWM: %ld", &value) == 1)
            break;
    if (status)
        fclose(status);
    return value;
}

// The largest peak resident memory among this process's children named `comm` (as the
// kernel cuts it, to 15 characters), in KiB. WebKit's processes still run when the page
// has finished, so their peaks can be read then.
static long child_peak_rss_kib(const char *comm)
{
    GDir *proc = g_dir_open("/proc", 0, NULL);
    const char *entry;
    long peak = 0;
    while (proc && (entry = g_dir_read_name(proc))) {
        char path[64], name[32] = "", *stat = NULL;
        snprintf(path, sizeof path, "/proc/%s/stat", entry);
        if (!g_file_get_contents(path, &stat, NULL, NULL))
            continue;
        // "PID (COMM) STATE PPID ...": COMM may hold spaces, so it ends at the last ')'.
        char *open = strchr(stat, '('), *close = strrchr(stat, ')');
        int parent = 0;
        if (open && close && close > open && sscanf(close + 1, " %*c %d", &parent) == 1 && parent == getpid()) {
            snprintf(name, sizeof name, "%.*s", (int)(close - open - 1), open + 1);
            if (strcmp(name, comm) == 0)
                peak = MAX(peak, peak_rss_kib(entry));
        }
        g_free(stat);
    }
    if (proc)
        g_dir_close(proc);
    return peak;
}

static const char *script =
    "const start = performance.now();"
    "const reader = (await fetch('bench://host/blob')).body.getReader();"
    "let total = 0;"
    "for (;;) { const { done, value } = await reader.read(); if (done) break; total += value.length; }"
    "return { bytes: total, seconds: (performance.now() - start) / 1000 };";

static void fetched(GObject *view, GAsyncResult *result, gpointer loop)
{
    GError *error = NULL;
    JSCValue *value = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(view), result, &error);
    if (!value) {
        fprintf(stderr, "fetch failed: %s\n", error->message);
        exit(1);
    }
    JSCValue *bytes = jsc_value_object_get_property(value, "bytes");
    JSCValue *seconds = jsc_value_object_get_property(value, "seconds");
    double total = jsc_value_to_double(bytes), elapsed = jsc_value_to_double(seconds);
    printf("{\"impl\": \"c\", \"bytes\": %.0f, \"seconds\": %.3f, \"mb_per_s\": %.1f, \"peak_rss_mib\": %.1f, "
           "\"web_peak_rss_mib\": %.1f, \"network_peak_rss_mib\": %.1f}\n",
        total, elapsed, total / elapsed / 1e6, peak_rss_kib("self") / 1024.0,
        child_peak_rss_kib("WebKitWebProces") / 1024.0, child_peak_rss_kib("WebKitNetworkPr") / 1024.0);
    g_main_loop_quit(loop);
}

static void load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer loop)
{
    if (event == WEBKIT_LOAD_FINISHED)
        webkit_web_view_call_async_javascript_function(view, script, -1, NULL, NULL, NULL, NULL, fetched, loop);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        size_mib = atoi(argv[1]);
    gtk_init(&argc, &argv);
    guint8 *data = g_malloc(1 << 20);
    memset(data, 'x', 1 << 20);
    chunk = g_bytes_new_take(data, 1 << 20);

    WebKitWebContext *context = webkit_web_context_get_default();
    webkit_web_context_register_uri_scheme(context, "bench", serve, NULL, NULL);
    WebKitSecurityManager *security = webkit_web_context_get_security_manager(context);
    webkit_security_manager_register_uri_scheme_as_secure(security, "bench");
    webkit_security_manager_register_uri_scheme_as_cors_enabled(security, "bench");

    GtkWidget *window = gtk_offscreen_window_new();
    GtkWidget *view = webkit_web_view_new_with_context(context);
    gtk_widget_set_size_request(view, 1024, 768);
    gtk_container_add(GTK_CONTAINER(window), view);
    gtk_widget_show_all(window);

    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    g_signal_connect(view, "load-changed", G_CALLBACK(load_changed), loop);
    webkit_web_view_load_html(WEBKIT_WEB_VIEW(view), "<p>bench</p>", "bench://host/");
    g_main_loop_run(loop);
    return 0;
}
