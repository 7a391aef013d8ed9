// The second thread of a picture's work: the two halves of a split decode, of a resample, of a
// sixel picture's dither and bands.
//
// A thread made for each half started late on this two-core virtual machine: 1.3-2.2 ms between
// pthread_create and the thread's first instruction whenever the other core had gone idle (a
// `perf probe` timeline of `render --graphics sixel`: three of its four hand-offs were late, in
// a render of ~20 ms). So the halves go to one helper thread that lives as long as the process
// and, after each job, waits a little (HELPER_SPIN_NS) by spinning before it sleeps: the passes of
// one picture come within a millisecond or two of each other, and a core that keeps running
// takes the next one at once. When the helper is busy (two pictures at once, from two threads),
// a job gets a thread of its own, as before; with one core online the helper never spins.
// Later (issue 31's tenth session) the late starts were found to be placement: about half the
// new threads were queued on their caller's busy CPU, not the idle one. A thread made here now
// starts on a CPU other than its caller's and may move anywhere once it runs (StoryInterfaces'
// CThreadPlacement).
#include "CImageCodecs.h"
#include "parallel.h"

#include <CThreadPlacement.h>

#include <stdint.h>
#include <time.h>
#include <unistd.h>

#define HELPER_SPIN_NS 1500000L  // 1.5 ms

static pthread_mutex_t helper_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t helper_wake = PTHREAD_COND_INITIALIZER;  // the helper, sleeping, for a job
static pthread_cond_t helper_done = PTHREAD_COND_INITIALIZER;  // a joiner, sleeping, for its job
static struct cimg_job *_Atomic helper_next;                    // the job handed to the helper
static atomic_int helper_free;   // 1: the helper takes the next job (claimed by compare-exchange)
static int helper_started;       // under helper_lock
static int helper_sleeping;      // under helper_lock
static long helper_spin_ns = -1;  // set once, under helper_lock: 0 with one core online

static long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1000000000L + now.tv_nsec;
}

static inline void pause_briefly(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

// Spins while `ready()` is false, up to the helper's spin time; whether it became true.
static int spin_until(int (*ready)(void *), void *argument) {
    if (helper_spin_ns <= 0) return ready(argument);
    long deadline = now_ns() + helper_spin_ns;
    for (;;) {
        for (int i = 0; i < 64; i++) {
            if (ready(argument)) return 1;
            pause_briefly();
        }
        if (now_ns() >= deadline) return ready(argument);
    }
}

static int job_waiting(void *unused) {
    (void)unused;
    return atomic_load_explicit(&helper_next, memory_order_acquire) != NULL;
}

static int job_done(void *job) {
    return atomic_load_explicit(&((struct cimg_job *)job)->done, memory_order_acquire);
}

static void *helper_main(void *unused) {
    (void)unused;
    for (;;) {
        struct cimg_job *job;
        if (!spin_until(job_waiting, NULL)) {
            pthread_mutex_lock(&helper_lock);
            while (!job_waiting(NULL)) {
                helper_sleeping = 1;
                pthread_cond_wait(&helper_wake, &helper_lock);
            }
            helper_sleeping = 0;
            pthread_mutex_unlock(&helper_lock);
        }
        job = atomic_exchange_explicit(&helper_next, NULL, memory_order_acq_rel);
        job->work(job->argument);
        atomic_store_explicit(&job->done, 1, memory_order_release);  // the job may be gone after this
        pthread_mutex_lock(&helper_lock);
        pthread_cond_broadcast(&helper_done);
        pthread_mutex_unlock(&helper_lock);
        atomic_store_explicit(&helper_free, 1, memory_order_release);
    }
    return NULL;
}

// Whether the helper runs (started here the first time).
static int helper_running(void) {
    pthread_mutex_lock(&helper_lock);
    if (helper_spin_ns < 0) helper_spin_ns = sysconf(_SC_NPROCESSORS_ONLN) > 1 ? HELPER_SPIN_NS : 0;
    if (!helper_started) {
        pthread_t thread;
        if (stories_thread_create(&thread, 1, helper_main, NULL) == 0) {
            helper_started = 1;
            atomic_store_explicit(&helper_free, 1, memory_order_release);
        } else {
            helper_started = -1;  // not again
        }
    }
    int running = helper_started == 1;
    pthread_mutex_unlock(&helper_lock);
    return running;
}

// Hands `job` to the helper if it is free; whether it did.
static int hand_to_helper(struct cimg_job *job) {
    int expected = 1;
    if (!helper_running() || !atomic_compare_exchange_strong(&helper_free, &expected, 0)) return 0;
    atomic_store_explicit(&helper_next, job, memory_order_release);
    pthread_mutex_lock(&helper_lock);
    if (helper_sleeping) pthread_cond_signal(&helper_wake);
    pthread_mutex_unlock(&helper_lock);
    return 1;
}

void cimg_job_start(struct cimg_job *job, void *(*work)(void *), void *argument) {
    job->work = work;
    job->argument = argument;
    job->own_thread = 0;
    atomic_store_explicit(&job->done, 0, memory_order_relaxed);
    if (hand_to_helper(job)) return;
    if (stories_thread_create(&job->thread, 0, work, argument) == 0) {
        job->own_thread = 1;
        return;
    }
    work(argument);
    atomic_store_explicit(&job->done, 1, memory_order_release);
}

void cimg_job_join(struct cimg_job *job) {
    if (job->own_thread) {
        pthread_join(job->thread, NULL);
        return;
    }
    if (spin_until(job_done, job)) return;
    pthread_mutex_lock(&helper_lock);
    while (!job_done(job)) pthread_cond_wait(&helper_done, &helper_lock);
    pthread_mutex_unlock(&helper_lock);
}

struct two_parts {
    cimg_part_work work;
    void *context;
};

static void *second_part(void *argument) {
    struct two_parts *parts = argument;
    parts->work(parts->context, 1);
    return NULL;
}

void cimg_two_parts(cimg_part_work work, void *context) {
    struct two_parts parts = {work, context};
    struct cimg_job job;
    cimg_job_start(&job, second_part, &parts);
    work(context, 0);
    cimg_job_join(&job);
}
