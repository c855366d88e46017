/* `mpchar fit DIR`: fits the models of DIR/measurements.csv, writes
 * DIR/model.json (or --out FILE) with the state of the measured buffers
 * DIR/meta.json gives, and prints the point-to-point, collective,
 * accuracy and findings tables. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "mpchar/measure_defaults.h"
#include "mpchar/model.h"
#include "mpchar/options.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"

typedef struct fit_args {
    const char *dir, *out;
    /* indexes among the option's names; -1 when not given */
    int method, fmt, units, stat, weighting, aggregation;
    mpchar_fit_options opt;
    bool quiet;
} fit_args;

static int set_max_segments(void *field, const char *value,
                            const mpchar_option *o, mpchar_error *err)
{
    long n;
    (void)o;
    if (mpchar_parse_long(value, 1, MPCHAR_MAX_SEGMENTS, &n, err) != 0)
        return -1;
    *(int *)field = (int)n;
    return 0;
}

static int set_outlier_factor(void *field, const char *value,
                              const mpchar_option *o, mpchar_error *err)
{
    double f;
    (void)o;
    if (mpchar_parse_double(value, 0.0, 1e6, &f, err) != 0 ||
        (f != 0.0 && f <= 1.0))
        return mpchar_error_set(err,
                                "expected 0 (off) or a number above 1, "
                                "not '%s'",
                                value);
    *(double *)field = f;
    return 0;
}

static const mpchar_option_entry options[] = {
    {{"out", "FILE", "write the model here instead", NULL},
     mpchar_option_text,
     offsetof(fit_args, out)},
    {{"method", "best|seed",
      "best: mpchar's estimators; seed: the papers' own (plain least "
      "squares, seed 000's t_i line, T(0) as it is; docs/models.md)",
      "best"},
     mpchar_option_choice,
     offsetof(fit_args, method)},
    {{"format", "text|markdown|csv", "table format", "text"},
     mpchar_option_choice,
     offsetof(fit_args, fmt)},
    {{"units", "default|seed001",
      "default: us, ns/byte, MB/s (10^6); seed001: us/byte, Kbytes/s, "
      "Mbytes/s (2^10, 2^20)",
      "default"},
     mpchar_option_choice,
     offsetof(fit_args, units)},
    /* No defaults here: the method decides them (fit_options). */
    {{"stat", "min|median|mean",
      "fitted statistic of each point (default min; seed 002 reports means)",
      NULL},
     mpchar_option_choice,
     offsetof(fit_args, stat)},
    {{"aggregation", "seed000|seed001",
      "aggregation factors f(p) of the aggregated metrics: seed000's "
      "((p-1)/p for scatter, gather) or seed001's (p-1; p(p-1) for alltoall)",
      "seed000"},
     mpchar_option_choice,
     offsetof(fit_args, aggregation)},
    {{"weighting", "relative|absolute",
      "least squares on relative or absolute residuals (default relative)",
      NULL},
     mpchar_option_choice,
     offsetof(fit_args, weighting)},
    {{"robust", NULL, "bisquare robust regression", NULL},
     mpchar_option_flag,
     offsetof(fit_args, opt.robust)},
    {{"max-segments", "N",
      "piecewise segments at most (1-" MPCHAR_STR(MPCHAR_MAX_SEGMENTS) ")",
      MPCHAR_STR(MPCHAR_MAX_SEGMENTS)},
     set_max_segments,
     offsetof(fit_args, opt.max_segments)},
    {{"outlier-factor", "F",
      "leave out points F times slower than both smaller and larger sizes; "
      "0: off (default " MPCHAR_STR(MPCHAR_OUTLIER_FACTOR) ")",
      NULL},
     set_outlier_factor,
     offsetof(fit_args, opt.outlier_factor)},
    {{"include-oversubscribed", NULL, "fit oversubscribed points too", NULL},
     mpchar_option_flag,
     offsetof(fit_args, opt.include_oversubscribed)},
    {{"quiet", NULL, "write the model, print no tables", NULL},
     mpchar_option_flag,
     offsetof(fit_args, quiet)},
};

static const command_options fit_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar fit DIR [options]\n"
    "  Fits Hockney, t_i and piecewise models to DIR/measurements.csv,\n"
    "  writes DIR/model.json and prints the tables.\n\n",
    NULL,
    "one results directory, DIR",
    1,
    1,
};

/* The fit options from the parsed arguments: the method's settings, and
 * no setting the seed method fixes given beside it. */
static int fit_options(fit_args *a)
{
    a->opt.aggregation = (mpchar_agg_scheme)a->aggregation;
    if (a->method == MPCHAR_METHOD_SEED) {
        if (a->stat >= 0 || a->weighting >= 0 || a->opt.robust ||
            !isnan(a->opt.outlier_factor)) {
            fprintf(stderr, "mpchar fit: --method seed fits the minimum "
                            "times by plain least squares: it takes no "
                            "--stat, --weighting, --robust or "
                            "--outlier-factor\n");
            return -1;
        }
        mpchar_fit_options_seed(&a->opt);
        return 0;
    }
    a->opt.stat = a->stat >= 0 ? (mpchar_fit_stat)a->stat : MPCHAR_STAT_MIN;
    a->opt.weighting = a->weighting >= 0 ? (mpchar_weighting)a->weighting
                                         : MPCHAR_WEIGHT_RELATIVE;
    if (isnan(a->opt.outlier_factor))
        a->opt.outlier_factor = MPCHAR_OUTLIER_FACTOR;
    return 0;
}

static void print_written(const mpchar_model *model, const char *out)
{
    if (model->cache == MPCHAR_CACHE_COLD)
        printf("model of cold buffers (--cache-sweep %s) written to %s\n",
               model->cache_sweep, out);
    else
        printf("model written to %s\n", out);
}

int cmd_fit(int argc, char **argv)
{
    fit_args a = {.dir = NULL, .stat = -1, .weighting = -1};
    mpchar_error err;
    int first, rc;
    mpchar_fit_options_default(&a.opt);
    a.opt.outlier_factor = NAN;
    if (command_parse(&fit_command, argc, argv, &a, &first, &rc) != 0)
        return rc;
    if (fit_options(&a) != 0)
        return 2;
    a.dir = argv[first];
    char csv[4096], out[4096];
    if (snprintf(csv, sizeof csv, "%s/%s", a.dir, MPCHAR_MEASUREMENTS_FILE) >=
            (int)sizeof csv ||
        snprintf(out, sizeof out, "%s", a.out ? a.out : "") >=
            (int)sizeof out ||
        (!a.out && snprintf(out, sizeof out, "%s/%s", a.dir,
                            MPCHAR_MODEL_FILE) >= (int)sizeof out)) {
        fprintf(stderr, "mpchar fit: path too long\n");
        return 2;
    }
    mpchar_read_options ropt = {.allow_truncated_tail = false,
                                .placement_as_library = true};
    mpchar_measurements m = {0};
    mpchar_model model;
    if (mpchar_measurements_read(csv, &ropt, &m, NULL, &err) != 0) {
        fprintf(stderr, "mpchar fit: %s\n", err.msg);
        return 1;
    }
    rc = mpchar_model_fit(&m, csv, &a.opt, &model, &err);
    mpchar_measurements_free(&m);
    if (rc != 0) {
        fprintf(stderr, "mpchar fit: %s\n", err.msg);
        return 1;
    }
    rc = mpchar_run_buffers_read(a.dir, &model.cache, model.cache_sweep,
                                 sizeof model.cache_sweep, &err);
    if (rc == 0)
        rc = mpchar_model_write(&model, out, &err);
    if (rc == 0 && !a.quiet)
        rc = mpchar_model_print_tables(&model, stdout, a.fmt, a.units, &err);
    if (rc == 0 && !a.quiet && a.fmt == MPCHAR_FORMAT_TEXT)
        print_written(&model, out);
    mpchar_model_free(&model);
    if (rc != 0) {
        fprintf(stderr, "mpchar fit: %s\n", err.msg);
        return 1;
    }
    return 0;
}
