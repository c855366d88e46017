/* The results directory: measurements.csv (one row per completed point),
 * failed.csv (points ended by the watchdog or a crash), raw.csv (optional
 * per-repetition times).  docs/data-formats.md documents every column.
 *
 * A point is identified by its key: library, pattern, variant, op,
 * datatype, p, actual n in bytes, set, and the placement of the processes
 * on hosts (a column after the others, so that older readers and files
 * keep working: a file without it reads as placement "-").  Writers append one whole line
 * per point with a single write() so that a killed run leaves only
 * complete rows behind; readers validate every field and name the file,
 * line and column at fault. */
#ifndef MPCHAR_RESULTS_H
#define MPCHAR_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpchar/error.h"

#define MPCHAR_MEASUREMENTS_FILE "measurements.csv"
#define MPCHAR_FAILED_FILE "failed.csv"
#define MPCHAR_RAW_FILE "raw.csv"
#define MPCHAR_META_FILE "meta.json"
/* Per-process phase times of the patterns that record them (seed 002's
 * asynchronous ping-ping): one row per point and rank. */
#define MPCHAR_PROCESS_TIMES_FILE "process_times.csv"

#define MPCHAR_KEY_COLUMNS "library,pattern,variant,op,datatype,p,n_bytes,set"
/* The headers of files written before the placement column (which
 * readers still take: their rows read as placement "-"), then today's. */
#define MPCHAR_MEASUREMENTS_HEADER_UNPLACED \
    MPCHAR_KEY_COLUMNS                      \
    ",reps,t_min_us,"                       \
    "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed"
#define MPCHAR_FAILED_HEADER_UNPLACED MPCHAR_KEY_COLUMNS ",reason"
#define MPCHAR_MEASUREMENTS_HEADER \
    MPCHAR_MEASUREMENTS_HEADER_UNPLACED ",placement"
#define MPCHAR_FAILED_HEADER MPCHAR_FAILED_HEADER_UNPLACED ",placement"
#define MPCHAR_RAW_HEADER MPCHAR_KEY_COLUMNS ",rep,t_us,placement"

/* The placement of a run on one machine (no --hosts), and of every row of
 * a file written before placements were recorded. */
#define MPCHAR_PLACEMENT_NONE "-"
/* Joins a library and a placement into the name analyses give the pair
 * ("openmpi" in placement "2x1" is "openmpi+2x1"). */
#define MPCHAR_PLACEMENT_JOIN '+'
/* The phases in the order of mpchar_phase, each a min and a mean, then
 * the placement as in raw.csv. */
#define MPCHAR_PROCESS_TIMES_HEADER                     \
    MPCHAR_KEY_COLUMNS ",rank,reps,t_send_min_us,"      \
                       "t_send_mean_us,t_wait_min_us,"  \
                       "t_wait_mean_us,t_total_min_us," \
                       "t_total_mean_us,placement"

#define MPCHAR_NAME_MAX 64
#define MPCHAR_LINE_MAX 1024

typedef enum mpchar_set { MPCHAR_SET_FIT, MPCHAR_SET_VALIDATION } mpchar_set;

typedef struct mpchar_point_key {
    char library[MPCHAR_NAME_MAX];
    char pattern[MPCHAR_NAME_MAX];
    char variant[MPCHAR_NAME_MAX]; /* "-" where it does not apply */
    char op[MPCHAR_NAME_MAX];      /* "sum", "usersum", "nop" or "-" */
    char datatype[MPCHAR_NAME_MAX];
    long p;
    uint64_t n_bytes; /* actual bytes after rounding */
    mpchar_set set;
    /* "NODESxPPN": hosts used x most processes on one host; "-" or "" when
     * the processes were not placed on hosts (mpchar_key_placement). */
    char placement[MPCHAR_NAME_MAX];
} mpchar_point_key;

typedef struct mpchar_measurement {
    mpchar_point_key key;
    long reps;
    double t_min_us, t_median_us, t_mean_us, t_max_us, t_stddev_us;
    bool oversubscribed;
} mpchar_measurement;

/* A process's phases of one operation: from its first post until its
 * send completed, the time inside its waits, and the whole operation. */
typedef enum mpchar_phase {
    MPCHAR_PHASE_SEND,
    MPCHAR_PHASE_WAIT,
    MPCHAR_PHASE_TOTAL,
    MPCHAR_PHASE_COUNT
} mpchar_phase;

typedef struct mpchar_process_times {
    mpchar_point_key key;
    int rank;
    long reps; /* operations timed */
    double min_us[MPCHAR_PHASE_COUNT], mean_us[MPCHAR_PHASE_COUNT];
} mpchar_process_times;

typedef struct mpchar_failure {
    mpchar_point_key key;
    char reason[256];
} mpchar_failure;

typedef struct mpchar_measurements {
    mpchar_measurement *rows;
    size_t count;
    bool has_placement; /* the file has the placement column */
} mpchar_measurements;

typedef struct mpchar_failures {
    mpchar_failure *rows;
    size_t count;
    bool has_placement;
} mpchar_failures;

/* process_times.csv's rows in file order: one per rank and point, and a
 * resumed run's rows of a point again after its first ones (the last
 * rows of a key and rank count). */
typedef struct mpchar_process_rows {
    mpchar_process_times *rows;
    size_t count;
    bool has_placement;
} mpchar_process_rows;

const char *mpchar_set_name(mpchar_set set);
int mpchar_key_equal(const mpchar_point_key *a, const mpchar_point_key *b);
/* The key's placement, MPCHAR_PLACEMENT_NONE for an empty one. */
const char *mpchar_key_placement(const mpchar_point_key *k);
/* "NODESxPPN" of nodes hosts running at most ppn processes each. */
void mpchar_placement_name(long nodes, long ppn, char *buf, size_t len);
size_t mpchar_key_hash(const mpchar_point_key *k);

/* A name is 1 to MPCHAR_NAME_MAX-1 characters of [A-Za-z0-9_.+-@:]; "@"
 * and ":" write an algorithm variant of a library, such as
 * "openmpi@bcast:binomial" (mpchar/lib_algorithms.h). */
int mpchar_name_valid(const char *name);

/* A time in microseconds as a reader gets it back from the files (they
 * round it), for decisions that a later reader must be able to replay. */
double mpchar_time_as_written(double t_us);

/* One CSV line with its newline, into buf of size len. */
int mpchar_measurement_format(const mpchar_measurement *m, char *buf,
                              size_t len, mpchar_error *err);
int mpchar_failure_format(const mpchar_failure *f, char *buf, size_t len,
                          mpchar_error *err);
int mpchar_raw_format(const mpchar_point_key *key, long rep, double t_us,
                      char *buf, size_t len, mpchar_error *err);
int mpchar_process_times_format(const mpchar_process_times *t, char *buf,
                                size_t len, mpchar_error *err);

/* How a reader treats an incomplete last line (no newline): reject it as
 * an error (analysis), or drop it and report where the complete lines end
 * (resume, which then truncates the file there). */
typedef struct mpchar_read_options {
    bool allow_truncated_tail;
    /* Analyses (fit, compare, report, advise, export) keep placements
     * apart by reading a placed row's library as LIBRARY+PLACEMENT, its
     * placement then "-"; a name that would grow past MPCHAR_NAME_MAX - 1
     * is an error naming the line. */
    bool placement_as_library;
} mpchar_read_options;

/* Reads a measurements file.  A missing file is an error unless
 * missing_ok, in which case it reads as empty.  *valid_bytes_p (may be
 * NULL) receives the length of the complete lines. */
int mpchar_measurements_read(const char *path, const mpchar_read_options *opt,
                             mpchar_measurements *out, long *valid_bytes_p,
                             mpchar_error *err);
void mpchar_measurements_free(mpchar_measurements *m);

int mpchar_failures_read(const char *path, const mpchar_read_options *opt,
                         mpchar_failures *out, long *valid_bytes_p,
                         mpchar_error *err);
void mpchar_failures_free(mpchar_failures *f);

int mpchar_process_rows_read(const char *path, const mpchar_read_options *opt,
                             mpchar_process_rows *out, long *valid_bytes_p,
                             mpchar_error *err);
void mpchar_process_rows_free(mpchar_process_rows *t);

/* Appends text (one or more whole lines) to path with one writev() on an
 * O_APPEND descriptor, preceded by header and a newline when the file is
 * new or empty.  Once it returns, the rows survive any kill of the
 * process; there is no fsync (too slow per row: docs/ARCHITECTURE.md,
 * "No fsync per row"), so a machine crash can lose the last rows, which
 * --resume then measures again. */
int mpchar_append_line(const char *path, const char *header, const char *text,
                       mpchar_error *err);

#endif
