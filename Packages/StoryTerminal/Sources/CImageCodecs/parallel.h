// The second thread of a picture's work (private to CImageCodecs): a job handed to the one
// helper thread when it is free, else to a thread of its own; see parallel_shim.c.
#ifndef CIMG_PARALLEL_H
#define CIMG_PARALLEL_H

#include <pthread.h>
#include <stdatomic.h>

struct cimg_job {
    void *(*work)(void *);
    void *argument;
    atomic_int done;
    int own_thread;  // 1: on a thread of its own (`thread`), joined by pthread_join
    pthread_t thread;
};

// Starts `work(argument)` on another thread: the helper when it is free, else a new thread, else
// (no thread could be made) at once on this one. Always joined with cimg_job_join.
void cimg_job_start(struct cimg_job *job, void *(*work)(void *), void *argument);

// Returns when the job has finished.
void cimg_job_join(struct cimg_job *job);

#endif
