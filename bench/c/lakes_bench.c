// lakes-bench in C: the raw-WebKitGTK baseline of bench/swift, one job per subcommand
// (BENCHMARKS.md says what each one measures).
//
// Usage: lakes_bench SUBCOMMAND [--quick] [--pages N] [--article FILE]
//   startup, memory, scheme-small, js, messages, find, scroll, lifetime
// `startup --article data/articles/tahoe.html` shows that article as Lakes does, served
// from its folder under the scheme lakes://articles/, instead of the small page.
// `--quick` shrinks sizes and repetitions so a run only proves the job still works.
//
// Every result is one JSON line on stdout; diagnostics go to stderr. Every wait runs
// the GLib main context under a 60 s watchdog that prints an error and exits 1.
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <webkit2/webkit2.h>

static gboolean quick;
static int pages = 0;   // memory and lifetime: --pages N (0 = not given)
static const char *article;  // startup: --article FILE, or NULL for the small page
static gint64 t0_ns;    // startup: BENCH_T0_NS, or the time main started

// ---------------------------------------------------------------------------------
// Helpers

static void fail(const char *format, ...) G_GNUC_PRINTF(1, 2) G_GNUC_NORETURN;
static void fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "lakes_bench: ");
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static gint64 now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (gint64)now.tv_sec * 1000000000 + now.tv_nsec;
}

static double ms_since(gint64 start_ns)
{
    return (now_ns() - start_ns) / 1e6;
}

// Prints one result line; `extra` is more JSON members ("\"pages\": 2") or NULL.
static void emit(const char *bench, const char *metric, double value, const char *unit, const char *extra)
{
    printf("{\"bench\": \"%s\", \"metric\": \"%s\", \"impl\": \"c\", \"value\": ", bench, metric);
    if (value == (double)(long long)value)
        printf("%lld", (long long)value);
    else
        printf("%.3f", value);
    printf(", \"unit\": \"%s\"%s%s}\n", unit, extra ? ", " : "", extra ? extra : "");
    fflush(stdout);
}

static gboolean timed_out(gpointer what)
{
    fail("timed out after 60 s waiting for %s", (const char *)what);
}

// The watchdog of a batch of waits (batch_start), or 0: the Swift program sets one timer
// around a whole batch of calls, so a wait in a batch sets none of its own either.
static guint batch_watchdog;

// Runs the main context until *done becomes TRUE; exits 1 after 60 s.
static void wait_for(const gboolean *done, const char *what)
{
    guint watchdog = batch_watchdog ? 0 : g_timeout_add(60000, timed_out, (gpointer)what);
    while (!*done)
        g_main_context_iteration(NULL, TRUE);
    if (watchdog)
        g_source_remove(watchdog);
}

// Puts the waits until batch_end under one watchdog; exits 1 if they take 60 s.
static void batch_start(const char *what)
{
    batch_watchdog = g_timeout_add(60000, timed_out, (gpointer)what);
}

static void batch_end(void)
{
    g_source_remove(batch_watchdog);
    batch_watchdog = 0;
}

static gboolean set_flag(gpointer flag)
{
    *(gboolean *)flag = TRUE;
    return G_SOURCE_REMOVE;
}

// Runs the main context for `ms` milliseconds.
static void run_for_ms(guint ms)
{
    gboolean done = FALSE;
    g_timeout_add(ms, set_flag, &done);
    wait_for(&done, "a timer");
}

static gboolean load_failed(WebKitWebView *view, WebKitLoadEvent event, char *uri, GError *error, gpointer data)
{
    (void)view, (void)event, (void)data;
    fail("loading %s failed: %s", uri, error->message);
}

static void web_process_terminated(WebKitWebView *view, WebKitWebProcessTerminationReason reason, gpointer data)
{
    (void)view, (void)data;
    fail("the web process terminated (reason %d)", (int)reason);
}

// A new web view (default context) that exits 1 if a load fails or its web process dies.
static WebKitWebView *new_view(void)
{
    GtkWidget *view = webkit_web_view_new();
    g_signal_connect(view, "load-failed", G_CALLBACK(load_failed), NULL);
    g_signal_connect(view, "web-process-terminated", G_CALLBACK(web_process_terminated), NULL);
    return WEBKIT_WEB_VIEW(view);
}

// A shown 1024x768 window holding `child`.
static GtkWidget *new_window(GtkWidget *child)
{
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_container_add(GTK_CONTAINER(window), child);
    gtk_widget_show_all(window);
    return window;
}

static void mark_finished(WebKitWebView *view, WebKitLoadEvent event, gpointer finished)
{
    (void)view;
    if (event == WEBKIT_LOAD_FINISHED)
        *(gboolean *)finished = TRUE;
}

// Loads `html` with base URI `uri` (or, if html is NULL, the URI itself) and waits until finished.
static void load_and_wait(WebKitWebView *view, const char *html, const char *uri)
{
    gboolean finished = FALSE;
    gulong handler = g_signal_connect(view, "load-changed", G_CALLBACK(mark_finished), &finished);
    if (html)
        webkit_web_view_load_html(view, html, uri);
    else
        webkit_web_view_load_uri(view, uri);
    wait_for(&finished, "a page to load");
    g_signal_handler_disconnect(view, handler);
}

typedef struct {
    JSCValue *value;
    gboolean done;
} Call;

static void call_returned(GObject *view, GAsyncResult *result, gpointer data)
{
    Call *call = data;
    GError *error = NULL;
    call->value = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(view), result, &error);
    if (!call->value)
        fail("JavaScript failed: %s", error->message);
    call->done = TRUE;
}

// Runs `body` as an async function in the page, with `arguments` (a floating a{sv} or
// NULL) as its variables, waits for it and returns its result (the caller unrefs it).
static JSCValue *call_js(WebKitWebView *view, const char *body, GVariant *arguments)
{
    Call call = { 0 };
    webkit_web_view_call_async_javascript_function(view, body, -1, arguments, NULL, NULL, NULL, call_returned, &call);
    wait_for(&call.done, "JavaScript to return");
    return call.value;
}

// call_js for a body whose result is a number.
static double call_js_number(WebKitWebView *view, const char *body, GVariant *arguments)
{
    JSCValue *value = call_js(view, body, arguments);
    double number = jsc_value_to_double(value);
    g_object_unref(value);
    return number;
}

// The line "FIELD:" of /proc/PID/smaps_rollup ("Pss", "Pss_Anon"...), in KiB.
static long rollup_kib(int pid, const char *field)
{
    char path[64], line[256];
    long kib = 0;
    size_t length = strlen(field);
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", pid);
    FILE *file = fopen(path, "r");
    if (!file)
        return 0; // the process ended meanwhile
    while (fgets(line, sizeof line, file))
        if (strncmp(line, field, length) == 0 && line[length] == ':' && sscanf(line + length + 1, "%ld", &kib) == 1)
            break;
    fclose(file);
    return kib;
}

static long pss_kib(int pid)
{
    return rollup_kib(pid, "Pss");
}

// Summed PSS in MiB of this process and all its descendants (web, network processes).
static double tree_pss_mib(void)
{
    // Every process's (pid, ppid), from /proc/PID/stat: "pid (comm) state ppid ...".
    GArray *pids = g_array_new(FALSE, FALSE, sizeof(int)), *ppids = g_array_new(FALSE, FALSE, sizeof(int));
    DIR *proc = opendir("/proc");
    if (!proc)
        fail("cannot open /proc");
    struct dirent *entry;
    while ((entry = readdir(proc))) {
        if (!isdigit((unsigned char)entry->d_name[0]))
            continue;
        char path[300], stat[1024];
        snprintf(path, sizeof path, "/proc/%s/stat", entry->d_name);
        FILE *file = fopen(path, "r");
        if (!file)
            continue;
        size_t length = fread(stat, 1, sizeof stat - 1, file);
        fclose(file);
        stat[length] = 0;
        char *paren = strrchr(stat, ')'), state; // comm may hold spaces and parentheses
        int pid = atoi(entry->d_name), ppid;
        if (paren && sscanf(paren + 1, " %c %d", &state, &ppid) == 2) {
            g_array_append_val(pids, pid);
            g_array_append_val(ppids, ppid);
        }
    }
    closedir(proc);

    // Grow the tree from this process until no process's parent is newly in it.
    GHashTable *tree = g_hash_table_new(NULL, NULL);
    g_hash_table_add(tree, GINT_TO_POINTER(getpid()));
    for (gboolean grew = TRUE; grew;) {
        grew = FALSE;
        for (guint i = 0; i < pids->len; i++) {
            int pid = g_array_index(pids, int, i), ppid = g_array_index(ppids, int, i);
            if (!g_hash_table_contains(tree, GINT_TO_POINTER(pid)) && g_hash_table_contains(tree, GINT_TO_POINTER(ppid))) {
                g_hash_table_add(tree, GINT_TO_POINTER(pid));
                grew = TRUE;
            }
        }
    }

    long kib = 0;
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, tree);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
        long own = pss_kib(GPOINTER_TO_INT(key)), anonymous = rollup_kib(GPOINTER_TO_INT(key), "Pss_Anon");
        fprintf(stderr, "pss: process %d: %ld kB, anonymous %ld kB\n", GPOINTER_TO_INT(key), own, anonymous);
        kib += own;
    }
    fprintf(stderr, "pss: %u processes, %ld kB\n", g_hash_table_size(tree), kib);
    g_hash_table_destroy(tree);
    g_array_free(pids, TRUE);
    g_array_free(ppids, TRUE);
    return kib / 1024.0;
}

// Main-thread CPU time (user + system) in ms.
static double thread_cpu_ms(void)
{
    struct rusage usage;
    getrusage(RUSAGE_THREAD, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

// ---------------------------------------------------------------------------------
// 1. startup: from T0 to load finished, and to the page's second animation frame.

typedef struct {
    double finished_ms, first_frame_ms;
    gboolean finished, framed;
} Startup;

static void startup_load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data)
{
    (void)view;
    Startup *startup = data;
    if (event == WEBKIT_LOAD_FINISHED && !startup->finished) {
        startup->finished_ms = (now_ns() - t0_ns) / 1e6;
        startup->finished = TRUE;
    }
}

static void startup_frame(WebKitUserContentManager *manager, WebKitJavascriptResult *message, gpointer data)
{
    (void)manager, (void)message;
    Startup *startup = data;
    if (!startup->framed) {
        startup->first_frame_ms = (now_ns() - t0_ns) / 1e6;
        startup->framed = TRUE;
    }
}

// Serves lakes://articles/NAME from the article's folder: NAME.html for a name without an
// extension (as Lakes serves its articles), the file itself otherwise (style.css, images/).
static void serve_article_folder(WebKitURISchemeRequest *request, gpointer folder)
{
    const char *path = webkit_uri_scheme_request_get_path(request);
    if (!path || strstr(path, ".."))
        path = "/missing";
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *file = strchr(name, '.') ? g_build_filename(folder, path, NULL)
                                   : g_strconcat((char *)folder, path, ".html", NULL);
    const char *type = g_str_has_suffix(file, ".css") ? "text/css"
        : g_str_has_suffix(file, ".svg")              ? "image/svg+xml"
                                                      : "text/html";
    GFile *gfile = g_file_new_for_path(file);
    GError *error = NULL;
    GFileInputStream *stream = g_file_read(gfile, NULL, &error);
    if (stream) {
        webkit_uri_scheme_request_finish(request, G_INPUT_STREAM(stream), -1, type);
        g_object_unref(stream);
    } else {
        webkit_uri_scheme_request_finish_error(request, error);
        g_error_free(error);
    }
    g_object_unref(gfile);
    g_free(file);
}

static void bench_startup(void)
{
    // The Swift program's page, byte for byte.
    static const char *html =
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Bench</title></head><body>\n"
        "<h1>Start</h1><p>A small page, loaded as a string, to time how soon a window shows it.</p>\n"
        "<script>\n"
        "addEventListener('load', () =>\n"
        "    requestAnimationFrame(() => requestAnimationFrame(() =>"
        " webkit.messageHandlers.bench.postMessage('frame'))));\n"
        "</script>\n"
        "</body></html>";
    // An article allows no inline script: the same lines run as a user script, as in Lakes.
    static const char *frame_script =
        "addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() =>"
        " webkit.messageHandlers.bench.postMessage('frame'))));";
    Startup startup = { 0 };
    char *folder = NULL;
    if (article) {
        folder = g_path_get_dirname(article);
        webkit_web_context_register_uri_scheme(
            webkit_web_context_get_default(), "lakes", serve_article_folder, folder, NULL);
    }
    WebKitWebView *view = new_view();
    WebKitUserContentManager *manager = webkit_web_view_get_user_content_manager(view);
    g_signal_connect(manager, "script-message-received::bench", G_CALLBACK(startup_frame), &startup);
    webkit_user_content_manager_register_script_message_handler(manager, "bench");
    if (article) {
        WebKitUserScript *script = webkit_user_script_new(frame_script, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
            WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, NULL, NULL);
        webkit_user_content_manager_add_script(manager, script);
        webkit_user_script_unref(script);
    }
    g_signal_connect(view, "load-changed", G_CALLBACK(startup_load_changed), &startup);
    new_window(GTK_WIDGET(view));
    if (article) {
        char *base = g_path_get_basename(article);
        char *dot = strrchr(base, '.');
        if (dot)
            *dot = '\0';
        char *uri = g_strconcat("lakes://articles/", base, NULL);
        webkit_web_view_load_uri(view, uri);
        g_free(uri);
        g_free(base);
    } else {
        webkit_web_view_load_html(view, html, "bench://start/");
    }
    wait_for(&startup.finished, "the start-up page to load");
    wait_for(&startup.framed, "the start-up page's first frame");
    const char *extra = article ? "\"document\": \"article\"" : NULL;
    emit("startup", "finished_ms", startup.finished_ms, "ms", extra);
    emit("startup", "first_frame_ms", startup.first_frame_ms, "ms", extra);
    g_free(folder);
}

// ---------------------------------------------------------------------------------
// 2. memory: PSS of the process tree with N small pages loaded, each in its own view.

typedef struct {
    int finished, wanted;
    gboolean done;
} Countdown;

static void count_finished(WebKitWebView *view, WebKitLoadEvent event, gpointer data)
{
    (void)view;
    Countdown *countdown = data;
    if (event == WEBKIT_LOAD_FINISHED && ++countdown->finished == countdown->wanted)
        countdown->done = TRUE;
}

static void bench_memory(void)
{
    int count = pages ? pages : quick ? 2 : 1;
    Countdown countdown = { 0, count, FALSE };
    GtkWidget *notebook = gtk_notebook_new();
    WebKitWebView **views = g_new(WebKitWebView *, count);
    for (int i = 0; i < count; i++) {
        views[i] = new_view();
        g_signal_connect(views[i], "load-changed", G_CALLBACK(count_finished), &countdown);
        char label[32];
        snprintf(label, sizeof label, "Page %d", i + 1);
        gtk_notebook_append_page(GTK_NOTEBOOK(notebook), GTK_WIDGET(views[i]), gtk_label_new(label));
    }
    new_window(notebook);

    for (int i = 0; i < count; i++) {
        // About 2 KB of text with a title.
        GString *html = g_string_new(NULL);
        g_string_append_printf(html, "<!DOCTYPE html><title>Memory page %d</title><h1>Page %d</h1><p>", i + 1, i + 1);
        while (html->len < 2048)
            g_string_append(html, "Between the hills a long valley holds still water, reeds and a path of old stones. ");
        g_string_append(html, "</p>");
        webkit_web_view_load_html(views[i], html->str, "bench://memory/");
        g_string_free(html, TRUE);
    }
    wait_for(&countdown.done, "all pages to load");
    run_for_ms(2000);

    char extra[32];
    snprintf(extra, sizeof extra, "\"pages\": %d", count);
    emit("memory", "pss_mib", tree_pss_mib(), "MiB", extra);
    g_free(views);
}

// ---------------------------------------------------------------------------------
// 3. scheme-small: sequential fetches of 100-byte bodies from the custom scheme "bench".

static const char index_html[] = "<!DOCTYPE html><title>Scheme</title><p>scheme-small</p>";
static char hundred_bytes[100];

static void serve_small(WebKitURISchemeRequest *request, gpointer data)
{
    (void)data;
    gboolean index = strcmp(webkit_uri_scheme_request_get_path(request), "/index.html") == 0;
    const char *body = index ? index_html : hundred_bytes;
    gsize length = index ? strlen(index_html) : sizeof hundred_bytes;
    GInputStream *stream = g_memory_input_stream_new_from_data(body, length, NULL);
    webkit_uri_scheme_request_finish(request, stream, length, index ? "text/html" : "text/plain");
    g_object_unref(stream);
}

static void bench_scheme_small(void)
{
    static const char *script =
        "const start = performance.now();"
        "for (let i = 0; i < count; i++) {"
        "  const text = await (await fetch('bench://host/small/' + i)).text();"
        "  if (text.length !== 100) throw new Error('body of ' + text.length + ' bytes');"
        "}"
        "return (performance.now() - start) / count;";
    memset(hundred_bytes, 'x', sizeof hundred_bytes);
    webkit_web_context_register_uri_scheme(webkit_web_context_get_default(), "bench", serve_small, NULL, NULL);

    // The Swift program times two shapes of handler, each in a page of its own; the C
    // program has one way to answer, timed the same way for each row.
    static const char *rows[] = { "\"handler\": \"stream\"", "\"handler\": \"iterator\"" };
    for (size_t row = 0; row < G_N_ELEMENTS(rows); row++) {
        WebKitWebView *view = new_view();
        GtkWidget *window = new_window(GTK_WIDGET(view));
        load_and_wait(view, NULL, "bench://host/index.html");
        GVariantDict arguments;
        g_variant_dict_init(&arguments, NULL);
        g_variant_dict_insert(&arguments, "count", "i", quick ? 20 : 500);
        double mean = call_js_number(view, script, g_variant_dict_end(&arguments));
        emit("scheme-small", "mean_latency_ms", mean, "ms", rows[row]);
        gtk_widget_destroy(window);
    }
}

// ---------------------------------------------------------------------------------
// 4. js: round trips of call_async_javascript_function, awaited one after another.

// Mean ms of `runs` calls of `body`, whose result must be the number 1 (expected_length
// 0) or a string of expected_length characters.
static double mean_call_ms(WebKitWebView *view, const char *body, int runs, size_t expected_length)
{
    batch_start("calls to return");
    gint64 start = now_ns();
    for (int i = 0; i < runs; i++) {
        JSCValue *value = call_js(view, body, NULL);
        if (expected_length) {
            char *text = jsc_value_to_string(value);
            if (strlen(text) != expected_length)
                fail("'%s' returned %zu characters", body, strlen(text));
            g_free(text);
        } else if (jsc_value_to_int32(value) != 1) {
            fail("'%s' did not return 1", body);
        }
        g_object_unref(value);
    }
    double mean = ms_since(start) / runs;
    batch_end();
    return mean;
}

static void bench_js(void)
{
    static const char *names[10] = { "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9" };
    int runs = quick ? 10 : 500;
    WebKitWebView *view = new_view();
    new_window(GTK_WIDGET(view));
    load_and_wait(view, "<!DOCTYPE html><title>Blank</title>", NULL);

    emit("js", "small_ms", mean_call_ms(view, "return 1", runs, 0), "ms", NULL);
    emit("js", "kib_ms", mean_call_ms(view, "return 'x'.repeat(1024)", runs, 1024), "ms", NULL);
    emit("js", "mib_ms", mean_call_ms(view, "return 'x'.repeat(1048576)", quick ? 2 : 20, 1048576), "ms", NULL);

    // Ten numeric arguments a0..a9, summed in the page.
    batch_start("calls with ten arguments to return");
    gint64 start = now_ns();
    for (int i = 0; i < runs; i++) {
        GVariantDict arguments;
        g_variant_dict_init(&arguments, NULL);
        double expected = 0;
        for (int k = 0; k < 10; k++) {
            g_variant_dict_insert(&arguments, names[k], "d", (double)(i + k));
            expected += i + k;
        }
        double sum = call_js_number(view, "return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9",
            g_variant_dict_end(&arguments));
        if (sum != expected)
            fail("ten arguments summed to %g, not %g", sum, expected);
    }
    double mean = ms_since(start) / runs;
    batch_end();
    emit("js", "ten_args_ms", mean, "ms", NULL);
}

// ---------------------------------------------------------------------------------
// 5. messages: one-way script messages, and messages the native side answers.

typedef struct {
    int count, wanted;
    gint64 last_ns;
    gboolean done;
} Receipts;

// Reads each message's number `i`, as the Swift handler reads its body, and counts it.
static void count_message(WebKitUserContentManager *manager, WebKitJavascriptResult *message, gpointer data)
{
    (void)manager;
    Receipts *receipts = data;
    JSCValue *i = jsc_value_object_get_property(webkit_javascript_result_get_js_value(message), "i");
    gboolean numbered = jsc_value_is_number(i);
    g_object_unref(i);
    if (!numbered)
        return;
    receipts->last_ns = now_ns();
    if (++receipts->count == receipts->wanted)
        receipts->done = TRUE;
}

// Reads the message's string and answers with a string made from it, as the Swift handler
// receives a String and returns one.
static gboolean echo_message(WebKitUserContentManager *manager, JSCValue *value, WebKitScriptMessageReply *reply, gpointer data)
{
    (void)manager, (void)data;
    char *text = jsc_value_to_string(value);
    JSCValue *answer = jsc_value_new_string(jsc_value_get_context(value), text);
    webkit_script_message_reply_return_value(reply, answer);
    g_object_unref(answer);
    g_free(text);
    return TRUE;
}

// Mean ms, timed in the page, of `count` awaited echoes of a string of `size` characters.
static double mean_echo_ms(WebKitWebView *view, int count, int size)
{
    static const char *script =
        "const message = 'x'.repeat(size);"
        "const start = performance.now();"
        "for (let i = 0; i < count; i++) {"
        "  const echoed = await webkit.messageHandlers.echo.postMessage(message);"
        "  if (echoed !== message) throw new Error('echo ' + i + ' differs from what was posted');"
        "}"
        "return (performance.now() - start) / count;";
    GVariantDict arguments;
    g_variant_dict_init(&arguments, NULL);
    g_variant_dict_insert(&arguments, "count", "i", count);
    g_variant_dict_insert(&arguments, "size", "i", size);
    return call_js_number(view, script, g_variant_dict_end(&arguments));
}

static void bench_messages(void)
{
    int count = quick ? 200 : 20000;
    Receipts receipts = { 0, count, 0, FALSE };
    WebKitWebView *view = new_view();
    WebKitUserContentManager *manager = webkit_web_view_get_user_content_manager(view);
    g_signal_connect(manager, "script-message-received::bench", G_CALLBACK(count_message), &receipts);
    webkit_user_content_manager_register_script_message_handler(manager, "bench");
    g_signal_connect(manager, "script-message-with-reply-received::echo", G_CALLBACK(echo_message), NULL);
    webkit_user_content_manager_register_script_message_handler_with_reply(manager, "echo", NULL);
    new_window(GTK_WIDGET(view));
    load_and_wait(view, "<!DOCTYPE html><title>Messages</title>", NULL);

    // One-way: from native starting the loop to the last message received.
    GVariantDict arguments;
    g_variant_dict_init(&arguments, NULL);
    g_variant_dict_insert(&arguments, "count", "i", count);
    gint64 start = now_ns();
    JSCValue *posted = call_js(view, "for (let i = 0; i < count; i++) webkit.messageHandlers.bench.postMessage({i});",
        g_variant_dict_end(&arguments));
    g_object_unref(posted);
    wait_for(&receipts.done, "all one-way messages");
    emit("messages", "one_way_per_s", count / ((receipts.last_ns - start) / 1e9), "msg/s", NULL);

    emit("messages", "reply_small_ms", mean_echo_ms(view, quick ? 10 : 500, 16), "ms", NULL);
    emit("messages", "reply_mib_ms", mean_echo_ms(view, quick ? 2 : 20, 1048576), "ms", NULL);
}

// ---------------------------------------------------------------------------------
// 6. find: a find bar's search for "lake" in a large document (count and highlight), timed
// to the count.

typedef struct {
    guint matches;
    gint64 end_ns;
    gboolean done;
} Count;

static void counted_matches(WebKitFindController *find, guint matches, gpointer data)
{
    (void)find;
    Count *count = data;
    count->end_ns = now_ns();
    count->matches = matches;
    count->done = TRUE;
}

static void bench_find(void)
{
    // One "lake" per sentence of about 100 bytes, ten sentences a paragraph:
    // 20000 matches in about 2 MiB (quick: 200 in about 20 KiB).
    static const char *sentence = "On calm mornings the lake mirrors the tall pines, the hills and the slow grey clouds over the wide valley. ";
    guint wanted = quick ? 200 : 20000;
    GString *html = g_string_new("<!DOCTYPE html><title>Find</title>");
    for (guint i = 0; i < wanted; i++) {
        if (i % 10 == 0)
            g_string_append(html, i ? "</p><p>" : "<p>");
        g_string_append(html, sentence);
    }
    g_string_append(html, "</p>");
    fprintf(stderr, "find: document of %zu bytes\n", html->len);

    WebKitWebView *view = new_view();
    new_window(GTK_WIDGET(view));
    load_and_wait(view, html->str, NULL);
    g_string_free(html, TRUE);

    Count count = { 0 };
    WebKitFindController *find = webkit_web_view_get_find_controller(view);
    g_signal_connect(find, "counted-matches", G_CALLBACK(counted_matches), &count);
    gint64 start = now_ns();
    // What a find bar does, as FindNavigator.search does: count, and highlight every match.
    guint options = WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE | WEBKIT_FIND_OPTIONS_WRAP_AROUND;
    webkit_find_controller_count_matches(find, "lake", options, G_MAXINT);
    webkit_find_controller_search(find, "lake", options, G_MAXINT);
    wait_for(&count.done, "the match count");
    if (count.matches != wanted)
        fail("counted %u matches, not %u", count.matches, wanted);
    emit("find", "count_ms", (count.end_ns - start) / 1e6, "ms", NULL);
    emit("find", "matches", count.matches, "count", NULL);
}

// ---------------------------------------------------------------------------------
// 7. scroll: main-thread CPU while the page scrolls itself, without and with a native
// geometry observer (a user script posting the geometry on each scroll event).

typedef struct {
    double x, y, w, h, cw, ch;
} Geometry;

typedef struct {
    Geometry geometry;
    int updates;
} Observer;

static double number_property(JSCValue *object, const char *name)
{
    JSCValue *property = jsc_value_object_get_property(object, name);
    double number = jsc_value_to_double(property);
    g_object_unref(property);
    return number;
}

static void geometry_changed(WebKitUserContentManager *manager, WebKitJavascriptResult *message, gpointer data)
{
    (void)manager;
    Observer *observer = data;
    JSCValue *value = webkit_javascript_result_get_js_value(message);
    observer->geometry = (Geometry){
        number_property(value, "x"), number_property(value, "y"), number_property(value, "w"),
        number_property(value, "h"), number_property(value, "cw"), number_property(value, "ch"),
    };
    observer->updates++;
}

// Scrolls the loaded page for `seconds` and prints main_cpu_ms_per_s.
static void scroll_run(WebKitWebView *view, double seconds, gboolean observed, Observer *observer)
{
    g_object_unref(call_js(view, "startScrolling()", NULL));
    gint64 start = now_ns();
    double cpu_start = thread_cpu_ms();
    run_for_ms((guint)(seconds * 1000));
    double cpu = thread_cpu_ms() - cpu_start, elapsed = ms_since(start) / 1e3;
    double frames = call_js_number(view, "return stopScrolling()", NULL);
    fprintf(stderr, "scroll: observer %d, %.0f frames, %d geometry updates, last y %.0f of %.0f\n", observed, frames,
        observer->updates, observer->geometry.y, observer->geometry.ch);
    if (frames < 2)
        fail("the page did not scroll (%.0f frames)", frames);
    emit("scroll", "main_cpu_ms_per_s", cpu / elapsed, "ms/s", observed ? "\"observer\": true" : "\"observer\": false");
}

static void bench_scroll(void)
{
    static const char *paragraph = "<p>Paragraph %d. The shore curves away to the north, where the water is deep "
                                   "and cold, and the path climbs through birches to a ridge of grey rock.</p>";
    static const char *scroller =
        "<script>"
        "let scrolling = false, frames = 0, frame = 0;"
        "function step() {"
        "  if (!scrolling) return;"
        "  frames++;"
        "  if (scrollY + innerHeight >= document.documentElement.scrollHeight) scrollTo(0, 0); else scrollBy(0, 8);"
        "  frame = requestAnimationFrame(step);"
        "}"
        // The page is not loaded again between runs: each start and stop cancels the frame
        // the loop asked for, so that a run's loop does not go on beside the next one's.
        "function startScrolling() {"
        "  cancelAnimationFrame(frame); scrolling = true; frames = 0; frame = requestAnimationFrame(step);"
        "}"
        "function stopScrolling() { scrolling = false; cancelAnimationFrame(frame); scrollTo(0, 0); return frames; }"
        "</script>";
    // Run in the loaded page, as the library starts its reporter in the page it shows.
    static const char *observer_script =
        "addEventListener('scroll', () => webkit.messageHandlers.geometry.postMessage({x: scrollX, y: scrollY,"
        " w: innerWidth, h: innerHeight, cw: document.documentElement.scrollWidth,"
        " ch: document.documentElement.scrollHeight}));";
    double seconds = quick ? 0.5 : 3;
    GString *html = g_string_new("<!DOCTYPE html><title>Scroll</title>");
    for (int i = 1; i <= 200; i++)
        g_string_append_printf(html, paragraph, i);
    g_string_append(html, scroller);

    Observer observer = { 0 };
    WebKitWebView *view = new_view();
    new_window(GTK_WIDGET(view));
    load_and_wait(view, html->str, NULL);
    scroll_run(view, seconds, FALSE, &observer);

    // Attach the observer to the page as it is, as the Swift program does.
    WebKitUserContentManager *manager = webkit_web_view_get_user_content_manager(view);
    g_signal_connect(manager, "script-message-received::geometry", G_CALLBACK(geometry_changed), &observer);
    webkit_user_content_manager_register_script_message_handler(manager, "geometry");
    g_object_unref(call_js(view, observer_script, NULL));
    scroll_run(view, seconds, TRUE, &observer);
    if (observer.updates == 0)
        fail("the observer saw no scroll");
    g_string_free(html, TRUE);
}

// ---------------------------------------------------------------------------------
// 8. lifetime: create an offscreen view, load about:blank, destroy it; many times.

static void bench_lifetime(void)
{
    int cycles = pages ? pages : quick ? 5 : 200;
    long heap_after_five = 0;
    gint64 start = now_ns();
    for (int i = 0; i < cycles; i++) {
        WebKitWebView *view = new_view();
        g_object_ref_sink(view);
        load_and_wait(view, NULL, "about:blank");
        gtk_widget_destroy(GTK_WIDGET(view));
        g_object_unref(view);
        // This process's own memory along the way, to tell a steady growth from one that
        // levels off. Its anonymous part is its heap, which other processes do not share.
        int done = i + 1;
        if (done == MIN(5, cycles))
            heap_after_five = rollup_kib(getpid(), "Pss_Anon");
        if (done == 5 || done % 50 == 0)
            fprintf(stderr, "lifetime: own PSS after %d cycles: %ld kB, anonymous %ld kB\n", done, pss_kib(getpid()),
                rollup_kib(getpid(), "Pss_Anon"));
    }
    double cycle_ms = ms_since(start) / cycles;
    run_for_ms(2000);
    char extra[32];
    snprintf(extra, sizeof extra, "\"pages\": %d", cycles);
    // What this process's heap grew by from the fifth cycle on: a leak, and nothing that
    // other processes share, shows here. It is read before the processes' PSS, whose walk
    // through /proc allocates, and what it frees stays in the heap's pages.
    double growth = (rollup_kib(getpid(), "Pss_Anon") - heap_after_five) / 1024.0;
    double pss = tree_pss_mib();
    emit("lifetime", "cycle_ms", cycle_ms, "ms", pages ? extra : NULL);
    emit("lifetime", "pss_after_mib", pss, "MiB", pages ? extra : NULL);
    emit("lifetime", "heap_growth_mib", growth, "MiB", pages ? extra : NULL);
}

// ---------------------------------------------------------------------------------

static const struct {
    const char *name;
    void (*run)(void);
} benches[] = {
    { "startup", bench_startup },
    { "memory", bench_memory },
    { "scheme-small", bench_scheme_small },
    { "js", bench_js },
    { "messages", bench_messages },
    { "find", bench_find },
    { "scroll", bench_scroll },
    { "lifetime", bench_lifetime },
};

int main(int argc, char **argv)
{
    const char *t0 = getenv("BENCH_T0_NS");
    t0_ns = t0 ? g_ascii_strtoll(t0, NULL, 10) : now_ns();

    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = TRUE;
        else if (strcmp(argv[i], "--pages") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0)
            pages = atoi(argv[++i]);
        else if (strcmp(argv[i], "--article") == 0 && i + 1 < argc)
            article = argv[++i];
        else
            fail("unknown argument %s", argv[i]);
    }
    gtk_init(&argc, &argv);

    for (size_t i = 0; argc > 1 && i < G_N_ELEMENTS(benches); i++) {
        if (strcmp(argv[1], benches[i].name) == 0) {
            benches[i].run();
            return 0;
        }
    }
    fail("usage: %s startup|memory|scheme-small|js|messages|find|scroll|lifetime [--quick] [--pages N]"
         " [--article FILE]",
        argv[0]);
}
