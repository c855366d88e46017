/* `mpchar export --format mpich-cvars`: MPICH control variables, one
 * environment line "NAME=value" each (for env(1), a shell's export or
 * mpiexec -genvlist).  A variable holds for every communicator and
 * message size, so each collective gets the algorithm that is fastest
 * over the largest share of the measured (p, log n) plane; the regions
 * behind the choice are comments.  The lines are those `mpchar run
 * --algorithms` measured the variant with (mpchar_lib_algorithm_env). */
#include <math.h>
#include <string.h>

#include "export_internal.h"

/* How much of the log-size axis, summed over p, each algorithm wins. */
static const mpchar_lib_algorithm *widest_winner(const mpchar_export_choice *ch,
                                                 size_t count)
{
    const mpchar_lib_algorithm *best = NULL;
    double best_share = -1.0;
    for (const mpchar_lib_algorithm *a = mpchar_lib_algorithms; a->library;
         a++) {
        double share = 0.0;
        for (size_t k = 0; k < count; k++)
            for (size_t r = 0; r < ch[k].nregions; r++) {
                if (ch[k].r[r].alg != a)
                    continue;
                double to = r + 1 < ch[k].nregions ? ch[k].r[r + 1].n_from_bytes
                                                   : ch[k].n_max_bytes;
                share += log2(to + 1.0) - log2(ch[k].r[r].n_from_bytes + 1.0);
            }
        if (share > best_share) {
            best_share = share;
            best = a;
        }
    }
    return best;
}

static void print_regions(const mpchar_export_choice *ch, size_t count,
                          FILE *out)
{
    for (size_t k = 0; k < count; k++) {
        fprintf(out, "#   p = %ld:", ch[k].p);
        for (size_t r = 0; r < ch[k].nregions; r++)
            fprintf(out, "%s n >= %.0f bytes: %s", r ? ";" : "",
                    ch[k].r[r].n_from_bytes, ch[k].r[r].alg->name);
        fprintf(out, "\n");
    }
}

int mpchar__export_mpich_cvars(const mpchar_model *model, const char *library,
                               FILE *out, mpchar_error *err)
{
    static mpchar_export_choice ch[MPCHAR_EXPORT_PS_MAX];
    const char *last = "";
    size_t written = 0;
    (void)library;
    for (const mpchar_lib_algorithm *a = mpchar_lib_algorithms; a->library;
         a++) {
        size_t count;
        if (strcmp(a->library, "mpich") != 0 || strcmp(a->pattern, last) == 0)
            continue;
        last = a->pattern;
        if (mpchar_export_choose(model, "mpich", a->pattern, ch,
                                 MPCHAR_EXPORT_PS_MAX, &count, err) != 0)
            return -1;
        if (count == 0)
            continue;
        const mpchar_lib_algorithm *w = widest_winner(ch, count);
        char env[MPCHAR_ALG_ENV_MAX][MPCHAR_ALG_ENV_LEN];
        size_t nenv = mpchar_lib_algorithm_env(w, env);
        fprintf(out, "# %s: fastest per communicator size p and size n:\n",
                a->pattern);
        print_regions(ch, count, out);
        /* the settings every variant shares are written once, first */
        for (size_t i = written ? nenv - 1 : 0; i < nenv; i++)
            fprintf(out, "%s\n", env[i]);
        written++;
    }
    if (written == 0)
        return mpchar_error_set(err, "no algorithm variant of mpich in the "
                                     "model (measure them with mpchar run "
                                     "--algorithms)");
    return 0;
}
