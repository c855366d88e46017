/* `mpchar export DIR --format F [--out FILE] [--library L]`: writes what
 * DIR's model.json learned in another tool's format (src/export,
 * docs/export.md), to standard output or FILE; a FILE is written whole or
 * not at all.  Without a model.json, DIR/measurements.csv is fitted with
 * the default options (and nothing is written into DIR). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "mpchar/export.h"
#include "mpchar/model.h"
#include "mpchar/options.h"
#include "mpchar/results.h"

typedef struct export_args {
    const char *format, *out, *library;
} export_args;

static const mpchar_option_entry options[] = {
    {{"format", "openmpi-rules|mpich-cvars|mpich-json|smpi|loggp",
      "what to write (required): an Open MPI coll/tuned rules file, MPICH "
      "control variables or selection file, SimGrid SMPI settings or LogGP "
      "parameters",
      NULL},
     mpchar_option_text,
     offsetof(export_args, format)},
    {{"out", "FILE", "write FILE instead of standard output", NULL},
     mpchar_option_text,
     offsetof(export_args, out)},
    {{"library", "NAME",
      "smpi, loggp: the library whose point-to-point models to use "
      "(default: the only one with pingpong)",
      NULL},
     mpchar_option_text,
     offsetof(export_args, library)},
};

static const command_options export_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar export DIR --format FORMAT [options]\n"
    "  Writes DIR/model.json's fastest algorithm per communicator and\n"
    "  message size as Open MPI or MPICH settings, or its point-to-point\n"
    "  models as SimGrid SMPI or LogGP parameters (docs/export.md).\n"
    "  Without DIR/model.json it fits DIR/measurements.csv as mpchar fit\n"
    "  does by default.\n\n",
    NULL,
    "one results directory",
    1,
    1,
};

/* Writes to out_path through a temporary file renamed at the end. */
static int write_file(const mpchar_model *model, const export_args *a,
                      mpchar_error *err)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", a->out);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return mpchar_error_set(err, "--out %s: cannot write it", a->out);
    int rc = mpchar_export_write(model, a->format, a->library, f, err);
    if (fclose(f) != 0 && rc == 0)
        rc = mpchar_error_set(err, "--out %s: write failed", a->out);
    if (rc == 0 && rename(tmp, a->out) != 0)
        rc = mpchar_error_set(err, "--out %s: cannot write it", a->out);
    if (rc != 0)
        unlink(tmp);
    return rc;
}

/* DIR/model.json, or the default fit of DIR/measurements.csv. */
static int load_model(const char *dir, mpchar_model *model, char *path,
                      size_t len, mpchar_error *err)
{
    snprintf(path, len, "%s/" MPCHAR_MODEL_FILE, dir);
    if (access(path, F_OK) == 0)
        return mpchar_model_read(path, model, err);
    snprintf(path, len, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    mpchar_read_options ropt = {.allow_truncated_tail = false,
                                .placement_as_library = true};
    mpchar_measurements m = {0};
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    if (mpchar_measurements_read(path, &ropt, &m, NULL, err) != 0)
        return -1;
    int rc = mpchar_model_fit(&m, path, &opt, model, err);
    mpchar_measurements_free(&m);
    return rc;
}

int cmd_export(int argc, char **argv)
{
    export_args a = {NULL, NULL, NULL};
    mpchar_error err;
    int first, rc;
    if (command_parse(&export_command, argc, argv, &a, &first, &rc) != 0)
        return rc;
    if (!a.format) {
        fprintf(stderr, "mpchar export: --format is required (%s)\n",
                mpchar_export_formats());
        return 2;
    }
    if (mpchar_export_check_format(a.format, &err) < 0) {
        fprintf(stderr, "mpchar export: %s\n", err.msg);
        return 2;
    }
    char path[4200];
    mpchar_model model;
    if (load_model(argv[first], &model, path, sizeof path, &err) != 0) {
        fprintf(stderr, "mpchar export: %s\n", err.msg);
        return 1;
    }
    rc = a.out ? write_file(&model, &a, &err)
               : mpchar_export_write(&model, a.format, a.library, stdout, &err);
    if (rc != 0)
        fprintf(stderr, "mpchar export: %s: %s\n", path, err.msg);
    mpchar_model_free(&model);
    return rc != 0;
}
