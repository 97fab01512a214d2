// CResumeOnMain: sends a task that a GLib callback resumes on the main thread straight to
// the main actor, instead of through a worker thread of the global executor.
//
// A continuation resumed anywhere queues its task on the global executor; a task whose code
// is isolated to the main actor then hops from that worker thread to the main queue. For
// a callback that already runs on the main thread, for a task known to wait on the main
// actor, that is one thread wake-up and two queue operations too many. While a resumption
// is armed with cwk_resume_on_main_begin(), the one task the resumption queues on the
// global executor from this thread goes to the main executor instead, through the Swift
// runtime's own hook for global enqueues (swift_task_enqueueGlobal_hook, which event loops
// such as JavaScriptKit's also use). Every other enqueue, and every other thread, is left
// to the hook that was there before, or to the runtime.
//
// It also tells whether a callback runs on the main thread, for Swift code that enters the
// main actor from C.
#ifndef CRESUMEONMAIN_H
#define CRESUMEONMAIN_H

#include <stdbool.h>

/// Installs the hook, once; later calls do nothing. Call it before the first armed
/// resumption.
void cwk_resume_on_main_install(void);

/// Arms the next global enqueue made on this thread to go to the main executor.
void cwk_resume_on_main_begin(void);

/// Disarms.
void cwk_resume_on_main_end(void);

/// How many tasks were sent to the main executor so far, for tests.
unsigned long cwk_resume_on_main_count(void);

/// Whether the calling thread is the one that started the program, remembered before main
/// runs, as the Swift runtime remembers it. A comparison of two thread handles, where
/// Foundation's Thread.isMainThread makes two system calls on Linux (gettid and getpid).
bool cwk_is_main_thread(void);

#endif
