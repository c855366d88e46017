/* The profiler's internal interface: what the generated wrappers
 * (gen_wrappers.py) call around each intercepted MPI call.  The path of
 * an event is: the wrapper reads the clock and stores one event into the
 * per-rank buffer (prof_record.c) -- no lock, no system call except when
 * the buffer is full.  prof_msgs.c turns requests into
 * message ids, prof_start.c starts and stops the recording. */
#ifndef MPCHAR_PROF_H
#define MPCHAR_PROF_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#else
#include <time.h>
#endif

#include "mpchar/prof_format.h"

/* Everything below is the library's own: hidden, so that a wrapper
 * reaches the state and the helpers directly, not through the GOT and
 * the PLT (an exported symbol may be interposed, so every use of it
 * would be indirect); only the MPI_ and mpi_ wrappers are exported. */
#pragma GCC visibility push(hidden)

#if defined(__x86_64__) || defined(__i386__)
/* The time-stamp counter: about 10 ns a read on the development VM,
 * where clock_gettime takes twice as long (docs/profile.md, Overhead);
 * converted to ns with the rate measured against CLOCK_MONOTONIC. */
static inline uint64_t prof_ticks(void)
{
    return __rdtsc();
}
#else
static inline uint64_t prof_ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

/* The recording state of this process (one rank). */
typedef struct prof_state {
    uint64_t *next, *end;       /* free words of the buffer */
    mpchar_prof_header *header; /* the header, written at each flush */
    int fd;                     /* the event file; -1 when not recording */
    uint64_t tick0;             /* the header's tick_start */
} prof_state;

extern prof_state prof;
extern int prof_depth; /* nonzero inside a wrapper: nested calls pass */
extern const char *const prof_call_names[];
extern const unsigned prof_n_calls;

/* prof_record.c */
int prof_next_chunk(void); /* 0: room made; -1: not recording */
void prof_flush(void);     /* buffer to file; async-signal-safe */

/* Stores one event of n_args argument words (prof_format.h). */
static inline void prof_store(uint64_t first, unsigned n_args, uint64_t a0,
                              uint64_t a1)
{
    if (__builtin_expect(prof.end - prof.next < 3, 0) && prof_next_chunk() != 0)
        return;
    uint64_t *w = prof.next;
    /* (inlined into a wrapper, n_args is a constant: only the event's
     * own words are stored, with no test) */
    w[0] = first;
    if (n_args > 0)
        w[1] = a0;
    if (n_args > 1)
        w[2] = a1;
    /* a signal handler that flushes sees whole events only */
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    prof.next = w + 1 + n_args;
}
static inline uint64_t prof_first(uint32_t kind, uint32_t call)
{
    return mpchar_prof_word(prof_ticks() - prof.tick0, kind, call);
}
static inline void prof_emit(uint32_t kind, uint32_t call, uint64_t id,
                             uint64_t bytes, uint64_t flag)
{
    uint64_t first = prof_first(kind, call) | flag;
    prof_store(first, mpchar_prof_arg_words(first), id, bytes);
}
static inline void prof_enter(uint32_t call)
{
    prof_store(prof_first(MPCHAR_PROF_CALL_ENTER, call), 0, 0, 0);
}
static inline void prof_exit(uint32_t call, uint64_t bytes)
{
    uint64_t first = prof_first(MPCHAR_PROF_CALL_EXIT, call);
    if (bytes)
        prof_store(first | MPCHAR_PROF_HAS_BYTES, 1, bytes, 0);
    else
        prof_store(first, 0, 0, 0);
}
int prof_file_open(const char *dir, int rank);
void prof_file_close(void);

/* prof_msgs.c */
/* bytes of count items of type; of counts[i] (i below n: the
 * communicator's size, or for a neighbourhood collective its out-degree)
 * of type, or of types[i] (_f: Fortran handles; _vc, _wc: the
 * large-count forms' MPI_Count arrays) */
uint64_t prof_bytes(MPI_Count count, MPI_Datatype type);
uint64_t prof_bytes_v(const int *counts, MPI_Datatype type, int n);
uint64_t prof_bytes_vc(const MPI_Count *counts, MPI_Datatype type, int n);
uint64_t prof_bytes_w(const int *counts, const MPI_Datatype *types, int n);
uint64_t prof_bytes_wc(const MPI_Count *counts, const MPI_Datatype *types,
                       int n);
uint64_t prof_bytes_w_f(const int *counts, const MPI_Fint *types, int n);
int prof_comm_size(MPI_Comm comm);
int prof_out_degree(MPI_Comm comm);
/* The handle's bits: an int in MPICH and the runtime, a pointer in Open
 * MPI. */
static inline uint64_t prof_req_key(MPI_Request req)
{
    uint64_t key = 0;
    memcpy(&key, &req, sizeof req < sizeof key ? sizeof req : sizeof key);
    return key;
}
/* Whether peer (a destination or source rank of comm) is the caller
 * itself: a message to oneself, a local copy (MPCHAR_PROF_SELF).  One
 * MPI_Comm_rank, in the call's timed span; MPI_PROC_NULL and
 * MPI_ANY_SOURCE are not self. */
int prof_is_self(int peer, MPI_Comm comm);
/* self: prof_is_self of the message's peer (0 when unknown) */
void prof_msg_blocking(uint32_t kind, uint64_t bytes, int self);
/* kind: SEND_POST, RECV_POST or COLL_POST */
void prof_msg_post(uint32_t kind, uint64_t bytes, uint64_t key, int self);
void prof_msg_done(uint64_t key);
/* persistent requests: created, started (a message posted); any request
 * freed (MPI_Request_free: a persistent one, or a message's, forgotten) */
void prof_persist_init(uint32_t kind, uint64_t bytes, uint64_t key);
void prof_persist_start(uint64_t key);
void prof_request_free(uint64_t key);
/* the requests given to an array completion, pushed before the call;
 * after it, those that completed: all (if all_done), the one at index or
 * those at indices (base: 0 in C, 1 in Fortran; MPI_UNDEFINED: none) */
void prof_pending_push(uint64_t key);
void prof_pending_done_if(int all_done);
void prof_pending_done_index(int index, int base);
void prof_pending_done_indices(int outcount, const int *indices, int base);

/* prof_start.c */
void prof_check_thread(int required);
void prof_start(void);
void prof_stop(void);
void prof_region(int level);
/* dlsym(RTLD_NEXT, name) into *fn (a function pointer of fn_bytes). */
void prof_resolve(const char *name, void *fn, size_t fn_bytes);

#pragma GCC visibility pop

#endif
