#include "CResumeOnMain.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

// The runtime's job and its hook types (include/swift/Runtime/Concurrency.h): functions
// of the Swift calling convention.
typedef struct SwiftJob SwiftJob;
typedef void (__attribute__((swiftcall)) *EnqueueGlobalOriginal)(SwiftJob *job);
typedef void (__attribute__((swiftcall)) *EnqueueGlobalHook)(SwiftJob *job, EnqueueGlobalOriginal original);

extern EnqueueGlobalHook swift_task_enqueueGlobal_hook;
extern void __attribute__((swiftcall)) swift_task_enqueueMainExecutor(SwiftJob *job);

enum { IDLE, ARMED };

static _Thread_local int state = IDLE;
static EnqueueGlobalHook previous;
static atomic_bool installed;
static atomic_ulong sent;

static void __attribute__((swiftcall)) enqueue_global(SwiftJob *job, EnqueueGlobalOriginal original)
{
    if (state == ARMED) {
        state = IDLE;  // one task a window
        atomic_fetch_add_explicit(&sent, 1, memory_order_relaxed);
        swift_task_enqueueMainExecutor(job);
    } else if (previous) {
        previous(job, original);
    } else {
        original(job);
    }
}

void cwk_resume_on_main_install(void)
{
    if (atomic_exchange(&installed, true))
        return;
    previous = swift_task_enqueueGlobal_hook;
    // Other threads read the hook without a barrier: `previous` must be in place first.
    atomic_thread_fence(memory_order_release);
    swift_task_enqueueGlobal_hook = enqueue_global;
}

void cwk_resume_on_main_begin(void)
{
    state = ARMED;
}

void cwk_resume_on_main_end(void)
{
    state = IDLE;
}

unsigned long cwk_resume_on_main_count(void)
{
    return atomic_load_explicit(&sent, memory_order_relaxed);
}

// The thread that loads the program runs its constructors, then main.
static pthread_t main_thread;

__attribute__((constructor)) static void remember_main_thread(void)
{
    main_thread = pthread_self();
}

bool cwk_is_main_thread(void)
{
    return pthread_equal(pthread_self(), main_thread) != 0;
}
