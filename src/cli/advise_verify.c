/* `mpchar advise --verify`: every advised region measured by a short
 * `mpchar run` of its primitive and substitute at three sizes inside it
 * (a quarter beyond its lower bound, its example size, a quarter short of
 * its upper bound), one run per (library, p).  A region is confirmed
 * when at its example size the substitute is faster beyond the noise of
 * the two points (mpchar_compare_judge with threshold 0, docs/compare.md),
 * else withdrawn.  Regions of a library's algorithms are withdrawn as
 * unmeasurable here: their variants are libraries of their own, which
 * this run does not launch. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "advise_verify.h"
#include "mpchar/compare.h"
#include "mpchar/results.h"

#define SIZES_PER_REGION 3
#define VERIFY_TIME_PER_POINT_MS "50"

/* The sizes measured in a region, ascending, whole bytes >= 1. */
static size_t region_sizes(const mpchar_advice *a, double out[SIZES_PER_REGION])
{
    double lo = a->n_from_bytes > 0 ? a->n_from_bytes * 1.25 : 1.0;
    double hi = a->n_to_bytes / 1.25;
    double c = round(a->n_example_bytes);
    size_t k = 0;
    if (lo < c)
        out[k++] = ceil(lo);
    out[k++] = c >= 1 ? c : 1;
    if (hi > c)
        out[k++] = floor(hi);
    return k;
}

static bool is_algorithm(const mpchar_advice *a)
{
    return strncmp(a->substitute, "algorithm ", 10) == 0;
}

/* Appends ",text" (or text) to a list once. */
static void add_word(char *list, size_t len, const char *word)
{
    char padded[160];
    snprintf(padded, sizeof padded, ",%s,", word);
    char *probe = malloc(strlen(list) + 3);
    if (!probe)
        return;
    sprintf(probe, ",%s,", list);
    if (!strstr(probe, padded))
        snprintf(list + strlen(list), len - strlen(list), "%s%s",
                 list[0] ? "," : "", word);
    free(probe);
}

typedef struct group {
    const char *library;
    long p;
    char patterns[512], sizes[2048];
    double max_bytes;
} group;

static void group_add(group *g, const mpchar_advice *a)
{
    double n[SIZES_PER_REGION];
    char word[32];
    add_word(g->patterns, sizeof g->patterns, a->primitive);
    add_word(g->patterns, sizeof g->patterns, a->substitute);
    for (size_t k = 0, c = region_sizes(a, n); k < c; k++) {
        snprintf(word, sizeof word, "%.0f", n[k]);
        add_word(g->sizes, sizeof g->sizes, word);
        if (n[k] > g->max_bytes)
            g->max_bytes = n[k];
    }
}

/* mpchar run for one group into run_dir; its output to run_dir/run.log. */
static int run_group(const group *g, const char *run_dir)
{
    char self[4096], p[32], max[32], log[4200];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return -1;
    self[len] = '\0';
    snprintf(p, sizeof p, "%ld", g->p);
    snprintf(max, sizeof max, "%.0f", g->max_bytes);
    snprintf(log, sizeof log, "%s/run.log", run_dir);
    char *argv[] = {self,
                    "run",
                    "--mpi",
                    (char *)g->library,
                    "--patterns",
                    (char *)g->patterns,
                    "--p",
                    p,
                    "--sizes",
                    (char *)g->sizes,
                    "--max-size",
                    max,
                    "--refine",
                    "0",
                    "--time-per-point",
                    VERIFY_TIME_PER_POINT_MS,
                    "--out",
                    (char *)run_dir,
                    g->p > sysconf(_SC_NPROCESSORS_ONLN) ? "--oversubscribe"
                                                         : NULL,
                    NULL};
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
        }
        execv(self, argv);
        _exit(127);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* The fit-set row of pattern at p nearest (in log n) to n bytes. */
static const mpchar_measurement *row_at(const mpchar_measurements *m,
                                        const char *library,
                                        const char *pattern, long p, double n)
{
    const mpchar_measurement *best = NULL;
    double best_d = INFINITY;
    for (size_t i = 0; i < m->count; i++) {
        const mpchar_measurement *r = &m->rows[i];
        if (r->key.p != p || r->key.set != MPCHAR_SET_FIT ||
            strcmp(r->key.library, library) ||
            strcmp(r->key.pattern, pattern) ||
            (strcmp(r->key.op, "-") && strcmp(r->key.op, "sum")))
            continue;
        double d = fabs(log((r->key.n_bytes + 1.0) / (n + 1.0)));
        if (d < best_d) {
            best = r;
            best_d = d;
        }
    }
    return best;
}

/* Prints one size's line; *faster_p: the substitute is faster beyond
 * noise there. */
static int judge_size(const mpchar_model *model, const mpchar_advice *a,
                      const mpchar_measurements *m, double n, FILE *out,
                      bool *faster_p)
{
    const mpchar_measurement *prim =
        row_at(m, a->library, a->primitive, a->p, n);
    const mpchar_measurement *sub =
        row_at(m, a->library, a->substitute, a->p, n);
    double tp, ts;
    mpchar_error err;
    if (!prim || !sub || !(prim->t_min_us > 0.0) || !(sub->t_min_us > 0.0))
        return -1;
    double at = (double)prim->key.n_bytes;
    double predicted = mpchar_advice_predict(model, a, at, &tp, &ts, &err) == 0
                           ? 1.0 - ts / tp
                           : NAN;
    double noise =
        fmax(mpchar_compare_spread(prim), mpchar_compare_spread(sub));
    double measured = 1.0 - sub->t_min_us / prim->t_min_us;
    *faster_p = mpchar_compare_judge(sub->t_min_us / prim->t_min_us, noise,
                                     0.0) == MPCHAR_VERDICT_FASTER;
    fprintf(out,
            "  n = %-9.0f predicted %+6.1f%%  measured %+6.1f%% "
            "(%.3g us -> %.3g us, noise %.1f%%)\n",
            at, 100.0 * predicted, 100.0 * measured, prim->t_min_us,
            sub->t_min_us, 100.0 * noise);
    return 0;
}

/* Prints the region's sizes; true when its example size is confirmed. */
static bool confirmed(const mpchar_model *model, const mpchar_advice *a,
                      const mpchar_measurements *m, FILE *out)
{
    double n[SIZES_PER_REGION];
    bool ok = false, faster;
    size_t c = region_sizes(a, n);
    fprintf(out, "%s %s -> %s (%s), p = %ld, %.6g < n < %.6g:\n", a->library,
            a->primitive, a->substitute, a->text, a->p, a->n_from_bytes,
            a->n_to_bytes);
    for (size_t k = 0; k < c; k++) {
        if (judge_size(model, a, m, n[k], out, &faster) != 0) {
            fprintf(out, "  n = %.0f not measured\n", n[k]);
            continue;
        }
        if (n[k] == (a->n_example_bytes >= 1 ? round(a->n_example_bytes) : 1))
            ok = faster;
    }
    fprintf(out, "  %s\n",
            ok ? "confirmed"
               : "withdrawn: at the example size the measured gain is not "
                 "positive beyond the noise");
    return ok;
}

/* Measures the regions of (library, p) of item i onwards; marks the
 * withdrawn in keep[]. */
static int verify_group(const char *dir, const mpchar_model *model,
                        const mpchar_advice_list *l, size_t i, bool *done,
                        bool *keep, FILE *out)
{
    group g = {l->items[i].library, l->items[i].p, "", "", 0.0};
    char run_dir[4096];
    for (size_t j = i; j < l->count; j++)
        if (!is_algorithm(&l->items[j]) &&
            !strcmp(l->items[j].library, g.library) && l->items[j].p == g.p)
            group_add(&g, &l->items[j]);
    /* mkdtemp's template: a new folder per run, never an earlier one */
    snprintf(run_dir, sizeof run_dir, "%s/advise-verify.XXXXXX", dir);
    if (!mkdtemp(run_dir) || run_group(&g, run_dir) != 0) {
        fprintf(stderr,
                "mpchar advise: --verify: mpchar run for %s at p = %ld "
                "failed (see %s/run.log)\n",
                g.library, g.p, run_dir);
        return -1;
    }
    char csv[4200];
    snprintf(csv, sizeof csv, "%s/%s", run_dir, MPCHAR_MEASUREMENTS_FILE);
    mpchar_read_options ropt = {.allow_truncated_tail = false};
    mpchar_measurements m = {0};
    mpchar_error err;
    if (mpchar_measurements_read(csv, &ropt, &m, NULL, &err) != 0) {
        fprintf(stderr, "mpchar advise: --verify: %s\n", err.msg);
        return -1;
    }
    fprintf(out, "\n%s at p = %ld, measured in %s:\n", g.library, g.p, run_dir);
    for (size_t j = i; j < l->count; j++) {
        const mpchar_advice *a = &l->items[j];
        if (is_algorithm(a) || strcmp(a->library, g.library) || a->p != g.p)
            continue;
        done[j] = true;
        keep[j] = confirmed(model, a, &m, out);
    }
    mpchar_measurements_free(&m);
    return 0;
}

int advise_verify(const char *dir, const mpchar_model *model,
                  mpchar_advice_list *l, FILE *out)
{
    bool *done = calloc(l->count + 1, sizeof *done);
    bool *keep = calloc(l->count + 1, sizeof *keep);
    int rc = done && keep ? 0 : -1;
    fprintf(out, "Verification: predicted against measured gain "
                 "(1 - T_substitute/T_primitive, minimum times)\n");
    for (size_t i = 0; rc == 0 && i < l->count; i++) {
        if (is_algorithm(&l->items[i])) {
            fprintf(out,
                    "%s %s -> %s, p = %ld: withdrawn: --verify measures "
                    "substitutes, not the library's algorithms\n",
                    l->items[i].library, l->items[i].primitive,
                    l->items[i].substitute, l->items[i].p);
            done[i] = true;
        } else if (!done[i]) {
            rc = verify_group(dir, model, l, i, done, keep, out);
        }
    }
    size_t kept = 0;
    for (size_t i = 0; rc == 0 && i < l->count; i++)
        if (keep[i])
            l->items[kept++] = l->items[i];
    if (rc == 0) {
        fprintf(out, "\n%zu of %zu regions confirmed, %zu withdrawn\n", kept,
                l->count, l->count - kept);
        l->count = kept;
    }
    free(done);
    free(keep);
    return rc;
}
