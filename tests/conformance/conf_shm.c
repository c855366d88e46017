/*
 * Shared-memory windows conformance (MPI-3.1 11.2.3): MPI_Win_allocate_shared
 * on the node's communicator (MPI_Comm_split_type with
 * MPI_COMM_TYPE_SHARED) with a different size per rank, one of them 0;
 * MPI_Win_shared_query of every rank and of MPI_PROC_NULL; the segments
 * contiguous, in rank order; loads and stores through the queried
 * pointers between MPI_Win_sync and barriers; MPI_Put and MPI_Get on the
 * same window; the window's flavor and memory model attributes.
 */
#include "conf.h"

#include <stdint.h>

/* Rank r's segment: r + 1 doubles, except rank 1's, which is empty. */
static MPI_Aint segment_doubles(int r)
{
    return r == 1 ? 0 : r + 1;
}

static double value_of(int owner, int i)
{
    return owner * 100.0 + i;
}

static void check_attributes(MPI_Win win)
{
    int *flavor = NULL, *model = NULL, flag = 0;
    MPI_OK(MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag));
    CHECK(flag && *flavor == MPI_WIN_FLAVOR_SHARED, "MPI_WIN_CREATE_FLAVOR");
    MPI_OK(MPI_Win_get_attr(win, MPI_WIN_MODEL, &model, &flag));
    CHECK(flag && *model == MPI_WIN_UNIFIED, "MPI_WIN_MODEL");
}

/* Every rank's segment as this rank maps it, checked against its size
 * and against the segment before it. */
static double **query_all(MPI_Win win, int p)
{
    double **seg = conf_malloc((size_t)p * sizeof *seg);
    char *end_of_previous = NULL;
    for (int r = 0; r < p; r++) {
        MPI_Aint size = -1;
        int unit = 0;
        MPI_OK(MPI_Win_shared_query(win, r, &size, &unit, &seg[r]));
        CHECK(size == segment_doubles(r) * (MPI_Aint)sizeof(double),
              "rank %d's size %ld", r, (long)size);
        CHECK(unit == (int)sizeof(double), "rank %d's unit %d", r, unit);
        if (size > 0 && end_of_previous)
            CHECK((char *)seg[r] == end_of_previous,
                  "rank %d's segment follows the one before it", r);
        if (size > 0)
            end_of_previous = (char *)seg[r] + size;
    }
    MPI_Aint size = -1;
    int unit = 0;
    double *first = NULL;
    MPI_OK(MPI_Win_shared_query(win, MPI_PROC_NULL, &size, &unit, &first));
    CHECK(first == seg[0] && size == segment_doubles(0) * 8,
          "MPI_PROC_NULL: the first nonempty segment");
    return seg;
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    MPI_Comm node;
    MPI_OK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
                               MPI_INFO_NULL, &node));
    int p, r;
    MPI_Comm_size(node, &p);
    MPI_Comm_rank(node, &r);
    CHECK(p == conf_size, "one node: %d of %d", p, conf_size);

    MPI_Aint mine = segment_doubles(r);
    double *base = NULL;
    MPI_Win win;
    MPI_OK(MPI_Win_allocate_shared(mine * (MPI_Aint)sizeof(double),
                                   sizeof(double), MPI_INFO_NULL, node, &base,
                                   &win));
    check_attributes(win);
    double **seg = query_all(win, p);
    CHECK(mine == 0 || base == seg[r], "baseptr is the rank's own segment");

    /* stores into one's own segment, loads from everyone's */
    MPI_OK(MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
    for (int i = 0; i < mine; i++)
        base[i] = value_of(r, i);
    MPI_OK(MPI_Win_sync(win));
    MPI_OK(MPI_Barrier(node));
    MPI_OK(MPI_Win_sync(win));
    for (int q = 0; q < p; q++)
        for (int i = 0; i < segment_doubles(q); i++)
            CHECK(seg[q][i] == value_of(q, i), "rank %d's element %d: %g", q, i,
                  seg[q][i]);
    MPI_OK(MPI_Barrier(node));

    /* a store into the next rank's segment, seen by its owner */
    int next = (r + 1) % p;
    if (segment_doubles(next) > 0)
        seg[next][0] = -1.0 - r;
    MPI_OK(MPI_Win_sync(win));
    MPI_OK(MPI_Barrier(node));
    MPI_OK(MPI_Win_sync(win));
    int prev = (r + p - 1) % p;
    if (mine > 0)
        CHECK(base[0] == -1.0 - prev, "the previous rank's store: %g", base[0]);
    MPI_OK(MPI_Win_unlock_all(win));

    /* one-sided calls on the same window */
    MPI_OK(MPI_Win_fence(0, win));
    double put = 1000.0 + r, got = 0.0;
    if (segment_doubles(next) > 0)
        MPI_OK(MPI_Put(&put, 1, MPI_DOUBLE, next, segment_doubles(next) - 1, 1,
                       MPI_DOUBLE, win));
    MPI_OK(MPI_Win_fence(0, win));
    if (mine > 0)
        CHECK(base[mine - 1] == 1000.0 + prev, "MPI_Put into the segment: %g",
              base[mine - 1]);
    if (segment_doubles(prev) > 0)
        MPI_OK(MPI_Get(&got, 1, MPI_DOUBLE, prev, segment_doubles(prev) - 1, 1,
                       MPI_DOUBLE, win));
    MPI_OK(MPI_Win_fence(0, win));
    if (segment_doubles(prev) > 0)
        CHECK(got == seg[prev][segment_doubles(prev) - 1],
              "MPI_Get of the previous segment: %g", got);

    free(seg);
    MPI_OK(MPI_Win_free(&win));
    MPI_OK(MPI_Comm_free(&node));
    return conf_finish("conf_shm");
}
