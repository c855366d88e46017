/* `mpchar predict`: the time a model predicts for one primitive, message
 * length and number of processes, with its terms; --json prints one object
 * with at least t_us.  Predictions outside the measured range are allowed
 * and flagged as extrapolation. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "mpchar/model.h"
#include "mpchar/parse.h"

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: mpchar predict --model FILE --library L --pattern P\n"
        "                      [--variant V] [--op O] --n BYTES [--p N]\n"
        "                      [--family hockney|ti|piecewise|best] [--json]\n"
        "  BYTES takes K, M, G suffixes (powers of 1024); --p defaults to 2;\n"
        "  --family best (default) is the family with the lowest validation\n"
        "  error for that entry.\n");
}

typedef struct predict_args {
    const char *model, *n_text, *p_text, *family;
    int json;
    mpchar_query q;
} predict_args;

static const char **slot(predict_args *a, const char *opt)
{
    if (!strcmp(opt, "--model"))
        return &a->model;
    if (!strcmp(opt, "--library"))
        return &a->q.library;
    if (!strcmp(opt, "--pattern"))
        return &a->q.pattern;
    if (!strcmp(opt, "--variant"))
        return &a->q.variant;
    if (!strcmp(opt, "--op"))
        return &a->q.op;
    if (!strcmp(opt, "--n"))
        return &a->n_text;
    if (!strcmp(opt, "--p"))
        return &a->p_text;
    if (!strcmp(opt, "--family"))
        return &a->family;
    return NULL;
}

static int parse_args(int argc, char **argv, predict_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char **s = slot(a, argv[i]);
        if (!strcmp(argv[i], "--json")) {
            a->json = 1;
        } else if (s) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mpchar predict: %s needs a value\n", argv[i]);
                return -1;
            }
            *s = argv[++i];
        } else {
            fprintf(stderr, "mpchar predict: unknown argument '%s'\n", argv[i]);
            return -1;
        }
    }
    const char *missing = !a->model       ? "--model"
                          : !a->q.library ? "--library"
                          : !a->q.pattern ? "--pattern"
                          : !a->n_text    ? "--n"
                                          : NULL;
    if (missing) {
        fprintf(stderr, "mpchar predict: %s is required\n", missing);
        usage(stderr);
        return -1;
    }
    mpchar_error err;
    uint64_t n;
    long p = 2;
    if (mpchar_parse_size(a->n_text, &n, &err) != 0 ||
        (a->p_text && mpchar_parse_long(a->p_text, 1, 100000000L, &p, &err)) ||
        (a->family && mpchar_family_parse(a->family, &a->q.family, &err))) {
        fprintf(stderr, "mpchar predict: %s\n", err.msg);
        return -1;
    }
    a->q.n_bytes = (double)n;
    a->q.p = p;
    return 0;
}

static void print_json(const predict_args *a, const mpchar_prediction *r)
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
           "\"extrapolated_p\": %s, \"oversubscribed\": %s}\n",
           r->from_pforms ? "true" : "false",
           r->extrapolated_n ? "true" : "false",
           r->extrapolated_p ? "true" : "false",
           r->oversubscribed ? "true" : "false");
}

static void print_text(const predict_args *a, const mpchar_prediction *r)
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
}

int cmd_predict(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    }
    predict_args a;
    memset(&a, 0, sizeof a);
    a.q.family = MPCHAR_FAMILY_BEST;
    if (parse_args(argc, argv, &a) != 0)
        return 2;
    mpchar_error err;
    mpchar_model model;
    if (mpchar_model_read(a.model, &model, &err) != 0) {
        fprintf(stderr, "mpchar predict: %s\n", err.msg);
        return 1;
    }
    mpchar_prediction r;
    int rc = mpchar_model_predict(&model, &a.q, &r, &err);
    if (rc != 0) {
        fprintf(stderr, "mpchar predict: %s: %s\n", a.model, err.msg);
    } else if (a.json) {
        print_json(&a, &r);
    } else {
        print_text(&a, &r);
    }
    mpchar_model_free(&model);
    return rc != 0;
}
