/* libmpchar-tune-<library>: a PMPI library (LD_PRELOAD or linked) that
 * replaces a collective by its substitute (src/substitutes) inside the
 * regions `mpchar advise --out` wrote to the file MPCHAR_TUNE names, for
 * this library and communicator size.  Calls outside the regions, and
 * those a substitute does not handle (inter-communicators, MPI_IN_PLACE
 * where the substitute does not take it, non-contiguous datatypes,
 * non-commutative operations, unequal counts for Reduce + Scatter), go to
 * the library's own collective.  A call with no region for its primitive
 * costs one load, a branch and a tail call.  MPCHAR_TUNE_LOG=1: world
 * rank 0 prints, at MPI_Finalize, how many of its calls were substituted
 * per primitive.
 * A bad advice file leaves the program untuned, said once on stderr. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "advice_file.h"
#include "substitutes.h"

#ifndef MPCHAR_TUNE_LIBRARY
#error "MPCHAR_TUNE_LIBRARY (the MPI library's name) must be defined"
#endif

enum { BCAST, ALLGATHER, REDUCE_SCATTER, ALLREDUCE, PRIMITIVES };

/* The primitives libmpchar-tune intercepts, by their pattern names. */
static const char *const primitive_names[PRIMITIVES] = {
    "bcast", "allgather", "reduce_scatter", "allreduce"};

typedef struct primitive_rules {
    size_t count;
    const tune_rule *rule[TUNE_RULES_MAX];
    unsigned long long calls, substituted;
} primitive_rules;

static tune_rules all;
static primitive_rules rules[PRIMITIVES];
static int world_rank;

/* Keeps a primitive's rules by decreasing predicted gain, so that where
 * two substitutes are advised for one (p, n) the first match is the
 * better. */
static void add_rule(primitive_rules *pr, const tune_rule *r)
{
    size_t i = pr->count++;
    for (; i > 0 && pr->rule[i - 1]->predicted_gain < r->predicted_gain; i--)
        pr->rule[i] = pr->rule[i - 1];
    pr->rule[i] = r;
}

static void load_advice(void)
{
    const char *path = getenv("MPCHAR_TUNE");
    char why[TUNE_WHY_MAX];
    if (!path || !*path)
        return;
    if (tune_advice_load(path, MPCHAR_TUNE_LIBRARY, &all, why, sizeof why)) {
        memset(&all, 0, sizeof all);
        if (world_rank == 0)
            fprintf(stderr, "libmpchar-tune: MPCHAR_TUNE=%s; running untuned\n",
                    why);
        return;
    }
    for (size_t i = 0; i < all.count; i++)
        for (int k = 0; k < PRIMITIVES; k++)
            if (!strcmp(all.rule[i].eq->primitive, primitive_names[k]))
                add_rule(&rules[k], &all.rule[i]);
}

static void start(void)
{
    PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    load_advice();
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS)
        start();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS)
        start();
    return rc;
}

static void print_log(void)
{
    const char *log = getenv("MPCHAR_TUNE_LOG");
    if (!log || strcmp(log, "1") || world_rank != 0)
        return;
    for (int k = 0; k < PRIMITIVES; k++)
        fprintf(stderr,
                "libmpchar-tune: rank 0: %s: %llu of %llu calls "
                "substituted\n",
                primitive_names[k], rules[k].substituted, rules[k].calls);
}

int MPI_Finalize(void)
{
    print_log();
    return PMPI_Finalize();
}

/* ---- which calls are substituted ----------------------------------------- */

/* An inter-communicator: its collectives are not the substitutes'. */
static int inter(MPI_Comm comm)
{
#ifdef MPCHAR_RT
    (void)comm; /* the built-in runtime has intra-communicators only */
    return 0;
#else
    int flag;
    PMPI_Comm_test_inter(comm, &flag);
    return flag;
#endif
}

/* Whether primitive k has a region at this communicator's size: the one
 * question a call outside every region asks, before any about its
 * arguments. */
static int sized(int k, MPI_Comm comm, int *p_p)
{
    PMPI_Comm_size(comm, p_p);
    for (size_t i = 0; i < rules[k].count; i++)
        if (rules[k].rule[i]->p == *p_p)
            return !inter(comm);
    return 0;
}

/* The equivalence advised for primitive k at size p and n bytes, or
 * NULL.  `usable` says whether a substitute (by its pattern name) handles
 * the call's arguments. */
static const mpchar_equivalence *advised(int k, int p, double n_bytes,
                                         int (*usable)(const char *, void *),
                                         void *arg)
{
    for (size_t i = 0; i < rules[k].count; i++) {
        const tune_rule *r = rules[k].rule[i];
        if (r->p == p && n_bytes > r->n_from_bytes &&
            n_bytes <= r->n_to_bytes && usable(r->eq->substitute, arg))
            return r->eq;
    }
    return NULL;
}

/* Contiguous: its bytes are one block (size = true extent = extent). */
static int contiguous(MPI_Datatype dt, int *size_p)
{
    MPI_Aint lb, extent, tlb, textent;
    PMPI_Type_size(dt, size_p);
    PMPI_Type_get_extent(dt, &lb, &extent);
    PMPI_Type_get_true_extent(dt, &tlb, &textent);
    return lb == 0 && tlb == 0 && extent == *size_p && textent == *size_p;
}

static int commutative(MPI_Op op)
{
    int c = 0;
    PMPI_Op_commutative(op, &c);
    return c;
}

static int any(const char *substitute, void *arg)
{
    (void)substitute, (void)arg;
    return 1;
}

/* ---- the intercepted collectives ----------------------------------------- */

/* Each MPI_ entry point is only the test for a primitive without
 * advice and a tail call: to the library's own collective, or to the
 * out-of-line tune_ function that looks for a region.  Kept apart, the
 * common path saves and restores no registers and sets up no frame (30
 * instructions added per call on MPICH before, 4 after: docs/advise.md). */
#define UNADVISED(k) __builtin_expect(rules[k].count == 0, 1)
#define TUNE_SLOW __attribute__((noinline))

static TUNE_SLOW int tune_bcast(void *buf, int count, MPI_Datatype dt, int root,
                                MPI_Comm comm)
{
    int size, p;
    const mpchar_equivalence *eq = NULL;
    rules[BCAST].calls++;
    if (sized(BCAST, comm, &p) && contiguous(dt, &size))
        eq = advised(BCAST, p, (double)count * size, any, NULL);
    if (!eq)
        return PMPI_Bcast(buf, count, dt, root, comm);
    rules[BCAST].substituted++;
    return mpchar_sub_bcast_sa(buf, count, dt, root, comm);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    if (UNADVISED(BCAST))
        return PMPI_Bcast(buf, count, dt, root, comm);
    return tune_bcast(buf, count, dt, root, comm);
}

static TUNE_SLOW int tune_allgather(const void *sbuf, int scount,
                                    MPI_Datatype stype, void *rbuf, int rcount,
                                    MPI_Datatype rtype, MPI_Comm comm)
{
    int size, ssize, p;
    const mpchar_equivalence *eq = NULL;
    rules[ALLGATHER].calls++;
    if (sized(ALLGATHER, comm, &p) && contiguous(rtype, &size) &&
        (sbuf == MPI_IN_PLACE || contiguous(stype, &ssize)))
        eq = advised(ALLGATHER, p, (double)rcount * size * p, any, NULL);
    if (!eq)
        return PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    rules[ALLGATHER].substituted++;
    return mpchar_sub_allgather_gb(sbuf, scount, stype, rbuf, rcount, rtype,
                                   comm);
}

int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                  int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    if (UNADVISED(ALLGATHER))
        return PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    return tune_allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
}

typedef struct rs_call {
    const void *sbuf;
    const int *rcounts;
    int p;
} rs_call;

/* Reduce + Scatterv takes any counts, Reduce + Scatter equal ones;
 * neither MPI_IN_PLACE. */
static int rs_usable(const char *substitute, void *arg)
{
    const rs_call *c = arg;
    if (c->sbuf == MPI_IN_PLACE)
        return 0;
    if (strcmp(substitute, "reduce_scatter_rsc"))
        return 1;
    for (int i = 1; i < c->p; i++)
        if (c->rcounts[i] != c->rcounts[0])
            return 0;
    return 1;
}

static TUNE_SLOW int tune_reduce_scatter(const void *sbuf, void *rbuf,
                                         const int rcounts[], MPI_Datatype dt,
                                         MPI_Op op, MPI_Comm comm)
{
    int size;
    rs_call c = {sbuf, rcounts, 0};
    const mpchar_equivalence *eq = NULL;
    rules[REDUCE_SCATTER].calls++;
    if (sized(REDUCE_SCATTER, comm, &c.p) && contiguous(dt, &size) &&
        commutative(op)) {
        double total = 0.0;
        for (int i = 0; i < c.p; i++)
            total += rcounts[i];
        eq = advised(REDUCE_SCATTER, c.p, total * size, rs_usable, &c);
    }
    if (!eq)
        return PMPI_Reduce_scatter(sbuf, rbuf, rcounts, dt, op, comm);
    rules[REDUCE_SCATTER].substituted++;
    return strcmp(eq->substitute, "reduce_scatter_rsc")
               ? mpchar_sub_reduce_scatter_rs(sbuf, rbuf, rcounts, dt, op, comm)
               : mpchar_sub_reduce_scatter_rsc(sbuf, rbuf, rcounts, dt, op,
                                               comm);
}

int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[],
                       MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    if (UNADVISED(REDUCE_SCATTER))
        return PMPI_Reduce_scatter(sbuf, rbuf, rcounts, dt, op, comm);
    return tune_reduce_scatter(sbuf, rbuf, rcounts, dt, op, comm);
}

/* Reduce + Bcast takes MPI_IN_PLACE, Reduce_scatter + Allgather not. */
static int ar_usable(const char *substitute, void *sbuf)
{
    return sbuf != MPI_IN_PLACE || !strcmp(substitute, "allreduce_rb");
}

static TUNE_SLOW int tune_allreduce(const void *sbuf, void *rbuf, int count,
                                    MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    int size, p;
    const mpchar_equivalence *eq = NULL;
    rules[ALLREDUCE].calls++;
    if (sized(ALLREDUCE, comm, &p) && contiguous(dt, &size) && commutative(op))
        eq = advised(ALLREDUCE, p, (double)count * size, ar_usable,
                     (void *)(uintptr_t)sbuf);
    if (!eq)
        return PMPI_Allreduce(sbuf, rbuf, count, dt, op, comm);
    rules[ALLREDUCE].substituted++;
    return strcmp(eq->substitute, "allreduce_rb")
               ? mpchar_sub_allreduce_rsag(sbuf, rbuf, count, dt, op, comm)
               : mpchar_sub_allreduce_rb(sbuf, rbuf, count, dt, op, comm);
}

int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt,
                  MPI_Op op, MPI_Comm comm)
{
    if (UNADVISED(ALLREDUCE))
        return PMPI_Allreduce(sbuf, rbuf, count, dt, op, comm);
    return tune_allreduce(sbuf, rbuf, count, dt, op, comm);
}
