/* `mpchar report RESULTS_DIR... [--out DIR]`: writes report.html,
 * report.md and the plots as SVG files (src/report, docs/report.md), and
 * prints where they are, how many plots they hold and how long it took. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "mpchar/report.h"

#define MAX_DIRS 64

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: mpchar report RESULTS_DIR... [--out DIR] [--gnuplot PROGRAM]\n"
        "  Writes DIR/report.html (self-contained), DIR/report.md and the\n"
        "  plots as DIR/plots/*.svg from one or more results directories,\n"
        "  merged; fits the models of a directory without a current\n"
        "  model.json.  A library in two directories is shown as NAME.2 for\n"
        "  the second.\n\n"
        "  --out DIR           output folder (default: "
        "FIRST_RESULTS_DIR/report)\n"
        "  --gnuplot PROGRAM   gnuplot to run (default: $%s, else gnuplot);\n"
        "                      without it the report has tables and notes\n",
        MPCHAR_REPORT_GNUPLOT_ENV);
}

typedef struct report_args {
    const char *dirs[MAX_DIRS];
    size_t ndirs;
    mpchar_report_options opt;
} report_args;

static int parse_args(int argc, char **argv, report_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--out") || !strcmp(arg, "--gnuplot")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mpchar report: %s needs a value\n", arg);
                return -1;
            }
            *(arg[2] == 'o' ? &a->opt.out_dir : &a->opt.gnuplot) = argv[++i];
        } else if (arg[0] == '-' && arg[1]) {
            fprintf(stderr, "mpchar report: unknown option '%s'\n", arg);
            return -1;
        } else if (a->ndirs == MAX_DIRS) {
            fprintf(stderr,
                    "mpchar report: more than %d results "
                    "directories\n",
                    MAX_DIRS);
            return -1;
        } else {
            a->dirs[a->ndirs++] = arg;
        }
    }
    if (a->ndirs == 0) {
        usage(stderr);
        return -1;
    }
    return 0;
}

int cmd_report(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    }
    report_args a = {.ndirs = 0};
    if (parse_args(argc, argv, &a) != 0)
        return 2;
    char out[4096];
    if (!a.opt.out_dir) {
        snprintf(out, sizeof out, "%s/report", a.dirs[0]);
        a.opt.out_dir = out;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    mpchar_report_summary sum;
    mpchar_error err;
    if (mpchar_report_write(a.dirs, a.ndirs, &a.opt, &sum, &err) != 0) {
        fprintf(stderr, "mpchar report: %s\n", err.msg);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) +
               1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("plots: %zu (drawn: %zu)\n", sum.plots, sum.plots_drawn);
    if (sum.notes)
        printf("notes: %zu (missing or damaged input; see the summary)\n",
               sum.notes);
    printf("report: %s/%s and %s/%s (%.1f s)\n", a.opt.out_dir,
           MPCHAR_REPORT_HTML, a.opt.out_dir, MPCHAR_REPORT_MD, s);
    return 0;
}
