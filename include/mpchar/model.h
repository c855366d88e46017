/* The model engine: turns measurements into models of communication time,
 * metrics that compare libraries, accuracy figures and findings.
 *
 * Four model families are fitted for every (library, pattern, variant,
 * op, datatype) entry and every number of processes p:
 *   - Hockney:   T(n) = ts + tb*n, free least squares             (seed 001)
 *   - t_i model: T(n) = t0 + ti*tb*n/(t0 + tb*n) + tb*n           (seed 000)
 *   - Hockney with ts = t0 and the t_i line's tb: seed 000's baseline
 *   - piecewise: Hockney lines on up to four message-size segments whose
 *                breakpoints are found by segmented regression.
 * Each parameter's dependence on p is a p-form (mpchar/pform.h).  Times are
 * microseconds, per-byte times microseconds per byte throughout the API;
 * printing converts to the units a table names.
 *
 * Every function that can fail returns 0 or -1 and fills an mpchar_error
 * with one line naming the file, line and field at fault. */
#ifndef MPCHAR_MODEL_H
#define MPCHAR_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mpchar/cache_state.h"
#include "mpchar/error.h"
#include "mpchar/patterns.h"
#include "mpchar/pform.h"
#include "mpchar/results.h"

#define MPCHAR_MODEL_SCHEMA "mpchar-model"
#define MPCHAR_MODEL_VERSION 2
#define MPCHAR_MODEL_FILE "model.json"
#define MPCHAR_MAX_SEGMENTS 4
#define MPCHAR_MIN_SIZES 3
#define MPCHAR_NOTE_MAX 256
#define MPCHAR_OUTLIER_FACTOR 2.0

/* ---- model families ------------------------------------------------ */

/* Each family is one entry of the family table (src/model/families.c):
 * its name, fit, terms and parameters. */
typedef enum mpchar_family {
    MPCHAR_FAMILY_HOCKNEY,
    MPCHAR_FAMILY_TI,
    MPCHAR_FAMILY_HOCKNEY_T0,
    MPCHAR_FAMILY_PIECEWISE,
    MPCHAR_FAMILY_COUNT,
    MPCHAR_FAMILY_BEST = -1, /* for prediction: lowest validation error */
} mpchar_family;

/* "hockney", "ti", "hockney_t0", "piecewise"; "best" for
 * MPCHAR_FAMILY_BEST. */
const char *mpchar_family_name(mpchar_family f);
/* A family's name or "best". */
int mpchar_family_parse(const char *text, mpchar_family *f_p,
                        mpchar_error *err);

/* ---- fitting options ----------------------------------------------- */

/* Which measured time of a point is fitted: the minimum (seed 000), the
 * median, or the mean (seed 002 reports means). */
typedef enum mpchar_fit_stat {
    MPCHAR_STAT_MIN,
    MPCHAR_STAT_MEDIAN,
    MPCHAR_STAT_MEAN,
} mpchar_fit_stat;

/* "min", "median", "mean" (--stat, model.json). */
const char *mpchar_fit_stat_name(mpchar_fit_stat s);
/* "minimum", "median", "mean", as prose names them. */
const char *mpchar_fit_stat_word(mpchar_fit_stat s);
int mpchar_fit_stat_parse(const char *text, mpchar_fit_stat *s_p,
                          mpchar_error *err);
/* The time of a measurement row that statistic s fits, in us. */
double mpchar_fit_stat_of(const mpchar_measurement *r, mpchar_fit_stat s);
typedef enum mpchar_weighting {
    MPCHAR_WEIGHT_RELATIVE, /* minimize squared relative residuals */
    MPCHAR_WEIGHT_ABSOLUTE, /* ordinary least squares */
} mpchar_weighting;

/* How the families are fitted (docs/models.md, "The seeds' estimators"). */
typedef enum mpchar_fit_method {
    /* mpchar's: relative weighting, the t_i fit refined on the model's own
     * residual, spikes and no-op zero-count returns left out */
    MPCHAR_METHOD_BEST,
    /* exactly as the papers fit: plain least squares over every point, the
     * t_i line of T - T(0) as it comes, T(0) kept even when it is a no-op;
     * needs stat min, absolute weighting, no robust fit, no spike filter */
    MPCHAR_METHOD_SEED,
} mpchar_fit_method;

/* "best" or "seed". */
const char *mpchar_fit_method_name(mpchar_fit_method m);
int mpchar_fit_method_parse(const char *text, mpchar_fit_method *m_p,
                            mpchar_error *err);

typedef struct mpchar_fit_options {
    mpchar_fit_method method;
    mpchar_fit_stat stat; /* which measured time to fit */
    mpchar_weighting weighting;
    bool robust; /* GSL bisquare robust regression */
    bool include_oversubscribed;
    int max_segments;      /* 1..MPCHAR_MAX_SEGMENTS */
    double outlier_factor; /* spike filter (outliers.c); 0: off */
    /* whose aggregation factors the aggregated metrics and peaks use */
    mpchar_agg_scheme aggregation;
} mpchar_fit_options;

void mpchar_fit_options_default(mpchar_fit_options *opt);
/* The seed method and the settings it needs (statistic, weighting, no
 * robust fit, no spike filter); the rest of *opt stays. */
void mpchar_fit_options_seed(mpchar_fit_options *opt);

/* ---- one-p models --------------------------------------------------- */

typedef struct mpchar_hockney {
    double ts_us, tb_us_per_byte;
} mpchar_hockney;

typedef struct mpchar_ti {
    double t0_us, ti_us, tb_us_per_byte;
} mpchar_ti;

typedef struct mpchar_segment {
    double n_lo_bytes; /* segment holds n >= n_lo (first: 0) */
    double ts_us, tb_us_per_byte;
} mpchar_segment;

typedef struct mpchar_piecewise {
    int count; /* 1..MPCHAR_MAX_SEGMENTS */
    mpchar_segment seg[MPCHAR_MAX_SEGMENTS];
} mpchar_piecewise;

/* Average absolute relative error of a model on a point set; NAN with
 * count 0 when the set is empty.  p_out_err is the validation across p:
 * the error on every point of this p of the family's p-forms fitted on
 * the entry's other p (3 or more p; NAN otherwise). */
typedef struct mpchar_accuracy {
    double fit_err, val_err;
    size_t fit_count, val_count;
    double p_out_err;
    size_t p_out_count;
} mpchar_accuracy;

/* The fits of one entry at one p. */
typedef struct mpchar_pfit {
    long p;
    bool oversubscribed; /* fitted on oversubscribed points */
    size_t fit_sizes, val_sizes;
    double n_min_bytes, n_max_bytes; /* range of the fitting set */
    bool ok[MPCHAR_FAMILY_COUNT];
    char why[MPCHAR_FAMILY_COUNT][MPCHAR_NOTE_MAX]; /* when !ok */
    /* n = 0 returned at once: T(0) (t_zero_us) is below half the time of
     * the smallest message; the best method then fits n > 0 only */
    bool zero_noop;
    double t_zero_us; /* T(0) measured (NAN: no n = 0 point) */
    mpchar_hockney hockney;
    mpchar_ti ti;
    mpchar_hockney hockney_t0;
    mpchar_piecewise pw;
    /* seed 002's short messages: the Hockney line (fitted as the families
     * are) of the sizes below the piecewise model's last switch; its one
     * segment when it found none */
    mpchar_hockney below_switch;
    mpchar_accuracy acc[MPCHAR_FAMILY_COUNT];
    int best;                          /* mpchar_family, -1 if none fitted */
    size_t outliers_fit, outliers_val; /* points left out as outliers */
    char outliers[MPCHAR_NOTE_MAX];    /* which ("" if none) */
    /* reductions: tb(usersum) - tb(nop) (else sum - nop) in the family
     * the collective table prints (t_i, else Hockney); NAN when none */
    double tc_us_per_byte;
    double r_cc; /* tb(nop)/tc in the same family; NAN */
} mpchar_pfit;

/* ---- p-forms of an entry -------------------------------------------- */

/* Parameter p-forms of one family across p.  For piecewise they exist only
 * when every p has the same number of segments. */
typedef struct mpchar_pforms {
    bool ok[MPCHAR_FAMILY_COUNT];
    mpchar_pform hockney_ts, hockney_tb;
    mpchar_pform ti_t0, ti_ti, ti_tb;
    mpchar_pform hockney_t0_ts, hockney_t0_tb;
    int pw_count;
    mpchar_pform pw_ts[MPCHAR_MAX_SEGMENTS], pw_tb[MPCHAR_MAX_SEGMENTS];
    mpchar_pform pw_break[MPCHAR_MAX_SEGMENTS]; /* [1..count-1] used */
    bool tc_ok;
    mpchar_pform tc; /* reductions */
} mpchar_pforms;

/* Peak and aggregated metrics of a collective over its measured p
 * (seed 000 Section 3, seed 001 Section 2.1). */
typedef struct mpchar_peaks {
    double pi0_pag_per_s, bw_pag_MB_per_s; /* max f(p)/t0, f(p)/tb */
    long pi0_pag_p, bw_pag_p;
    double n_half_mag_bytes; /* min over p of t0/tb */
    long n_half_mag_p;
} mpchar_peaks;

typedef struct mpchar_entry {
    char library[MPCHAR_NAME_MAX], pattern[MPCHAR_NAME_MAX];
    char variant[MPCHAR_NAME_MAX], op[MPCHAR_NAME_MAX];
    char datatype[MPCHAR_NAME_MAX];
    mpchar_kind kind;
    bool oversubscribed; /* some fit used oversubscribed points */
    size_t nfits;
    mpchar_pfit *fits; /* sorted by p */
    mpchar_pforms pf;
    char note[MPCHAR_NOTE_MAX]; /* why something could not be fitted */
} mpchar_entry;

typedef enum mpchar_finding_kind {
    MPCHAR_FINDING_COMPLEXITY,
    MPCHAR_FINDING_SWITCH,
    MPCHAR_FINDING_NOT_FITTED,
    MPCHAR_FINDING_OVERSUBSCRIBED,
    MPCHAR_FINDING_OUTLIER,
    MPCHAR_FINDING_ZERO_NOOP, /* n = 0 returns at once */
    MPCHAR_FINDING_OP_CHOICE, /* sum and usersum differ beyond noise */
    MPCHAR_FINDING_COUNT
} mpchar_finding_kind;

const char *mpchar_finding_kind_name(mpchar_finding_kind k);

typedef struct mpchar_finding {
    mpchar_finding_kind kind;
    char library[MPCHAR_NAME_MAX], pattern[MPCHAR_NAME_MAX];
    char text[512];
} mpchar_finding;

/* ---- the overlap table (seed 004 Section 3.1; src/model/overlap.c) --- */

/* A wait shorter than this at c = 0 found the request complete: the post
 * itself moved the message (an eager send copies it out), so nothing was
 * left for a computation to hide.  A completed request's wait costs 20-40
 * ns in the three libraries measured (docs/overlap.md). */
#define MPCHAR_OVERLAP_DONE_AT_POST_US 0.1
/* A size overlaps when the computation hides at least this share of its
 * wait; the size where overlap stops is the smallest from which no larger
 * measured size does. */
#define MPCHAR_OVERLAP_STOP_FRACTION 0.5

/* One size of one side of the overlap pattern of one library.  The
 * computations beyond the transfer are those of at least twice W(0), the
 * wait with nothing to hide behind (seed 004: a computation as long as the
 * transfer can hide all of it; twice, for the noise in W(0)). */
typedef struct mpchar_overlap_point {
    char library[MPCHAR_NAME_MAX];
    char side[MPCHAR_NAME_MAX]; /* isend or irecv (mpchar/overlap.h) */
    uint64_t n_bytes;
    bool oversubscribed;
    double wait_c0_us;   /* W(0), the fitting statistic of the c = 0 row */
    bool done_at_post;   /* W(0) < MPCHAR_OVERLAP_DONE_AT_POST_US */
    size_t beyond_count; /* computations beyond the transfer measured */
    double compute_us;   /* the smallest of them; NAN: none */
    double wait_us;      /* median wait after them; NAN: none */
    /* Median over them of (W(0) - W(c)) / W(0), each clamped to [0, 1]:
     * the share of the transfer the computation hid.  NAN when done at
     * post or no computation went beyond the transfer. */
    double fraction;
} mpchar_overlap_point;

/* Whether a point overlaps (done at post counts: nothing was waited for);
 * false where its fraction is unknown. */
bool mpchar_overlap_point_overlaps(const mpchar_overlap_point *pt);
/* Whether a point tells either way (done at post, or a fraction). */
bool mpchar_overlap_point_known(const mpchar_overlap_point *pt);

typedef struct mpchar_model {
    char source[512]; /* measurements file the fit read */
    char generator[64];
    mpchar_fit_options opt;
    size_t rows_used, rows_excluded_oversubscribed;
    /* The state of the measured buffers, as the run's meta.json gives it
     * (`mpchar run --cache`), and for cold ones the --cache-sweep that
     * emptied the caches ("auto" or a size): a model of cold buffers
     * predicts other times than a warm one (docs/timing.md). */
    mpchar_cache cache;
    char cache_sweep[32];
    size_t nentries;
    mpchar_entry *entries;
    size_t nfindings;
    mpchar_finding *findings;
    size_t entries_cap, findings_cap; /* allocated (internal) */
    /* The overlap table, by library, side and ascending n. */
    size_t noverlap;
    mpchar_overlap_point *overlap;
} mpchar_model;

/* The overlap table of the rows of patterns that sweep a computation
 * (mpchar/patterns.h), rows[0..count) already filtered (oversubscribed
 * ones left out or not); *out_p is malloc'd, *count_p its points. */
int mpchar_overlap_fit(const mpchar_measurement *const *rows, size_t count,
                       mpchar_fit_stat stat, mpchar_overlap_point **out_p,
                       size_t *count_p, mpchar_error *err);
/* The size where overlap stops for a library's side in the table: the
 * smallest n from which no larger known point overlaps; false when the
 * largest known point overlaps (or none is known). */
bool mpchar_overlap_stop(const mpchar_overlap_point *table, size_t count,
                         const char *library, const char *side,
                         uint64_t *n_bytes_p);

/* ---- fitting --------------------------------------------------------- */

/* Fits every entry of the measurements.  Entries or p that cannot be
 * fitted are kept with a note; the call fails only on invalid options or
 * when nothing at all can be fitted. */
int mpchar_model_fit(const mpchar_measurements *m, const char *source,
                     const mpchar_fit_options *opt, mpchar_model *model_p,
                     mpchar_error *err);
void mpchar_model_free(mpchar_model *model);
/* The state of the buffers the run in results folder dir measured: its
 * meta.json's options.cache and, when cold, options.cache_sweep into
 * sweep (`mpchar run --cache`); warm for a run made before that option,
 * or measurements without a meta.json. */
int mpchar_run_buffers_read(const char *dir, mpchar_cache *state_p, char *sweep,
                            size_t sweep_len, mpchar_error *err);
/* The same from a meta.json already read: its "options" object (jansson's;
 * NULL reads as warm); path names the file in errors. */
struct json_t;
int mpchar_run_buffers_parse(const struct json_t *options, const char *path,
                             mpchar_cache *state_p, char *sweep,
                             size_t sweep_len, mpchar_error *err);

/* Adds an entry (deep copy of *e, whose fits array is copied). */
int mpchar_model_add_entry(mpchar_model *model, const mpchar_entry *e,
                           mpchar_error *err);

/* Inter-message pipelining gain of seed 002 at n bytes: stream bandwidth
 * over pingpong bandwidth, T_pingpong(n)/T_stream(n), from the best models
 * of a library's pingpong (variant "send" if present) and stream entries. */
int mpchar_pipelining_gain(const mpchar_model *model, const char *library,
                           double n_bytes, double *gain_p, mpchar_error *err);

/* ---- evaluating ------------------------------------------------------ */

double mpchar_hockney_eval(const mpchar_hockney *h, double n_bytes);
double mpchar_ti_eval(const mpchar_ti *m, double n_bytes);
double mpchar_piecewise_eval(const mpchar_piecewise *pw, double n_bytes);

/* Metrics of one p (seed 000 Section 3): Bw_as = 1/tb in MB/s (10^6),
 * pi0 = 1/t0 per second, n_1/2 = t0/tb bytes. */
typedef struct mpchar_metrics {
    double bw_as_MB_per_s, pi0_per_s, n_half_bytes;
} mpchar_metrics;
void mpchar_metrics_compute(double t0_us, double tb_us_per_byte,
                            mpchar_metrics *out);

/* t0(p) and tb(p) of a family for an entry, from the fit at p when p was
 * measured, else from the p-forms. */
int mpchar_entry_t0_tb(const mpchar_entry *e, mpchar_family f, long p,
                       double *t0_us_p, double *tb_us_per_byte_p,
                       mpchar_error *err);

/* The aggregated metrics of one p (seed 000 Section 3, seed 001 Section
 * 2.1): Bw_as^ag(p) = f(p) Bw_as(p), pi0^ag(p) = f(p) pi0(p), with f(p) of
 * the scheme; n_1/2^ag(p) = n_1/2(p).  NAN where tb or t0 is not
 * positive. */
typedef struct mpchar_aggregated {
    long p;
    double factor;      /* f(p) */
    mpchar_metrics one; /* Bw_as(p), pi0(p), n_1/2(p) */
    double bw_as_ag_MB_per_s, pi0_ag_per_s;
} mpchar_aggregated;

/* The aggregated metrics of a family at p (from the fit at p when p was
 * measured, else from the p-forms). */
int mpchar_entry_aggregated(const mpchar_entry *e, mpchar_family f, long p,
                            mpchar_agg_scheme scheme, mpchar_aggregated *out,
                            mpchar_error *err);

/* Peaks over the given p (the entry's measured p when ps is NULL). */
int mpchar_entry_peaks(const mpchar_entry *e, mpchar_family f, const long *ps,
                       size_t nps, mpchar_agg_scheme scheme, mpchar_peaks *out,
                       mpchar_error *err);
/* Peaks of the p-forms over every integer p of the range they were fitted
 * on, as seed 001 takes them (its Table 2: p = 2..12); -1 when the family
 * has no p-forms. */
int mpchar_entry_pform_peaks(const mpchar_entry *e, mpchar_family f,
                             mpchar_agg_scheme scheme, mpchar_peaks *out,
                             mpchar_error *err);

/* The family of a collective's table, its peaks, t_c and findings: the
 * t_i model where it has p-forms, else Hockney. */
mpchar_family mpchar_entry_table_family(const mpchar_entry *e);

/* ---- prediction ------------------------------------------------------ */

typedef struct mpchar_query {
    const char *library, *pattern;
    const char *variant; /* NULL: the only one, or "-" */
    const char *op;      /* NULL: "sum" if present, else only */
    double n_bytes;
    long p;
    mpchar_family family; /* or MPCHAR_FAMILY_BEST */
} mpchar_query;

typedef struct mpchar_prediction {
    double t_us;
    mpchar_family family;
    const mpchar_entry *entry;
    bool from_pforms; /* p not measured: parameters from p-forms */
    bool extrapolated_n, extrapolated_p;
    bool oversubscribed;
    /* terms: t_us = startup_us + transfer_us + extra_us */
    double startup_us, transfer_us, extra_us;
    double ts_us, tb_us_per_byte, ti_us; /* parameters used (ti NAN) */
    int segment;                         /* piecewise: segment index, else -1 */
} mpchar_prediction;

const mpchar_entry *mpchar_model_find(const mpchar_model *model,
                                      const char *library, const char *pattern,
                                      const char *variant, const char *op,
                                      mpchar_error *err);
int mpchar_model_predict(const mpchar_model *model, const mpchar_query *q,
                         mpchar_prediction *out, mpchar_error *err);
int mpchar_entry_predict(const mpchar_entry *e, mpchar_family family,
                         double n_bytes, long p, mpchar_prediction *out,
                         mpchar_error *err);

/* ---- model.json ------------------------------------------------------ */

int mpchar_model_write(const mpchar_model *model, const char *path,
                       mpchar_error *err);
/* The JSON text; *text_p is malloc'ed. */
int mpchar_model_dump(const mpchar_model *model, char **text_p,
                      mpchar_error *err);
int mpchar_model_read(const char *path, mpchar_model *model_p,
                      mpchar_error *err);
/* Parses text of len bytes; name is used in messages. */
int mpchar_model_parse(const char *text, size_t len, const char *name,
                       mpchar_model *model_p, mpchar_error *err);

/* ---- tables ---------------------------------------------------------- */

typedef enum mpchar_table_format {
    MPCHAR_FORMAT_TEXT,
    MPCHAR_FORMAT_MARKDOWN,
    MPCHAR_FORMAT_CSV,
} mpchar_table_format;

typedef enum mpchar_units {
    MPCHAR_UNITS_DEFAULT, /* us, ns/byte, MB/s (10^6), k ops/s */
    MPCHAR_UNITS_SEED001, /* us, us/byte, Kbytes/s (2^10), Mbytes/s (2^20) */
} mpchar_units;

/* Prints the point-to-point, collective, accuracy and findings tables. */
int mpchar_model_print_tables(const mpchar_model *model, FILE *out,
                              mpchar_table_format fmt, mpchar_units units,
                              mpchar_error *err);

/* The tables one by one (the report places each in its own section). */
typedef enum mpchar_model_table {
    MPCHAR_TABLE_P2P,        /* seed 001 Table 1 layout and breakpoints */
    MPCHAR_TABLE_SHORT_LONG, /* seed 002: below and above the switch */
    MPCHAR_TABLE_COLLECTIVE, /* seed 000 Tables 1-4 layout */
    MPCHAR_TABLE_AGGREGATED, /* Bw_as^ag(p), pi0^ag(p) at every p */
    MPCHAR_TABLE_ACCURACY,
    MPCHAR_TABLE_P_VALIDATION, /* each p predicted from the others */
    MPCHAR_TABLE_GAIN,         /* inter-message pipelining gain */
    MPCHAR_TABLE_FINDINGS,
    MPCHAR_TABLE_OVERLAP,       /* seed 004: the overlap table */
    MPCHAR_TABLE_OVERLAP_STOPS, /* where overlap stops per library, side */
} mpchar_model_table;

/* Prints one table; the short/long and gain tables print nothing when
 * they would be empty. */
int mpchar_model_print_table(const mpchar_model *model,
                             mpchar_model_table which, FILE *out,
                             mpchar_table_format fmt, mpchar_units units,
                             mpchar_error *err);

#endif
