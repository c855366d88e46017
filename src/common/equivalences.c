/* The equivalence table (mpchar/equivalences.h): each entry a primitive,
 * the combination of collectives that computes the same result, and the
 * paper that proposes it. */
#include <strings.h>

#include "mpchar/equivalences.h"

#define SEED000 "seed 000, Section 5.3"
#define SEED001 "seed 001, Section 5 (case study)"

static const mpchar_equivalence table[] = {
    {"bcast",
     "bcast_sa",
     "Scatter + Allgather",
     SEED000 " (van de Geijn)",
     {{"scatter", 1.0}, {"allgather", 1.0}}},
    {"allgather",
     "allgather_gb",
     "Gather + Bcast",
     SEED000 "; " SEED001,
     {{"gather", 1.0}, {"bcast", 1.0}}},
    {"reduce_scatter",
     "reduce_scatter_rs",
     "Reduce + Scatterv",
     SEED000,
     {{"reduce", 1.0}, {"scatterv", 1.0}}},
    {"reduce_scatter",
     "reduce_scatter_rsc",
     "Reduce + Scatter",
     SEED001,
     {{"reduce", 1.0}, {"scatter", 1.0}}},
    {"allreduce",
     "allreduce_rb",
     "Reduce + Bcast",
     SEED000,
     {{"reduce", 1.0}, {"bcast", 1.0}}},
    {"allreduce",
     "allreduce_rsag",
     "Reduce_scatter + Allgather",
     SEED000,
     {{"reduce_scatter", 1.0}, {"allgather", 1.0}}},
};
#define COUNT (sizeof table / sizeof table[0])

size_t mpchar_equivalence_count(void)
{
    return COUNT;
}

const mpchar_equivalence *mpchar_equivalence_get(size_t i)
{
    return i < COUNT ? &table[i] : NULL;
}

const mpchar_equivalence *mpchar_equivalence_find(const char *substitute)
{
    for (size_t i = 0; i < COUNT; i++)
        if (strcasecmp(table[i].substitute, substitute) == 0)
            return &table[i];
    return NULL;
}

size_t mpchar_equivalence_components(const mpchar_equivalence *e)
{
    size_t k = 0;
    while (k < MPCHAR_COMPONENTS_MAX && e->components[k].pattern)
        k++;
    return k;
}
