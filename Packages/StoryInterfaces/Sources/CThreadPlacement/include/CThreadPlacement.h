#ifndef STORIES_THREAD_PLACEMENT_H
#define STORIES_THREAD_PLACEMENT_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Creates a thread running `work(argument)` that begins on a CPU other than the caller's when
/// the process may use another (see thread_placement.c), and may run on any of them once it
/// has begun; detached when `detached` is nonzero, else joinable (`*thread`). Made without the
/// placement when the system refuses it. 0, or pthread_create's error.
int stories_thread_create(pthread_t *thread, int detached, void *(*work)(void *), void *argument);

#ifdef __cplusplus
}
#endif

#endif
