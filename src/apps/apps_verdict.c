/* The built-in runtime against the fastest other library of one kernel,
 * class and p: the ratio of their medians, judged as `mpchar compare`
 * judges a point (mpchar/compare.h) against the noise allowance, the
 * larger of the two rows' spreads (median - min) / min.  A cell run with
 * more ranks than cores is not judged: its times are not real.  The
 * report's table apps-builtin and `mpchar apps`'s closing line read it;
 * why the ratio alone misleads is in docs/apps.md, "ns resolution and the
 * verdict". */
#include <math.h>
#include <string.h>

#include "apps.h"

/* Whether library is the runtime in either of its modes. */
static bool is_builtin(const char *library)
{
    return strcmp(library, MPCHAR_BUILTIN) == 0 ||
           strcmp(library, MPCHAR_BUILTIN_SR) == 0;
}

static const apps_row *fastest_other(const apps_row *rows, size_t count,
                                     const apps_row *like)
{
    const apps_row *best = NULL;
    for (size_t i = 0; i < count; i++) {
        const apps_row *a = &rows[i];
        if (!is_builtin(a->library) && !strcmp(a->kernel, like->kernel) &&
            a->problem_class == like->problem_class && a->p == like->p &&
            (!best || a->t_total_s < best->t_total_s))
            best = a;
    }
    return best;
}

static double spread(const apps_row *a)
{
    return mpchar_compare_spread_of(a->t_total_s, a->t_total_min_s);
}

bool apps_builtin_judge(const apps_row *rows, size_t count, size_t i,
                        apps_builtin_verdict *v)
{
    const apps_row *b = &rows[i];
    v->other = strcmp(b->library, MPCHAR_BUILTIN) == 0
                   ? fastest_other(rows, count, b)
                   : NULL;
    if (!v->other)
        return false;
    v->ratio = b->t_total_s / v->other->t_total_s;
    v->allowance = fmax(spread(b), spread(v->other));
    v->oversubscribed = b->oversubscribed || v->other->oversubscribed;
    v->verdict = isnan(v->allowance) || v->oversubscribed
                     ? MPCHAR_VERDICT_UNDEFINED
                     : mpchar_compare_judge(v->ratio, v->allowance, 0.0);
    return true;
}

const char *apps_verdict_name(const apps_builtin_verdict *v)
{
    static const char *const names[] = {
        [MPCHAR_VERDICT_WITHIN] = "within noise",
        [MPCHAR_VERDICT_SLOWER] = "slower",
        [MPCHAR_VERDICT_FASTER] = "faster",
        [MPCHAR_VERDICT_UNDEFINED] = "no ratio",
    };
    return v->oversubscribed ? "not judged: oversubscribed" : names[v->verdict];
}
