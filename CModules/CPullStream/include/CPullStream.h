// CPullStream: a GInputStream whose bytes are pushed by its owner, one chunk per request.
//
// GIO has no input stream that waits for a producer, and writing a GObject subclass in
// Swift means re-creating GObject's class machinery by hand, so this one type is in C.
// It keeps Swift in charge through two callbacks of its owner:
//
// - need_data is called when a reader waits and nothing is buffered. The owner answers
//   later, with exactly one of cwk_pull_stream_push(), _finish() or _fail().
// - abandoned is called once if the reader goes away before the end: its read was
//   cancelled, or the stream was closed or finalized early.
//
// Nothing is read ahead: the next chunk is asked for only when the reader wants more,
// which is the whole of the back-pressure. All calls happen on the thread of the main
// context, as WebKit's reads do.
#ifndef CPULLSTREAM_H
#define CPULLSTREAM_H

#include <gio/gio.h>

G_BEGIN_DECLS

#define CWK_TYPE_PULL_STREAM (cwk_pull_stream_get_type())
G_DECLARE_FINAL_TYPE(CwkPullStream, cwk_pull_stream, CWK, PULL_STREAM, GInputStream)

/// A new stream with nothing buffered (transfer full).
GInputStream *cwk_pull_stream_new(void);

/// What a stream asks of its owner; each callback gets the data given with it.
typedef struct {
    void (*need_data)(gpointer data);
    void (*abandoned)(gpointer data);
} CwkPullStreamOwner;

/// Sets the owner's callbacks and their data, or with NULL clears them. `destroy`, if
/// not NULL, is called on `data` once it is replaced, cleared, or the stream is finalized.
void cwk_pull_stream_set_owner(CwkPullStream *stream, const CwkPullStreamOwner *owner, gpointer data,
    GDestroyNotify destroy);

/// Adds a chunk (the stream takes a reference) and answers a waiting read.
void cwk_pull_stream_push(CwkPullStream *stream, GBytes *chunk);

/// Ends the stream: once the buffer is drained, reads return 0.
void cwk_pull_stream_finish(CwkPullStream *stream);

/// Fails the stream: the waiting read, or the next one, returns this error (taken over).
void cwk_pull_stream_fail(CwkPullStream *stream, GError *error);

/// Bytes handed to readers so far.
guint64 cwk_pull_stream_get_bytes_read(CwkPullStream *stream);

G_END_DECLS

#endif
