#include "CPullStream.h"

#include <string.h>

struct _CwkPullStream {
    GInputStream parent_instance;

    GQueue chunks;          // GBytes*, oldest first
    gsize offset;           // bytes of the head chunk already read
    gboolean finished;      // the owner said there is no more
    GError *error;          // the owner's failure, not yet reported
    gboolean requested;     // "need-data" was emitted and not yet answered
    gboolean abandoned;     // "abandoned" was emitted
    guint64 bytes_read;

    GTask *pending;         // the read waiting for data
    void *pending_buffer;
    gsize pending_count;
    gulong cancelled_id;

    CwkPullStreamOwner owner;
    gpointer owner_data;
    GDestroyNotify owner_destroy;
};

G_DEFINE_FINAL_TYPE(CwkPullStream, cwk_pull_stream, G_TYPE_INPUT_STREAM)

// Calls the owner's `callback`, if it set one.
static void tell_owner(CwkPullStream *self, void (*callback)(gpointer))
{
    if (callback)
        callback(self->owner_data);
}

static void abandon(CwkPullStream *self)
{
    if (self->abandoned || (self->finished && g_queue_is_empty(&self->chunks)) || self->error)
        return;
    self->abandoned = TRUE;
    tell_owner(self, self->owner.abandoned);
}

// Copies buffered bytes into `buffer`; returns how many (0 when nothing is buffered).
static gsize drain(CwkPullStream *self, void *buffer, gsize count)
{
    gsize copied = 0;
    while (copied < count && !g_queue_is_empty(&self->chunks)) {
        GBytes *head = g_queue_peek_head(&self->chunks);
        gsize size = 0;
        const guint8 *data = g_bytes_get_data(head, &size);
        gsize take = MIN(count - copied, size - self->offset);
        memcpy((guint8 *)buffer + copied, data + self->offset, take);
        copied += take;
        self->offset += take;
        if (self->offset == size) {
            g_bytes_unref(g_queue_pop_head(&self->chunks));
            self->offset = 0;
        }
    }
    self->bytes_read += copied;
    return copied;
}

static void detach_pending(CwkPullStream *self, GTask **task)
{
    *task = self->pending;
    self->pending = NULL;
    if (self->cancelled_id) {
        g_cancellable_disconnect(g_task_get_cancellable(*task), self->cancelled_id);
        self->cancelled_id = 0;
    }
}

// Answers the waiting read if the buffer, the end or an error lets it.
static void try_complete(CwkPullStream *self)
{
    if (!self->pending)
        return;
    GTask *task;
    if (!g_queue_is_empty(&self->chunks)) {
        gsize copied = drain(self, self->pending_buffer, self->pending_count);
        detach_pending(self, &task);
        g_task_return_int(task, (gssize)copied);
    } else if (self->error) {
        GError *error = self->error;
        self->error = NULL;
        self->finished = TRUE;
        detach_pending(self, &task);
        g_task_return_error(task, error);
    } else if (self->finished) {
        detach_pending(self, &task);
        g_task_return_int(task, 0);
    } else {
        return;
    }
    g_object_unref(task);
}

// The read whose cancellable fired; it is failed later only if it is still the one pending.
typedef struct {
    CwkPullStream *stream;
    GTask *task;
} CancelledRead;

static void cancelled_read_free(gpointer data)
{
    CancelledRead *cancelled = data;
    g_object_unref(cancelled->stream);
    g_object_unref(cancelled->task);
    g_free(cancelled);
}

static gboolean complete_cancelled(gpointer data)
{
    CancelledRead *cancelled = data;
    CwkPullStream *self = cancelled->stream;
    if (self->pending == cancelled->task) {
        GTask *task;
        detach_pending(self, &task);
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The read was cancelled");
        g_object_unref(task);
        abandon(self);
    }
    return G_SOURCE_REMOVE;
}

static void read_cancelled(GCancellable *cancellable, gpointer data)
{
    // Called from g_cancellable_cancel(), possibly inside another GIO call: finish in an
    // idle, and only if data has not answered this read (and a new one begun) meanwhile.
    (void)cancellable;
    CwkPullStream *self = data;
    if (!self->pending)
        return;
    CancelledRead *cancelled = g_new0(CancelledRead, 1);
    cancelled->stream = g_object_ref(self);
    cancelled->task = g_object_ref(self->pending);
    g_idle_add_full(G_PRIORITY_DEFAULT, complete_cancelled, cancelled, cancelled_read_free);
}

static void cwk_pull_stream_read_async(GInputStream *stream, void *buffer, gsize count, int priority,
    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
    CwkPullStream *self = CWK_PULL_STREAM(stream);
    GTask *task = g_task_new(stream, cancellable, callback, user_data);
    g_task_set_priority(task, priority);
    g_task_set_source_tag(task, cwk_pull_stream_read_async);

    if (g_cancellable_is_cancelled(cancellable) || count == 0) {
        if (count == 0)
            g_task_return_int(task, 0);
        else
            g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The read was cancelled");
        g_object_unref(task);
        return;
    }
    if (self->pending) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_PENDING, "A read is already pending");
        g_object_unref(task);
        return;
    }
    self->pending = task;
    self->pending_buffer = buffer;
    self->pending_count = count;
    // Most reads find their data already buffered: only one left waiting needs to hear
    // of a cancellation.
    try_complete(self);
    if (self->pending && cancellable)
        self->cancelled_id = g_cancellable_connect(cancellable, G_CALLBACK(read_cancelled), self, NULL);
    if (self->pending && !self->requested) {
        self->requested = TRUE;
        tell_owner(self, self->owner.need_data);
    }
}

static gssize cwk_pull_stream_read_finish(GInputStream *stream, GAsyncResult *result, GError **error)
{
    g_return_val_if_fail(g_task_is_valid(result, stream), -1);
    return g_task_propagate_int(G_TASK(result), error);
}

static gssize cwk_pull_stream_read(GInputStream *stream, void *buffer, gsize count, GCancellable *cancellable,
    GError **error)
{
    // A blocking read could only wait for the main loop that produces the data.
    CwkPullStream *self = CWK_PULL_STREAM(stream);
    (void)cancellable;
    if (!g_queue_is_empty(&self->chunks))
        return (gssize)drain(self, buffer, count);
    if (self->finished)
        return 0;
    g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK, "This stream can only be read asynchronously");
    return -1;
}

static gboolean cwk_pull_stream_close(GInputStream *stream, GCancellable *cancellable, GError **error)
{
    (void)cancellable;
    (void)error;
    abandon(CWK_PULL_STREAM(stream));
    return TRUE;
}

// Closing needs no I/O, so it is done on the caller's thread (GIO's default would run
// close_fn in a worker thread, and "abandoned" must be emitted where the owner lives).
static void cwk_pull_stream_close_async(GInputStream *stream, int priority, GCancellable *cancellable,
    GAsyncReadyCallback callback, gpointer user_data)
{
    GTask *task = g_task_new(stream, cancellable, callback, user_data);
    g_task_set_priority(task, priority);
    abandon(CWK_PULL_STREAM(stream));
    g_task_return_boolean(task, TRUE);
    g_object_unref(task);
}

static gboolean cwk_pull_stream_close_finish(GInputStream *stream, GAsyncResult *result, GError **error)
{
    g_return_val_if_fail(g_task_is_valid(result, stream), FALSE);
    return g_task_propagate_boolean(G_TASK(result), error);
}

static void cwk_pull_stream_dispose(GObject *object)
{
    abandon(CWK_PULL_STREAM(object));
    G_OBJECT_CLASS(cwk_pull_stream_parent_class)->dispose(object);
}

static void cwk_pull_stream_finalize(GObject *object)
{
    CwkPullStream *self = CWK_PULL_STREAM(object);
    g_queue_clear_full(&self->chunks, (GDestroyNotify)g_bytes_unref);
    g_clear_error(&self->error);
    cwk_pull_stream_set_owner(self, NULL, NULL, NULL);
    G_OBJECT_CLASS(cwk_pull_stream_parent_class)->finalize(object);
}

static void cwk_pull_stream_class_init(CwkPullStreamClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GInputStreamClass *stream_class = G_INPUT_STREAM_CLASS(klass);
    object_class->dispose = cwk_pull_stream_dispose;
    object_class->finalize = cwk_pull_stream_finalize;
    stream_class->read_fn = cwk_pull_stream_read;
    stream_class->read_async = cwk_pull_stream_read_async;
    stream_class->read_finish = cwk_pull_stream_read_finish;
    stream_class->close_fn = cwk_pull_stream_close;
    stream_class->close_async = cwk_pull_stream_close_async;
    stream_class->close_finish = cwk_pull_stream_close_finish;
}

static void cwk_pull_stream_init(CwkPullStream *self)
{
    g_queue_init(&self->chunks);
}

GInputStream *cwk_pull_stream_new(void)
{
    return g_object_new(CWK_TYPE_PULL_STREAM, NULL);
}

void cwk_pull_stream_set_owner(CwkPullStream *self, const CwkPullStreamOwner *owner, gpointer data,
    GDestroyNotify destroy)
{
    g_return_if_fail(CWK_IS_PULL_STREAM(self));
    gpointer old_data = self->owner_data;
    GDestroyNotify old_destroy = self->owner_destroy;
    self->owner = owner ? *owner : (CwkPullStreamOwner) { 0 };
    self->owner_data = data;
    self->owner_destroy = destroy;
    // Last, so that a destroy notify that calls back into the stream finds it consistent.
    if (old_destroy)
        old_destroy(old_data);
}

void cwk_pull_stream_push(CwkPullStream *self, GBytes *chunk)
{
    g_return_if_fail(CWK_IS_PULL_STREAM(self));
    self->requested = FALSE;
    if (g_bytes_get_size(chunk) > 0)
        g_queue_push_tail(&self->chunks, g_bytes_ref(chunk));
    try_complete(self);
    if (self->pending && !self->requested) {
        // An empty chunk: ask again.
        self->requested = TRUE;
        tell_owner(self, self->owner.need_data);
    }
}

void cwk_pull_stream_finish(CwkPullStream *self)
{
    g_return_if_fail(CWK_IS_PULL_STREAM(self));
    self->requested = FALSE;
    self->finished = TRUE;
    try_complete(self);
}

void cwk_pull_stream_fail(CwkPullStream *self, GError *error)
{
    g_return_if_fail(CWK_IS_PULL_STREAM(self));
    self->requested = FALSE;
    g_clear_error(&self->error);
    self->error = error;
    try_complete(self);
}

guint64 cwk_pull_stream_get_bytes_read(CwkPullStream *self)
{
    return self->bytes_read;
}
