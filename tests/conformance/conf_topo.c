/*
 * Cartesian topologies: Dims_create against the MPI standard's examples
 * and unambiguous shapes, Cart_create / coords / rank / shift / sub / get /
 * Cartdim_get / Topo_test on the 2-D and 3-D grids of every job size, a
 * grid smaller than the job (the rest get MPI_COMM_NULL), and a 2-D halo
 * exchange whose rows travel as subarrays and columns as hvectors, checked
 * element by element (ghost corners must stay untouched).
 */
#include "conf.h"

static void check_dims(int nnodes, int ndims, const int *in, const int *want)
{
    int dims[3];
    memcpy(dims, in, (size_t)ndims * sizeof(int));
    MPI_OK(MPI_Dims_create(nnodes, ndims, dims));
    for (int i = 0; i < ndims; i++)
        CHECK(dims[i] == want[i],
              "Dims_create(%d, %d): dimension %d is %d, expected %d", nnodes,
              ndims, i, dims[i], want[i]);
}

static void test_dims_create(void)
{
    /* MPI-3.1, section 7.5.2, example 7.2 */
    check_dims(6, 2, (int[]){0, 0}, (int[]){3, 2});
    check_dims(7, 2, (int[]){0, 0}, (int[]){7, 1});
    check_dims(6, 3, (int[]){0, 3, 0}, (int[]){2, 3, 1});
    /* the fourth example, (7, 3, {0, 3, 0}), is erroneous: 3 does not
     * divide 7 */
    MPI_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    int bad[3] = {0, 3, 0};
    CHECK(MPI_Dims_create(7, 3, bad) != MPI_SUCCESS,
          "Dims_create(7, 3, {0, 3, 0}) succeeded");
    MPI_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));
    static const int two[9][2] = {{0, 0}, {1, 1}, {2, 1}, {3, 1}, {2, 2},
                                  {5, 1}, {3, 2}, {7, 1}, {4, 2}};
    for (int n = 1; n <= 8; n++)
        check_dims(n, 2, (int[]){0, 0}, two[n]);
    check_dims(8, 3, (int[]){0, 0, 0}, (int[]){2, 2, 2});
    check_dims(12, 3, (int[]){0, 0, 0}, (int[]){3, 2, 2});
    check_dims(16, 2, (int[]){0, 0}, (int[]){4, 4});
    check_dims(24, 3, (int[]){0, 0, 0}, (int[]){4, 3, 2});
    check_dims(12, 3, (int[]){0, 2, 0}, (int[]){3, 2, 2});
    check_dims(4, 3, (int[]){2, 1, 2}, (int[]){2, 1, 2});
}

/* A periodic x non-periodic grid of the whole job.  Ranks are always
 * those of the grid communicator (a library may reorder). */
static void test_cart_2d(void)
{
    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_OK(MPI_Dims_create(conf_size, 2, dims));
    MPI_Comm cart;
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart));
    CHECK(cart != MPI_COMM_NULL, "every process is in a full grid");
    int status, nd, rank, size;
    MPI_OK(MPI_Topo_test(cart, &status));
    CHECK(status == MPI_CART, "Topo_test %d", status);
    MPI_OK(MPI_Topo_test(MPI_COMM_WORLD, &status));
    CHECK(status == MPI_UNDEFINED, "Topo_test(world) %d", status);
    MPI_OK(MPI_Cartdim_get(cart, &nd));
    CHECK(nd == 2, "Cartdim_get %d", nd);
    MPI_OK(MPI_Comm_rank(cart, &rank));
    MPI_OK(MPI_Comm_size(cart, &size));
    CHECK(size == conf_size, "cart size %d", size);
    int gd[2], gp[2], me[2];
    MPI_OK(MPI_Cart_get(cart, 2, gd, gp, me));
    CHECK(gd[0] == dims[0] && gd[1] == dims[1] && gp[0] == 1 && gp[1] == 0,
          "Cart_get dims %dx%d periods %d,%d", gd[0], gd[1], gp[0], gp[1]);
    /* coordinates and ranks: a bijection, row major (MPI 7.5.1) */
    for (int r = 0; r < size; r++) {
        int c[2], back;
        MPI_OK(MPI_Cart_coords(cart, r, 2, c));
        CHECK(c[0] * dims[1] + c[1] == r, "rank %d at (%d,%d)", r, c[0], c[1]);
        MPI_OK(MPI_Cart_rank(cart, c, &back));
        CHECK(back == r, "Cart_rank(coords(%d)) = %d", r, back);
        if (r == rank)
            CHECK(c[0] == me[0] && c[1] == me[1], "Cart_get coords");
    }
    int wrapped[2] = {me[0] + 2 * dims[0], me[1]}, w;
    MPI_OK(MPI_Cart_rank(cart, wrapped, &w));
    CHECK(w == rank, "periodic Cart_rank wraps: %d", w);
    /* shifts: dimension 0 periodic, dimension 1 not */
    for (int disp = 1; disp <= 2; disp++) {
        int src, dst, c[2], want;
        MPI_OK(MPI_Cart_shift(cart, 0, disp, &src, &dst));
        c[0] = ((me[0] - disp) % dims[0] + dims[0]) % dims[0];
        c[1] = me[1];
        MPI_OK(MPI_Cart_rank(cart, c, &want));
        CHECK(src == want, "shift 0 by %d: source %d, want %d", disp, src,
              want);
        c[0] = (me[0] + disp) % dims[0];
        MPI_OK(MPI_Cart_rank(cart, c, &want));
        CHECK(dst == want, "shift 0 by %d: dest %d, want %d", disp, dst, want);
        MPI_OK(MPI_Cart_shift(cart, 1, disp, &src, &dst));
        c[0] = me[0];
        c[1] = me[1] - disp;
        want = MPI_PROC_NULL;
        if (c[1] >= 0)
            MPI_OK(MPI_Cart_rank(cart, c, &want));
        CHECK(src == want, "shift 1 by %d: source %d, want %d", disp, src,
              want);
        c[1] = me[1] + disp;
        want = MPI_PROC_NULL;
        if (c[1] < dims[1])
            MPI_OK(MPI_Cart_rank(cart, c, &want));
        CHECK(dst == want, "shift 1 by %d: dest %d, want %d", disp, dst, want);
        /* the neighbours agree: what goes to dst comes from src */
        int got = -5;
        MPI_OK(MPI_Sendrecv(&rank, 1, MPI_INT, dst, 3, &got, 1, MPI_INT, src, 3,
                            cart, MPI_STATUS_IGNORE));
        CHECK(got == (src == MPI_PROC_NULL ? -5 : src), "shift got %d", got);
    }
    /* sub-grids: a row keeps dimension 1, a column dimension 0 */
    for (int keep = 0; keep < 2; keep++) {
        int remain[2] = {keep == 0, keep == 1}, sn, sr, sdims, speriod, sc;
        MPI_Comm sub;
        MPI_OK(MPI_Cart_sub(cart, remain, &sub));
        MPI_OK(MPI_Comm_size(sub, &sn));
        MPI_OK(MPI_Comm_rank(sub, &sr));
        CHECK(sn == dims[keep] && sr == me[keep], "Cart_sub(%d): %d of %d",
              keep, sr, sn);
        MPI_OK(MPI_Cartdim_get(sub, &nd));
        MPI_OK(MPI_Cart_get(sub, 1, &sdims, &speriod, &sc));
        CHECK(nd == 1 && sdims == dims[keep] && speriod == periods[keep] &&
                  sc == me[keep],
              "Cart_sub(%d) topology", keep);
        /* members: the cart ranks along the kept dimension */
        int *ranks = conf_malloc((size_t)sn * sizeof(int));
        MPI_OK(MPI_Allgather(&rank, 1, MPI_INT, ranks, 1, MPI_INT, sub));
        for (int i = 0; i < sn; i++) {
            int c[2] = {me[0], me[1]}, want;
            c[keep] = i;
            MPI_OK(MPI_Cart_rank(cart, c, &want));
            CHECK(ranks[i] == want, "Cart_sub(%d) member %d is %d, want %d",
                  keep, i, ranks[i], want);
        }
        free(ranks);
        MPI_OK(MPI_Comm_free(&sub));
    }
    MPI_Comm dup;
    MPI_OK(MPI_Comm_dup(cart, &dup));
    MPI_OK(MPI_Topo_test(dup, &status));
    MPI_OK(MPI_Cart_get(dup, 2, gd, gp, me));
    CHECK(status == MPI_CART && gd[0] == dims[0] && gp[0] == 1,
          "Comm_dup keeps the topology");
    MPI_OK(MPI_Comm_free(&dup));
    MPI_OK(MPI_Comm_free(&cart));
}

static void test_cart_3d_and_partial(void)
{
    int dims[3] = {0, 0, 0}, periods[3] = {0, 1, 0};
    MPI_OK(MPI_Dims_create(conf_size, 3, dims));
    MPI_Comm cart;
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 1, &cart));
    int rank, c[3], back;
    MPI_OK(MPI_Comm_rank(cart, &rank));
    MPI_OK(MPI_Cart_coords(cart, rank, 3, c));
    MPI_OK(MPI_Cart_rank(cart, c, &back));
    CHECK(back == rank && (c[0] * dims[1] + c[1]) * dims[2] + c[2] == rank,
          "3-D rank %d at (%d,%d,%d)", rank, c[0], c[1], c[2]);
    int remain[3] = {1, 0, 1}, sn;
    MPI_Comm sub;
    MPI_OK(MPI_Cart_sub(cart, remain, &sub));
    MPI_OK(MPI_Comm_size(sub, &sn));
    CHECK(sn == dims[0] * dims[2], "3-D sub size %d", sn);
    MPI_OK(MPI_Comm_free(&sub));
    MPI_OK(MPI_Comm_free(&cart));
    /* a 1-D grid one smaller than the job: the last process is left out */
    int n = conf_size > 1 ? conf_size - 1 : 1, per = 0;
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 1, &n, &per, 0, &cart));
    if (conf_rank >= n) {
        CHECK(cart == MPI_COMM_NULL, "rank %d outside the grid", conf_rank);
        return;
    }
    CHECK(cart != MPI_COMM_NULL, "rank %d inside the grid", conf_rank);
    int size, src, dst;
    MPI_OK(MPI_Comm_size(cart, &size));
    MPI_OK(MPI_Cart_shift(cart, 0, 1, &src, &dst));
    MPI_OK(MPI_Comm_rank(cart, &rank));
    CHECK(size == n && src == (rank > 0 ? rank - 1 : MPI_PROC_NULL) &&
              dst == (rank < n - 1 ? rank + 1 : MPI_PROC_NULL),
          "1-D grid of %d: shift %d -> %d", size, src, dst);
    MPI_OK(MPI_Comm_free(&cart));
}

/* Interior NX x NY per process plus one ghost layer, C order: row i along
 * grid dimension 0, column j along dimension 1. */
enum { NX = 5, NY = 4, LX = NX + 2, LY = NY + 2 };

static double cell_value(int gx, int gy)
{
    return gx * 1000.0 + gy;
}

static void test_halo(void)
{
    int dims[2] = {0, 0}, periods[2] = {1, 0}, me[2], rank;
    MPI_OK(MPI_Dims_create(conf_size, 2, dims));
    MPI_Comm cart;
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart));
    MPI_OK(MPI_Comm_rank(cart, &rank));
    MPI_OK(MPI_Cart_coords(cart, rank, 2, me));
    double a[LX][LY];
    for (int i = 0; i < LX; i++)
        for (int j = 0; j < LY; j++)
            a[i][j] = i == 0 || j == 0 || i == LX - 1 || j == LY - 1
                          ? -1.0
                          : cell_value(me[0] * NX + i - 1, me[1] * NY + j - 1);
    /* rows: subarrays of one row of the interior width */
    int sizes[2] = {LX, LY}, sub[2] = {1, NY};
    MPI_Datatype row[4]; /* send first, send last, recv top, recv bottom */
    static const int at_row[4] = {1, NX, 0, NX + 1};
    for (int k = 0; k < 4; k++) {
        int starts[2] = {at_row[k], 1};
        MPI_OK(MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C,
                                        MPI_DOUBLE, &row[k]));
        MPI_OK(MPI_Type_commit(&row[k]));
    }
    /* columns: NX doubles a row apart */
    MPI_Datatype col;
    MPI_OK(MPI_Type_create_hvector(NX, 1, (MPI_Aint)(LY * sizeof(double)),
                                   MPI_DOUBLE, &col));
    MPI_OK(MPI_Type_commit(&col));
    int up, down, left, right;
    MPI_OK(MPI_Cart_shift(cart, 0, 1, &up, &down));
    MPI_OK(MPI_Cart_shift(cart, 1, 1, &left, &right));
    /* my first row goes up, the bottom ghost row comes from below */
    MPI_OK(MPI_Sendrecv(a, 1, row[0], up, 10, a, 1, row[3], down, 10, cart,
                        MPI_STATUS_IGNORE));
    MPI_OK(MPI_Sendrecv(a, 1, row[1], down, 11, a, 1, row[2], up, 11, cart,
                        MPI_STATUS_IGNORE));
    MPI_OK(MPI_Sendrecv(&a[1][1], 1, col, left, 12, &a[1][NY + 1], 1, col,
                        right, 12, cart, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Sendrecv(&a[1][NY], 1, col, right, 13, &a[1][0], 1, col, left,
                        13, cart, MPI_STATUS_IGNORE));
    int gx_n = dims[0] * NX, gy_n = dims[1] * NY;
    for (int i = 0; i < LX; i++)
        for (int j = 0; j < LY; j++) {
            int gx = (me[0] * NX + i - 1 + gx_n) % gx_n; /* dim 0 periodic */
            int gy = me[1] * NY + j - 1;
            int corner = (i == 0 || i == LX - 1) && (j == 0 || j == LY - 1);
            double want =
                corner || gy < 0 || gy >= gy_n ? -1.0 : cell_value(gx, gy);
            CHECK(a[i][j] == want, "halo cell (%d,%d) is %g, want %g", i, j,
                  a[i][j], want);
        }
    for (int k = 0; k < 4; k++)
        MPI_OK(MPI_Type_free(&row[k]));
    MPI_OK(MPI_Type_free(&col));
    MPI_OK(MPI_Comm_free(&cart));
}

#ifdef MPCHAR_RT
/* Bad input gets the error class MPI names, on the runtime only: Open MPI
 * 4.1 crashes on some of these calls and MPICH 4.0 accepts some. */
static void test_bad_input(void)
{
    int s, d, big[2] = {conf_size + 1, 1}, neg[2] = {-1, 1}, per[2] = {0, 0};
    int dims[2] = {3, 0};
    MPI_Comm c;
    MPI_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    EXPECT_CLASS(MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &s, &d),
                 MPI_ERR_TOPOLOGY);
    EXPECT_CLASS(MPI_Cart_rank(MPI_COMM_WORLD, per, &s), MPI_ERR_TOPOLOGY);
    EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, 2, big, per, 0, &c),
                 MPI_ERR_DIMS);
    EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, 2, neg, per, 0, &c),
                 MPI_ERR_DIMS);
    EXPECT_CLASS(MPI_Dims_create(4, 2, dims), MPI_ERR_DIMS);
    EXPECT_CLASS(MPI_Dims_create(0, 2, dims), MPI_ERR_ARG);
    EXPECT_CLASS(MPI_Dims_create(4, -1, dims), MPI_ERR_DIMS);
    MPI_OK(MPI_Cart_create(MPI_COMM_WORLD, 1, &conf_size, per, 0, &c));
    EXPECT_CLASS(MPI_Cart_shift(c, 1, 1, &s, &d), MPI_ERR_ARG);
    EXPECT_CLASS(MPI_Cart_coords(c, conf_size, 1, &s), MPI_ERR_RANK);
    EXPECT_CLASS(MPI_Cart_rank(c, big, &s), MPI_ERR_RANK);
    MPI_OK(MPI_Comm_free(&c));
    MPI_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));
}
#endif

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_dims_create();
    test_cart_2d();
    test_cart_3d_and_partial();
    test_halo();
#ifdef MPCHAR_RT
    test_bad_input();
#endif
    return conf_finish("conf_topo");
}
