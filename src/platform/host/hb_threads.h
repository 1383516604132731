/* SPDX-License-Identifier: MIT
 * hb_threads.h - what the engine's --threads mode needs of the system: the
 * CPUs it may use, pinning the calling thread to one, a team of threads
 * running one body, and a barrier that starts them together (POSIX
 * threads; pinning where the system has sched_setaffinity).
 */
#ifndef HB_THREADS_H
#define HB_THREADS_H

/* The CPUs this process may run on, in order (at most `max`); 0 where
 * unknown. */
int hb_cpus(int *cpus, int max);

/* Pins the calling thread to `cpu` (-1: back to every CPU of hb_cpus);
 * 0 where the system cannot. */
int hb_pin(int cpu);

typedef struct hb_barrier hb_barrier;
hb_barrier *hb_barrier_new(unsigned n); /* NULL: out of memory */
void hb_barrier_wait(hb_barrier *b);
void hb_barrier_free(hb_barrier *b);

/* Runs body(ctx, i) for i = 0..n-1: 0 on the calling thread, the others
 * on new threads; returns 1 when all have.  0 when a thread could not
 * start: body(ctx, 0) did not run, and the caller must end the process
 * (the threads that did start may be waiting for the others). */
int hb_threads_run(unsigned n, void (*body)(void *ctx, unsigned index), void *ctx);

#endif
