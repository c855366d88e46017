/* `mpchar export --format openmpi-rules`: an Open MPI 4.1 coll/tuned
 * dynamic rules file (--mca coll_tuned_dynamic_rules_filename, read by
 * ompi/mca/coll/tuned/coll_tuned_dynamic_file.c): the number of
 * collectives, then per collective its id, the number of communicator
 * sizes, and per size the number of message-size rules, each "bytes
 * algorithm faninout segsize".  A communicator-size rule holds from its
 * size up to the next (the first one below its size too); a message rule
 * from its size up to the next, the first at 0.  Open MPI's message size
 * is the same n as mpchar's for every collective here (docs/export.md).
 * The reader skips "#" to the end of a line, so each number says what it
 * is. */
#include <string.h>

#include "export_internal.h"

/* Open MPI's COLLTYPE numbers (ompi/mca/coll/base/coll_base_functions.h). */
static const struct {
    const char *pattern;
    int id;
} coll_ids[] = {
    {"allgather", 0}, {"allreduce", 2}, {"alltoall", 3}, {"barrier", 6},
    {"bcast", 7},     {"gather", 9},    {"reduce", 11},  {"reduce_scatter", 12},
    {"scan", 14},     {"scatter", 15},
};
#define NCOLLS (sizeof coll_ids / sizeof coll_ids[0])

int mpchar__export_openmpi_rules(const mpchar_model *model, const char *library,
                                 FILE *out, mpchar_error *err)
{
    static mpchar_export_choice ch[NCOLLS][MPCHAR_EXPORT_PS_MAX];
    size_t count[NCOLLS], ncolls = 0;
    (void)library;
    for (size_t c = 0; c < NCOLLS; c++) {
        if (mpchar_export_choose(model, "openmpi", coll_ids[c].pattern, ch[c],
                                 MPCHAR_EXPORT_PS_MAX, &count[c], err) != 0)
            return -1;
        ncolls += count[c] > 0;
    }
    if (ncolls == 0)
        return mpchar_error_set(err, "no algorithm variant of openmpi in the "
                                     "model (measure them with mpchar run "
                                     "--algorithms)");
    fprintf(out,
            "# Open MPI coll/tuned dynamic rules from %s (mpchar export,\n"
            "# docs/export.md): the fastest fitted algorithm per "
            "communicator\n# size and message size\n",
            model->source);
    fprintf(out, "%zu # collectives\n", ncolls);
    for (size_t c = 0; c < NCOLLS; c++) {
        if (count[c] == 0)
            continue;
        fprintf(out, "%d # %s\n%zu # communicator sizes\n", coll_ids[c].id,
                coll_ids[c].pattern, count[c]);
        for (size_t k = 0; k < count[c]; k++) {
            const mpchar_export_choice *x = &ch[c][k];
            fprintf(out, "%ld # from p = %ld\n%zu # message sizes\n", x->p,
                    x->p, x->nregions);
            for (size_t r = 0; r < x->nregions; r++)
                fprintf(out, "%.0f %d 0 0 # %s\n", x->r[r].n_from_bytes,
                        x->r[r].alg->id, x->r[r].alg->name);
        }
    }
    return 0;
}
