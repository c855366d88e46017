/* A test probe of which algorithm Open MPI 4.1's coll/tuned runs: the
 * Debian build of Open MPI prints nothing at any coll verbosity (its
 * tracing is compiled in debug builds only), so this library, preloaded
 * with LD_PRELOAD, stands in front of the coll/base bcast algorithms that
 * mca_coll_tuned.so calls through libmpi.so's dynamic symbols, prints
 * "mpchar-ompi-trace: bcast:<algorithm> count=<n>" on standard error
 * (algorithm as mpchar's table names it, src/common/lib_algorithms.c) and
 * calls the real one.  Signatures are Open MPI 4.1's
 * (ompi/mca/coll/base/coll_base_functions.h); libc only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* ompi's BCAST_ARGS with its types opaque */
#define ARGS void *buf, int count, void *dtype, int root, void *comm, void *mod
#define PASS buf, count, dtype, root, comm, mod

static void *real(const char *symbol)
{
    void *f = dlsym(RTLD_NEXT, symbol);
    if (!f) {
        fprintf(stderr, "mpchar-ompi-trace: %s not found\n", symbol);
        abort();
    }
    return f;
}

static void note(const char *name, int count)
{
    fprintf(stderr, "mpchar-ompi-trace: bcast:%s count=%d\n", name, count);
}

#define WRAP0(sym, name)                            \
    int sym(ARGS);                                  \
    int sym(ARGS)                                   \
    {                                               \
        note(name, count);                          \
        int (*f)(ARGS) = (int (*)(ARGS))real(#sym); \
        return f(PASS);                             \
    }
#define WRAP1(sym, name, T1)                                \
    int sym(ARGS, T1 a1);                                   \
    int sym(ARGS, T1 a1)                                    \
    {                                                       \
        note(name, count);                                  \
        int (*f)(ARGS, T1) = (int (*)(ARGS, T1))real(#sym); \
        return f(PASS, a1);                                 \
    }
#define WRAP2(sym, name, T1, T2)                                    \
    int sym(ARGS, T1 a1, T2 a2);                                    \
    int sym(ARGS, T1 a1, T2 a2)                                     \
    {                                                               \
        note(name, count);                                          \
        int (*f)(ARGS, T1, T2) = (int (*)(ARGS, T1, T2))real(#sym); \
        return f(PASS, a1, a2);                                     \
    }

WRAP0(ompi_coll_base_bcast_intra_basic_linear, "basic_linear")
WRAP2(ompi_coll_base_bcast_intra_chain, "chain", uint32_t, int32_t)
WRAP1(ompi_coll_base_bcast_intra_pipeline, "pipeline", uint32_t)
WRAP1(ompi_coll_base_bcast_intra_split_bintree, "split_binary_tree", uint32_t)
WRAP1(ompi_coll_base_bcast_intra_bintree, "binary_tree", uint32_t)
WRAP1(ompi_coll_base_bcast_intra_binomial, "binomial", uint32_t)
WRAP2(ompi_coll_base_bcast_intra_knomial, "knomial", uint32_t, int)
WRAP1(ompi_coll_base_bcast_intra_scatter_allgather, "scatter_allgather",
      uint32_t)
WRAP1(ompi_coll_base_bcast_intra_scatter_allgather_ring,
      "scatter_allgather_ring", uint32_t)
