/* `mpchar report RESULTS_DIR... [--out DIR]`: writes report.html,
 * report.md and the plots as SVG files (src/report, docs/report.md), and
 * prints where they are, how many plots they hold and how long it took. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "mpchar/measure_defaults.h"
#include "mpchar/options.h"
#include "mpchar/report.h"

#define MAX_DIRS 64

typedef struct report_args {
    const char *dirs[MAX_DIRS];
    size_t ndirs;
    mpchar_report_options opt;
} report_args;

static const mpchar_option_entry options[] = {
    {{"out", "DIR", "output folder (default FIRST_RESULTS_DIR/report)", NULL},
     mpchar_option_text,
     offsetof(report_args, opt.out_dir)},
    {{"gnuplot", "PROGRAM",
      "gnuplot to run (default $" MPCHAR_REPORT_GNUPLOT_ENV
      ", else gnuplot); without it the report has tables and notes",
      NULL},
     mpchar_option_text,
     offsetof(report_args, opt.gnuplot)},
};

static const command_options report_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar report RESULTS_DIR... [options]\n"
    "  Writes DIR/report.html (self-contained), DIR/report.md and the\n"
    "  plots as DIR/plots/*.svg from one or more results directories,\n"
    "  merged; fits the models of a directory without a current\n"
    "  model.json.  A library in two directories is shown as NAME.2 for\n"
    "  the second.\n\n",
    NULL,
    "1 to " MPCHAR_STR(MAX_DIRS) " results directories",
    1,
    MAX_DIRS,
};

int cmd_report(int argc, char **argv)
{
    report_args a = {.ndirs = 0};
    mpchar_error err;
    int first, rc;
    if (command_parse(&report_command, argc, argv, &a, &first, &rc) != 0)
        return rc;
    while (first < argc)
        a.dirs[a.ndirs++] = argv[first++];
    char out[4096];
    if (!a.opt.out_dir) {
        snprintf(out, sizeof out, "%s/report", a.dirs[0]);
        a.opt.out_dir = out;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    mpchar_report_summary sum;
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
