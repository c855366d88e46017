/*
 * Cartesian process topologies: Dims_create, Cart_create and the calls that
 * query or cut a Cartesian communicator.
 *
 * The topology is the grid's shape (dims, periods) hung on the
 * communicator; coordinates are computed from the rank when asked (row
 * major, as MPI prescribes), so nothing else is stored.  Cart_create never
 * reorders (MPI allows the identity): the first prod(dims) ranks form the
 * grid through Comm_split, which also gives the new context.  Cart_sub is a
 * Comm_split whose colour is the position along the dropped dimensions.
 * Dims_create picks, among all ways to fill the free dimensions in
 * non-increasing order, the lexicographically smallest, so the dimensions
 * are as close to each other as possible.
 */
#include "rt.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static struct rt_cart *cart_new(int ndims, const int *dims, const int *periods)
{
    struct rt_cart *c =
        malloc(sizeof *c + 2 * (size_t)(ndims > 0 ? ndims : 1) * sizeof(int));
    if (!c)
        return NULL;
    c->ndims = ndims;
    for (int i = 0; i < ndims; i++) {
        c->v[i] = dims[i];
        c->v[ndims + i] = periods[i] != 0;
    }
    return c;
}

int mpchar__cart_copy(MPI_Comm from, MPI_Comm to)
{
    const struct rt_cart *f = from->cart;
    to->cart = f ? cart_new(f->ndims, f->v, f->v + f->ndims) : NULL;
    return f && !to->cart ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

/* ---- Dims_create ---- */

/* Depth-first search for the free dimensions d[i..k-1], non-increasing
 * and at most cap, whose product is left.  Each level tries the divisors
 * of the node count (divs, ascending) from the smallest that can still
 * work, so the first complete vector found is the lexicographically
 * smallest one. */
struct dims_search {
    int k;
    int *d;
    const int *divs;
    int ndivs;
};

static int dims_search(const struct dims_search *s, int i, int left, int cap)
{
    if (i == s->k - 1) {
        s->d[i] = left;
        return left <= cap;
    }
    for (int j = 0; j < s->ndivs && s->divs[j] <= cap; j++) {
        int v = s->divs[j];
        if (left % v)
            continue;
        /* the rest are at most v: v^(k-i) must reach left */
        long long pw = 1;
        for (int n = i; n < s->k && pw < left; n++)
            pw *= v;
        if (pw < left)
            continue;
        s->d[i] = v;
        if (dims_search(s, i + 1, left / v, v))
            return 1;
    }
    return 0;
}

/* The divisors of n in ascending order into divs; returns their number. */
static int divisors(int n, int *divs)
{
    int lo = 0, hi = 0, high[800];
    for (long long v = 1; v * v <= n; v++)
        if (n % v == 0) {
            divs[lo++] = (int)v;
            if (v * v != n)
                high[hi++] = n / (int)v;
        }
    while (hi > 0)
        divs[lo++] = high[--hi];
    return lo;
}

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    const char *func = "MPI_Dims_create";
    if (nnodes <= 0 || ndims < 0 || (ndims > 0 && !dims))
        return mpchar__err(MPI_COMM_WORLD,
                           nnodes <= 0 ? MPI_ERR_ARG : MPI_ERR_DIMS, func);
    long long fixed = 1;
    int k = 0;
    for (int i = 0; i < ndims; i++) {
        if (dims[i] < 0)
            return mpchar__err(MPI_COMM_WORLD, MPI_ERR_DIMS, func);
        if (dims[i] > 0)
            fixed *= dims[i];
        else
            k++;
        if (fixed > nnodes)
            break;
    }
    if (fixed > nnodes || nnodes % fixed != 0 || (k == 0 && fixed != nnodes))
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_DIMS, func);
    if (k == 0)
        return MPI_SUCCESS;
    /* no int has more than 1600 divisors, 800 of them above its root */
    int left = nnodes / (int)fixed, divs[1600];
    int *d = malloc((size_t)k * sizeof(int));
    if (!d)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, func);
    struct dims_search s = {k, d, divs, divisors(left, divs)};
    dims_search(&s, 0, left, left); /* d = (left, 1, ...) always fits */
    for (int i = 0, j = 0; i < ndims; i++)
        if (dims[i] == 0)
            dims[i] = d[j++];
    free(d);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Dims_create)

/* ---- Cartesian communicators ---- */

/* The topology of comm, or NULL after reporting the error. */
static const struct rt_cart *cart_of(MPI_Comm comm, const char *func, int *rc)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS) {
        *rc = mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, func);
        return NULL;
    }
    if (!comm->cart)
        *rc = mpchar__err(comm, MPI_ERR_TOPOLOGY, func);
    return comm->cart;
}

/* Row-major coordinates of rank in c. */
static void rank_coords(const struct rt_cart *c, int rank, int *coords)
{
    for (int i = c->ndims - 1; i >= 0; i--) {
        coords[i] = rank % c->v[i];
        rank /= c->v[i];
    }
}

int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[],
                     const int periods[], int reorder, MPI_Comm *comm_cart)
{
    const char *func = "MPI_Cart_create";
    (void)reorder; /* the identity order is always a valid choice */
    if (mpchar__comm_check(comm_old) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, func);
    if (ndims < 0 || (ndims > 0 && (!dims || !periods)) || !comm_cart)
        return mpchar__err(comm_old, ndims < 0 ? MPI_ERR_DIMS : MPI_ERR_ARG,
                           func);
    long long nodes = 1;
    for (int i = 0; i < ndims && nodes <= comm_old->size; i++) {
        if (dims[i] <= 0)
            return mpchar__err(comm_old, MPI_ERR_DIMS, func);
        nodes *= dims[i];
    }
    if (nodes > comm_old->size)
        return mpchar__err(comm_old, MPI_ERR_DIMS, func);
    struct rt_cart *cart = cart_new(ndims, dims, periods);
    if (!cart)
        return mpchar__err(comm_old, MPI_ERR_NO_MEM, func);
    MPI_Comm c;
    int in = comm_old->rank < nodes;
    int rc =
        PMPI_Comm_split(comm_old, in ? 0 : MPI_UNDEFINED, comm_old->rank, &c);
    if (rc != MPI_SUCCESS || !in) {
        free(cart);
        *comm_cart = MPI_COMM_NULL;
        return rc;
    }
    c->cart = cart;
    *comm_cart = c;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cart_create)

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    int rc;
    const struct rt_cart *c = cart_of(comm, "MPI_Cart_coords", &rc);
    if (!c)
        return rc;
    if (rank < 0 || rank >= comm->size)
        return mpchar__err(comm, MPI_ERR_RANK, "MPI_Cart_coords");
    if (maxdims < c->ndims || (c->ndims > 0 && !coords))
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Cart_coords");
    rank_coords(c, rank, coords);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cart_coords)

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    int rc;
    const struct rt_cart *c = cart_of(comm, "MPI_Cart_rank", &rc);
    if (!c)
        return rc;
    if ((c->ndims > 0 && !coords) || !rank)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Cart_rank");
    int r = 0;
    for (int i = 0; i < c->ndims; i++) {
        int x = coords[i], n = c->v[i];
        if (c->v[c->ndims + i])
            x = (x % n + n) % n; /* periodic: wraps around */
        else if (x < 0 || x >= n)
            return mpchar__err(comm, MPI_ERR_RANK, "MPI_Cart_rank");
        r = r * n + x;
    }
    *rank = r;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cart_rank)

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source,
                    int *rank_dest)
{
    int rc;
    const struct rt_cart *c = cart_of(comm, "MPI_Cart_shift", &rc);
    if (!c)
        return rc;
    if (direction < 0 || direction >= c->ndims || !rank_source || !rank_dest)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Cart_shift");
    int n = c->v[direction], periodic = c->v[c->ndims + direction];
    /* the rank's step along this dimension in the row-major numbering */
    int step = 1;
    for (int i = direction + 1; i < c->ndims; i++)
        step *= c->v[i];
    int at = comm->rank / step % n;
    long long to[2] = {(long long)at - disp, (long long)at + disp};
    int *out[2] = {rank_source, rank_dest};
    for (int k = 0; k < 2; k++) {
        long long x = to[k];
        if (periodic)
            x = (x % n + n) % n;
        *out[k] =
            x < 0 || x >= n ? MPI_PROC_NULL : comm->rank + (int)(x - at) * step;
    }
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cart_shift)

int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    int rc;
    const struct rt_cart *c = cart_of(comm, "MPI_Cart_sub", &rc);
    if (!c)
        return rc;
    if ((c->ndims > 0 && !remain_dims) || !newcomm)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Cart_sub");
    int nd = c->ndims, kept = 0;
    int *coords = malloc(3 * (size_t)(nd > 0 ? nd : 1) * sizeof(int));
    if (!coords)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Cart_sub");
    int *dims = coords + nd, *periods = dims + nd;
    rank_coords(c, comm->rank, coords);
    /* colour: the position along the dropped dimensions; key: along the
     * kept ones, so the new ranks are row-major in the kept dimensions */
    int color = 0, key = 0;
    for (int i = 0; i < nd; i++) {
        if (remain_dims[i]) {
            dims[kept] = c->v[i];
            periods[kept++] = c->v[nd + i];
            key = key * c->v[i] + coords[i];
        } else {
            color = color * c->v[i] + coords[i];
        }
    }
    struct rt_cart *sub = cart_new(kept, dims, periods);
    free(coords);
    if (!sub)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Cart_sub");
    rc = PMPI_Comm_split(comm, color, key, newcomm);
    if (rc != MPI_SUCCESS) {
        free(sub);
        return rc;
    }
    (*newcomm)->cart = sub;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cart_sub)

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[],
                  int coords[])
{
    int rc;
    const struct rt_cart *c = cart_of(comm, "MPI_Cart_get", &rc);
    if (!c)
        return rc;
    if (maxdims < c->ndims || (c->ndims > 0 && (!dims || !periods || !coords)))
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Cart_get");
    for (int i = 0; i < c->ndims; i++) {
        dims[i] = c->v[i];
        periods[i] = c->v[c->ndims + i];
    }
    rank_coords(c, comm->rank, coords);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cart_get)

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    int rc;
    const struct rt_cart *c = cart_of(comm, "MPI_Cartdim_get", &rc);
    if (!c)
        return rc;
    *ndims = c->ndims;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Cartdim_get)

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Topo_test");
    *status = comm->cart    ? MPI_CART
              : comm->graph ? MPI_DIST_GRAPH
                            : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Topo_test)
