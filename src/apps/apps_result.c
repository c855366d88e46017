/* The kernels' result line (kernels/harness.h's contract): one line per
 * repetition on rank 0's stdout, its fields in a fixed order, each
 * key=value; anything else a kernel prints goes to stderr.  Parsed
 * strictly, so that a kernel that drifts from the contract is named, not
 * misread. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "apps.h"
#include "mpchar/parse.h"

/* The fields in the order the harness prints them. */
enum field {
    F_KERNEL,
    F_SUITE,
    F_CLASS,
    F_P,
    F_REP,
    F_T_TOTAL,
    F_T_COMM,
    F_PROBE,
    F_ARRAYS,
    F_VERIFIED,
    F_VALUE,
    F_REFERENCE,
    F_COUNT
};

static const char *const field_names[F_COUNT] = {
    "kernel",   "suite",    "class",        "p",        "rep",   "t_total_s",
    "t_comm_s", "probe_us", "arrays_bytes", "verified", "value", "reference",
};

static int set_name(char *dst, const char *v, mpchar_error *err)
{
    if (!v[0] || strlen(v) >= APPS_NAME_MAX)
        return mpchar_error_set(err, "empty or longer than %d characters",
                                APPS_NAME_MAX - 1);
    strcpy(dst, v);
    return 0;
}

static int set_field(apps_result *r, enum field f, const char *v,
                     mpchar_error *err)
{
    switch (f) {
    case F_KERNEL: return set_name(r->kernel, v, err);
    case F_SUITE: return set_name(r->suite, v, err);
    case F_CLASS:
        r->problem_class = v[0];
        return v[0] && !v[1] ? 0 : mpchar_error_set(err, "not one letter");
    case F_P: return mpchar_parse_long(v, 1, 1L << 30, &r->p, err);
    case F_REP: return mpchar_parse_long(v, 0, 1L << 30, &r->rep, err);
    case F_T_TOTAL:
        return mpchar_parse_double(v, 0, DBL_MAX, &r->t_total_s, err);
    case F_T_COMM: return mpchar_parse_double(v, 0, DBL_MAX, &r->t_comm_s, err);
    case F_PROBE:
        r->probe_us = NAN; /* empty: the kernel ran on one process */
        return v[0] ? mpchar_parse_double(v, 0, DBL_MAX, &r->probe_us, err) : 0;
    case F_ARRAYS:
        return mpchar_parse_double(v, 0, DBL_MAX, &r->arrays_bytes, err);
    case F_VERIFIED: {
        int yes;
        if (mpchar_parse_choice(v, "no|yes", &yes, err) != 0)
            return -1;
        r->verified = yes;
        return 0;
    }
    case F_VALUE:
        return mpchar_parse_double(v, -DBL_MAX, DBL_MAX, &r->value, err);
    case F_REFERENCE:
        return mpchar_parse_double(v, -DBL_MAX, DBL_MAX, &r->reference, err);
    default: return -1;
    }
}

int apps_result_parse(const char *line, apps_result *r, mpchar_error *err)
{
    char copy[1024];
    if (strncmp(line, "kernel=", 7) != 0)
        return 1;
    if (strlen(line) >= sizeof copy)
        return mpchar_error_set(err, "result line longer than %zu bytes",
                                sizeof copy - 1);
    strcpy(copy, line);
    memset(r, 0, sizeof *r);
    char *save = NULL, *tok = strtok_r(copy, " \t", &save);
    for (int f = 0; f < F_COUNT; f++, tok = strtok_r(NULL, " \t", &save)) {
        size_t klen = strlen(field_names[f]);
        if (!tok || strncmp(tok, field_names[f], klen) != 0 || tok[klen] != '=')
            return mpchar_error_set(err,
                                    "result line: field %s missing "
                                    "(expected as field %d)",
                                    field_names[f], f + 1);
        if (set_field(r, (enum field)f, tok + klen + 1, err) != 0)
            return mpchar_error_prefix(err, "result line: field %s",
                                       field_names[f]);
    }
    if (tok)
        return mpchar_error_set(err,
                                "result line: unexpected '%s' after "
                                "reference",
                                tok);
    return 0;
}
