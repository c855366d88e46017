/* `mpchar fit DIR`: fits the models of DIR/measurements.csv, writes
 * DIR/model.json (or --out FILE) and prints the point-to-point,
 * collective, accuracy and findings tables. */
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "mpchar/model.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: mpchar fit DIR [options]\n"
        "  Fits Hockney, t_i and piecewise models to DIR/measurements.csv,\n"
        "  writes DIR/model.json and prints the tables.\n\n"
        "  --out FILE                write the model here instead\n"
        "  --format text|markdown|csv   table format (text)\n"
        "  --units default|seed001   us, ns/byte, MB/s (10^6) by default;\n"
        "                            seed001: us/byte, Kbytes/s, Mbytes/s "
        "(2^10, 2^20)\n"
        "  --stat min|median         fitted statistic of each point (min)\n"
        "  --weighting relative|absolute  least squares on relative or\n"
        "                            absolute residuals (relative)\n"
        "  --robust                  bisquare robust regression\n"
        "  --max-segments N          piecewise segments at most (1-4, 4)\n"
        "  --outlier-factor F        leave out points F times slower than\n"
        "                            both smaller and larger sizes (2; 0: "
        "off)\n"
        "  --include-oversubscribed  fit oversubscribed points too\n"
        "  --quiet                   write the model, print no tables\n");
}

typedef struct fit_args {
    const char *dir, *out;
    mpchar_table_format fmt;
    mpchar_units units;
    mpchar_fit_options opt;
    int quiet;
} fit_args;

static int parse_choice(const char *opt, const char *val,
                        const char *const *names, int n, int *out)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(val, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    fprintf(stderr, "mpchar fit: %s: unknown value '%s'\n", opt, val);
    return -1;
}

static int parse_option(fit_args *a, const char *opt, const char *val)
{
    static const char *const fmts[] = {"text", "markdown", "csv"};
    static const char *const units[] = {"default", "seed001"};
    static const char *const stats[] = {"min", "median"};
    static const char *const wts[] = {"relative", "absolute"};
    int v;
    if (!strcmp(opt, "--out")) {
        a->out = val;
        return 0;
    }
    if (!strcmp(opt, "--format")) {
        if (parse_choice(opt, val, fmts, 3, &v))
            return -1;
        a->fmt = (mpchar_table_format)v;
    } else if (!strcmp(opt, "--units")) {
        if (parse_choice(opt, val, units, 2, &v))
            return -1;
        a->units = (mpchar_units)v;
    } else if (!strcmp(opt, "--stat")) {
        if (parse_choice(opt, val, stats, 2, &v))
            return -1;
        a->opt.stat = (mpchar_fit_stat)v;
    } else if (!strcmp(opt, "--weighting")) {
        if (parse_choice(opt, val, wts, 2, &v))
            return -1;
        a->opt.weighting = (mpchar_weighting)v;
    } else if (!strcmp(opt, "--outlier-factor")) {
        double f;
        mpchar_error err;
        if (mpchar_parse_double(val, 0.0, 1e6, &f, &err) != 0 ||
            (f != 0.0 && f <= 1.0)) {
            fprintf(stderr,
                    "mpchar fit: --outlier-factor: expected 0 (off) "
                    "or a number above 1, not '%s'\n",
                    val);
            return -1;
        }
        a->opt.outlier_factor = f;
    } else {
        long n;
        mpchar_error err;
        if (mpchar_parse_long(val, 1, MPCHAR_MAX_SEGMENTS, &n, &err) != 0) {
            fprintf(stderr, "mpchar fit: --max-segments: %s\n", err.msg);
            return -1;
        }
        a->opt.max_segments = (int)n;
    }
    return 0;
}

static int parse_args(int argc, char **argv, fit_args *a)
{
    static const char *const valued[] = {
        "--out",       "--format",       "--units",         "--stat",
        "--weighting", "--max-segments", "--outlier-factor"};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int is_valued = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            is_valued |= !strcmp(arg, valued[k]);
        if (is_valued) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mpchar fit: %s needs a value\n", arg);
                return -1;
            }
            if (parse_option(a, arg, argv[++i]) != 0)
                return -1;
        } else if (!strcmp(arg, "--robust")) {
            a->opt.robust = true;
        } else if (!strcmp(arg, "--include-oversubscribed")) {
            a->opt.include_oversubscribed = true;
        } else if (!strcmp(arg, "--quiet")) {
            a->quiet = 1;
        } else if (arg[0] == '-' && arg[1]) {
            fprintf(stderr, "mpchar fit: unknown option '%s'\n", arg);
            return -1;
        } else if (!a->dir) {
            a->dir = arg;
        } else {
            fprintf(stderr, "mpchar fit: one results directory only\n");
            return -1;
        }
    }
    if (!a->dir) {
        usage(stderr);
        return -1;
    }
    return 0;
}

int cmd_fit(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    }
    fit_args a = {.fmt = MPCHAR_FORMAT_TEXT, .units = MPCHAR_UNITS_DEFAULT};
    mpchar_fit_options_default(&a.opt);
    if (parse_args(argc, argv, &a) != 0)
        return 2;
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
    mpchar_error err;
    mpchar_read_options ropt = {.allow_truncated_tail = false};
    mpchar_measurements m = {0};
    mpchar_model model;
    if (mpchar_measurements_read(csv, &ropt, &m, NULL, &err) != 0) {
        fprintf(stderr, "mpchar fit: %s\n", err.msg);
        return 1;
    }
    int rc = mpchar_model_fit(&m, csv, &a.opt, &model, &err);
    mpchar_measurements_free(&m);
    if (rc != 0) {
        fprintf(stderr, "mpchar fit: %s\n", err.msg);
        return 1;
    }
    rc = mpchar_model_write(&model, out, &err);
    if (rc == 0 && !a.quiet)
        rc = mpchar_model_print_tables(&model, stdout, a.fmt, a.units, &err);
    if (rc == 0 && !a.quiet && a.fmt == MPCHAR_FORMAT_TEXT)
        printf("model written to %s\n", out);
    mpchar_model_free(&model);
    if (rc != 0) {
        fprintf(stderr, "mpchar fit: %s\n", err.msg);
        return 1;
    }
    return 0;
}
