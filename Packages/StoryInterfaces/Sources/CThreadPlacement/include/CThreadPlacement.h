#ifndef STORIES_THREAD_PLACEMENT_H
#define STORIES_THREAD_PLACEMENT_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Sets `attributes` so that the thread they start begins on a CPU other than the caller's,
/// when the process may use another (see thread_placement.c); the thread then calls
/// stories_thread_unplace first thing. Nothing on one CPU or where affinity is not supported.
void stories_thread_place_beside_caller(pthread_attr_t *attributes);

/// Lets the calling thread run on every CPU the process may use again.
void stories_thread_unplace(void);

/// Starts `work(argument)` on a new detached thread placed beside the caller (the placement
/// undone once it runs); 0, or pthread_create's error.
int stories_thread_start_beside(void *(*work)(void *), void *argument);

#ifdef __cplusplus
}
#endif

#endif
