/*
 * Neighbourhood collectives and distributed graphs conformance (MPI-3.1
 * 7.5.4, 7.6, 7.7): on a 2-D Cartesian grid, periodic in one dimension,
 * and on a 1-D periodic ring (where at p = 1 and 2 one rank is both
 * neighbours), Neighbor_allgather and Neighbor_alltoall put each block
 * where MPI says, and MPI_PROC_NULL's blocks stay untouched; on
 * distributed graphs made by MPI_Dist_graph_create_adjacent (weighted,
 * with duplicate edges at small p) and MPI_Dist_graph_create (every edge
 * named by rank 0), the queries, Neighbor_allgatherv, Neighbor_alltoallv,
 * Neighbor_alltoallw and the nonblocking twins.
 */
#include "conf.h"

enum { UNTOUCHED = -1 };

/* Block i that rank r sends in an alltoall: r * 100 + i. */
static int block_value(int r, int i)
{
    return r * 100 + i;
}

/* A Cartesian communicator's neighbours, -1 then +1 per dimension. */
static int cart_neighbors(MPI_Comm cart, int ndims, int *nb)
{
    for (int d = 0; d < ndims; d++)
        MPI_OK(MPI_Cart_shift(cart, d, 1, &nb[2 * d], &nb[2 * d + 1]));
    return 2 * ndims;
}

static void check_alltoall(const int *got, const int *nb, int n,
                           const char *what)
{
    for (int i = 0; i < n; i++) {
        int want =
            nb[i] == MPI_PROC_NULL ? UNTOUCHED : block_value(nb[i], i ^ 1);
        CHECK(got[i] == want, "%s alltoall block %d: %d, want %d", what, i,
              got[i], want);
    }
}

static void test_cart(MPI_Comm cart, int ndims, const char *what)
{
    int me, nb[8], n = cart_neighbors(cart, ndims, nb);
    MPI_Comm_rank(cart, &me);
    int got[8], out[8];
    for (int i = 0; i < n; i++)
        got[i] = UNTOUCHED;
    MPI_OK(MPI_Neighbor_allgather(&me, 1, MPI_INT, got, 1, MPI_INT, cart));
    for (int i = 0; i < n; i++)
        CHECK(got[i] == (nb[i] == MPI_PROC_NULL ? UNTOUCHED : nb[i]),
              "%s allgather block %d: %d, neighbour %d", what, i, got[i],
              nb[i]);
    /* block 2d comes from the -1 neighbour, which sent its +1 block
     * (2d + 1); block 2d + 1 from the +1 neighbour's -1 block (2d) */
    for (int i = 0; i < n; i++) {
        out[i] = block_value(me, i);
        got[i] = UNTOUCHED;
    }
    MPI_OK(MPI_Neighbor_alltoall(out, 1, MPI_INT, got, 1, MPI_INT, cart));
    check_alltoall(got, nb, n, what);
#ifdef MPCHAR_RT
    /* Open MPI 4.1's nonblocking form swaps the two blocks of a periodic
     * dimension of 1 or 2 processes (open-mpi/ompi#14416, fixed after
     * 4.1), so only the runtime's is checked here */
    MPI_Request req;
    for (int i = 0; i < n; i++)
        got[i] = UNTOUCHED;
    MPI_OK(
        MPI_Ineighbor_alltoall(out, 1, MPI_INT, got, 1, MPI_INT, cart, &req));
    MPI_OK(MPI_Wait(&req, MPI_STATUS_IGNORE));
    check_alltoall(got, nb, n, what);
#endif
}

static void test_carts(void)
{
    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_OK(MPI_Dims_create(conf_size, 2, dims));
    MPI_Comm grid, ring;
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid));
    test_cart(grid, 2, "2-D grid");
    MPI_OK(MPI_Comm_free(&grid));
    int n = conf_size, wrap = 1;
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 1, &n, &wrap, 0, &ring));
    test_cart(ring, 1, "ring");
    MPI_OK(MPI_Comm_free(&ring));
}

/* A weighted graph: edges to the next two ranks, from the previous two. */
static void test_adjacent(void)
{
    int p = conf_size, r = conf_rank;
    int src[2] = {(r + p - 1) % p, (r + p - 2) % p};
    int dst[2] = {(r + 1) % p, (r + 2) % p};
    int sw[2] = {1, 2}, dw[2] = {1, 2};
    MPI_Comm g;
    MPI_OK(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, src, sw, 2, dst,
                                          dw, MPI_INFO_NULL, 0, &g));
    int topo = -1, in = -1, out = -1, weighted = -1;
    MPI_OK(MPI_Topo_test(g, &topo));
    CHECK(topo == MPI_DIST_GRAPH, "Topo_test %d", topo);
    MPI_OK(MPI_Dist_graph_neighbors_count(g, &in, &out, &weighted));
    CHECK(in == 2 && out == 2 && weighted, "counts %d %d %d", in, out,
          weighted);
    int qs[2], qsw[2], qd[2], qdw[2];
    MPI_OK(MPI_Dist_graph_neighbors(g, 2, qs, qsw, 2, qd, qdw));
    CHECK(qs[0] == src[0] && qs[1] == src[1] && qd[0] == dst[0] &&
              qd[1] == dst[1] && qsw[1] == 2 && qdw[1] == 2,
          "neighbours as given");

    /* allgatherv: source i's int at displacement 2i */
    int mine[2] = {r, r}, got[4] = {UNTOUCHED, UNTOUCHED, UNTOUCHED, UNTOUCHED};
    int recvcounts[2] = {1, 1}, rdispls[2] = {0, 2};
    MPI_OK(MPI_Neighbor_allgatherv(mine, 1, MPI_INT, got, recvcounts, rdispls,
                                   MPI_INT, g));
    CHECK(got[0] == src[0] && got[1] == UNTOUCHED && got[2] == src[1],
          "allgatherv: %d %d %d", got[0], got[1], got[2]);

    /* alltoallv: to destination j, j + 1 ints of value r * 100 + j; from
     * source i, what it sent to its destination i (the edge r-1-i -> r) */
    int sbuf[3] = {block_value(r, 0), block_value(r, 1), block_value(r, 1)};
    int scounts[2] = {1, 2}, sdispls[2] = {0, 1};
    int rbuf[3] = {UNTOUCHED, UNTOUCHED, UNTOUCHED};
    int rcounts[2] = {1, 2}, rdisp[2] = {0, 1};
    MPI_OK(MPI_Neighbor_alltoallv(sbuf, scounts, sdispls, MPI_INT, rbuf,
                                  rcounts, rdisp, MPI_INT, g));
    CHECK(rbuf[0] == block_value(src[0], 0) &&
              rbuf[1] == block_value(src[1], 1) &&
              rbuf[2] == block_value(src[1], 1),
          "alltoallv: %d %d %d", rbuf[0], rbuf[1], rbuf[2]);

    /* alltoallw: an int to the first destination, a double to the second */
    int iv = r + 1000, iin = UNTOUCHED;
    double dv = r + 0.5, din = -1.0;
    MPI_Aint a_iv, a_dv, a_iin, a_din;
    MPI_Get_address(&iv, &a_iv);
    MPI_Get_address(&dv, &a_dv);
    MPI_Get_address(&iin, &a_iin);
    MPI_Get_address(&din, &a_din);
    int wc[2] = {1, 1};
    MPI_Aint wsd[2] = {0, a_dv - a_iv}, wrd[2] = {0, a_din - a_iin};
    MPI_Datatype wt[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Request req;
    MPI_OK(
        MPI_Ineighbor_alltoallw(&iv, wc, wsd, wt, &iin, wc, wrd, wt, g, &req));
    MPI_OK(MPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK(iin == src[0] + 1000 && din == src[1] + 0.5, "alltoallw: %d %g", iin,
          din);
    MPI_Comm d;
    MPI_OK(MPI_Comm_dup(g, &d));
    MPI_OK(MPI_Dist_graph_neighbors_count(d, &in, &out, &weighted));
    CHECK(in == 2 && out == 2, "a duplicate keeps the graph");
    MPI_OK(MPI_Comm_free(&d));
    MPI_OK(MPI_Comm_free(&g));
}

/* Rank 0 names every edge r -> r + 1 of the ring, unweighted. */
static void test_general(void)
{
    int p = conf_size, r = conf_rank;
    int n = r == 0 ? p : 0;
    int *sources = conf_malloc((size_t)p * sizeof *sources);
    int *degrees = conf_malloc((size_t)p * sizeof *degrees);
    int *dests = conf_malloc((size_t)p * sizeof *dests);
    for (int i = 0; i < p; i++) {
        sources[i] = i;
        degrees[i] = 1;
        dests[i] = (i + 1) % p;
    }
    MPI_Comm g;
    MPI_OK(MPI_Dist_graph_create(MPI_COMM_WORLD, n, sources, degrees, dests,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g));
    int in = -1, out = -1, weighted = -1, s = -1, t = -1;
    MPI_OK(MPI_Dist_graph_neighbors_count(g, &in, &out, &weighted));
    CHECK(in == 1 && out == 1 && !weighted, "general: counts %d %d %d", in, out,
          weighted);
    MPI_OK(MPI_Dist_graph_neighbors(g, 1, &s, MPI_UNWEIGHTED, 1, &t,
                                    MPI_UNWEIGHTED));
    CHECK(s == (r + p - 1) % p && t == (r + 1) % p, "general: neighbours %d %d",
          s, t);
    int got = UNTOUCHED;
    MPI_OK(MPI_Neighbor_allgather(&r, 1, MPI_INT, &got, 1, MPI_INT, g));
    CHECK(got == s, "general: allgather %d", got);
    MPI_OK(MPI_Comm_free(&g));
    CONF_FREE(sources, degrees, dests);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_carts();
    test_adjacent();
    test_general();
    return conf_finish("conf_neighbor");
}
