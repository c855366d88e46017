/* The whole report from synthetic results directories, without gnuplot:
 * the plot count of docs/report.md, a library present in two directories
 * renamed, notes for what is missing, the gnuplot note, and one clear
 * error for an empty directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "mpchar/patterns.h"
#include "mpchar/report.h"
#include "mpchar/results.h"
#include "unit_assert.h"

static void make_tmp(char *dir, size_t len, const char *name)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, len, "%s/mpchar-test-%s.XXXXXX", tmp ? tmp : "/tmp", name);
    assert_non_null(mkdtemp(dir));
}

/* One measured point of n bytes taking t_us (every statistic), in the
 * pattern's own datatype (doubles for reductions). */
static void add_row(const char *dir, const char *lib, const char *pattern,
                    const char *variant, long p, bool over, double n,
                    double t_us, mpchar_set set)
{
    char path[600], line[MPCHAR_LINE_MAX];
    mpchar_error err;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    mpchar_measurement m = {.reps = 10,
                            .t_min_us = t_us,
                            .t_median_us = t_us,
                            .t_mean_us = t_us,
                            .t_max_us = t_us,
                            .oversubscribed = over};
    snprintf(m.key.library, sizeof m.key.library, "%s", lib);
    snprintf(m.key.pattern, sizeof m.key.pattern, "%s", pattern);
    snprintf(m.key.variant, sizeof m.key.variant, "%s", variant);
    snprintf(m.key.op, sizeof m.key.op, "-");
    snprintf(m.key.datatype, sizeof m.key.datatype, "%s",
             mpchar_pattern_datatype(pattern));
    m.key.p = p;
    m.key.n_bytes = (uint64_t)n;
    m.key.set = set;
    assert_int_equal(mpchar_measurement_format(&m, line, sizeof line, &err), 0);
    assert_int_equal(
        mpchar_append_line(path, MPCHAR_MEASUREMENTS_HEADER, line, &err), 0);
}

/* A series whose times are scale * (1 + 0.001 n) * p microseconds. */
static void add_scaled(const char *dir, const char *lib, const char *pattern,
                       const char *variant, long p, bool over, double scale)
{
    static const unsigned sizes[] = {0, 1, 4, 16, 64, 256, 1024, 4096};
    static const unsigned val[] = {2, 8, 32, 128};
    for (size_t i = 0; i < 12; i++) {
        bool v = i >= 8;
        double n = v ? val[i - 8] : sizes[i];
        add_row(dir, lib, pattern, variant, p, over, n,
                scale * (1.0 + 0.001 * n) * (double)p,
                v ? MPCHAR_SET_VALIDATION : MPCHAR_SET_FIT);
    }
}

/* Pingpong at p = 2 with a protocol switch at 4096 bytes: T = 1 + 0.001 n
 * us below it, 10 + 0.0005 n us from it on; n = 0 to 64 KiB. */
static void add_switched(const char *dir, const char *lib)
{
    int k = 0;
    for (double n = 1; n <= 65536; n *= 2) {
        double t_us = n < 4096 ? 1.0 + 0.001 * n : 10.0 + 0.0005 * n;
        add_row(dir, lib, "pingpong", "send", 2, false, n, t_us,
                k++ % 2 ? MPCHAR_SET_VALIDATION : MPCHAR_SET_FIT);
    }
    add_row(dir, lib, "pingpong", "send", 2, false, 0, 1.0, MPCHAR_SET_FIT);
}

static void add_series(const char *dir, const char *lib, const char *pattern,
                       const char *variant, long p, bool over)
{
    add_scaled(dir, lib, pattern, variant, p, over, 1.0);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)len + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)len, f), (size_t)len);
    s[len] = '\0';
    fclose(f);
    return s;
}

/* The report of one results directory, written to dir/out without
 * gnuplot; the text of its file name (free it). */
static char *report_of(const char *dir, const char *name)
{
    char out[600], path[700];
    snprintf(out, sizeof out, "%s/out", dir);
    const char *dirs[] = {dir};
    mpchar_report_options opt = {.out_dir = out, .gnuplot = "/nonexistent"};
    mpchar_error err;
    assert_int_equal(mpchar_report_write(dirs, 1, &opt, NULL, &err), 0);
    snprintf(path, sizeof path, "%s/%s", out, name);
    return slurp(path);
}

static void test_merged_report(void **state)
{
    (void)state;
    char a[512], b[512], out[600], path[700];
    make_tmp(a, sizeof a, "a");
    make_tmp(b, sizeof b, "b");
    add_series(a, "openmpi", "pingpong", "send", 2, false);
    add_series(a, "openmpi", "bcast", "-", 2, false);
    add_series(a, "openmpi", "bcast", "-", 3, true);
    add_series(b, "openmpi", "pingpong", "send", 2, false);
    add_series(b, "mpich", "pingpong", "send", 2, false);
    snprintf(out, sizeof out, "%s/out", a);
    const char *dirs[] = {a, b};
    mpchar_report_options opt = {.out_dir = out, .gnuplot = "/nonexistent"};
    mpchar_report_summary sum;
    mpchar_error err;
    assert_int_equal(mpchar_report_write(dirs, 2, &opt, &sum, &err), 0);
    /* 2 x 3 point-to-point entries + bcast (T-n, 2 x T-p, bandwidth
     * against n per p, Bw_as^ag against p) + libraries */
    assert_int_equal(sum.plots, 12);
    assert_int_equal(sum.plots_drawn, 0);
    assert_int_equal(sum.notes, 3); /* two meta.json, one rename */
    snprintf(path, sizeof path, "%s/report.html", out);
    char *html = slurp(path);
    assert_contains(html, "<!-- plots: 12 -->");
    assert_contains(html, "Bw_as^ag(p)");
    assert_contains(html, "What to read first"); /* test_read_first */
    assert_contains(html, "openmpi.2");
    assert_contains(html, "Plots were not drawn: gnuplot");
    assert_contains(html, "(oversubscribed)");
    assert_null(strstr(html, "class=\"plot\""));
    assert_null(strstr(html, "Every collective was measured at one p"));
    free(html);
    snprintf(path, sizeof path, "%s/report.md", out);
    char *md = slurp(path);
    assert_contains(md, "| library | pattern | variant | ts (us) |");
    free(md);
}

/* A Bcast four times as slow as a Scatter and an Allgather: Scatter +
 * Allgather is predicted faster at every n (half the time), which the
 * advice section tables and plots. */
static void test_advice_section(void **state)
{
    (void)state;
    char a[512];
    make_tmp(a, sizeof a, "advice");
    add_scaled(a, "openmpi", "bcast", "-", 2, false, 4.0);
    add_series(a, "openmpi", "scatter", "-", 2, false);
    add_series(a, "openmpi", "allgather", "-", 2, false);
    char *md = report_of(a, "report.md");
    assert_contains(md, "## Advice: substitutions predicted faster");
    assert_contains(md, "| openmpi | bcast | Scatter + Allgather "
                        "(bcast\\_sa) | 2 | n \\< 4096 |");
    assert_contains(md, "| 50.0% | no |");
    assert_contains(md, "openmpi bcast against Scatter + Allgather at p = 2: "
                        "predicted times");
    free(md);
}

/* What to read first, before the summary, from synthetic results with
 * known answers: pingpong T = s (1 + 0.001 n) p us at p = 2 gives t0 =
 * T(0) = 2 s us and a peak n/T at n = 4096 bytes of 4096 / (2 s (1 +
 * 4.096)) MB/s (401.88 for s = 1, 803.77 for s = 0.5); a bcast 3 times and
 * an allreduce 2 times the other library's time name their slowest
 * library, a scatter 1.1 times (below 1.2) does not.  A pingpong whose
 * line jumps between 2048 and 4096 bytes (add_switched) has its switch
 * there (the model places it one byte above the lower segment's last
 * size), 1532.4 MB/s = 65536 / (10 + 32.768) at 64 KiB, and that switch as
 * its one finding. */
static void test_read_first(void **state)
{
    (void)state;
    char a[512];
    make_tmp(a, sizeof a, "first");
    add_series(a, "openmpi", "pingpong", "send", 2, false);
    add_scaled(a, "mpich", "pingpong", "send", 2, false, 0.5);
    add_scaled(a, "openmpi", "bcast", "-", 2, false, 3.0);
    add_series(a, "mpich", "bcast", "-", 2, false);
    add_scaled(a, "openmpi", "scatter", "-", 2, false, 1.1);
    add_series(a, "mpich", "scatter", "-", 2, false);
    add_series(a, "openmpi", "allreduce", "-", 2, false);
    add_scaled(a, "mpich", "allreduce", "-", 2, false, 2.0);
    add_switched(a, "builtin");
    char *md = report_of(a, "report.md");
    const char *first = strstr(md, "# What to read first");
    assert_non_null(first);
    assert_true(first < strstr(md, "# Summary"));
    assert_contains(md, "openmpi: latency t0 = 2 us (t\\_i model), T(0) "
                        "measured 2 us; peak bandwidth 401.88 MB/s (measured, "
                        "n = 4 KiB); no protocol switch found; slowest in "
                        "bcast (3x the fastest, p = 2);");
    assert_contains(md, "mpich: latency t0 = 1 us (t\\_i model), T(0) "
                        "measured 1 us; peak bandwidth 803.77 MB/s (measured, "
                        "n = 4 KiB); no protocol switch found; slowest in "
                        "allreduce (2x the fastest, p = 2);");
    assert_null(strstr(md, "scatter (1.1x"));
    assert_contains(md, "builtin: latency t0 = 1 us (t\\_i model), T(0) "
                        "measured 1 us; peak bandwidth 1532.4 MB/s (measured, "
                        "n = 64 KiB); protocol switches at 2049 bytes; the "
                        "slowest in no collective by 1.2x or more; findings: "
                        "1 protocol-switch.");
    free(md);
    char *html = report_of(a, "report.html");
    assert_contains(html, "id=\"read-first\"");
    assert_contains(html, "slowest in bcast (3x the fastest, p = 2)");
    free(html);
}

/* Collectives at one p only (a --quick run on 2 cores): one note says
 * what needs more p and how to get it; the validation across p says why
 * it has no rows. */
static void test_one_p_note(void **state)
{
    (void)state;
    char a[512];
    make_tmp(a, sizeof a, "onep");
    add_series(a, "openmpi", "pingpong", "send", 2, false);
    add_series(a, "openmpi", "bcast", "-", 2, false);
    add_series(a, "openmpi", "allreduce", "-", 2, false);
    char *md = report_of(a, "report.md");
    assert_contains(md, "Every collective was measured at one p, p = 2 "
                        "(mpchar run --quick measures p up to the "
                        "machine's cores).");
    assert_contains(md, "Bw\\_as^ag(p) against p (seed 000 Figs 3-4) 2 p");
    assert_contains(md, "none: it needs an entry fitted at 3 p or more");
    assert_contains(md, "no entry here has more than 1 p");
    free(md);
}

/* One process_times.csv row of openmpi's async_pingping c20 at n and
 * rank, its send, wait and total minima (means twice as much). */
static void add_process_row(const char *dir, double n, int rank, double send,
                            double wait, double total)
{
    char path[600], line[MPCHAR_LINE_MAX];
    mpchar_error err;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_PROCESS_TIMES_FILE);
    mpchar_process_times t = {.rank = rank,
                              .reps = 40,
                              .min_us = {send, wait, total},
                              .mean_us = {2 * send, 2 * wait, 2 * total}};
    snprintf(t.key.library, sizeof t.key.library, "openmpi");
    snprintf(t.key.pattern, sizeof t.key.pattern, "async_pingping");
    snprintf(t.key.variant, sizeof t.key.variant, "c20");
    snprintf(t.key.op, sizeof t.key.op, "-");
    snprintf(t.key.datatype, sizeof t.key.datatype, "byte");
    t.key.p = 2;
    t.key.n_bytes = (uint64_t)n;
    assert_int_equal(mpchar_process_times_format(&t, line, sizeof line, &err),
                     0);
    assert_int_equal(
        mpchar_append_line(path, MPCHAR_PROCESS_TIMES_HEADER, line, &err), 0);
}

/* Seed 002's per-process times: both ranks at the sizes nearest to 0,
 * 1 KiB and 64 KiB (not 4 KiB), the last rows of a point counting (a
 * resumed run wrote 1024 B again). */
static void test_process_times_table(void **state)
{
    (void)state;
    char a[512];
    make_tmp(a, sizeof a, "proc");
    add_series(a, "openmpi", "pingpong", "send", 2, false);
    for (unsigned n = 0; n <= 65536; n = n ? 4 * n : 1)
        add_row(a, "openmpi", "async_pingping", "c20", 2, false, n,
                21 + 0.001 * n, MPCHAR_SET_FIT);
    add_process_row(a, 0, 0, 20.5, 0.25, 20.75);
    add_process_row(a, 0, 1, 20.25, 1.5, 21.0);
    add_process_row(a, 1024, 0, 99, 99, 99);
    add_process_row(a, 1024, 1, 99, 99, 99);
    add_process_row(a, 4096, 0, 21.5, 0.5, 22.0);
    add_process_row(a, 1024, 0, 21.0, 0.5, 21.5);
    add_process_row(a, 1024, 1, 20.75, 2.0, 22.5);
    add_process_row(a, 65536, 0, 30.0, 4.0, 34.0);
    char *md = report_of(a, "report.md");
    assert_contains(md, "### Asynchronous ping-ping per process (seed 002)");
    assert_contains(md, "| library | variant | datatype | n (bytes) | rank | "
                        "t\\_send (us) | t\\_wait (us) | t\\_total (us) | "
                        "reps |\n| --- | --- | --- | --- | --- | --- | --- | "
                        "--- | --- |\n"
                        "| openmpi | c20 | byte | 0 | 0 | 20.5 | 0.25 | 20.75 "
                        "| 40 |\n"
                        "| openmpi | c20 | byte | 0 | 1 | 20.25 | 1.5 | 21 "
                        "| 40 |\n"
                        "| openmpi | c20 | byte | 1024 | 0 | 21 | 0.5 | 21.5 "
                        "| 40 |\n"
                        "| openmpi | c20 | byte | 1024 | 1 | 20.75 | 2 | 22.5 "
                        "| 40 |\n"
                        "| openmpi | c20 | byte | 65536 | 0 | 30 | 4 | 34 "
                        "| 40 |\n\n");
    assert_contains(md, "Each rank's minimum over its timed exchanges");
    free(md);
}

/* Pingpong measured in bytes and in ints (--datatypes byte,int): two
 * entries with their own headings, plot ids and table rows, the int one
 * named so; the send modes and the libraries' comparison keep to
 * bytes. */
static void test_datatypes_apart(void **state)
{
    (void)state;
    char a[512], path[600];
    make_tmp(a, sizeof a, "dtype");
    add_series(a, "openmpi", "pingpong", "send", 2, false);
    add_scaled(a, "openmpi", "pingpong", "ssend", 2, false, 2.0);
    add_series(a, "mpich", "pingpong", "send", 2, false);
    snprintf(path, sizeof path, "%s/%s", a, MPCHAR_MEASUREMENTS_FILE);
    char *rows = slurp(path);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    for (char *line = strtok(strchr(rows, '\n') + 1, "\n"); line;
         line = strtok(NULL, "\n")) {
        char *dt = strstr(line, ",byte,");
        if (strncmp(line, "openmpi,pingpong,send,", 22) || !dt)
            continue;
        *dt = '\0';
        fprintf(f, "%s,int,%s\n", line, dt + 6);
    }
    assert_int_equal(fclose(f), 0);
    free(rows);
    char *html = report_of(a, "report.html");
    assert_contains(html, "<h3>openmpi pingpong/send</h3>");
    assert_contains(html, "<h3>openmpi pingpong/send (int)</h3>");
    assert_contains(html, "id=\"p2p-lat-openmpi-pingpong-send\"");
    assert_contains(html, "id=\"p2p-lat-openmpi-pingpong-send-int\"");
    assert_contains(html, "<td>pingpong (int)</td><td>send</td>");
    /* send modes: send and ssend of bytes, not the ints' send too */
    char *modes = strstr(html, "<h3>Send modes</h3>");
    assert_non_null(modes);
    char *end = strstr(modes + 1, "<h3>");
    assert_non_null(end);
    *end = '\0';
    size_t sends = 0;
    for (const char *c = modes; (c = strstr(c, "<tr><td>openmpi</td><td>"
                                               "send</td>")) != NULL;
         c++)
        sends++;
    assert_int_equal(sends, 1);
    assert_contains(modes, "<tr><td>openmpi</td><td>ssend</td>");
    free(html);
}

static void test_empty_dir(void **state)
{
    (void)state;
    char a[512], out[600];
    make_tmp(a, sizeof a, "empty");
    snprintf(out, sizeof out, "%s/out", a);
    const char *dirs[] = {a};
    mpchar_report_options opt = {.out_dir = out, .gnuplot = "/nonexistent"};
    mpchar_error err;
    assert_int_equal(mpchar_report_write(dirs, 1, &opt, NULL, &err), -1);
    assert_contains(err.msg, "not a results directory");
    assert_contains(err.msg, a);
    struct stat st;
    assert_int_not_equal(stat(out, &st), 0); /* nothing written */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merged_report),
        cmocka_unit_test(test_advice_section),
        cmocka_unit_test(test_read_first),
        cmocka_unit_test(test_one_p_note),
        cmocka_unit_test(test_process_times_table),
        cmocka_unit_test(test_datatypes_apart),
        cmocka_unit_test(test_empty_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
