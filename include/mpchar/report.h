/* The report: one self-contained report.html and a report.md with the same
 * tables and the plots as SVG files beside it, from one or more results
 * directories (docs/report.md).
 *
 * The report fits the models of a directory itself (default options) when
 * it has no model.json newer than its measurements.csv.  Whatever is
 * missing or damaged (meta.json, a truncated last line, gnuplot) becomes a
 * note in the report rather than a failure; only a directory that holds no
 * results at all, or an output directory that cannot be written, fails. */
#ifndef MPCHAR_REPORT_H
#define MPCHAR_REPORT_H

#include <stddef.h>

#include "mpchar/error.h"

#define MPCHAR_REPORT_HTML "report.html"
#define MPCHAR_REPORT_MD "report.md"
#define MPCHAR_REPORT_PLOT_DIR "plots"
/* Environment variable naming the gnuplot program (default: gnuplot from
 * PATH); a program that does not exist gives a report without plots. */
#define MPCHAR_REPORT_GNUPLOT_ENV "MPCHAR_GNUPLOT"

typedef struct mpchar_report_options {
    const char *out_dir; /* created when missing */
    const char *gnuplot; /* NULL: $MPCHAR_GNUPLOT, else "gnuplot" */
} mpchar_report_options;

typedef struct mpchar_report_summary {
    size_t plots;       /* plot figures in the report (docs/report.md) */
    size_t plots_drawn; /* of which gnuplot drew */
    size_t notes;       /* notes on missing or damaged input */
} mpchar_report_summary;

/* Writes OUT/report.html, OUT/report.md and OUT/plots/<id>.svg from the
 * results directories dirs[0..ndirs-1], merged.  A library that appears in
 * two directories keeps its name in the first and gets the suffix ".2",
 * ".3", ... in the others (with a note). */
int mpchar_report_write(const char *const *dirs, size_t ndirs,
                        const mpchar_report_options *opt,
                        mpchar_report_summary *summary_p, mpchar_error *err);

#endif
