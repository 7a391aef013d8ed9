// Two parts of one piece of work at once: part 1 on a thread of its own, part 0 on the caller's,
// joined before returning (a picture's rows in two halves). Without a thread, both in turn.
#include "CImageCodecs.h"

#include <pthread.h>

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
    pthread_t thread;
    if (pthread_create(&thread, NULL, second_part, &parts) != 0) {
        work(context, 0);
        work(context, 1);
        return;
    }
    work(context, 0);
    pthread_join(thread, NULL);
}
