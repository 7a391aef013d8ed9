// Where a new thread starts. On this project's two-core virtual machines about half the threads
// a busy thread made were queued on its own CPU, not the idle one, and began 1-2 ms later, when
// the maker blocked or the balancer moved them (a `perf probe` of each thread's first
// instruction, by CPU, issue 31's tenth session); the other core idled meanwhile. A thread made
// here starts on a CPU other than its maker's, and may run anywhere once it has started.
#define _GNU_SOURCE
#include "CThreadPlacement.h"

#include <sched.h>
#include <stdlib.h>

static cpu_set_t allowed_cpus;  // the CPUs the process may use, read once
static int allowed_known;
static pthread_once_t allowed_once = PTHREAD_ONCE_INIT;

static void read_allowed(void) {
#ifdef __linux__
    allowed_known = sched_getaffinity(0, sizeof allowed_cpus, &allowed_cpus) == 0;
#endif
}

// Whether `attributes` now start the thread on a CPU other than the caller's.
static int place_beside_caller(pthread_attr_t *attributes) {
#ifdef __linux__
    pthread_once(&allowed_once, read_allowed);
    if (!allowed_known || CPU_COUNT(&allowed_cpus) < 2) return 0;
    int here = sched_getcpu();
    if (here < 0 || !CPU_ISSET(here, &allowed_cpus)) return 0;
    cpu_set_t others = allowed_cpus;
    CPU_CLR(here, &others);
    return pthread_attr_setaffinity_np(attributes, sizeof others, &others) == 0;
#else
    (void)attributes;
    return 0;
#endif
}

struct start {
    void *(*work)(void *);
    void *argument;
};

static void *started(void *argument) {
    struct start start = *(struct start *)argument;
    free(argument);
#ifdef __linux__
    if (allowed_known) sched_setaffinity(0, sizeof allowed_cpus, &allowed_cpus);  // free to move
#endif
    return start.work(start.argument);
}

int stories_thread_create(pthread_t *thread, int detached, void *(*work)(void *), void *argument) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return -1;
    start->work = work;
    start->argument = argument;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    if (detached) pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int placed = place_beside_caller(&attributes);
    int error = pthread_create(thread, &attributes, started, start);
    pthread_attr_destroy(&attributes);
    if (error != 0 && placed) {
        // The CPUs named may no longer be the process's (its affinity narrowed since): unplaced.
        pthread_attr_init(&attributes);
        if (detached) pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        error = pthread_create(thread, &attributes, started, start);
        pthread_attr_destroy(&attributes);
    }
    if (error != 0) free(start);
    return error;
}
