/* SPDX-License-Identifier: MIT
 * threads.c - see hb_threads.h.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include "hb_threads.h"

#define HB_MAX_THREADS 1024

int hb_cpus(int *cpus, int max)
{
#ifdef CPU_SETSIZE
    cpu_set_t set;
    int i, n = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    for (i = 0; i < CPU_SETSIZE && n < max; i++)
        if (CPU_ISSET(i, &set)) cpus[n++] = i;
    return n;
#else
    (void)cpus;
    (void)max;
    return 0;
#endif
}

int hb_pin(int cpu)
{
#ifdef CPU_SETSIZE
    static int all[HB_MAX_THREADS];
    static int nall = -1;
    cpu_set_t set;
    int i;
    if (nall < 0) nall = hb_cpus(all, HB_MAX_THREADS); /* before the first pin narrows it */
    CPU_ZERO(&set);
    if (cpu >= 0) CPU_SET(cpu, &set);
    else
        for (i = 0; i < nall; i++) CPU_SET(all[i], &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
#else
    (void)cpu;
    return 0;
#endif
}

struct hb_barrier {
    pthread_barrier_t b;
};

hb_barrier *hb_barrier_new(unsigned n)
{
    hb_barrier *b = malloc(sizeof *b);
    if (b && pthread_barrier_init(&b->b, NULL, n) != 0) {
        free(b);
        return NULL;
    }
    return b;
}

void hb_barrier_wait(hb_barrier *b)
{
    pthread_barrier_wait(&b->b);
}

void hb_barrier_free(hb_barrier *b)
{
    pthread_barrier_destroy(&b->b);
    free(b);
}

typedef struct {
    void (*body)(void *ctx, unsigned index);
    void *ctx;
    unsigned index;
} job;

static void *start(void *arg)
{
    job *j = arg;
    j->body(j->ctx, j->index);
    return NULL;
}

int hb_threads_run(unsigned n, void (*body)(void *ctx, unsigned index), void *ctx)
{
    pthread_t *tids;
    job *jobs;
    unsigned i, started;
    if (n == 0 || n > HB_MAX_THREADS) return 0;
    tids = malloc(sizeof *tids * n);
    jobs = malloc(sizeof *jobs * n);
    if (!tids || !jobs) {
        free(tids);
        free(jobs);
        return 0;
    }
    for (i = 0; i < n; i++) {
        jobs[i].body = body;
        jobs[i].ctx = ctx;
        jobs[i].index = i;
    }
    for (started = 1; started < n; started++)
        if (pthread_create(&tids[started], NULL, start, &jobs[started]) != 0) break;
    if (started < n) return 0; /* those started wait at the body's barrier: the caller exits */
    body(ctx, 0);
    for (i = 1; i < n; i++) pthread_join(tids[i], NULL);
    free(tids);
    free(jobs);
    return 1;
}
