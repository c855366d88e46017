/* Run under libmpchar-tune (tests/integration/tune.sh): every intercepted
 * collective, called through MPI_ (which the library may substitute) and
 * through PMPI_ (the MPI library's own), must give the same results:
 * bit-identical for integers, within the reordering the standard allows
 * for sums of doubles (relative 1e-12 of the sum of magnitudes); and the
 * arguments libmpchar-tune passes through (MPI_IN_PLACE where the
 * substitute does not take it, a non-contiguous type, a non-commutative
 * operation, unequal counts) too.  Prints "tune_check: ok" on rank 0.
 * Links only MPI and libc. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

static int rank, size, failures;

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "tune_check: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

static void check(int ok, const char *what, int count)
{
    if (!ok) {
        fprintf(stderr, "tune_check: rank %d: %s (count %d) differs\n", rank,
                what, count);
        failures++;
    }
}

static void fill_ints(int *v, int n, int salt)
{
    for (int i = 0; i < n; i++)
        v[i] = (i * 7919 + rank * 104729 + salt) % 1000003 - 500000;
}

static void fill_doubles(double *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = sin((double)(i + 1) * (rank + 1)) * pow(10.0, (i % 7) - 3);
}

static void bcast(int count, int root)
{
    int *a = xmalloc((size_t)count * sizeof *a + 1);
    int *b = xmalloc((size_t)count * sizeof *b + 1);
    fill_ints(a, count, root);
    memcpy(b, a, (size_t)count * sizeof *a);
    MPI_Bcast(a, count, MPI_INT, root, MPI_COMM_WORLD);
    PMPI_Bcast(b, count, MPI_INT, root, MPI_COMM_WORLD);
    check(!memcmp(a, b, (size_t)count * sizeof *a), "MPI_Bcast", count);
    free(a);
    free(b);
}

static void allgather(int count, int in_place)
{
    size_t all = (size_t)count * size;
    int *s = xmalloc((size_t)count * sizeof *s + 1);
    int *a = xmalloc(all * sizeof *a + 1), *b = xmalloc(all * sizeof *b + 1);
    fill_ints(s, count, 1);
    fill_ints(a, (int)all, 2);
    memcpy(a + (size_t)rank * count, s, (size_t)count * sizeof *s);
    memcpy(b, a, all * sizeof *a);
    MPI_Allgather(in_place ? MPI_IN_PLACE : s, count, MPI_INT, a, count,
                  MPI_INT, MPI_COMM_WORLD);
    PMPI_Allgather(in_place ? MPI_IN_PLACE : s, count, MPI_INT, b, count,
                   MPI_INT, MPI_COMM_WORLD);
    check(!memcmp(a, b, all * sizeof *a),
          in_place ? "MPI_Allgather in place" : "MPI_Allgather", count);
    free(s);
    free(a);
    free(b);
}

/* Sums of doubles agree within the reordering of p terms. */
static int close_sums(const double *a, const double *b, int n)
{
    for (int i = 0; i < n; i++)
        if (fabs(a[i] - b[i]) > 1e-12 * (fabs(b[i]) + 1e-300) * size * 4)
            return 0;
    return 1;
}

static void reduce_scatter(int block, int unequal)
{
    int *counts = xmalloc((size_t)size * sizeof *counts), total = 0;
    for (int r = 0; r < size; r++)
        total += counts[r] = block + (unequal ? r : 0);
    int *s = xmalloc((size_t)total * sizeof *s + 1);
    int *a = xmalloc((size_t)counts[rank] * sizeof *a + 1);
    int *b = xmalloc((size_t)counts[rank] * sizeof *b + 1);
    fill_ints(s, total, 3);
    MPI_Reduce_scatter(s, a, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    PMPI_Reduce_scatter(s, b, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(!memcmp(a, b, (size_t)counts[rank] * sizeof *a),
          unequal ? "MPI_Reduce_scatter unequal" : "MPI_Reduce_scatter", total);
    double *ds = xmalloc((size_t)total * sizeof *ds + 1);
    double *da = xmalloc((size_t)counts[rank] * sizeof *da + 1);
    double *db = xmalloc((size_t)counts[rank] * sizeof *db + 1);
    fill_doubles(ds, total);
    MPI_Reduce_scatter(ds, da, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    PMPI_Reduce_scatter(ds, db, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(close_sums(da, db, counts[rank]), "MPI_Reduce_scatter doubles",
          total);
    free(counts), free(s), free(a), free(b), free(ds), free(da), free(db);
}

/* a op b in rank order: 2x2 integer matrix products (not commutative). */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    int *x = in, *y = inout;
    for (int k = 0; k < *len; k++, x += 4, y += 4) {
        int r[4] = {x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3],
                    x[2] * y[0] + x[3] * y[2], x[2] * y[1] + x[3] * y[3]};
        memcpy(y, r, sizeof r);
    }
}

static void allreduce_ints(int count, MPI_Op op, const char *what, int in_place)
{
    int *s = xmalloc((size_t)count * sizeof *s + 1);
    int *a = xmalloc((size_t)count * sizeof *a + 1);
    int *b = xmalloc((size_t)count * sizeof *b + 1);
    fill_ints(s, count, 4);
    for (int i = 0; op != MPI_SUM && op != MPI_MAX && i < count; i++)
        s[i] = (s[i] & 3) - 1; /* small matrix entries: no overflow */
    memcpy(a, s, (size_t)count * sizeof *s);
    memcpy(b, s, (size_t)count * sizeof *s);
    MPI_Allreduce(in_place ? MPI_IN_PLACE : s, a, count, MPI_INT, op,
                  MPI_COMM_WORLD);
    PMPI_Allreduce(in_place ? MPI_IN_PLACE : s, b, count, MPI_INT, op,
                   MPI_COMM_WORLD);
    check(!memcmp(a, b, (size_t)count * sizeof *a), what, count);
    free(s), free(a), free(b);
}

static void allreduce(int count)
{
    allreduce_ints(count, MPI_SUM, "MPI_Allreduce sum", 0);
    allreduce_ints(count, MPI_MAX, "MPI_Allreduce max", 0);
    allreduce_ints(count, MPI_SUM, "MPI_Allreduce in place", 1);
    double *s = xmalloc((size_t)count * sizeof *s + 1);
    double *a = xmalloc((size_t)count * sizeof *a + 1);
    double *b = xmalloc((size_t)count * sizeof *b + 1);
    fill_doubles(s, count);
    MPI_Allreduce(s, a, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    PMPI_Allreduce(s, b, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(close_sums(a, b, count), "MPI_Allreduce doubles", count);
    free(s), free(a), free(b);
}

/* Passed through: a non-commutative operation on 2x2 matrices and a
 * strided (non-contiguous) type give the library's own results. */
static void passed_through(int count)
{
    MPI_Op mat;
    MPI_Datatype quad, strided;
    MPI_Op_create(matmul, 0, &mat);
    MPI_Type_contiguous(4, MPI_INT, &quad);
    MPI_Type_commit(&quad);
    int *s = xmalloc((size_t)count * 4 * sizeof *s + 1);
    int *a = xmalloc((size_t)count * 4 * sizeof *a + 1);
    int *b = xmalloc((size_t)count * 4 * sizeof *b + 1);
    fill_ints(s, count * 4, 5);
    for (int i = 0; i < count * 4; i++)
        s[i] = (s[i] & 3) - 1;
    MPI_Allreduce(s, a, count, quad, mat, MPI_COMM_WORLD);
    PMPI_Allreduce(s, b, count, quad, mat, MPI_COMM_WORLD);
    check(!memcmp(a, b, (size_t)count * 4 * sizeof *a),
          "MPI_Allreduce non-commutative", count);
    MPI_Type_vector(count, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    fill_ints(a, count * 2, 6);
    memcpy(b, a, (size_t)count * 2 * sizeof *a);
    MPI_Bcast(a, 1, strided, 0, MPI_COMM_WORLD);
    PMPI_Bcast(b, 1, strided, 0, MPI_COMM_WORLD);
    check(!memcmp(a, b, (size_t)count * 2 * sizeof *a), "MPI_Bcast strided",
          count);
    MPI_Type_free(&strided);
    MPI_Type_free(&quad);
    MPI_Op_free(&mat);
    free(s), free(a), free(b);
}

int main(int argc, char **argv)
{
    static const int counts[] = {1, 3, 7, 64, 1000, 4099, 65536};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        int n = counts[i];
        bcast(n, 0);
        bcast(n, size - 1);
        allgather(n, 0);
        allgather(n, 1);
        reduce_scatter(n, 0);
        reduce_scatter(n, 1);
        allreduce(n);
        passed_through(n);
    }
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf(all ? "tune_check: %d failures\n" : "tune_check: ok\n", all);
    MPI_Finalize();
    return all != 0;
}
