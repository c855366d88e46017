/* Which library of A is compared with which library of B.
 *
 * By default every library present on both sides is compared with itself.
 * Two runs often hold one library each under different names (openmpi
 * against mpich, or builds renamed with --library); when the sides share
 * no library and each holds exactly one, those two are compared and the
 * pairing says so.  Otherwise the user names the pair (--library-a,
 * --library-b; one of them alone names the same library on both sides).
 * Errors list the libraries each side holds, so the fix is obvious. */
#include <stdio.h>
#include <string.h>

#include "compare_internal.h"

typedef struct library_set {
    char names[MPCHAR_COMPARE_MAX_PAIRS][MPCHAR_NAME_MAX];
    size_t count;
} library_set;

static int set_has(const library_set *s, const char *name)
{
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->names[i], name) == 0)
            return 1;
    return 0;
}

/* The distinct libraries of m, in order of first appearance. */
static int collect(const mpchar_measurements *m, const char *side,
                   library_set *s, mpchar_error *err)
{
    s->count = 0;
    for (size_t i = 0; i < m->count; i++) {
        const char *name = m->rows[i].key.library;
        if (set_has(s, name))
            continue;
        if (s->count == MPCHAR_COMPARE_MAX_PAIRS)
            return mpchar_error_set(err, "%s holds more than %d libraries",
                                    side, MPCHAR_COMPARE_MAX_PAIRS);
        snprintf(s->names[s->count++], MPCHAR_NAME_MAX, "%s", name);
    }
    if (s->count == 0)
        return mpchar_error_set(err, "%s holds no measurements", side);
    return 0;
}

/* "openmpi, mpich" into buf. */
static const char *list(const library_set *s, char *buf, size_t len)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < s->count && pos < len; i++)
        pos += (size_t)snprintf(buf + pos, len - pos, "%s%s", i ? ", " : "",
                                s->names[i]);
    return buf;
}

static void add_pair(mpchar_comparison *c, const char *a, const char *b)
{
    mpchar_library_pair *p = &c->pairs[c->pair_count++];
    snprintf(p->a, sizeof p->a, "%s", a);
    snprintf(p->b, sizeof p->b, "%s", b);
}

static int pair_chosen(const library_set *la, const library_set *lb,
                       const mpchar_compare_options *opt, mpchar_comparison *c,
                       mpchar_error *err)
{
    const char *a = opt->library_a ? opt->library_a : opt->library_b;
    const char *b = opt->library_b ? opt->library_b : opt->library_a;
    char buf[MPCHAR_COMPARE_MAX_PAIRS * (MPCHAR_NAME_MAX + 2)];
    if (!set_has(la, a))
        return mpchar_error_set(err, "A has no library '%s' (it has: %s)", a,
                                list(la, buf, sizeof buf));
    if (!set_has(lb, b))
        return mpchar_error_set(err, "B has no library '%s' (it has: %s)", b,
                                list(lb, buf, sizeof buf));
    c->pairing = MPCHAR_PAIRING_CHOSEN;
    add_pair(c, a, b);
    return 0;
}

int mpchar_compare_pair_libraries(const mpchar_measurements *a,
                                  const mpchar_measurements *b,
                                  const mpchar_compare_options *opt,
                                  mpchar_comparison *c, mpchar_error *err)
{
    library_set la, lb;
    c->pair_count = 0;
    if (collect(a, "A", &la, err) != 0 || collect(b, "B", &lb, err) != 0)
        return -1;
    if (opt->library_a || opt->library_b)
        return pair_chosen(&la, &lb, opt, c, err);
    c->pairing = MPCHAR_PAIRING_COMMON;
    for (size_t i = 0; i < la.count; i++)
        if (set_has(&lb, la.names[i]))
            add_pair(c, la.names[i], la.names[i]);
    if (c->pair_count > 0)
        return 0;
    if (la.count == 1 && lb.count == 1) {
        c->pairing = MPCHAR_PAIRING_SINGLE;
        add_pair(c, la.names[0], lb.names[0]);
        return 0;
    }
    char ba[MPCHAR_COMPARE_MAX_PAIRS * (MPCHAR_NAME_MAX + 2)];
    char bb[MPCHAR_COMPARE_MAX_PAIRS * (MPCHAR_NAME_MAX + 2)];
    return mpchar_error_set(err,
                            "A and B have no library in common (A: %s; "
                            "B: %s): choose a pair with --library-a and "
                            "--library-b",
                            list(&la, ba, sizeof ba), list(&lb, bb, sizeof bb));
}
