/* `mpchar apps`'s MPI-free core (docs/apps.md): the kernels' result line
 * (the contract of kernels/harness.h), apps.csv (its columns, one table
 * that the writer, the reader, `mpchar apps --resume` and the report
 * read), and the prediction of a kernel's communication time from its
 * profiled calls and a model.json. */
#ifndef MPCHAR_APPS_H
#define MPCHAR_APPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpchar/compare.h"
#include "mpchar/error.h"
#include "mpchar/model.h"
#include "mpchar/results.h"
#include "mpchar/builtin_modes.h"
#include "profile.h"

#define APPS_NAME_MAX 64

/* The built-in runtime in seed 003's SR mode (eager + write requests +
 * rendezvous): a library of its own in apps.csv, so that every table and
 * figure compares it with NSR (the runtime's default, "builtin") like any
 * library; `mpchar apps` runs it and the report pairs the two. */
#define APPS_BUILTIN_SR MPCHAR_BUILTIN_SR

/* ---- the result line (apps_result.c) --------------------------------- */

/* One repetition of a kernel, as rank 0 of mpchar-kernels-<library>
 * prints it:
 * kernel=NAME suite=SUITE class=C p=P rep=R t_total_s=.. t_comm_s=..
 * probe_us=.. arrays_bytes=.. verified=yes|no value=.. reference=..
 * probe_us is the state probe taken before the repetition (a 0-byte
 * ping-pong's median one-way time, kernels/harness_state.h); empty, NAN
 * here, at p = 1. */
typedef struct apps_result {
    char kernel[APPS_NAME_MAX], suite[APPS_NAME_MAX];
    char problem_class;
    long p, rep;
    double t_total_s, t_comm_s, probe_us;
    double arrays_bytes; /* the kernel's arrays on the rank with the most */
    bool verified;
    double value, reference;
} apps_result;

/* 0 and *r filled for a result line; 1 for a line that is not one (it
 * does not start with "kernel="); -1 for a result line with a field
 * missing or malformed (err names it). */
int apps_result_parse(const char *line, apps_result *r, mpchar_error *err);

/* ---- apps.csv (apps_csv.c) ------------------------------------------- */

/* One row: a kernel on one library at one p, the medians of its
 * repetitions; the profile and prediction columns are NAN (empty in the
 * file) when not measured. */
typedef struct apps_row {
    char library[APPS_NAME_MAX], kernel[APPS_NAME_MAX], suite[APPS_NAME_MAX];
    char problem_class;
    long p, reps;
    double t_total_s, t_comm_s, t_total_min_s;
    /* the fastest repetition's communication: the least disturbed by
     * other work on the machine (docs/apps.md) */
    double t_comm_min_s;
    bool verified, oversubscribed;
    /* --profile, per repetition: the longest time in MPI of a rank, all
     * ranks' calls and bytes, all ranks' overlap bounds */
    double t_mpi_s, calls, bytes, overlap_min_s, overlap_max_s;
    /* --profile, per repetition, when the ranks' communication calls
     * match one to one (profile_wait.c): the most a rank waited in them
     * for the last rank to enter the same call, and the most a rank spent
     * in them after that (what a model of ranks arriving together
     * predicts) */
    double t_comm_wait_s, t_comm_sync_s;
    /* --model: predicted communication time of the rank with the most,
     * per repetition, and the calls no model covered */
    double t_comm_pred_s, unmodelled_calls;
    /* --cold-model: the same from a model of cold buffers (`mpchar run
     * --cache cold`) */
    double t_comm_pred_cold_s;
    /* the kernel's arrays on the rank with the most (the result line's
     * arrays_bytes, the largest of the repetitions) */
    double arrays_bytes;
    /* the machine's state (apps_state.c): the median of the repetitions'
     * probes (apps_result's probe_us; NAN at p = 1), and with --model the
     * model's 0-byte ping-pong time of the library (NAN without one) */
    double probe_us, model_probe_us;
} apps_row;

/* A row with every measured column NAN. */
void apps_row_init(apps_row *row);
/* The header line, and a row as one line (with its newline). */
int apps_csv_header(char *buf, size_t len);
int apps_row_format(const apps_row *row, char *buf, size_t len,
                    mpchar_error *err);
/* Reads path's rows; a missing file is no rows when missing_ok.  Fails
 * naming the file, line and field at fault.  A file without some of the
 * measured columns (written by an earlier mpchar) reads with them NAN,
 * and *current_p (when not NULL) false: rows appended to it would not
 * line up with its columns. */
int apps_csv_read(const char *path, bool missing_ok, apps_row **rows_p,
                  size_t *count_p, bool *current_p, mpchar_error *err);
/* The row of (library, kernel, class, p) among rows, or NULL. */
const apps_row *apps_rows_find(const apps_row *rows, size_t count,
                               const char *library, const char *kernel,
                               char problem_class, long p);

/* ---- the runtime against the others (apps_verdict.c) ----------------- */

typedef struct apps_builtin_verdict {
    const apps_row *other; /* the fastest library but the runtime's modes */
    double ratio;          /* the runtime's t_total_s over other's */
    double allowance;      /* the larger spread of the two rows; NAN when
                              a minimum is missing */
    mpchar_compare_verdict verdict;
    bool oversubscribed; /* either row ran more ranks than cores: its times
                            are not real, and verdict is not given */
} apps_builtin_verdict;

/* Judges rows[i] when it is the runtime's default mode ("builtin") and
 * another library ran the same kernel, class and p; false otherwise. */
bool apps_builtin_judge(const apps_row *rows, size_t count, size_t i,
                        apps_builtin_verdict *v);
/* "within noise", "slower", "faster", "no ratio", or "not judged:
 * oversubscribed". */
const char *apps_verdict_name(const apps_builtin_verdict *v);

/* ---- prediction (apps_predict.c) ------------------------------------- */

typedef struct apps_prediction {
    double t_comm_s;           /* the rank with the most */
    uint64_t unmodelled_calls; /* all ranks' */
    char unmodelled[256];      /* their calls, "MPI_Alltoall, MPI_Put"; a
                                  list too long ends in "..." */
} apps_prediction;

/* What the model says of one profiled (call, size) of a profile. */
typedef enum apps_call_kind {
    APPS_CALL_NOT_KERNEL, /* not communication (profile_call_is_comm), or
                             outside the kernel's brackets */
    APPS_CALL_AT_SENDER,  /* a receive or completion: its message is
                             predicted at its sender */
    APPS_CALL_PREDICTED,  /* t_s */
    APPS_CALL_UNMODELLED, /* communication the model cannot predict */
} apps_call_kind;

typedef struct apps_call_prediction {
    apps_call_kind kind;
    const char *pattern; /* the primitive (PREDICTED; UNMODELLED when the
                            table names one the model lacks) */
    double n_bytes;      /* its n, and p */
    long p;
    double t_s; /* one call's predicted time; NAN unless PREDICTED */
    /* a message from the rank to itself (profile_size's self): a local
     * copy, predicted as pingpong's transfer term alone, n x tb(2), with
     * no start-up (docs/apps.md, "Messages to oneself") */
    bool self;
} apps_call_prediction;

/* Whether the profile's calls carry the kernels' bracket region
 * (mpchar/kernel_region.h): then only the calls inside the brackets of
 * the repetitions after the first (of the only one, if one) are the
 * kernel's communication, the others the harness's or the warm-up's. */
bool apps_profile_bracketed(const profile *prof);
/* How many repetitions the calls apps_predict and apps_comm_split count
 * cover, of a launch of reps: reps - 1 in a bracketed profile of several
 * (the first is the warm-up), else reps. */
long apps_profile_reps(const profile *prof, long reps);

/* Where a prediction reads each primitive's time (exactly one is set):
 * - model: a model.json fitted to a `mpchar run` (--model, --cold-model),
 *   its entries of the library asked;
 * - points: what `mpchar apps --measure-model` measured right after the
 *   kernel's launch, one library at the very (pattern, n, p) the kernel's
 *   calls need (apps_needed_points); a point's time is its minimum, the
 *   statistic a model is fitted to by default, and a message to oneself
 *   pingpong's t(n) - t(0), the transfer without the start-up. */
typedef struct apps_source {
    const mpchar_model *model;
    const mpchar_measurements *points;
} apps_source;

/* One call's primitive, n and p, and its time from src; src NULL gives the
 * primitive, n and p only (kind UNMODELLED where it would be predicted). */
void apps_predict_size(const profile *prof, const profile_size *s,
                       bool bracketed, const apps_source *src,
                       const char *library, apps_call_prediction *out);

/* Sum over the profiled calls of each rank (call, size n, the profile's p)
 * of the primitive time src gives for library; the largest rank sum.
 * A communication call (profile_call_is_comm) whose primitive src lacks
 * is counted as unmodelled; the others (set-up) are not counted;
 * in a bracketed profile only the calls inside the brackets count. */
int apps_predict(const profile *prof, const apps_source *src,
                 const char *library, apps_prediction *out, mpchar_error *err);

/* The time src gives library's pattern at n_bytes and p, in
 * microseconds (transfer_only: without the start-up); false when src has
 * none. */
bool apps_source_time(const apps_source *src, const char *library,
                      const char *pattern, double n_bytes, long p,
                      bool transfer_only, double *t_us);

/* A primitive at one size and process count. */
typedef struct apps_point {
    const char *pattern; /* src/common/patterns.c's name (static) */
    double n_bytes;
    long p;
} apps_point;

/* The points the kernel's prediction reads, each once: every predicted
 * call's (apps_predict_size), pingpong at each message to oneself, and
 * pingpong at n = 0 and p = 2, the state probe (apps_state.c).  *points_p
 * is malloc'd. */
int apps_needed_points(const profile *prof, apps_point **points_p,
                       size_t *count_p, mpchar_error *err);

/* The kernel's communication calls (those apps_predict sums), measured:
 * the most a rank waited in them for the last rank to enter the same
 * call, and the most a rank spent in them besides (profile_wait.c), in
 * seconds of the whole profile; false and NAN when the ranks' calls did
 * not match one to one. */
bool apps_comm_split(const profile *prof, double *wait_s, double *sync_s);

/* ---- the machine's state (apps_state.c) ----------------------------- */

/* A model predicts for the machine in the state it was measured in: on a
 * VM whose cores move between speed levels (docs/timing.md, "Level
 * changes") the same primitive takes 2-4x longer at the slow level.  The
 * kernels' harness probes the state before every repetition (a 0-byte
 * ping-pong, kernels/harness_state.h); the model's own 0-byte ping-pong is
 * its state.  They differ when one is more than APPS_STATE_FACTOR times
 * the other: well above the spread of one level's probes, well below the
 * gap between the levels (docs/apps.md, "The machine's state"). */
#define APPS_STATE_FACTOR 1.5

/* Measured points' fit-set point of pattern at n and p, as
 * apps_source_time reads it; NULL for a model or when there is none. */
const mpchar_measurement *apps_source_point(const apps_source *src,
                                            const char *pattern, double n_bytes,
                                            long p);

/* The source's 0-byte ping-pong one-way time of library (pingpong at
 * n = 0, p = 2: a model's best family, or the point's median, the
 * statistic of the kernels' own probe: batches' means, their median), in
 * microseconds; NAN when it has none. */
double apps_model_probe_us(const apps_source *src, const char *library);
/* How many times the larger of row's probe and its model's is the
 * smaller; NAN unless both are known. */
double apps_state_gap(const apps_row *row);
/* Whether the row's kernels ran in another state than its model was
 * measured in (false when either is unknown). */
bool apps_state_differs(const apps_row *row);
/* One clause saying so, for `mpchar apps`'s warning and the report's
 * note alike: "a 0-byte ping-pong took .. us with the kernels and .. us in
 * the model (..x apart)". */
void apps_state_describe(const apps_row *row, char *buf, size_t len);

#endif
