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

void stories_thread_place_beside_caller(pthread_attr_t *attributes) {
#ifdef __linux__
    pthread_once(&allowed_once, read_allowed);
    if (!allowed_known || CPU_COUNT(&allowed_cpus) < 2) return;
    int here = sched_getcpu();
    if (here < 0 || !CPU_ISSET(here, &allowed_cpus)) return;
    cpu_set_t others = allowed_cpus;
    CPU_CLR(here, &others);
    pthread_attr_setaffinity_np(attributes, sizeof others, &others);
#else
    (void)attributes;
#endif
}

void stories_thread_unplace(void) {
#ifdef __linux__
    if (allowed_known) sched_setaffinity(0, sizeof allowed_cpus, &allowed_cpus);
#endif
}

struct start {
    void *(*work)(void *);
    void *argument;
};

static void *started(void *argument) {
    struct start start = *(struct start *)argument;
    free(argument);
    stories_thread_unplace();
    return start.work(start.argument);
}

int stories_thread_start_beside(void *(*work)(void *), void *argument) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return -1;
    start->work = work;
    start->argument = argument;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    stories_thread_place_beside_caller(&attributes);
    pthread_t thread;
    int error = pthread_create(&thread, &attributes, started, start);
    pthread_attr_destroy(&attributes);
    if (error != 0) free(start);
    return error;
}
