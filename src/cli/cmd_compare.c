/* `mpchar compare A B`: the B/A time ratio of every point two results
 * directories share, as one compact table over n per (library, pattern,
 * variant, op, p), then a summary; with --fail-above PERCENT the exit
 * status is 1 when a point is slower than A by more than PERCENT plus its
 * noise allowance, so that acceptance tests can run it.  The matching,
 * the noise rule and the verdicts are src/compare (docs/compare.md); this
 * file reads the options and the two files and prints.
 *
 * Exit status: 0 no failing point (or no --fail-above), 1 a point slower
 * beyond the threshold (each named on stderr), 2 bad usage or input. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "command.h"
#include "mpchar/compare.h"
#include "mpchar/model.h"
#include "mpchar/options.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"

#define EXIT_REGRESSION 1
#define EXIT_USAGE 2
#define EXAMPLES_MAX 3

typedef enum out_format { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_CSV } out_format;

typedef struct compare_args {
    const char *path[2]; /* A, B as given */
    int fmt;             /* an out_format */
    int stat;            /* an mpchar_compare_stat */
    bool brief;
    bool fail; /* --fail-above given */
    double threshold_pct;
    mpchar_compare_options opt;
    /* each side's buffers, from its results directory's meta.json (a CSV
     * file given alone: warm) */
    mpchar_cache cache[2];
    char cache_sweep[2][32];
} compare_args;

/* "10", "10%", "2.5": a percentage in [0, 1000]. */
static int set_fail_above(void *field, const char *value,
                          const mpchar_option *o, mpchar_error *err)
{
    compare_args *a = field;
    char buf[64];
    size_t len = strlen(value);
    (void)o;
    if (len >= sizeof buf)
        return mpchar_error_set(err,
                                "'%.20s...' is not a percentage from 0 to "
                                "1000",
                                value);
    memcpy(buf, value, len + 1);
    if (len > 1 && buf[len - 1] == '%')
        buf[len - 1] = '\0';
    if (mpchar_parse_double(buf, 0.0, 1000.0, &a->threshold_pct, err) != 0)
        return mpchar_error_set(err, "'%s' is not a percentage from 0 to 1000",
                                value);
    a->fail = true;
    return 0;
}

static int set_library(void *field, const char *value, const mpchar_option *o,
                       mpchar_error *err)
{
    (void)o;
    if (!mpchar_name_valid(value))
        return mpchar_error_set(err, "'%s' is not a library name", value);
    *(const char **)field = value;
    return 0;
}

static const mpchar_option_entry options[] = {
    {{"fail-above", "PERCENT",
      "exit 1 if a point is slower than A by more than PERCENT plus its "
      "noise allowance",
      NULL},
     set_fail_above,
     0},
    {{"stat", "min|median", "compared statistic (min: t_min_us)", "min"},
     mpchar_option_choice,
     offsetof(compare_args, stat)},
    {{"library-a", "NAME", "compare A's library NAME ...", NULL},
     set_library,
     offsetof(compare_args, opt.library_a)},
    {{"library-b", "NAME",
      "... with B's library NAME (one of them alone: the same name on both "
      "sides)",
      NULL},
     set_library,
     offsetof(compare_args, opt.library_b)},
    {{"include-oversubscribed", NULL, "judge oversubscribed points too", NULL},
     mpchar_option_flag,
     offsetof(compare_args, opt.include_oversubscribed)},
    {{"format", "text|markdown|csv", "output format", "text"},
     mpchar_option_choice,
     offsetof(compare_args, fmt)},
    {{"brief", NULL, "one line per table, and the summary", NULL},
     mpchar_option_flag,
     offsetof(compare_args, brief)},
};

static const command_options compare_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar compare A B [options]\n"
    "  Prints the B/A time ratio of every point that the results\n"
    "  directories A and B (or two measurements.csv files) share: one\n"
    "  table over n per library, pattern, variant, op and p, then a\n"
    "  summary (geometric mean, worst point, slower/faster counts, points\n"
    "  found on one side only).\n\n",
    "\n"
    "  Points match by pattern, variant, op, datatype, p, n_bytes and "
    "set;\n"
    "  libraries by name (or, when A and B share none and hold one each,\n"
    "  those two).  Noise allowance of a point: the larger over A and B "
    "of\n"
    "  max(spread, median spread of the point and its two nearest sizes),\n"
    "  spread = (t_median_us - t_min_us) / t_min_us.  A point is slower\n"
    "  when B/A - 1 > threshold + allowance, faster when A/B - 1 >\n"
    "  threshold + allowance (threshold 0 without --fail-above).\n"
    "  Oversubscribed points are marked and not judged by default.\n"
    "  docs/compare.md has the details.\n\n"
    "  exit status: 0 ok, 1 a point slower beyond the threshold (with\n"
    "  --fail-above), 2 bad usage or input\n",
    "two results directories, A and B",
    2,
    2,
};

/* ---- input ---------------------------------------------------------------- */

/* Reads side's measurements from a results directory or a CSV file;
 * csv receives the file's path. */
static int load_side(compare_args *a, int side_index, char *csv, size_t len,
                     mpchar_measurements *m)
{
    const char *side = side_index ? "B" : "A", *path = a->path[side_index];
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr,
                "mpchar compare: %s: %s: no such results directory "
                "or file\n",
                side, path);
        return -1;
    }
    int n = S_ISDIR(st.st_mode)
                ? snprintf(csv, len, "%s/%s", path, MPCHAR_MEASUREMENTS_FILE)
                : snprintf(csv, len, "%s", path);
    if (n < 0 || (size_t)n >= len) {
        fprintf(stderr, "mpchar compare: %s: path too long\n", side);
        return -1;
    }
    mpchar_error err;
    if (S_ISDIR(st.st_mode) &&
        mpchar_run_buffers_read(path, &a->cache[side_index],
                                a->cache_sweep[side_index],
                                sizeof a->cache_sweep[side_index], &err) != 0) {
        fprintf(stderr, "mpchar compare: %s: %s\n", side, err.msg);
        return -1;
    }
    mpchar_read_options ropt = {.allow_truncated_tail = false,
                                .placement_as_library = true};
    if (mpchar_measurements_read(csv, &ropt, m, NULL, &err) != 0) {
        fprintf(stderr, "mpchar compare: %s\n", err.msg);
        return -1;
    }
    if (m->count == 0) {
        fprintf(stderr,
                "mpchar compare: %s: no measurements (header "
                "only)\n",
                csv);
        mpchar_measurements_free(m);
        return -1;
    }
    return 0;
}

/* ---- printing ------------------------------------------------------------- */

static const char *stat_column(const mpchar_compare_options *opt)
{
    return opt->stat == MPCHAR_COMPARE_STAT_MEDIAN ? "t_median_us" : "t_min_us";
}

static const char *set_name(const mpchar_point_key *k)
{
    return mpchar_set_name(k->set);
}

/* "openmpi pingpong/send p=2" or "openmpi vs mpich allreduce/sum p=4". */
static void series_title(const mpchar_compare_point *pt, char *buf, size_t len)
{
    const mpchar_point_key *k = &pt->key;
    int same = strcmp(k->library, pt->library_b) == 0;
    snprintf(buf, len, "%s%s%s %s%s%s%s%s p=%ld", k->library,
             same ? "" : " vs ", same ? "" : pt->library_b, k->pattern,
             strcmp(k->variant, "-") ? "/" : "",
             strcmp(k->variant, "-") ? k->variant : "",
             strcmp(k->op, "-") ? "/" : "", strcmp(k->op, "-") ? k->op : "",
             k->p);
}

static void point_name(const mpchar_compare_point *pt, char *buf, size_t len)
{
    char title[160];
    series_title(pt, title, sizeof title);
    snprintf(buf, len, "%s n=%llu (%s)", title,
             (unsigned long long)pt->key.n_bytes, set_name(&pt->key));
}

static void percent(double fraction, char *buf, size_t len)
{
    if (isfinite(fraction))
        snprintf(buf, len, "%.1f%%", 100.0 * fraction);
    else
        snprintf(buf, len, "inf");
}

static void ratio_text(double ratio, char *buf, size_t len)
{
    if (isfinite(ratio))
        snprintf(buf, len, "%.3f", ratio);
    else
        snprintf(buf, len, "-");
}

static const char *verdict_text(const mpchar_compare_point *pt)
{
    static const char *const names[] = {"", "SLOWER", "faster", "no ratio"};
    static const char *const oversub[] = {
        "oversubscribed", "SLOWER, oversubscribed", "faster, oversubscribed",
        "no ratio, oversubscribed"};
    if (!pt->judged)
        return "oversubscribed, not judged";
    return pt->oversubscribed ? oversub[pt->verdict] : names[pt->verdict];
}

/* Statistics of the series points[first .. first+len). */
typedef struct series_stats {
    size_t judged, slower, faster;
    double geomean, worst_ratio;
    uint64_t worst_n_bytes;
} series_stats;

/* Over the judged points, or over all when none is judged (a series
 * measured oversubscribed on either side). */
static series_stats series_summary(const mpchar_compare_point *pts, size_t len)
{
    series_stats s = {.geomean = NAN, .worst_ratio = NAN};
    double log_sum = 0.0;
    size_t logs = 0;
    for (size_t i = 0; i < len; i++)
        s.judged += pts[i].judged;
    for (size_t i = 0; i < len; i++) {
        const mpchar_compare_point *pt = &pts[i];
        if (!pt->judged && s.judged > 0)
            continue;
        s.slower += pt->verdict == MPCHAR_VERDICT_SLOWER;
        s.faster += pt->verdict == MPCHAR_VERDICT_FASTER;
        if (pt->verdict == MPCHAR_VERDICT_UNDEFINED)
            continue;
        log_sum += log(pt->ratio);
        logs++;
        if (!(pt->ratio <= s.worst_ratio)) {
            s.worst_ratio = pt->ratio;
            s.worst_n_bytes = pt->key.n_bytes;
        }
    }
    if (logs)
        s.geomean = exp(log_sum / (double)logs);
    return s;
}

static void print_series_head(const compare_args *a,
                              const mpchar_compare_point *pts, size_t len)
{
    char title[160], gm[32], worst[32];
    series_title(&pts[0], title, sizeof title);
    series_stats s = series_summary(pts, len);
    ratio_text(s.geomean, gm, sizeof gm);
    ratio_text(s.worst_ratio, worst, sizeof worst);
    printf(a->fmt == FORMAT_MARKDOWN ? "### %s\n\n" : "%s: ", title);
    printf("%zu point%s, geomean B/A %s, worst %s", len, len == 1 ? "" : "s",
           gm, worst);
    if (isfinite(s.worst_ratio))
        printf(" at n=%llu", (unsigned long long)s.worst_n_bytes);
    printf(", %zu slower, %zu faster", s.slower, s.faster);
    if (s.judged == 0)
        printf(", all oversubscribed, not judged");
    else if (s.judged < len)
        printf(", %zu oversubscribed not judged", len - s.judged);
    printf(a->fmt == FORMAT_MARKDOWN ? "\n\n" : "\n");
}

static void print_row(const compare_args *a, const mpchar_compare_point *pt)
{
    char ratio[32], allow[32];
    ratio_text(pt->ratio, ratio, sizeof ratio);
    percent(pt->allowance, allow, sizeof allow);
    unsigned long long n = (unsigned long long)pt->key.n_bytes;
    const char *verdict = verdict_text(pt);
    if (a->fmt == FORMAT_MARKDOWN)
        printf("| %llu | %s | %.4f | %.4f | %s | %s | %s |\n", n,
               set_name(&pt->key), pt->a_us, pt->b_us, ratio, allow, verdict);
    else
        printf("  %12llu  %-10s  %12.4f  %12.4f  %7s  %7s%s%s\n", n,
               set_name(&pt->key), pt->a_us, pt->b_us, ratio, allow,
               *verdict ? "  " : "", verdict);
}

static void print_series(const compare_args *a, const mpchar_compare_point *pts,
                         size_t len)
{
    print_series_head(a, pts, len);
    if (a->brief)
        return;
    const char *st = stat_column(&a->opt);
    if (a->fmt == FORMAT_MARKDOWN)
        printf("| n_bytes | set | A %s | B %s | B/A | noise allowance | "
               "verdict |\n|---:|---|---:|---:|---:|---:|---|\n",
               st, st);
    else
        printf("  %12s  %-10s  %12s  %12s  %7s  %7s  %s\n", "n_bytes", "set",
               "A_us", "B_us", "B/A", "noise", "verdict");
    for (size_t i = 0; i < len; i++)
        print_row(a, &pts[i]);
    printf("\n");
}

static void print_tables(const compare_args *a, const mpchar_comparison *c)
{
    size_t first = 0;
    while (first < c->count) {
        size_t len = 1;
        while (first + len < c->count &&
               c->points[first + len].pair == c->points[first].pair &&
               c->points[first + len].series == c->points[first].series)
            len++;
        print_series(a, &c->points[first], len);
        first += len;
    }
    if (a->brief)
        printf("\n");
}

static void print_csv(const compare_args *a, const mpchar_comparison *c)
{
    printf("library_a,library_b,pattern,variant,op,datatype,p,n_bytes,set,"
           "statistic,a_us,b_us,ratio,noise_a,noise_b,allowance,verdict,"
           "oversubscribed,judged\n");
    static const char *const verdicts[] = {"within", "slower", "faster",
                                           "undefined"};
    for (size_t i = 0; i < c->count; i++) {
        const mpchar_compare_point *pt = &c->points[i];
        const mpchar_point_key *k = &pt->key;
        printf("%s,%s,%s,%s,%s,%s,%ld,%llu,%s,%s,%.4f,%.4f,%.6g,%.6g,%.6g,"
               "%.6g,%s,%s,%s\n",
               k->library, pt->library_b, k->pattern, k->variant, k->op,
               k->datatype, k->p, (unsigned long long)k->n_bytes, set_name(k),
               a->opt.stat == MPCHAR_COMPARE_STAT_MEDIAN ? "median" : "min",
               pt->a_us, pt->b_us, pt->ratio, pt->noise_a, pt->noise_b,
               pt->allowance, verdicts[pt->verdict],
               pt->oversubscribed ? "true" : "false",
               pt->judged ? "true" : "false");
    }
}

static void print_header(const compare_args *a, const char csv[2][4096],
                         const mpchar_measurements m[2],
                         const mpchar_comparison *c)
{
    const char *bullet = a->fmt == FORMAT_MARKDOWN ? "- " : "";
    for (int i = 0; i < 2; i++) {
        printf("%s%c: %s (%zu points", bullet, "AB"[i], csv[i], m[i].count);
        if (a->cache[i] == MPCHAR_CACHE_COLD)
            printf(", cold buffers: --cache-sweep %s", a->cache_sweep[i]);
        printf(")\n");
    }
    if (a->cache[0] != a->cache[1])
        printf("%snote: A measured %s buffers and B %s ones (mpchar run "
               "--cache): the ratios are the caches' cost as much as the "
               "libraries'\n",
               bullet, mpchar_cache_names[a->cache[0]],
               mpchar_cache_names[a->cache[1]]);
    printf("%slibraries: ", bullet);
    if (c->pairing == MPCHAR_PAIRING_COMMON) {
        for (size_t i = 0; i < c->pair_count; i++)
            printf("%s%s", i ? ", " : "", c->pairs[i].a);
        printf(" (in both)\n");
    } else {
        printf("A's %s against B's %s (%s)\n", c->pairs[0].a, c->pairs[0].b,
               c->pairing == MPCHAR_PAIRING_SINGLE
                   ? "no library in common; the only one of each"
                   : "chosen");
    }
    printf("%scompared: %s, ratio B/A; ", bullet, stat_column(&a->opt));
    if (a->fail)
        printf("slower means B/A - 1 > %g%% + noise allowance\n\n",
               a->threshold_pct);
    else
        printf("slower means B/A - 1 > noise allowance\n\n");
}

static void print_key_examples(const char *label, const mpchar_point_key *k,
                               size_t count, const char *bullet)
{
    printf("%s%s: %zu point%s", bullet, label, count, count == 1 ? "" : "s");
    for (size_t i = 0; i < count && i < EXAMPLES_MAX; i++)
        printf("%s%s %s/%s/%s p=%ld n=%llu (%s)", i ? "; " : ", e.g. ",
               k[i].library, k[i].pattern, k[i].variant, k[i].op, k[i].p,
               (unsigned long long)k[i].n_bytes, mpchar_set_name(k[i].set));
    printf("%s\n", count > EXAMPLES_MAX ? "; ..." : "");
}

static void print_summary(const compare_args *a, const mpchar_comparison *c)
{
    const mpchar_compare_summary *s = &c->summary;
    const char *bullet = a->fmt == FORMAT_MARKDOWN ? "- " : "  ";
    char gm[32], name[256], ratio[32], allow[32];
    printf(a->fmt == FORMAT_MARKDOWN ? "## Summary\n\n" : "summary:\n");
    printf("%scompared points: %zu (judged %zu, oversubscribed and not "
           "judged %zu)\n",
           bullet, c->count, s->judged, s->oversubscribed_not_judged);
    ratio_text(s->geomean_ratio, gm, sizeof gm);
    printf("%sgeometric mean B/A: %s\n", bullet, gm);
    if (s->worst != SIZE_MAX) {
        const mpchar_compare_point *w = &c->points[s->worst];
        point_name(w, name, sizeof name);
        ratio_text(w->ratio, ratio, sizeof ratio);
        percent(w->allowance, allow, sizeof allow);
        printf("%sworst: %s: B/A %s, noise allowance %s\n", bullet, name, ratio,
               allow);
    }
    printf("%sslower: %zu, faster: %zu, within: %zu, no ratio: %zu\n", bullet,
           s->slower, s->faster, s->within, s->undefined);
    print_key_examples("only in A", c->only_a, c->only_a_count, bullet);
    print_key_examples("only in B", c->only_b, c->only_b_count, bullet);
    if (c->other_a || c->other_b)
        printf("%sother libraries, not compared: %zu rows of A, %zu of B\n",
               bullet, c->other_a, c->other_b);
}

/* Names every failing point on stderr; returns how many there are. */
static size_t report_failures(const compare_args *a, const mpchar_comparison *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->count; i++) {
        const mpchar_compare_point *pt = &c->points[i];
        if (!pt->judged || pt->verdict != MPCHAR_VERDICT_SLOWER)
            continue;
        const mpchar_point_key *k = &pt->key;
        fprintf(stderr,
                "mpchar compare: slower: library=%s%s%s pattern=%s "
                "variant=%s op=%s datatype=%s p=%ld n_bytes=%llu set=%s "
                "ratio=%.3f allowance=%.1f%% (threshold %g%% + noise "
                "%.1f%%)\n",
                k->library,
                strcmp(k->library, pt->library_b) ? " library_b=" : "",
                strcmp(k->library, pt->library_b) ? pt->library_b : "",
                k->pattern, k->variant, k->op, k->datatype, k->p,
                (unsigned long long)k->n_bytes, set_name(k), pt->ratio,
                a->threshold_pct + 100.0 * pt->allowance, a->threshold_pct,
                100.0 * pt->allowance);
        n++;
    }
    return n;
}

static int finish(const compare_args *a, const mpchar_comparison *c)
{
    if (!a->fail)
        return 0;
    size_t n = report_failures(a, c);
    const char *bullet = a->fmt == FORMAT_MARKDOWN ? "\n**" : "";
    if (a->fmt != FORMAT_CSV)
        printf("%s%s: %zu point%s slower than A by more than %g%% plus "
               "noise%s\n",
               bullet, n ? "FAIL" : "PASS", n, n == 1 ? "" : "s",
               a->threshold_pct, *bullet ? "**" : "");
    if (n)
        fprintf(stderr,
                "mpchar compare: %zu point%s slower than A by more "
                "than %g%% plus noise\n",
                n, n == 1 ? "" : "s", a->threshold_pct);
    return n ? EXIT_REGRESSION : 0;
}

static int run(const compare_args *a, const char csv[2][4096],
               const mpchar_measurements m[2])
{
    mpchar_comparison c;
    mpchar_error err;
    if (mpchar_compare_run(&m[0], &m[1], &a->opt, &c, &err) != 0) {
        fprintf(stderr, "mpchar compare: %s\n", err.msg);
        return EXIT_USAGE;
    }
    if (c.count == 0) {
        fprintf(stderr,
                "mpchar compare: no point of %s matches a point of "
                "%s (%zu only in A, %zu only in B)\n",
                csv[0], csv[1], c.only_a_count, c.only_b_count);
        mpchar_comparison_free(&c);
        return EXIT_USAGE;
    }
    if (a->fmt == FORMAT_CSV) {
        print_csv(a, &c);
    } else {
        print_header(a, csv, m, &c);
        print_tables(a, &c);
        print_summary(a, &c);
    }
    int rc = finish(a, &c);
    fflush(stdout);
    mpchar_comparison_free(&c);
    return rc;
}

int cmd_compare(int argc, char **argv)
{
    compare_args a = {.brief = false};
    int first, rc;
    if (command_parse(&compare_command, argc, argv, &a, &first, &rc) != 0)
        return rc;
    if (a.brief && a.fmt == FORMAT_CSV) {
        fprintf(stderr, "mpchar compare: --brief is for text and markdown, "
                        "not --format csv\n");
        return EXIT_USAGE;
    }
    a.path[0] = argv[first];
    a.path[1] = argv[first + 1];
    a.opt.stat = (mpchar_compare_stat)a.stat;
    a.opt.threshold = a.fail ? a.threshold_pct / 100.0 : 0.0;
    char csv[2][4096];
    mpchar_measurements m[2] = {{0}, {0}};
    if (load_side(&a, 0, csv[0], sizeof csv[0], &m[0]) != 0)
        return EXIT_USAGE;
    if (load_side(&a, 1, csv[1], sizeof csv[1], &m[1]) != 0) {
        mpchar_measurements_free(&m[0]);
        return EXIT_USAGE;
    }
    rc = run(&a, (const char(*)[4096])csv, m);
    mpchar_measurements_free(&m[0]);
    mpchar_measurements_free(&m[1]);
    return rc;
}
