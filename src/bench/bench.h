/* Internal interface of mpchar-bench, the MPI benchmark program.
 *
 * The program is built from separate parts (as ReproMPI's is): options,
 * a registry of pattern descriptions (one file per family), a plan that
 * enumerates the points to measure, process synchronization, the timed
 * repetition loop, buffer checking, and output.  Only the operation itself
 * runs inside the timed region.  It links MPI, libc and mpchar_common
 * (itself libc-only), so it builds against any MPI library. */
#ifndef MPCHAR_BENCH_H
#define MPCHAR_BENCH_H

#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mpchar/cache_state.h"
#include "mpchar/error.h"
#include "mpchar/grow.h"
#include "mpchar/measure_defaults.h"
#include "mpchar/patterns.h"
#include "mpchar/results.h"
#include "mpchar/sizes.h"

/* ---- options --------------------------------------------------------- */

typedef enum bench_progress {
    PROGRESS_HUMAN,
    PROGRESS_MACHINE,
    PROGRESS_NONE
} bench_progress;

/* How repetitions of patterns that need all ranks to start together are
 * started: at a common time on rank 0's clock, or by leaving a barrier. */
typedef enum bench_sync { SYNC_WINDOW, SYNC_BARRIER } bench_sync;
/* Their names, as --sync and library-<name>.json give them; NULL-ended. */
extern const char *const bench_sync_names[];

typedef struct bench_options {
    char library[MPCHAR_NAME_MAX];
    char placement[MPCHAR_NAME_MAX]; /* the rows' placement column */
    char patterns[512];              /* comma list or "all" */
    long *p_list;                    /* NULL: the size of MPI_COMM_WORLD */
    size_t p_count;
    mpchar_grid_kind grid;
    uint64_t *size_list; /* for MPCHAR_GRID_LIST */
    size_t size_count;
    uint64_t max_size;
    uint64_t validation_seed;
    long validation_count;
    char ops[64];       /* comma list of bench_ops names */
    char datatypes[64]; /* comma list of mpchar_datatypes' names */
    double time_per_point_ms;
    long min_reps, max_reps, warmup_reps;
    long window; /* messages per repetition of stream/bistream */
    bool rotate_root;
    bench_sync sync;
    mpchar_cache cache;         /* cache.c */
    uint64_t cache_sweep_bytes; /* 0: bench_cold_sweep_bytes() */
    bool check;
    bool raw;
    bool plan_only;              /* print the points and exit, no MPI_Init */
    bool list_only;              /* list the patterns and exit */
    long rounds;                 /* passes over a series (sweep.c) */
    long settle_rounds;          /* stopping rule's window k; 0: off */
    double settle_tolerance_pct; /* its tolerance */
    long min_rounds;             /* its floor */
    long level_retries;          /* remeasures of a series whose level
                                    changed (level.c) */
    double level_wait_s;         /* most seconds a launch waits for its
                                    best level */
    long refine_points;          /* refinement sizes per series; 0: off */
    double refine_tolerance;     /* deviation from a chord worth a look */
    long cores_per_node;         /* 0: sysconf */
    bool force_oversubscribed;
    const char *out_dir; /* NULL: print rows to stdout only */
    bench_progress progress;
    const char *inject_hang; /* test hook, from MPCHAR_BENCH_INJECT_HANG */
    double inject_clock_offset_us; /* test hook, from
                                      MPCHAR_BENCH_INJECT_CLOCK_OFFSET_US */
    double inject_level_us;        /* test hook, from
                                    MPCHAR_BENCH_INJECT_LEVEL_US: added to
                                    the level probes of a series' first
                                    measurement (but its first round's
                                    first) and of the wait before it */
} bench_options;

/* Parses argv; at --help or --list prints the usage or the patterns and
 * sets *exit_p to 0. */
int bench_options_parse(int argc, char **argv, bench_options *opt, int *exit_p,
                        mpchar_error *err);
void bench_options_free(bench_options *opt);
void bench_options_usage(FILE *out);

/* ---- patterns -------------------------------------------------------- */

typedef struct bench_pattern bench_pattern;
typedef struct bench_point bench_point;

/* The reduction operations (reduce_ops.c): --ops names them. */
#define BENCH_OP_COUNT 3
#define BENCH_DEFAULT_OPS "sum,usersum,nop"
typedef struct bench_op_def {
    const char *name;
    MPI_User_function *fn; /* NULL: MPI_SUM */
    bool sums;             /* computes the sum, which --check verifies */
} bench_op_def;
extern const bench_op_def bench_ops[BENCH_OP_COUNT];
/* The index of an op's name, or -1. */
int bench_op_find(const char *name);
void bench_ops_create(MPI_Op ops[BENCH_OP_COUNT]);
void bench_ops_free(MPI_Op ops[BENCH_OP_COUNT]);

/* A process's phase times over the timed operations of a point (the
 * phases of mpchar/results.h; phases.c). */
typedef struct bench_phases {
    double sum_us[MPCHAR_PHASE_COUNT], min_us[MPCHAR_PHASE_COUNT];
    double count; /* operations */
} bench_phases;

void bench_phases_reset(bench_phases *ph);
void bench_phases_add(bench_phases *ph, const double us[MPCHAR_PHASE_COUNT]);
void bench_phases_merge(bench_phases *into, const bench_phases *from);
/* Merges every rank's *mine into all[rank] on rank 0 (all: comm's size
 * entries there, unused elsewhere); -1 out of memory.  Collective. */
int bench_phases_gather(const bench_phases *mine, bench_phases *all,
                        MPI_Comm comm);

/* The state of one point while it is measured. */
typedef struct bench_ctx {
    const bench_point *pt;
    MPI_Comm comm;
    int rank, size;
    int root;
    long batch;  /* operations per timed repetition */
    long window; /* stream/bistream messages per operation */
    long rep;    /* repetition number, for check patterns */
    int mode;    /* a pattern's variant, resolved at set-up */
    bool check;
    size_t count;     /* elements per process, pattern's convention */
    size_t msg_bytes; /* count elements of dtype, in bytes */
    unsigned char *sbuf, *rbuf;
    size_t sbuf_bytes, rbuf_bytes;
    MPI_Datatype dtype;
    MPI_Op op;
    MPI_Request *reqs;
    size_t nreqs;
    int *counts; /* reduce_scatter's receive counts */
    bool sums;   /* the op sums (results can be checked) */
    void *bsend_buf;
    int bsend_bytes;
    bench_phases phases; /* of the timed operations, where recorded */
    unsigned long compute_iterations; /* a pattern's computation */
} bench_ctx;

/* Whose clock gives a repetition's time: rank 0 alone (round trips that
 * start and end there) or the maximum over ranks (collectives). */
typedef enum bench_timing { TIME_ROOT, TIME_MAX_OVER_RANKS } bench_timing;

/* How a pattern is measured.  What it is (point-to-point or collective,
 * a reduction or not, ...) are its facts, found by its name in the pattern
 * facts table (mpchar/patterns.h). */
struct bench_pattern {
    const char *name; /* the name of its facts */
    const char *description;
    const char *const *variants; /* NULL-terminated; NULL means "-" */
    /* n is split among the p processes (the root's total, a gathered
     * vector) rather than one process's buffer; bench_pattern_bytes. */
    bool split;
    bool zero_bytes_only; /* barrier */
    bool even_p;          /* runs at even p only (processes in pairs) */
    /* Measured at a generated grid's 0 and powers of 4 only (a --sizes
     * list whole), without validation sizes or refinement: seed 002's
     * comparison tests, cheap enough for every run (--quick included) at
     * about a fifth of a full series. */
    bool coarse;
    /* Its run records each process's phases (bench_phases_add): its
     * points also write process_times.csv. */
    bool records_phases;
    /* Its messages take --datatypes (seed 002's byte, int and double
     * buffers): one series per datatype, n rounded to whole elements. */
    bool datatypes;
    bench_timing timing;
    bool barrier_before_rep;
    /* Left out of "all": the pattern spends most of its run time outside
     * the timed region, and measures overlap rather than transfer time
     * (recvfirst), or repeats other patterns' transfers with a different
     * posting order (postfirst). */
    bool opt_in;
    /* Most operations per timed repetition; 0: the loop's own limit.  A
     * pattern whose preparation grows with the batch keeps it at 1. */
    long max_batch;
    /* Bytes of buffers one process needs, for the memory check. */
    uint64_t (*memory_bytes)(uint64_t n, int p, long window);
    int (*setup)(bench_ctx *c);    /* allocate, attach */
    void (*prepare)(bench_ctx *c); /* untimed, before each rep */
    void (*run)(bench_ctx *c);     /* the timed operation(s) */
    int (*verify)(bench_ctx *c, char *why, size_t len); /* untimed */
    void (*teardown)(bench_ctx *c);
    /* One timed repetition's time is divided by batch * divisor: 2 for a
     * round trip (the seeds' one-way T), the window for streams. */
    double (*divisor)(const bench_ctx *c);
};

/* A registry entry: the name of its facts, a description for --list, then
 * designated initializers of the other fields. */
#define BENCH_PATTERN(id, what, ...)                 \
    {                                                \
        .name = id, .description = what, __VA_ARGS__ \
    }

/* The tags of the point-to-point families: messages measured, and the
 * 0-byte messages that order a repetition's steps. */
#define BENCH_TAG_DATA 1
#define BENCH_TAG_GO 2

/* Seed 003's receive-first start (p2p.c), shared by recvfirst and the
 * overlap pattern's irecv side: rank 0 posts MPI_Irecv of c->count bytes
 * from rank 1 into c->reqs[0] and tells rank 1 with a 0-byte message,
 * which rank 1 awaits (it sends the data afterwards, in run); with
 * c->check, rank 1 fills its buffer and rank 0 poisons its own first. */
void bench_post_receive_first(bench_ctx *c);

/* The computation placed between a post and its wait (compute.c): a
 * busy loop without MPI calls, clock reads or system calls, and the
 * iterations that take compute_us on this CPU now (calibrated at each
 * call: the CPU's speed may have changed). */
void bench_compute_spin(unsigned long iterations);
unsigned long bench_compute_iterations(double compute_us);

/* The families' entries, each ended by one without a name. */
extern const bench_pattern bench_p2p_patterns[];
extern const bench_pattern bench_collective_patterns[];
extern const bench_pattern bench_overlap_patterns[];
extern const bench_pattern bench_focal_patterns[];

/* The registry: every pattern of every family, validated once. */
size_t bench_registry_count(void);
const bench_pattern *bench_registry_get(size_t i);
const bench_pattern *bench_registry_find(const char *name);
/* A registered pattern's facts (the registry is validated at start-up, so
 * every one has them). */
const mpchar_pattern_facts *bench_pattern_facts(const bench_pattern *p);
/* Whether the model fits its times with a time model (mpchar/model.h):
 * not the overlap sweep, whose variants are computations (mpchar/overlap.h)
 * that the same sizes must share, so it has neither validation sizes nor
 * refinement. */
bool bench_pattern_time_modelled(const bench_pattern *p);
/* Whether its series get validation sizes and refinement: time-modelled
 * and not coarse. */
bool bench_pattern_full_series(const bench_pattern *p);

/* The actual bytes for requested n at p, and the elements per process
 * (*count_p): whole elements (doubles for reductions, else bytes), the
 * nearest to n (or to n/p when split), at least one when n > 0; 0 for a
 * zero-bytes-only pattern. */
uint64_t bench_pattern_bytes(const bench_pattern *pat, const char *datatype,
                             uint64_t n, int p, size_t *count_p);
/* The MPI datatype of a name of mpchar_datatypes (buffers.c), and whether
 * every one has the size the table says. */
MPI_Datatype bench_mpi_datatype(const char *name);
int bench_datatypes_check(mpchar_error *err);
/* Checks patterns[0..count) against a facts table: valid entries, unique
 * names, facts for every pattern and a pattern for every fact. */
int bench_registry_check(const bench_pattern *const *patterns, size_t count,
                         const mpchar_pattern_facts *facts, size_t nfacts,
                         mpchar_error *err);
/* Checks the facts table, then the registry against it. */
int bench_registry_validate(mpchar_error *err);

/* ---- refinement ------------------------------------------------------ */

#define BENCH_REFINE_MAX 64       /* most sizes refinement adds */
#define BENCH_REFINE_GRID_MAX 256 /* grid sizes it looks at */
#define BENCH_REFINE_DEFAULT_TOLERANCE 0.10
#define BENCH_REFINE_MIN_RATIO (1.0 + 1.0 / 32.0)
/* Most sizes added within one octave [2^k, 2^(k+1)): a switch is bracketed
 * to the minimum ratio in about 5, and noisy times that keep leaving their
 * chords in one place cannot spend the budget of the switches after it. */
#define BENCH_REFINE_OCTAVE_MAX 6

typedef struct bench_refine_params {
    long max_points;  /* sizes added per series, 0..BENCH_REFINE_MAX */
    double tolerance; /* relative distance from a chord that counts */
    double min_ratio; /* intervals with b/a at most this stay whole */
} bench_refine_params;

void bench_refine_params_default(bench_refine_params *rp);

/* A series' measured time at n bytes: false when not measured yet; a
 * failed point is measured with time NAN. */
typedef bool (*bench_lookup_fn)(void *ctx, uint64_t n_bytes, double *t_us_p);

typedef struct bench_refinement {
    uint64_t n_bytes[BENCH_REFINE_MAX]; /* added and measured, in order */
    size_t count;
    uint64_t next_requested; /* next size to measure; 0: finished */
    uint64_t next_n_bytes;   /* the same after the pattern's rounding */
} bench_refinement;

/* Replays the refinement of one series (refine.c) from its measured
 * fitting times, given the grid's sizes in ascending order; it looks only
 * at the grid's sizes measured so far (up to the first one that is not). */
void bench_refine_replay(const bench_refine_params *rp,
                         const bench_pattern *pat, const char *datatype, long p,
                         const uint64_t *grid, size_t ngrid,
                         bench_lookup_fn lookup, void *ctx,
                         bench_refinement *out);

/* ---- plan ------------------------------------------------------------ */

struct bench_point {
    const bench_pattern *pattern;
    mpchar_point_key key; /* library, names, p, actual n, set */
    uint64_t n_requested;
    size_t count;
    bool skip; /* already measured or failed (resume) */
};

/* A fitting point's measured time, which refinement decides from; a
 * later sample of a point (a failure recorded after its row) replaces an
 * earlier one. */
typedef struct bench_sample {
    mpchar_point_key key;
    double t_us; /* t_min; NAN when the point failed */
    bool oversubscribed;
} bench_sample;

typedef struct bench_plan {
    bench_point *points;
    size_t count;
    bench_sample *samples; /* fitting times measured so far (rank 0) */
    size_t nsamples, samples_cap;
} bench_plan;

/* Enumerates every point for the options: patterns x variants x ops x p x
 * (fit sizes, validation sizes), deduplicated after rounding n. */
int bench_plan_build(const bench_options *opt, long world_size,
                     bench_plan *plan, mpchar_error *err);
void bench_plan_free(bench_plan *plan);
/* Marks points already in DIR's measurements.csv or failed.csv and keeps
 * their fitting times (series.c); with repair (only while holding DIR's lock) it also truncates an incomplete
 * last line away. */
int bench_plan_mark_done(bench_plan *plan, const char *dir, bool repair,
                         mpchar_error *err);
/* ---- series (series.c): a plan's points of one pattern, variant, op
 * and p, contiguous in the plan ---------------------------------------- */

/* Index one past the last point of the series that starts at first. */
size_t bench_series_end(const bench_plan *plan, size_t first);
int bench_series_add_sample(bench_plan *plan, const mpchar_point_key *key,
                            double t_us, bool oversubscribed,
                            mpchar_error *err);
/* Whether every grid point of the series is measured (or failed): its
 * rows, written after its last round, are all there. */
bool bench_series_complete(const bench_plan *plan, size_t first, size_t end);
/* Whether the series' measured grid points were oversubscribed. */
bool bench_series_oversubscribed(const bench_plan *plan, size_t first);
/* Replays the series' refinement from its samples. */
void bench_series_refinement(const bench_plan *plan, size_t first, size_t end,
                             const bench_refine_params *rp,
                             bench_refinement *out);
typedef void (*bench_size_fn)(void *ctx, uint64_t n_bytes);
/* Calls fn for each fitting size of the series measured so far (samples)
 * that is not in its grid: those refinement added, in the order taken. */
void bench_series_each_added(const bench_plan *plan, size_t first, size_t end,
                             bench_size_fn fn, void *ctx);
/* The series' fitting point at a refinement size. */
void bench_series_point(const bench_plan *plan, size_t first,
                        uint64_t n_requested, bench_point *pt_p);

/* A series' samples at one moment, to go back to when the series is
 * measured again (sweep.c). */
typedef struct bench_series_samples {
    bench_sample *items;
    size_t count;
} bench_series_samples;
int bench_series_mark(const bench_plan *plan, size_t first,
                      bench_series_samples *out, mpchar_error *err);
/* Drops the series' samples taken since the mark (mark's items kept). */
void bench_series_rewind(bench_plan *plan, size_t first,
                         const bench_series_samples *mark);

/* Largest per-process buffer need of the plan, for the memory check. */
uint64_t bench_plan_memory_bytes(const bench_plan *plan, long window);

/* ---- synchronization and timing -------------------------------------- */

/* Whether this build runs on a simulated platform (SimGrid SMPI, built by
 * cmake/MpcharSmpi.cmake; docs/scale.md, "Timing under simulation"): every
 * rank reads one simulated clock, which moves only by the platform's
 * simulated transfers and by simulated sleeps, so clocks need no offset
 * estimate, a window is waited for by sleeping, the machine has no speed
 * levels to probe, and no rank shares a core with another. */
#ifdef MPCHAR_BENCH_SIMULATED
#define BENCH_SIMULATED true
#else
#define BENCH_SIMULATED false
#endif

/* Waits for every rank of comm without spinning on the CPU: ranks that
 * are not measuring must not perturb the ones that are. */
void bench_idle_barrier(MPI_Comm comm);

/* Whether ok holds on every rank of comm; collective. */
bool bench_all_agree(bool ok, MPI_Comm comm);

/* Smallest observable step of MPI_Wtime, in seconds. */
double bench_timer_resolution(void);

/* A rank's view of rank 0's clock (clock.c). */
typedef struct bench_clock {
    double offset_s;     /* this rank's clock minus rank 0's */
    double error_s;      /* bound on the offset's error */
    double inject_s;     /* test hook: added to every read */
    bool separate_nodes; /* test hook: every rank a node of its own */
    MPI_Comm node;       /* the ranks that share this rank's clock */
    MPI_Comm leaders;    /* one rank per node, rank 0 first; or null */
} bench_clock;

/* Offset zero; rank r's clock runs r times inject_offset_us ahead of
 * the true one (a test hook: clocks as on separate nodes). */
void bench_clock_init(bench_clock *clk, int rank, double inject_offset_us);
/* Learns which ranks of comm share a clock; collective over comm. */
void bench_clock_attach(bench_clock *clk, MPI_Comm comm);
void bench_clock_detach(bench_clock *clk);
/* Estimates the offset from rank 0 of the attached comm; collective. */
void bench_clock_sync(bench_clock *clk);
/* Seconds on rank 0's clock. */
double bench_clock_now(const bench_clock *clk);
/* Returns at start_s on rank 0's clock (now when that has passed);
 * whether it had passed, from the one read taken before waiting. */
bool bench_clock_wait_until(const bench_clock *clk, double start_s);

/* --cache cold's sweep (cache.c), and the most --cache-sweep takes. */
#define BENCH_SWEEP_MAX ((uint64_t)64 << 30)
typedef struct bench_cold {
    unsigned char *sweep;
    size_t sweep_bytes, line_bytes;
} bench_cold;

/* Twice the largest cache sysfs lists for CPU 0 (64 MiB when it lists
 * none): what a sweep reads to leave no buffer in any cache. */
size_t bench_cold_sweep_bytes(void);
int bench_cold_init(bench_cold *cold, size_t sweep_bytes, mpchar_error *err);
void bench_cold_free(bench_cold *cold);
/* Before a repetition: sweeps the caches, then writes c's send buffer. */
void bench_cold_prepare(const bench_cold *cold, bench_ctx *c);

typedef struct bench_loop_params {
    double budget_s;
    long min_reps, max_reps, warmup_reps;
    double timer_resolution_s;
    bench_sync sync; /* barrier wherever ranks share cores */
    bench_clock *clock;
    /* NULL: buffers warm.  Cold repetitions run one operation each, all
     * ranks starting together (a window or a barrier), so that the one
     * operation timed is the one that meets the cold buffers. */
    const bench_cold *cold;
} bench_loop_params;

typedef struct bench_loop_result {
    double *times_us; /* per repetition, on rank 0 */
    long reps;
    long late_reps; /* window repetitions dropped: a rank was late */
    bool failed;
    char why[256];
} bench_loop_result;

/* Operations per timed repetition for a pattern whose shortest warm-up
 * repetition of one operation took span_s (measure.c explains the rule). */
long bench_batch_size(const bench_pattern *pat, const bench_loop_params *lp,
                      double span_s);

/* Runs warm-up, calibrates the batch, then timed repetitions until both
 * min_reps and the time budget are met (at most max_reps).  Collective
 * over c->comm. */
int bench_measure(bench_ctx *c, const bench_loop_params *lp,
                  bench_loop_result *res, mpchar_error *err);

/* ---- stopping rule (settle.c) ---------------------------------------- */

#define BENCH_ROUNDS_MAX 100 /* most --rounds */

typedef struct bench_settle_params {
    long window_rounds; /* k: rounds over which the minimum must hold; 0:
                           no rule, every point takes every round */
    double tolerance;   /* relative: how far the minimum may fall in them */
    long min_rounds;    /* floor: no point settles before this many */
} bench_settle_params;

/* Whether the rule is on. */
bool bench_settle_on(const bench_settle_params *sp);
/* The fewest rounds after which a point may settle. */
long bench_settle_floor(const bench_settle_params *sp);
/* Whether a point whose minimum after each of its first `rounds` rounds
 * was min_us[0 .. rounds) has settled: at least the floor of rounds, and
 * the minimum now at most the tolerance below the one k rounds ago. */
bool bench_settled(const bench_settle_params *sp, const double *min_us,
                   long rounds);

/* ---- level (level.c) ------------------------------------------------- */

/* Rank 0's time of one 0-byte round trip with rank 1 of comm, the fastest
 * of a few, in microseconds; NAN on other ranks.  Ranks 0 and 1 only. */
double bench_level_probe(MPI_Comm comm);
/* One level probe of a series: its time, and the point whose round came
 * after it (the series' point count or more: after the last round). */
typedef struct bench_level_reading {
    double t_us;
    size_t point;
} bench_level_reading;
/* A series' fastest probe, the level of its slowest point (the fastest of
 * its rounds), and how many points ran only at a slower level. */
typedef struct bench_level_change {
    double fastest_us, slowest_point_us;
    size_t slow_points;
} bench_level_change;
/* Whether a series ran at one level: every one of its npoints points had
 * a round at a level less than twice the series' fastest probe (probes in
 * the order taken).  Fills *change (when not
 * NULL) either way. */
bool bench_level_steady(const bench_level_reading *probes, size_t count,
                        size_t npoints, bench_level_change *change);
/* Whether a level (a probe, or a series' fastest) is the best one a launch
 * has seen, within the same factor; true while none is known (best 0 or
 * NAN is not a level). */
bool bench_level_at_best(double fastest_us, double best_us);
/* Seconds a launch may still wait for its best level: it waits in all at
 * most cap_s, and at most as long as it has measured, so that waiting at
 * most doubles its time. */
double bench_level_wait_allowance(double cap_s, double measured_s,
                                  double waited_s);

/* ---- checking -------------------------------------------------------- */

/* Byte i of a buffer sent by `source` in repetition rep. */
static inline unsigned char bench_check_byte(size_t i, long source, long rep)
{
    return (unsigned char)(i * 31u + (unsigned long)source * 7u +
                           (unsigned long)rep * 13u + 5u);
}
void bench_check_fill(unsigned char *buf, size_t len, long source, long rep);
void bench_check_poison(unsigned char *buf, size_t len, long source, long rep);
/* 0 when buf holds source's bytes; else -1 with the first mismatch. */
int bench_check_bytes(const unsigned char *buf, size_t len, long source,
                      long rep, const char *what, char *why, size_t why_len);

/* ---- output ---------------------------------------------------------- */

typedef struct bench_output {
    const char *dir;
    int lock_fd;
    bench_progress progress;
    bool raw;
} bench_output;

int bench_output_open(bench_output *out, const bench_options *opt,
                      mpchar_error *err);
void bench_output_close(bench_output *out);
int bench_output_library_info(const bench_output *out, const bench_options *opt,
                              const bench_loop_params *lp, bool oversubscribed,
                              mpchar_error *err);
void bench_output_begin(const bench_output *out, const bench_point *pt,
                        size_t index, size_t total);
/* Every result is written and the run leaves with exit_code: said before
 * MPI_Finalize, so that a launch that hangs there loses nothing. */
void bench_output_end(const bench_output *out, int exit_code);
int bench_output_point(const bench_output *out, const bench_point *pt,
                       const bench_loop_result *res, bool oversubscribed,
                       mpchar_error *err);
int bench_output_failure(const bench_output *out, const bench_point *pt,
                         const char *reason, mpchar_error *err);
void bench_output_key(const mpchar_point_key *k, char *buf, size_t len);
/* One process_times.csv row per rank (phases[0, p)). */
int bench_output_phases(const bench_output *out, const bench_point *pt,
                        const bench_phases *phases, mpchar_error *err);

/* ---- the run (main.c) and its series (sweep.c) ----------------------- */

/* A test hook: rank 0 stops responding at this point, or in_finalize after
 * the last one. */
typedef struct bench_hang {
    char pattern[MPCHAR_NAME_MAX];
    uint64_t n_bytes;
    bool set;
    bool in_finalize;
} bench_hang;

/* Sleeps until killed: the hang the test hook asks for. */
void bench_hang_forever(void);

typedef struct bench_run {
    bench_options opt;
    bench_plan plan;
    bench_output out;
    bench_loop_params lp;
    bench_clock clock;
    bench_cold cold; /* --cache cold's sweep; unused when warm */
    bench_refine_params refine;
    bench_settle_params settle;
    bench_hang hang;
    MPI_Op ops[BENCH_OP_COUNT]; /* bench_ops, created */
    int rank, world;
    int failures;
    size_t progress_done, progress_total; /* measurements at this p */
    /* Rank 0's account of the machine's level (sweep.c): the fastest
     * probe of the launch (0: none yet), and the seconds spent measuring
     * series and waiting for that level. */
    double level_best_us, level_measured_s, level_waited_s;
    /* Rank 0's account of the stopping rule at this p: points written,
     * and the rounds they took in all. */
    size_t settle_points;
    long settle_rounds_taken;
} bench_run;

/* The rounds of a series: opt.rounds, or 1 where it is oversubscribed. */
long bench_series_rounds(const bench_run *r, bool oversubscribed);
/* Measures the series plan.points[first, end) in its rounds and writes
 * its rows; collective over comm. */
void bench_sweep_series(bench_run *r, size_t first, size_t end, MPI_Comm comm,
                        bool oversubscribed);
/* Rank 0 says after how many rounds the stopping rule ended the points of
 * process count p on average, when the rule is on. */
void bench_sweep_report_rounds(const bench_run *r, long p);
/* Rank 0 says how long the launch waited for its best level, if at all. */
void bench_sweep_report_waits(const bench_run *r);

#endif
