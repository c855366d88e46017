/* The MPI libraries' own collective algorithms (mpchar/lib_algorithms.h):
 * the one table of what Open MPI 4.1's coll/tuned (`ompi_info --param coll
 * tuned --level 9`, coll_tuned_<coll>_algorithm) and MPICH 4.0 (`mpivars`,
 * MPIR_CVAR_<COLL>_INTRA_ALGORITHM) and SimGrid 3.32's SMPI (smpirun
 * --cfg=smpi/<coll>:<name>; the list SimGrid prints for an unknown name,
 * less "default", "automatic" and the selectors ompi, mpich, mvapich2 and
 * impi that --smpi-coll-selector chooses whole) accept, and how a
 * variant's name and settings follow from an entry.  docs/export.md and
 * docs/scale.md list the same. */
#include "mpchar/lib_algorithms.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define OMPI(pattern, id, name)      \
    {                                \
        "openmpi", pattern, name, id \
    }
#define MPICH(pattern, name)      \
    {                             \
        "mpich", pattern, name, 0 \
    }
#define SMPI(pattern, name)      \
    {                            \
        "smpi", pattern, name, 0 \
    }

const mpchar_lib_algorithm mpchar_lib_algorithms[] = {
    OMPI("barrier", 1, "linear"),
    OMPI("barrier", 2, "double_ring"),
    OMPI("barrier", 3, "recursive_doubling"),
    OMPI("barrier", 4, "bruck"),
    OMPI("barrier", 5, "two_proc"),
    OMPI("barrier", 6, "tree"),
    OMPI("bcast", 1, "basic_linear"),
    OMPI("bcast", 2, "chain"),
    OMPI("bcast", 3, "pipeline"),
    OMPI("bcast", 4, "split_binary_tree"),
    OMPI("bcast", 5, "binary_tree"),
    OMPI("bcast", 6, "binomial"),
    OMPI("bcast", 7, "knomial"),
    OMPI("bcast", 8, "scatter_allgather"),
    OMPI("bcast", 9, "scatter_allgather_ring"),
    OMPI("scatter", 1, "basic_linear"),
    OMPI("scatter", 2, "binomial"),
    OMPI("scatter", 3, "linear_nb"),
    OMPI("gather", 1, "basic_linear"),
    OMPI("gather", 2, "binomial"),
    OMPI("gather", 3, "linear_sync"),
    OMPI("allgather", 1, "linear"),
    OMPI("allgather", 2, "bruck"),
    OMPI("allgather", 3, "recursive_doubling"),
    OMPI("allgather", 4, "ring"),
    OMPI("allgather", 5, "neighbor"),
    OMPI("allgather", 6, "two_proc"),
    OMPI("alltoall", 1, "linear"),
    OMPI("alltoall", 2, "pairwise"),
    OMPI("alltoall", 3, "modified_bruck"),
    OMPI("alltoall", 4, "linear_sync"),
    OMPI("alltoall", 5, "two_proc"),
    OMPI("reduce", 1, "linear"),
    OMPI("reduce", 2, "chain"),
    OMPI("reduce", 3, "pipeline"),
    OMPI("reduce", 4, "binary"),
    OMPI("reduce", 5, "binomial"),
    OMPI("reduce", 6, "in-order_binary"),
    OMPI("reduce", 7, "rabenseifner"),
    OMPI("allreduce", 1, "basic_linear"),
    OMPI("allreduce", 2, "nonoverlapping"),
    OMPI("allreduce", 3, "recursive_doubling"),
    OMPI("allreduce", 4, "ring"),
    OMPI("allreduce", 5, "segmented_ring"),
    OMPI("allreduce", 6, "rabenseifner"),
    OMPI("reduce_scatter", 1, "non-overlapping"),
    OMPI("reduce_scatter", 2, "recursive_halving"),
    OMPI("reduce_scatter", 3, "ring"),
    OMPI("reduce_scatter", 4, "butterfly"),
    OMPI("scan", 1, "linear"),
    OMPI("scan", 2, "recursive_doubling"),
    MPICH("barrier", "nb"),
    MPICH("barrier", "smp"),
    MPICH("barrier", "dissemination"),
    MPICH("bcast", "binomial"),
    MPICH("bcast", "nb"),
    MPICH("bcast", "smp"),
    MPICH("bcast", "scatter_recursive_doubling_allgather"),
    MPICH("bcast", "scatter_ring_allgather"),
    MPICH("scatter", "binomial"),
    MPICH("scatter", "nb"),
    MPICH("gather", "binomial"),
    MPICH("gather", "nb"),
    MPICH("allgather", "brucks"),
    MPICH("allgather", "nb"),
    MPICH("allgather", "recursive_doubling"),
    MPICH("allgather", "ring"),
    MPICH("alltoall", "brucks"),
    MPICH("alltoall", "nb"),
    MPICH("alltoall", "pairwise"),
    MPICH("alltoall", "pairwise_sendrecv_replace"),
    MPICH("alltoall", "scattered"),
    MPICH("reduce", "binomial"),
    MPICH("reduce", "nb"),
    MPICH("reduce", "smp"),
    MPICH("reduce", "reduce_scatter_gather"),
    MPICH("allreduce", "nb"),
    MPICH("allreduce", "smp"),
    MPICH("allreduce", "recursive_doubling"),
    MPICH("allreduce", "reduce_scatter_allgather"),
    MPICH("reduce_scatter", "nb"),
    MPICH("reduce_scatter", "noncommutative"),
    MPICH("reduce_scatter", "pairwise"),
    MPICH("reduce_scatter", "recursive_doubling"),
    MPICH("reduce_scatter", "recursive_halving"),
    MPICH("scan", "nb"),
    MPICH("scan", "smp"),
    MPICH("scan", "recursive_doubling"),
    SMPI("barrier", "ompi_basic_linear"),
    SMPI("barrier", "ompi_two_procs"),
    SMPI("barrier", "ompi_tree"),
    SMPI("barrier", "ompi_bruck"),
    SMPI("barrier", "ompi_recursivedoubling"),
    SMPI("barrier", "ompi_doublering"),
    SMPI("barrier", "mpich_smp"),
    SMPI("barrier", "mvapich2_pair"),
    SMPI("bcast", "arrival_pattern_aware"),
    SMPI("bcast", "arrival_pattern_aware_wait"),
    SMPI("bcast", "arrival_scatter"),
    SMPI("bcast", "binomial_tree"),
    SMPI("bcast", "flattree"),
    SMPI("bcast", "flattree_pipeline"),
    SMPI("bcast", "NTSB"),
    SMPI("bcast", "NTSL"),
    SMPI("bcast", "NTSL_Isend"),
    SMPI("bcast", "scatter_LR_allgather"),
    SMPI("bcast", "scatter_rdb_allgather"),
    SMPI("bcast", "SMP_binary"),
    SMPI("bcast", "SMP_binomial"),
    SMPI("bcast", "SMP_linear"),
    SMPI("bcast", "ompi_split_bintree"),
    SMPI("bcast", "ompi_pipeline"),
    SMPI("bcast", "mvapich2_inter_node"),
    SMPI("bcast", "mvapich2_intra_node"),
    SMPI("bcast", "mvapich2_knomial_intra_node"),
    SMPI("scatter", "ompi_basic_linear"),
    SMPI("scatter", "ompi_linear_nb"),
    SMPI("scatter", "ompi_binomial"),
    SMPI("scatter", "mvapich2_two_level_binomial"),
    SMPI("scatter", "mvapich2_two_level_direct"),
    SMPI("gather", "ompi_basic_linear"),
    SMPI("gather", "ompi_binomial"),
    SMPI("gather", "ompi_linear_sync"),
    SMPI("gather", "mvapich2_two_level"),
    SMPI("allgather", "2dmesh"),
    SMPI("allgather", "3dmesh"),
    SMPI("allgather", "bruck"),
    SMPI("allgather", "GB"),
    SMPI("allgather", "loosely_lr"),
    SMPI("allgather", "NTSLR"),
    SMPI("allgather", "NTSLR_NB"),
    SMPI("allgather", "pair"),
    SMPI("allgather", "rdb"),
    SMPI("allgather", "rhv"),
    SMPI("allgather", "ring"),
    SMPI("allgather", "SMP_NTS"),
    SMPI("allgather", "smp_simple"),
    SMPI("allgather", "spreading_simple"),
    SMPI("allgather", "ompi_neighborexchange"),
    SMPI("allgather", "mvapich2_smp"),
    SMPI("alltoall", "2dmesh"),
    SMPI("alltoall", "3dmesh"),
    SMPI("alltoall", "basic_linear"),
    SMPI("alltoall", "bruck"),
    SMPI("alltoall", "pair"),
    SMPI("alltoall", "pair_rma"),
    SMPI("alltoall", "pair_light_barrier"),
    SMPI("alltoall", "pair_mpi_barrier"),
    SMPI("alltoall", "pair_one_barrier"),
    SMPI("alltoall", "rdb"),
    SMPI("alltoall", "ring"),
    SMPI("alltoall", "ring_light_barrier"),
    SMPI("alltoall", "ring_mpi_barrier"),
    SMPI("alltoall", "ring_one_barrier"),
    SMPI("alltoall", "mvapich2_scatter_dest"),
    SMPI("reduce", "arrival_pattern_aware"),
    SMPI("reduce", "binomial"),
    SMPI("reduce", "flat_tree"),
    SMPI("reduce", "NTSL"),
    SMPI("reduce", "scatter_gather"),
    SMPI("reduce", "ompi_chain"),
    SMPI("reduce", "ompi_pipeline"),
    SMPI("reduce", "ompi_basic_linear"),
    SMPI("reduce", "ompi_in_order_binary"),
    SMPI("reduce", "ompi_binary"),
    SMPI("reduce", "ompi_binomial"),
    SMPI("reduce", "mvapich2_knomial"),
    SMPI("reduce", "mvapich2_two_level"),
    SMPI("reduce", "rab"),
    SMPI("allreduce", "lr"),
    SMPI("allreduce", "rab1"),
    SMPI("allreduce", "rab2"),
    SMPI("allreduce", "rab_rdb"),
    SMPI("allreduce", "rdb"),
    SMPI("allreduce", "smp_binomial"),
    SMPI("allreduce", "smp_binomial_pipeline"),
    SMPI("allreduce", "smp_rdb"),
    SMPI("allreduce", "smp_rsag"),
    SMPI("allreduce", "smp_rsag_lr"),
    SMPI("allreduce", "smp_rsag_rab"),
    SMPI("allreduce", "redbcast"),
    SMPI("allreduce", "ompi_ring_segmented"),
    SMPI("allreduce", "mvapich2_rs"),
    SMPI("allreduce", "mvapich2_two_level"),
    SMPI("allreduce", "rab"),
    SMPI("reduce_scatter", "ompi_basic_recursivehalving"),
    SMPI("reduce_scatter", "ompi_ring"),
    SMPI("reduce_scatter", "ompi_butterfly"),
    SMPI("reduce_scatter", "mpich_pair"),
    SMPI("reduce_scatter", "mpich_rdb"),
    SMPI("reduce_scatter", "mpich_noncomm"),
    {NULL, NULL, NULL, 0},
};

bool mpchar_lib_algorithm_as_args(const mpchar_lib_algorithm *a)
{
    return strcmp(a->library, "smpi") == 0;
}

/* Open MPI reads forced algorithms only with dynamic rules on; MPICH's
 * device (ch4) layer would otherwise choose its own collectives before
 * the MPIR-level control variable is read.  SimGrid reads no environment:
 * its settings are smpirun options. */
size_t mpchar_lib_algorithm_env(const mpchar_lib_algorithm *a,
                                char env[][MPCHAR_ALG_ENV_LEN])
{
    if (mpchar_lib_algorithm_as_args(a)) {
        snprintf(env[0], MPCHAR_ALG_ENV_LEN, "--cfg=smpi/%s:%s", a->pattern,
                 a->name);
        return 1;
    }
    if (strcmp(a->library, "openmpi") == 0) {
        snprintf(env[0], MPCHAR_ALG_ENV_LEN,
                 "OMPI_MCA_coll_tuned_use_dynamic_rules=1");
        snprintf(env[1], MPCHAR_ALG_ENV_LEN,
                 "OMPI_MCA_coll_tuned_%s_algorithm=%d", a->pattern, a->id);
        return 2;
    }
    char upper[MPCHAR_NAME_MAX];
    size_t i = 0;
    for (; a->pattern[i] && i + 1 < sizeof upper; i++)
        upper[i] = (char)toupper((unsigned char)a->pattern[i]);
    upper[i] = '\0';
    snprintf(env[0], MPCHAR_ALG_ENV_LEN, "MPIR_CVAR_DEVICE_COLLECTIVES=none");
    snprintf(env[1], MPCHAR_ALG_ENV_LEN, "MPIR_CVAR_%s_INTRA_ALGORITHM=%s",
             upper, a->name);
    return 2;
}

const mpchar_lib_algorithm *mpchar_lib_algorithm_find(const char *library,
                                                      const char *pattern,
                                                      const char *name)
{
    for (const mpchar_lib_algorithm *a = mpchar_lib_algorithms; a->library; a++)
        if (strcmp(a->library, library) == 0 &&
            strcmp(a->pattern, pattern) == 0 && strcmp(a->name, name) == 0)
            return a;
    return NULL;
}

int mpchar_lib_algorithm_variant(const mpchar_lib_algorithm *a,
                                 char buf[MPCHAR_NAME_MAX])
{
    int n = snprintf(buf, MPCHAR_NAME_MAX, "%s@%s:%s", a->library, a->pattern,
                     a->name);
    return n > 0 && n < MPCHAR_NAME_MAX ? 0 : -1;
}

const mpchar_lib_algorithm *mpchar_lib_algorithm_of(const char *library,
                                                    int *malformed)
{
    char base[MPCHAR_NAME_MAX], pattern[MPCHAR_NAME_MAX];
    const char *at = strchr(library, '@');
    const char *colon = at ? strchr(at, ':') : NULL;
    if (malformed)
        *malformed = 0;
    if (!at)
        return NULL;
    size_t nb = (size_t)(at - library);
    size_t np = colon ? (size_t)(colon - at - 1) : 0;
    const mpchar_lib_algorithm *a = NULL;
    if (colon && nb < sizeof base && np < sizeof pattern) {
        memcpy(base, library, nb);
        base[nb] = '\0';
        memcpy(pattern, at + 1, np);
        pattern[np] = '\0';
        a = mpchar_lib_algorithm_find(base, pattern, colon + 1);
    }
    if (!a && malformed)
        *malformed = 1;
    return a;
}
