/*
 * Derived datatypes: Type_contiguous, Type_vector, Type_indexed,
 * Type_create_struct with commit/free/size/extent; sending one layout and
 * receiving another of the same type signature, short and long (so every
 * protocol packs and unpacks), Get_count in derived units, pair types.
 */
#include "conf.h"

#include <stddef.h>

struct rec {
    int a;
    double b;
    char c[3];
};

static MPI_Datatype rec_type(void)
{
    int bl[3] = {1, 1, 3};
    MPI_Aint d[3] = {offsetof(struct rec, a), offsetof(struct rec, b),
                     offsetof(struct rec, c)};
    MPI_Datatype t[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, rt;
    MPI_OK(MPI_Type_create_struct(3, bl, d, t, &rt));
    MPI_OK(MPI_Type_commit(&rt));
    return rt;
}

static void test_sizes_extents(void)
{
    MPI_Datatype v, ix, c, s;
    MPI_Aint lb, ext, tlb, text;
    int size;
    MPI_OK(MPI_Type_vector(3, 2, 4, MPI_INT, &v));
    MPI_OK(MPI_Type_size(v, &size));
    MPI_OK(MPI_Type_get_extent(v, &lb, &ext));
    CHECK(size == 6 * (int)sizeof(int) && lb == 0 &&
              ext == 10 * (MPI_Aint)sizeof(int),
          "vector size %d extent %ld", size, (long)ext);
    int bl[3] = {2, 1, 3}, dp[3] = {5, 0, 9};
    MPI_OK(MPI_Type_indexed(3, bl, dp, MPI_DOUBLE, &ix));
    MPI_OK(MPI_Type_size(ix, &size));
    MPI_OK(MPI_Type_get_extent(ix, &lb, &ext));
    MPI_OK(MPI_Type_get_true_extent(ix, &tlb, &text));
    CHECK(size == 6 * 8 && lb == 0 && ext == 12 * 8 && tlb == 0 &&
              text == 12 * 8,
          "indexed size %d lb %ld extent %ld", size, (long)lb, (long)ext);
    MPI_OK(MPI_Type_contiguous(4, ix, &c));
    MPI_OK(MPI_Type_size(c, &size));
    MPI_OK(MPI_Type_get_extent(c, &lb, &ext));
    CHECK(size == 24 * 8 && ext == 48 * 8,
          "contiguous of indexed: size %d extent %ld", size, (long)ext);
    s = rec_type();
    MPI_OK(MPI_Type_size(s, &size));
    MPI_OK(MPI_Type_get_extent(s, &lb, &ext));
    CHECK(size == (int)(sizeof(int) + sizeof(double) + 3) &&
              ext == (MPI_Aint)sizeof(struct rec),
          "struct size %d extent %ld (sizeof %zu)", size, (long)ext,
          sizeof(struct rec));
    MPI_OK(MPI_Type_size(MPI_DOUBLE_INT, &size));
    CHECK(size == (int)(sizeof(double) + sizeof(int)), "MPI_DOUBLE_INT size %d",
          size);
    MPI_OK(MPI_Type_free(&v));
    MPI_OK(MPI_Type_free(&ix));
    MPI_OK(MPI_Type_free(&c));
    MPI_OK(MPI_Type_free(&s));
    CHECK(v == MPI_DATATYPE_NULL, "Type_free sets MPI_DATATYPE_NULL");
}

/* A matrix column (vector) travels into a contiguous array and back. */
static void test_vector_exchange(int rows)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    enum { COLS = 5 };
    double *m = conf_malloc((size_t)rows * COLS * sizeof(double));
    double *col = conf_malloc((size_t)rows * sizeof(double));
    for (int i = 0; i < rows * COLS; i++)
        m[i] = conf_rank * 1e6 + i;
    MPI_Datatype column;
    MPI_OK(MPI_Type_vector(rows, 1, COLS, MPI_DOUBLE, &column));
    MPI_OK(MPI_Type_commit(&column));
    MPI_Status st;
    MPI_OK(MPI_Sendrecv(m + 2, 1, column, right, 1, col, rows, MPI_DOUBLE, left,
                        1, MPI_COMM_WORLD, &st));
    int count;
    MPI_OK(MPI_Get_count(&st, MPI_DOUBLE, &count));
    CHECK(count == rows, "column arrived as %d doubles", count);
    for (int i = 0; i < rows; i++)
        CHECK(col[i] == left * 1e6 + i * COLS + 2, "column element %d", i);
    /* back: contiguous into a column of another matrix */
    for (int i = 0; i < rows * COLS; i++)
        m[i] = -1;
    MPI_OK(MPI_Sendrecv(col, rows, MPI_DOUBLE, left, 2, m + 4, 1, column, right,
                        2, MPI_COMM_WORLD, &st));
    MPI_OK(MPI_Get_count(&st, column, &count));
    CHECK(count == 1, "Get_count in columns %d", count);
    for (int i = 0; i < rows * COLS; i++) {
        double want =
            i % COLS == 4 ? conf_rank * 1e6 + (i / COLS) * COLS + 2 : -1;
        CHECK(m[i] == want, "matrix element %d after column receive", i);
    }
    MPI_OK(MPI_Type_free(&column));
    free(m);
    free(col);
}

static void test_struct_exchange(int n)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    MPI_Datatype rt = rec_type();
    struct rec *s = conf_malloc((size_t)n * sizeof *s),
               *r = conf_malloc((size_t)n * sizeof *r);
    memset(s, 0, (size_t)n * sizeof *s);
    for (int i = 0; i < n; i++) {
        s[i].a = conf_rank * 1000 + i;
        s[i].b = i * 0.5;
        s[i].c[0] = 'x';
        s[i].c[1] = (char)('a' + i % 26);
        s[i].c[2] = (char)conf_rank;
    }
    MPI_Request rq;
    MPI_OK(MPI_Irecv(r, n, rt, left, 3, MPI_COMM_WORLD, &rq));
    MPI_OK(MPI_Send(s, n, rt, right, 3, MPI_COMM_WORLD));
    MPI_Status st;
    MPI_OK(MPI_Wait(&rq, &st));
    int count;
    MPI_OK(MPI_Get_count(&st, rt, &count));
    CHECK(count == n, "struct count %d", count);
    for (int i = 0; i < n; i++)
        CHECK(r[i].a == left * 1000 + i && r[i].b == i * 0.5 &&
                  r[i].c[0] == 'x' && r[i].c[1] == (char)('a' + i % 26) &&
                  r[i].c[2] == (char)left,
              "struct element %d", i);
    /* the same bytes received as MPI_BYTE count the packed size */
    int sz;
    MPI_OK(MPI_Type_size(rt, &sz));
    char *raw = conf_malloc((size_t)n * (size_t)sz);
    MPI_OK(MPI_Sendrecv(s, n, rt, right, 4, raw, n * sz, MPI_BYTE, left, 4,
                        MPI_COMM_WORLD, &st));
    MPI_OK(MPI_Get_count(&st, MPI_BYTE, &count));
    CHECK(count == n * sz, "packed bytes %d", count);
    free(raw);
    /* indexed ints: every third int, blocks of two */
    int m = n * 3;
    int *big = conf_malloc((size_t)m * 3 * sizeof(int)),
        *dense = conf_malloc((size_t)m * sizeof(int));
    int *bl = conf_malloc((size_t)n * sizeof(int)),
        *dp = conf_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) {
        bl[i] = 2;
        dp[i] = 9 * i + 1;
    }
    for (int i = 0; i < m * 3; i++)
        big[i] = conf_rank * 100000 + i;
    MPI_Datatype ix;
    MPI_OK(MPI_Type_indexed(n, bl, dp, MPI_INT, &ix));
    MPI_OK(MPI_Type_commit(&ix));
    MPI_OK(MPI_Sendrecv(big, 1, ix, right, 5, dense, 2 * n, MPI_INT, left, 5,
                        MPI_COMM_WORLD, &st));
    for (int i = 0; i < n; i++)
        CHECK(dense[2 * i] == left * 100000 + 9 * i + 1 &&
                  dense[2 * i + 1] == left * 100000 + 9 * i + 2,
              "indexed block %d", i);
    MPI_OK(MPI_Type_free(&ix));
    MPI_OK(MPI_Type_free(&rt));
    CONF_FREE(big, dense, bl, dp, s, r);
}

static void test_pairs(int n)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    struct {
        double v;
        int i;
    } *s = conf_malloc((size_t)n * sizeof *s),
      *r = conf_malloc((size_t)n * sizeof *r);
    for (int i = 0; i < n; i++) {
        s[i].v = conf_rank + i * 0.25;
        s[i].i = i;
    }
    MPI_Status st;
    MPI_OK(MPI_Sendrecv(s, n, MPI_DOUBLE_INT, right, 6, r, n, MPI_DOUBLE_INT,
                        left, 6, MPI_COMM_WORLD, &st));
    int count;
    MPI_OK(MPI_Get_count(&st, MPI_DOUBLE_INT, &count));
    CHECK(count == n, "DOUBLE_INT count %d", count);
    for (int i = 0; i < n; i++)
        CHECK(r[i].v == left + i * 0.25 && r[i].i == i, "DOUBLE_INT element %d",
              i);
    free(s);
    free(r);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_sizes_extents();
    static const int ns[] = {1, 7, 300, 20000};
    for (int k = 0; k < 4; k++) {
        test_vector_exchange(ns[k]);
        test_struct_exchange(ns[k]);
        test_pairs(ns[k]);
    }
    return conf_finish("conf_datatype");
}
