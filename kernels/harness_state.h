/*
 * kernels/harness_state.h: the harness's side of kernels/harness.c, used by
 * kernels/main.c only: resetting and reading the communication time the
 * kernels bracket, and setting the fault MPCHAR_KERNEL_FAULT asks for.
 * Kernels see only kernels/harness.h.
 */
#ifndef MPCHAR_KERNELS_HARNESS_STATE_H
#define MPCHAR_KERNELS_HARNESS_STATE_H

#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>

/* At most this many characters of user text (an argument, an environment
 * value) are quoted in an error message, so that the message always fits
 * its buffer whole: the sentence and the hint after the quote survive. */
#define HARNESS_QUOTE_MAX 64

/* Starts a new repetition: no communication time, no open bracket; its
 * brackets are profiled as a warm-up when warmup (the first of several
 * repetitions, mpchar/kernel_region.h). */
void harness_comm_reset(bool warmup);

/* Seconds spent inside kernel_comm_begin/end since the last reset. */
double harness_comm_seconds(void);

/* Reads MPCHAR_KERNEL_FAULT's value (NULL: unset, no fault).  Returns 0,
 * or -1 with one sentence in msg when the text is not a finite number. */
int harness_fault_parse(const char *text, char *msg, size_t msg_len);

/* The library's eager path warmed before the first repetition: every
 * rank sends HARNESS_WARMUP_BURST messages of HARNESS_WARMUP_BYTES to
 * every other rank at once, receives the peer's, then exchanges
 * HARNESS_WARMUP_MESSAGES more with it in step (PMPI_ calls, so that a
 * profiler does not see them).  A library whose shared-memory transport
 * touches its receive buffers lazily (MPICH 4.0's UCX: a 64-entry FIFO
 * of 8256-byte descriptors, each page of which faults at its first write
 * and read) otherwise pays those faults inside the first ~64 eager
 * messages of each pair, which at --reps 5 are the measured repetitions
 * of IS and SOR (docs/apps.md, "IS's Allreduce and SOR's Sendrecv on
 * MPICH").  One
 * warm-up repetition cannot do it: IS and SOR send 20 such messages per
 * repetition.  The messages fill a descriptor (8000 B) so that all its
 * pages are touched: 1 KiB messages left 18 faults per rank in SOR's
 * first 60 Sendrecv of 1600 B (the descriptors' second pages).  The
 * burst is for a transport that reuses the start of its queue while the
 * receiver keeps up (the built-in runtime's ring lap, 12 KiB of its 128):
 * exchanges in step never reach the rest, which a kernel's back-to-back
 * messages then touch by chance (1 or 15-16 faults per rank in
 * tests/kernels/warmup_faults.c).  It comes first: after it MPICH's
 * lockstep leaves 6 faults, where lockstep then burst left 25-34. */
#define HARNESS_WARMUP_MESSAGES 256
#define HARNESS_WARMUP_BYTES 8000
#define HARNESS_WARMUP_BURST 64
void harness_library_warmup(MPI_Comm comm);

/* The machine's speed level before a repetition (docs/apps.md, "The
 * machine's state"): the median over HARNESS_PROBE_BATCHES batches of the
 * mean one-way time of HARNESS_PROBE_TRIPS 0-byte round trips between
 * ranks 0 and 1 (PMPI, unseen by a profiler), in microseconds on rank 0;
 * NAN on the other ranks and at p = 1.  Batches, because a round trip can
 * take less than MPI_Wtime's tick (0.1 us with Open MPI 4.1).  `mpchar
 * apps --model` compares it with the model's 0-byte ping-pong: on a VM
 * whose cores move between levels a model measured at one level predicts
 * nothing at the other. */
#define HARNESS_PROBE_BATCHES 9
#define HARNESS_PROBE_TRIPS 32
double harness_state_probe(MPI_Comm comm);

/* The bytes of every buffer kernel_alloc has handed out and keeps: the
 * arrays the kernel works on, the most it can walk between two calls
 * (`mpchar run --cache-sweep` models that; docs/kernels.md). */
size_t harness_buffers_bytes(void);

/* Frees every buffer kernel_alloc handed out (at the end of the job). */
void harness_buffers_release(void);

#endif
