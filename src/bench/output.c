/* Output of mpchar-bench, on rank 0 only: one CSV row per completed point
 * appended and flushed to disk as soon as the point ends, failed points to
 * failed.csv, optional raw repetition times, a library description in
 * library-<name>.json, and progress lines (for people, or for `mpchar run`
 * to follow).  The results directory is locked while a run writes to it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "mpchar/stats.h"
#include "mpchar/version.h"

static void path_in(const bench_output *out, const char *file, char *buf,
                    size_t len)
{
    snprintf(buf, len, "%s/%s", out->dir, file);
}

int bench_output_open(bench_output *out, const bench_options *opt,
                      mpchar_error *err)
{
    out->dir = opt->out_dir;
    out->lock_fd = -1;
    out->progress = opt->progress;
    out->raw = opt->raw;
    if (!out->dir) {
        printf("%s\n", MPCHAR_MEASUREMENTS_HEADER);
        return 0;
    }
    if (mkdir(out->dir, 0755) != 0 && errno != EEXIST)
        return mpchar_error_set(err,
                                "%s: cannot create the results "
                                "directory: %s",
                                out->dir, strerror(errno));
    char lock[4096];
    path_in(out, ".lock", lock, sizeof lock);
    out->lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (out->lock_fd < 0)
        return mpchar_error_set(err,
                                "%s: results directory is not "
                                "writable: %s",
                                out->dir, strerror(errno));
    if (flock(out->lock_fd, LOCK_EX | LOCK_NB) != 0) {
        close(out->lock_fd);
        out->lock_fd = -1;
        return mpchar_error_set(err,
                                "%s: another run is writing to this "
                                "results directory",
                                out->dir);
    }
    return 0;
}

void bench_output_close(bench_output *out)
{
    if (out->lock_fd >= 0)
        close(out->lock_fd);
    out->lock_fd = -1;
}

/* ---- library description --------------------------------------------- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", f);
        else if (*c == '\t')
            fputs("\\t", f);
        else if (*c < 0x20)
            fprintf(f, "\\u%04x", *c);
        else
            fputc(*c, f);
    }
    fputc('"', f);
}

static void json_field(FILE *f, const char *name, const char *value, int last)
{
    fprintf(f, "  \"%s\": ", name);
    json_string(f, value);
    fputs(last ? "\n" : ",\n", f);
}

static void utc_now(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int bench_output_library_info(const bench_output *out, const bench_options *opt,
                              const bench_loop_params *lp, bool oversubscribed,
                              mpchar_error *err)
{
    if (!out->dir)
        return 0;
    char version[MPI_MAX_LIBRARY_VERSION_STRING], host[MPI_MAX_PROCESSOR_NAME];
    char date[32], path[4000], tmp[4096], num[64];
    int len, major, minor, world;
    MPI_Get_library_version(version, &len);
    MPI_Get_processor_name(host, &len);
    MPI_Get_version(&major, &minor);
    MPI_Comm_size(MPI_COMM_WORLD, &world);
    utc_now(date, sizeof date);
    snprintf(path, sizeof path, "%s/library-%s.json", out->dir, opt->library);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return mpchar_error_set(err, "%s: cannot write: %s", tmp,
                                strerror(errno));
    fputs("{\n", f);
    json_field(f, "library", opt->library, 0);
    json_field(f, "mpi_library_version", version, 0);
    snprintf(num, sizeof num, "%d.%d", major, minor);
    json_field(f, "mpi_version", num, 0);
    json_field(f, "host_of_rank0", host, 0);
    json_field(f, "written_utc", date, 0);
    json_field(f, "mpchar_version", MPCHAR_VERSION, 0);
    json_field(f, "mpchar_git_revision", MPCHAR_GIT_REVISION, 0);
    fprintf(f, "  \"last_launch_ranks\": %d,\n", world);
    fprintf(f, "  \"last_launch_oversubscribed\": %s,\n",
            oversubscribed ? "true" : "false");
    fprintf(f, "  \"simulated\": %s,\n", BENCH_SIMULATED ? "true" : "false");
    json_field(f, "sync", bench_sync_names[opt->sync], 0);
    json_field(f, "sync_where_oversubscribed", bench_sync_names[SYNC_BARRIER],
               0);
    fprintf(f, "  \"rounds\": %ld,\n", opt->rounds);
    fprintf(f, "  \"settle_rounds\": %ld,\n", opt->settle_rounds);
    fprintf(f, "  \"settle_tolerance_pct\": %g,\n", opt->settle_tolerance_pct);
    fprintf(f, "  \"min_rounds\": %ld,\n", opt->min_rounds);
    json_field(f, "cache", mpchar_cache_names[opt->cache], 0);
    fprintf(f, "  \"cache_sweep_bytes\": %zu,\n",
            lp->cold ? lp->cold->sweep_bytes : 0);
    fprintf(f, "  \"timer_resolution_us\": %.6f,\n",
            lp->timer_resolution_s * 1e6);
    fprintf(f, "  \"mpi_wtick_us\": %.6f\n}\n", MPI_Wtick() * 1e6);
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    return 0;
}

/* ---- progress and rows ------------------------------------------------ */

void bench_output_key(const mpchar_point_key *k, char *buf, size_t len)
{
    snprintf(buf, len, "%s,%s,%s,%s,%s,%ld,%llu,%s", k->library, k->pattern,
             k->variant, k->op, k->datatype, k->p,
             (unsigned long long)k->n_bytes, mpchar_set_name(k->set));
}

void bench_output_begin(const bench_output *out, const bench_point *pt,
                        size_t index, size_t total)
{
    char key[512];
    if (out->progress != PROGRESS_MACHINE)
        return;
    bench_output_key(&pt->key, key, sizeof key);
    printf("@@mpchar begin %zu %zu %s\n", index, total, key);
    fflush(stdout);
}

void bench_output_end(const bench_output *out, int exit_code)
{
    if (out->progress != PROGRESS_MACHINE)
        return;
    printf("@@mpchar end %d\n", exit_code);
    fflush(stdout);
}

static int write_raw(const bench_output *out, const bench_point *pt,
                     const double *times, long reps, mpchar_error *err)
{
    char path[4096];
    size_t len = 0, cap = (size_t)reps * 256 + 1;
    char *text = malloc(cap);
    if (!text)
        return mpchar_error_set(err, "out of memory for raw times");
    path_in(out, MPCHAR_RAW_FILE, path, sizeof path);
    for (long i = 0; i < reps; i++) {
        if (mpchar_raw_format(&pt->key, i, times[i], text + len, cap - len,
                              err) != 0) {
            free(text);
            return -1;
        }
        len += strlen(text + len);
    }
    /* Raw rows go first: a point counts as done only once its summary row
     * exists, so a kill in between re-measures it and repeats raw rows of
     * that one point at worst (docs/data-formats.md: the last run wins). */
    int rc = mpchar_append_line(path, MPCHAR_RAW_HEADER, text, err);
    free(text);
    return rc;
}

int bench_output_phases(const bench_output *out, const bench_point *pt,
                        const bench_phases *phases, mpchar_error *err)
{
    if (!out->dir)
        return 0;
    size_t cap = (size_t)pt->key.p * MPCHAR_LINE_MAX, len = 0;
    char *text = malloc(cap), path[4096];
    if (!text)
        return mpchar_error_set(err, "out of memory for process times");
    for (int r = 0; r < (int)pt->key.p; r++) {
        const bench_phases *ph = &phases[r];
        mpchar_process_times t = {
            .key = pt->key, .rank = r, .reps = (long)ph->count};
        for (int i = 0; i < MPCHAR_PHASE_COUNT; i++) {
            t.min_us[i] = ph->count > 0 ? ph->min_us[i] : 0.0;
            t.mean_us[i] = ph->count > 0 ? ph->sum_us[i] / ph->count : 0.0;
        }
        if (mpchar_process_times_format(&t, text + len, cap - len, err) != 0) {
            free(text);
            return -1;
        }
        len += strlen(text + len);
    }
    /* Before the point's row, as raw rows are (write_raw). */
    path_in(out, MPCHAR_PROCESS_TIMES_FILE, path, sizeof path);
    int rc = mpchar_append_line(path, MPCHAR_PROCESS_TIMES_HEADER, text, err);
    free(text);
    return rc;
}

static void report_point(const bench_output *out, const mpchar_measurement *m,
                         const char *line)
{
    if (!out->dir) {
        fputs(line, stdout);
        fflush(stdout);
    }
    char key[512];
    bench_output_key(&m->key, key, sizeof key);
    if (out->progress == PROGRESS_MACHINE) {
        printf("@@mpchar done %s %.4f\n", key, m->t_min_us);
        fflush(stdout);
    } else if (out->progress == PROGRESS_HUMAN) {
        fprintf(out->dir ? stdout : stderr,
                "%-52s min %10.3f us  median "
                "%10.3f us  reps %ld%s\n",
                key, m->t_min_us, m->t_median_us, m->reps,
                m->oversubscribed ? "  (oversubscribed)" : "");
        fflush(out->dir ? stdout : stderr);
    }
}

int bench_output_point(const bench_output *out, const bench_point *pt,
                       const bench_loop_result *res, bool oversubscribed,
                       mpchar_error *err)
{
    if (out->raw && out->dir &&
        write_raw(out, pt, res->times_us, res->reps, err) != 0)
        return -1;
    mpchar_stats st;
    if (mpchar_stats_compute(res->times_us, (size_t)res->reps, &st, err))
        return -1;
    mpchar_measurement m = {
        .key = pt->key,
        .reps = res->reps,
        .t_min_us = st.min,
        .t_median_us = st.median,
        .t_mean_us = st.mean,
        .t_max_us = st.max,
        .t_stddev_us = st.stddev,
        .oversubscribed = oversubscribed,
    };
    char line[MPCHAR_LINE_MAX], path[4096];
    if (mpchar_measurement_format(&m, line, sizeof line, err) != 0)
        return -1;
    if (out->dir) {
        path_in(out, MPCHAR_MEASUREMENTS_FILE, path, sizeof path);
        if (mpchar_append_line(path, MPCHAR_MEASUREMENTS_HEADER, line, err) !=
            0)
            return -1;
    }
    report_point(out, &m, line);
    return 0;
}

int bench_output_failure(const bench_output *out, const bench_point *pt,
                         const char *reason, mpchar_error *err)
{
    mpchar_failure f = {.key = pt->key};
    char line[MPCHAR_LINE_MAX], path[4096], key[512];
    snprintf(f.reason, sizeof f.reason, "%s", reason);
    bench_output_key(&pt->key, key, sizeof key);
    fprintf(stderr, "mpchar-bench: %s: %s\n", key, reason);
    if (out->progress == PROGRESS_MACHINE) {
        printf("@@mpchar failed %s\n", key);
        fflush(stdout);
    }
    if (!out->dir)
        return 0;
    path_in(out, MPCHAR_FAILED_FILE, path, sizeof path);
    if (mpchar_failure_format(&f, line, sizeof line, err) != 0)
        return -1;
    return mpchar_append_line(path, MPCHAR_FAILED_HEADER, line, err);
}
