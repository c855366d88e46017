/* `mpchar advise DIR`: the (n, p) regions where a substitute of a
 * collective is predicted faster than the collective itself, per library
 * (mpchar/advise.h), as a table in the layout of seed 000 Table 5, or as
 * the JSON list that --out writes for libmpchar-tune
 * (docs/data-formats.md, "advice.json"). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "advise_verify.h"
#include "command.h"
#include "mpchar/advise.h"
#include "mpchar/model.h"
#include "mpchar/options.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"

typedef struct p_list {
    long *ps;
    size_t nps;
} p_list;

typedef struct advise_args {
    bool json, verify;
    const char *out, *library, *primitive;
    p_list p;
    double max_bytes, min_gain;
} advise_args;

static int set_p_list(void *field, const char *value, const mpchar_option *o,
                      mpchar_error *err)
{
    p_list *l = field;
    (void)o;
    free(l->ps);
    l->ps = NULL;
    return mpchar_parse_int_list(value, 1, 1000000L, &l->ps, &l->nps, err);
}

static int set_max_bytes(void *field, const char *value, const mpchar_option *o,
                         mpchar_error *err)
{
    uint64_t n;
    (void)o;
    if (mpchar_parse_size(value, &n, err) != 0)
        return -1;
    if (n == 0)
        return mpchar_error_set(err, "expected a size above 0, not '%s'",
                                value);
    *(double *)field = (double)n;
    return 0;
}

static int set_fraction(void *field, const char *value, const mpchar_option *o,
                        mpchar_error *err)
{
    (void)o;
    return mpchar_parse_double(value, 0.0, 1.0, field, err);
}

static const mpchar_option_entry options[] = {
    {{"json", NULL,
      "print the regions as a JSON list of {library, primitive, "
      "substitute, p, n_from, n_to, predicted_gain, extrapolated}",
      NULL},
     mpchar_option_flag,
     offsetof(advise_args, json)},
    {{"out", "FILE", "also write that JSON list to FILE (for MPCHAR_TUNE)",
      NULL},
     mpchar_option_text,
     offsetof(advise_args, out)},
    {{"p", "LIST",
      "process counts to advise for (\"2,4\", \"2-8\"; default: each "
      "primitive's measured p)",
      NULL},
     set_p_list,
     offsetof(advise_args, p)},
    {{"max-size", "BYTES",
      "largest message length (K, M, G: powers of 1024; default: the "
      "largest measured); beyond the measured sizes regions are flagged "
      "as extrapolated",
      NULL},
     set_max_bytes,
     offsetof(advise_args, max_bytes)},
    {{"min-gain", "FRACTION",
      "leave out regions whose predicted gain at their example is below "
      "this fraction of the primitive's time",
      "0.02"},
     set_fraction,
     offsetof(advise_args, min_gain)},
    {{"verify", NULL,
      "measure every region (mpchar run at its edges and centre, into "
      "DIR/advise-verify.*) and withdraw the advice the measurements do "
      "not confirm; the table goes to stderr with --json",
      NULL},
     mpchar_option_flag,
     offsetof(advise_args, verify)},
    {{"library", "L", "advise for this library only", NULL},
     mpchar_option_text,
     offsetof(advise_args, library)},
    {{"primitive", "P", "advise for this collective only", NULL},
     mpchar_option_text,
     offsetof(advise_args, primitive)},
};

static const command_options advise_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar advise DIR [options]\n"
    "  Reads DIR/model.json (or fits DIR/measurements.csv when there is\n"
    "  none) and prints, per library, the message lengths at each p where\n"
    "  a substitute of a collective is predicted faster (seed 000 Section\n"
    "  5.3, seed 001 Section 5; docs/advise.md).\n\n",
    NULL,
    "a results directory",
    1,
    1,
};

/* DIR/model.json, else a fit of DIR/measurements.csv. */
static int load_model(const char *dir, mpchar_model *model, mpchar_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MODEL_FILE);
    if (access(path, F_OK) == 0)
        return mpchar_model_read(path, model, err);
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    mpchar_read_options ropt = {.allow_truncated_tail = false,
                                .placement_as_library = true};
    mpchar_measurements m = {0};
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    if (mpchar_measurements_read(path, &ropt, &m, NULL, err) != 0)
        return mpchar_error_prefix(err, "%s/%s is missing too", dir,
                                   MPCHAR_MODEL_FILE);
    int rc = mpchar_model_fit(&m, path, &opt, model, err);
    mpchar_measurements_free(&m);
    return rc;
}

static json_t *advice_json(const mpchar_advice_list *l)
{
    json_t *list = json_array();
    for (size_t i = 0; list && i < l->count; i++) {
        const mpchar_advice *a = &l->items[i];
        json_array_append_new(
            list,
            json_pack("{s:s, s:s, s:s, s:I, s:f, s:f, s:f, s:b}", "library",
                      a->library, "primitive", a->primitive, "substitute",
                      a->substitute, "p", (json_int_t)a->p, "n_from",
                      a->n_from_bytes, "n_to", a->n_to_bytes, "predicted_gain",
                      a->predicted_gain, "extrapolated", a->extrapolated));
    }
    return list;
}

/* The list, one region per line, as libmpchar-tune's parser reads it. */
static int write_json(const mpchar_advice_list *l, FILE *f)
{
    json_t *list = advice_json(l);
    if (!list)
        return -1;
    fputs("[\n", f);
    for (size_t i = 0; i < json_array_size(list); i++) {
        char *line = json_dumps(json_array_get(list, i),
                                JSON_COMPACT | JSON_REAL_PRECISION(17));
        if (line)
            fprintf(f, "  %s%s\n", line,
                    i + 1 < json_array_size(list) ? "," : "");
        free(line);
    }
    fputs("]\n", f);
    json_decref(list);
    return ferror(f) ? -1 : 0;
}

static void region_text(const mpchar_advice *a, char *buf, size_t len)
{
    if (a->n_from_bytes <= 0.0)
        snprintf(buf, len, "n < %.6g", a->n_to_bytes);
    else
        snprintf(buf, len, "%.6g < n < %.6g", a->n_from_bytes, a->n_to_bytes);
}

static void print_text(const char *dir, const mpchar_advice_list *l)
{
    printf("Substitutions predicted faster, from %s (seed 000 Table 5 "
           "layout; n in bytes, T: the primitive's time saved at the "
           "example)\n\n",
           dir);
    printf("%-10s %-15s %-46s %4s  %-24s %-12s %7s\n", "library", "primitive",
           "substitute", "p", "region (n, bytes)", "example n", "T");
    for (size_t i = 0; i < l->count; i++) {
        const mpchar_advice *a = &l->items[i];
        char region[64], sub[MPCHAR_ADVICE_TEXT_MAX * 2 + 4];
        region_text(a, region, sizeof region);
        snprintf(sub, sizeof sub, "%s (%s)", a->text, a->substitute);
        printf("%-10s %-15s %-46s %4ld  %-24s %-12.6g \u2193%5.1f%%%s\n",
               a->library, a->primitive, sub, a->p, region, a->n_example_bytes,
               100.0 * a->predicted_gain,
               a->extrapolated ? "  (extrapolated)" : "");
    }
    if (l->count == 0)
        printf("(no region: no substitute is predicted faster)\n");
    printf("\n%zu comparisons (library, primitive, substitute, p), %zu "
           "regions, %zu more predicting a gain below --min-gain\n",
           l->compared, l->count, l->below_min_gain);
    for (size_t i = 0; i < l->nnotes; i++)
        printf("note: %s\n", l->notes[i].text);
}

static int write_out(const char *path, const mpchar_advice_list *l)
{
    FILE *f = fopen(path, "w");
    int rc = f ? write_json(l, f) : -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "mpchar advise: cannot write %s\n", path);
    return rc;
}

static int advise(const advise_args *a, const char *dir)
{
    mpchar_error err;
    mpchar_model model;
    if (load_model(dir, &model, &err) != 0) {
        fprintf(stderr, "mpchar advise: %s\n", err.msg);
        return 1;
    }
    mpchar_advise_options opt = {a->p.ps,     a->p.nps,   a->max_bytes,
                                 a->min_gain, a->library, a->primitive};
    mpchar_advice_list l;
    int rc = mpchar_advise(&model, &opt, &l, &err);
    if (rc != 0) {
        fprintf(stderr, "mpchar advise: %s: %s\n", dir, err.msg);
        mpchar_model_free(&model);
        return 1;
    }
    if (!a->json)
        print_text(dir, &l);
    if (a->verify)
        rc = advise_verify(dir, &model, &l, a->json ? stderr : stdout);
    mpchar_model_free(&model);
    if (rc == 0 && a->json)
        rc = write_json(&l, stdout);
    if (rc == 0 && a->out)
        rc = write_out(a->out, &l);
    mpchar_advice_list_free(&l);
    return rc != 0;
}

int cmd_advise(int argc, char **argv)
{
    advise_args a;
    int first, rc;
    memset(&a, 0, sizeof a);
    if (command_parse(&advise_command, argc, argv, &a, &first, &rc) == 0)
        rc = advise(&a, argv[first]);
    free(a.p.ps);
    return rc;
}
