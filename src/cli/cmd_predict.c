/* `mpchar predict`: the time a model predicts for one primitive, message
 * length and number of processes, with its terms; --json prints one object
 * with at least t_us.  Predictions outside the measured range are allowed
 * and flagged as extrapolation. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "mpchar/model.h"
#include "mpchar/options.h"
#include "mpchar/parse.h"

typedef struct predict_args {
    const char *model;
    bool json;
    mpchar_query q;
} predict_args;

static int set_bytes(void *field, const char *value, const mpchar_option *o,
                     mpchar_error *err)
{
    uint64_t n;
    (void)o;
    if (mpchar_parse_size(value, &n, err) != 0)
        return -1;
    *(double *)field = (double)n;
    return 0;
}

static int set_processes(void *field, const char *value, const mpchar_option *o,
                         mpchar_error *err)
{
    (void)o;
    return mpchar_parse_long(value, 1, 100000000L, field, err);
}

static int set_family(void *field, const char *value, const mpchar_option *o,
                      mpchar_error *err)
{
    (void)o;
    return mpchar_family_parse(value, field, err);
}

static const mpchar_option_entry options[] = {
    {{"model", "FILE", "model.json to predict from (required)", NULL},
     mpchar_option_text,
     offsetof(predict_args, model)},
    {{"library", "L", "MPI library (required)", NULL},
     mpchar_option_text,
     offsetof(predict_args, q.library)},
    {{"pattern", "P", "pattern (required)", NULL},
     mpchar_option_text,
     offsetof(predict_args, q.pattern)},
    {{"variant", "V", "the pattern's variant", NULL},
     mpchar_option_text,
     offsetof(predict_args, q.variant)},
    {{"op", "O", "reduction operation", NULL},
     mpchar_option_text,
     offsetof(predict_args, q.op)},
    {{"n", "BYTES",
      "message length, with K, M, G suffixes (powers of 1024) (required)",
      NULL},
     set_bytes,
     offsetof(predict_args, q.n_bytes)},
    {{"p", "N", "number of processes", "2"},
     set_processes,
     offsetof(predict_args, q.p)},
    {{"family", "hockney|ti|hockney_t0|piecewise|best",
      "model family; best: the one with the lowest validation error for "
      "that entry",
      "best"},
     set_family,
     offsetof(predict_args, q.family)},
    {{"json", NULL, "print one object with t_us and the terms", NULL},
     mpchar_option_flag,
     offsetof(predict_args, json)},
};

static const command_options predict_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar predict --model FILE --library L --pattern P --n BYTES "
    "[options]\n"
    "  Prints the time a model predicts and its terms; predictions outside\n"
    "  the measured n or p are flagged as extrapolation.\n\n",
    NULL,
    "no operands",
    0,
    0,
};

static void print_json(const predict_args *a, const mpchar_model *m,
                       const mpchar_prediction *r)
{
    const mpchar_entry *e = r->entry;
    printf("{\"t_us\": %.17g, \"family\": \"%s\", \"library\": \"%s\", "
           "\"pattern\": \"%s\", \"variant\": \"%s\", \"op\": \"%s\", "
           "\"n_bytes\": %.17g, \"p\": %ld, ",
           r->t_us, mpchar_family_name(r->family), e->library, e->pattern,
           e->variant, e->op, a->q.n_bytes, a->q.p);
    printf("\"terms\": {\"startup_us\": %.17g, \"transfer_us\": %.17g, "
           "\"ti_term_us\": %.17g}, ",
           r->startup_us, r->transfer_us, r->extra_us);
    printf("\"parameters\": {\"ts_us\": %.17g, \"tb_us_per_byte\": %.17g",
           r->ts_us, r->tb_us_per_byte);
    if (isfinite(r->ti_us))
        printf(", \"ti_us\": %.17g", r->ti_us);
    if (r->segment >= 0)
        printf(", \"segment\": %d", r->segment);
    printf("}, \"from_pforms\": %s, \"extrapolated_n\": %s, "
           "\"extrapolated_p\": %s, \"oversubscribed\": %s, "
           "\"cache\": \"%s\"",
           r->from_pforms ? "true" : "false",
           r->extrapolated_n ? "true" : "false",
           r->extrapolated_p ? "true" : "false",
           r->oversubscribed ? "true" : "false", mpchar_cache_names[m->cache]);
    if (m->cache == MPCHAR_CACHE_COLD)
        printf(", \"cache_sweep\": \"%s\"", m->cache_sweep);
    printf("}\n");
}

static void print_text(const predict_args *a, const mpchar_model *m,
                       const mpchar_prediction *r)
{
    const mpchar_entry *e = r->entry;
    printf("%s %s%s%s%s%s, n = %.0f bytes, p = %ld: %.6g us (%s model",
           e->library, e->pattern, strcmp(e->variant, "-") ? "/" : "",
           strcmp(e->variant, "-") ? e->variant : "",
           strcmp(e->op, "-") ? " op=" : "", strcmp(e->op, "-") ? e->op : "",
           a->q.n_bytes, a->q.p, r->t_us, mpchar_family_name(r->family));
    if (r->segment >= 0)
        printf(", segment %d", r->segment + 1);
    printf(")\n  start-up    %.6g us\n  transfer    %.6g us (tb = %.6g "
           "ns/byte)\n",
           r->startup_us, r->transfer_us, r->tb_us_per_byte * 1e3);
    if (isfinite(r->ti_us))
        printf("  t_i term    %.6g us (ti = %.6g us)\n", r->extra_us, r->ti_us);
    if (r->from_pforms)
        printf("  note: p = %ld was not measured: parameters from their "
               "p-forms\n",
               a->q.p);
    if (r->extrapolated_n)
        printf("  note: extrapolation: n is outside the measured sizes\n");
    if (r->extrapolated_p)
        printf("  note: extrapolation: p is outside the measured p\n");
    if (r->oversubscribed)
        printf("  note: fitted on oversubscribed measurements\n");
    if (m->cache == MPCHAR_CACHE_COLD)
        printf("  note: cold buffers: measured with the caches swept "
               "(--cache-sweep %s) and the send buffer just written\n",
               m->cache_sweep);
}

int cmd_predict(int argc, char **argv)
{
    predict_args a;
    mpchar_error err;
    int first, rc;
    memset(&a, 0, sizeof a);
    a.q.n_bytes = -1.0;
    if (command_parse(&predict_command, argc, argv, &a, &first, &rc) != 0)
        return rc;
    const char *missing = !a.model            ? "--model"
                          : !a.q.library      ? "--library"
                          : !a.q.pattern      ? "--pattern"
                          : a.q.n_bytes < 0.0 ? "--n"
                                              : NULL;
    if (missing) {
        fprintf(stderr, "mpchar predict: %s is required (see --help)\n",
                missing);
        return 2;
    }
    mpchar_model model;
    if (mpchar_model_read(a.model, &model, &err) != 0) {
        fprintf(stderr, "mpchar predict: %s\n", err.msg);
        return 1;
    }
    mpchar_prediction r;
    rc = mpchar_model_predict(&model, &a.q, &r, &err);
    if (rc != 0) {
        fprintf(stderr, "mpchar predict: %s: %s\n", a.model, err.msg);
    } else if (a.json) {
        print_json(&a, &model, &r);
    } else {
        print_text(&a, &model, &r);
    }
    mpchar_model_free(&model);
    return rc != 0;
}
