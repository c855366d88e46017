/* The analysis side of `mpchar profile` (MPI-free): reads the profiler's
 * per-rank event files (include/mpchar/prof_format.h), bounds each
 * message's overlapped transfer time by seed 004's rules, aggregates per
 * rank, size bin, region and call with seed 003's characteristics, and
 * writes, reads back and prints DIR/profile.json. */
#ifndef MPCHAR_PROFILE_H
#define MPCHAR_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "mpchar/error.h"
#include "mpchar/prof_format.h"

/* ---- seed 004's bounds (profile_bounds.c) ---------------------------- */

/* Which of seed 004's cases a message falls in: its transfer seen to begin
 * and end within one MPI call; spanning computation; or only one end seen
 * (the completion never observed). */
typedef enum profile_case {
    PROFILE_CASE_SAME_CALL = 1,
    PROFILE_CASE_SPANNING = 2,
    PROFILE_CASE_ONE_END = 3,
} profile_case;

typedef struct profile_bounds {
    double min_us, max_us;
} profile_bounds;

profile_bounds profile_bound(profile_case c, double xfer_us, double compute_us,
                             double call_us);

/* ---- transfer times --------------------------------------------------- */

/* One-way transfer time of a message by size: points (bytes ascending)
 * joined by straight lines, the last one extended; from the profiler's
 * start-up calibration (two points) or a model.json's ping-pong (its
 * predictions at every power of 2, so protocol switches show). */
#define PROFILE_XFER_POINTS 40
typedef struct profile_xfer {
    size_t n;
    double bytes[PROFILE_XFER_POINTS], us[PROFILE_XFER_POINTS];
    char source[256]; /* how it was obtained, for the output */
} profile_xfer;

double profile_xfer_us(const profile_xfer *x, uint64_t bytes);
/* Fills x from model.json's ping-pong of library; fails naming the file
 * when it holds no such entry (e.g. a model of another library). */
int profile_xfer_from_model(profile_xfer *x, const char *path,
                            const char *library, mpchar_error *err);

/* ---- the aggregates --------------------------------------------------- */

typedef struct profile_cell {
    uint64_t calls, messages, bytes;
    uint64_t measured_messages; /* overlap measured from XFER events */
    /* completion never seen (seed 004's case 3); nonblocking collectives
     * count too */
    uint64_t unfinished_messages;
    uint64_t sent_messages, sent_bytes, recv_messages, recv_bytes;
    double call_us, compute_us, transfer_us, overlap_min_us, overlap_max_us;
} profile_cell;

/* The cell's columns, the one list that the JSON writer and reader and
 * the printers read: name (with its unit), and where it lives. */
typedef struct profile_column {
    const char *name;
    size_t offset;
    bool is_count; /* uint64_t; else double */
} profile_column;
extern const profile_column profile_columns[];
extern const size_t profile_n_columns;
double profile_cell_get(const profile_cell *c, size_t column);
void profile_cell_add(profile_cell *sum, const profile_cell *c);

#define PROFILE_MAX_BINS 32
#define PROFILE_MAX_REGIONS 64

typedef struct profile_bins {
    uint64_t upper_bytes[PROFILE_MAX_BINS]; /* bin i: (upper[i-1], upper[i]] */
    size_t n;                               /* the last bin is open above */
} profile_bins;

/* Seed 004's ranges: up to 1 KiB, 10 KiB, 100 KiB, 1 MiB, and more. */
void profile_bins_default(profile_bins *b);
int profile_bins_parse(const char *text, profile_bins *b, mpchar_error *err);
size_t profile_bin_of(const profile_bins *b, uint64_t bytes);
void profile_bin_label(const profile_bins *b, size_t i, char *out, size_t len);

/* How many calls of one MPI call moved one size: a collective's bytes
 * (count x datatype, as the wrapper records them), a point-to-point
 * call's message (the send's, else the receive's), 0 for the others.
 * `mpchar apps --model` predicts communication time from these. */
typedef struct profile_size {
    uint32_t call;   /* index into call_names */
    uint32_t region; /* the Pcontrol level it was called in */
    uint64_t bytes, calls;
    /* its message went from the rank to itself (the post's
     * MPCHAR_PROF_SELF): a local copy, kept apart from the same call and
     * size to another rank */
    bool self;
    /* their time, and the part of it waiting for the last rank to enter
     * the same call (profile_wait.c; 0 unless the profile's
     * waits_aligned) */
    double call_us, wait_us;
} profile_size;

/* A communication call of a rank: its entry and exit (ticks of the
 * machine's clock), call and bytes as profile_size counts them. */
typedef struct profile_span {
    uint64_t enter, exit, bytes;
    uint32_t call, region;
    bool self; /* as profile_size's */
} profile_span;

typedef struct profile_rank {
    int rank;
    bool finalized; /* false: killed or aborted before MPI_Finalize */
    double elapsed_s;
    profile_cell total;
    profile_cell bins[PROFILE_MAX_BINS + 1];
    profile_cell regions[PROFILE_MAX_REGIONS]; /* by Pcontrol level */
    profile_cell *calls;                       /* by call, n_calls */
    uint64_t lost_messages;
    profile_size *sizes; /* analysed from events only (profile_sizes.c) */
    size_t n_sizes, cap_sizes;
    /* its communication calls in order, from the events, until
     * profile_waits has used them */
    profile_span *spans;
    size_t n_spans, cap_spans;
    double us_per_tick;
    /* time in communication calls, and the part of it spent waiting for
     * the last rank to enter the same call (profile_wait.c); NAN unless
     * the profile's waits_aligned */
    double comm_us, comm_wait_us;
} profile_rank;

/* A copy one process made for another's message (XFER_BEGIN/XFER_END of
 * the built-in runtime), in ticks of the machine-wide clock. */
typedef struct profile_copy {
    int copier, peer; /* MPI_COMM_WORLD ranks; the message is the peer's */
    uint64_t bytes, begin, end;
    bool used; /* matched to a message */
} profile_copy;

typedef struct profile {
    char path[1024]; /* the profile.json it was read from, if any */
    char library[MPCHAR_PROF_LIBRARY_BYTES];
    char mpi_version[MPCHAR_PROF_VERSION_BYTES];
    int size; /* MPI_COMM_WORLD's */
    profile_bins bins;
    profile_xfer xfer;
    size_t n_calls;
    char (*call_names)[MPCHAR_PROF_CALL_NAME_BYTES];
    char *region_names[PROFILE_MAX_REGIONS]; /* NULL: by number */
    size_t n_ranks;
    profile_rank *ranks;
    profile_rank total;   /* every rank summed; elapsed: the longest */
    profile_copy *copies; /* sorted by peer, then begin */
    size_t n_copies;
    /* the ranks' communication calls matched one to one (profile_wait.c);
     * else why not */
    bool waits_aligned;
    char waits_note[160];
} profile;

/* Seed 003's characteristics of a rank (or of the total) over its run:
 * the one list of rates the JSON writer and the printers read. */
typedef struct profile_rate {
    const char *name;
    double (*get)(const profile_rank *r);
} profile_rate;
extern const profile_rate profile_rates[];
extern const size_t profile_n_rates;

/* ---- calls by size (profile_sizes.c) --------------------------------- */

/* Whether the call ("MPI_Send" or "Send") moves or completes messages:
 * the profiler's table lists it (src/prof/calls.def) in a role other than
 * start, stop, regions, Request_free and MPI-IO, or it is the large-count
 * "_c" form of such a call.  The profiler also times every
 * other call of the library's mpi.h (set-up: Comm_, Type_ ...); those are
 * MPI time, not communication a model could predict. */
bool profile_call_is_comm(const char *name);
/* Counts one call of `call` that moved `bytes` in Pcontrol level region
 * and took call_us on rank r. */
int profile_sizes_add(profile_rank *r, uint32_t call, uint64_t bytes,
                      uint32_t region, bool self, double call_us,
                      mpchar_error *err);
/* Rank r's entry of (call, bytes, region, self), or NULL. */
profile_size *profile_sizes_find(profile_rank *r, uint32_t call, uint64_t bytes,
                                 uint32_t region, bool self);
/* The rank's sizes as profile.json's "call_sizes" array. */
json_t *profile_sizes_json(const profile *p, const profile_rank *r);

/* ---- reading the event files (profile_read.c) ------------------------ */

typedef struct profile_events {
    mpchar_prof_header header;
    mpchar_prof_event *events;
    size_t n;
} profile_events;

/* Reads one rank file; a file cut short (a killed rank) yields the events
 * it holds.  Fails naming the file and the field at fault. */
int profile_events_read(const char *path, profile_events *out,
                        mpchar_error *err);
void profile_events_free(profile_events *ev);

/* ---- waiting for the last rank (profile_wait.c) ---------------------- */

/* Splits each rank's time in communication calls (comm_us) into the wait
 * for the last rank to enter the same call (comm_wait_us, and each size's
 * wait_us) and the rest, matching the k-th communication call (span) of
 * every rank, then frees the spans.  When the ranks' sequences differ
 * (their lengths, or a collective facing another call) sets waits_aligned
 * false and waits_note, leaving the times NAN. */
void profile_waits(profile *p);

/* ---- analysis (profile_analyze.c) ------------------------------------ */

/* Adds the copies of one rank's events to p->copies; profile_sort_copies
 * orders them once all ranks' are in. */
int profile_add_copies(profile *p, const profile_events *ev, mpchar_error *err);
void profile_sort_copies(profile *p);
/* Adds one rank's events to p (whose bins, xfer and copies are set; the
 * first rank sets the call names and library).  A message that spans
 * calls and was moved by a copy of another process has its overlap
 * measured: the computation during the copy; others get seed 004's
 * bounds. */
int profile_add_rank(profile *p, const profile_events *ev, mpchar_error *err);
/* Reads every DIR/rank-*.events into p; the xfer is the calibration of
 * rank 0's file unless xfer_given. */
int profile_analyze_dir(const char *dir, profile *p, bool xfer_given,
                        mpchar_error *err);
/* Removes DIR/rank-*.events (kept only with `mpchar profile --events`). */
void profile_remove_events(const char *dir);
/* MPCHAR_PROF_REGIONS-style "name1,name2,...": names of levels 1, 2, ... */
int profile_set_region_names(profile *p, const char *list, mpchar_error *err);
void profile_free(profile *p);

/* ---- profile.json (profile_json.c) ----------------------------------- */

int profile_write_json(const profile *p, const char *path, mpchar_error *err);
int profile_read_json(const char *path, profile *p, mpchar_error *err);

/* ---- printing (profile_print.c) -------------------------------------- */

typedef enum profile_format {
    PROFILE_TEXT,
    PROFILE_MARKDOWN,
    PROFILE_CSV,
    PROFILE_JSON,
} profile_format;
extern const char *const profile_format_names[]; /* NULL-terminated */

int profile_print(FILE *out, const profile *p, profile_format f,
                  const char *json_path, mpchar_error *err);

#endif
