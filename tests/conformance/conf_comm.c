/*
 * Communicators: Comm_dup/split/free/compare, isolation of messages between
 * communicators (same source, same tag), collectives on split and duplicated
 * communicators interleaved with point-to-point traffic, MPI_UNDEFINED
 * colors, error handlers (MPI_ERRORS_RETURN), environment queries.
 */
#include "conf.h"

static void test_isolation(void)
{
    MPI_Comm dup;
    MPI_OK(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    int res;
    MPI_OK(MPI_Comm_compare(MPI_COMM_WORLD, dup, &res));
    CHECK(res == MPI_CONGRUENT, "dup compares %d", res);
    MPI_OK(MPI_Comm_compare(dup, dup, &res));
    CHECK(res == MPI_IDENT, "self compare %d", res);
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    int a = 1000 + conf_rank, b = 2000 + conf_rank, x = -1, y = -1;
    MPI_Request rq[2];
    /* same destination and tag on both; receive on world first */
    MPI_OK(MPI_Isend(&a, 1, MPI_INT, right, 7, dup, &rq[0]));
    MPI_OK(MPI_Isend(&b, 1, MPI_INT, right, 7, MPI_COMM_WORLD, &rq[1]));
    MPI_OK(MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                    MPI_STATUS_IGNORE));
    MPI_OK(MPI_Recv(&x, 1, MPI_INT, left, 7, dup, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Waitall(2, rq, MPI_STATUSES_IGNORE));
    CHECK(x == 1000 + left && y == 2000 + left, "dup isolation: got %d and %d",
          x, y);
    /* a collective on dup between point-to-point messages on world */
    MPI_OK(MPI_Isend(&a, 1, MPI_INT, right, 8, MPI_COMM_WORLD, &rq[0]));
    int v = conf_rank == 0 ? 42 : 0;
    MPI_OK(MPI_Bcast(&v, 1, MPI_INT, 0, dup));
    CHECK(v == 42, "Bcast on dup gave %d", v);
    MPI_OK(
        MPI_Recv(&x, 1, MPI_INT, left, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Wait(&rq[0], MPI_STATUS_IGNORE));
    CHECK(x == 1000 + left, "world message around a Bcast on dup: %d", x);
    MPI_OK(MPI_Comm_free(&dup));
    CHECK(dup == MPI_COMM_NULL, "Comm_free sets MPI_COMM_NULL");
}

static void test_split(void)
{
    int color = conf_rank % 2, key = -conf_rank;
    MPI_Comm half;
    MPI_OK(MPI_Comm_split(MPI_COMM_WORLD, color, key, &half));
    int hr, hs;
    MPI_OK(MPI_Comm_rank(half, &hr));
    MPI_OK(MPI_Comm_size(half, &hs));
    int members = (conf_size - color + 1) / 2;
    CHECK(hs == members, "split size %d, want %d", hs, members);
    /* key = -rank reverses the order */
    int above = 0;
    for (int q = conf_rank + 2; q < conf_size; q += 2)
        above++;
    CHECK(hr == above, "split rank %d, want %d", hr, above);
    int sum = 0;
    MPI_OK(MPI_Allreduce(&conf_rank, &sum, 1, MPI_INT, MPI_SUM, half));
    int want = 0;
    for (int q = color; q < conf_size; q += 2)
        want += q;
    CHECK(sum == want, "Allreduce on split: %d, want %d", sum, want);
    /* point-to-point inside the half: ring */
    int right = (hr + 1) % hs, left = (hr - 1 + hs) % hs, got = -1;
    MPI_OK(MPI_Sendrecv(&conf_rank, 1, MPI_INT, right, 0, &got, 1, MPI_INT,
                        left, 0, half, MPI_STATUS_IGNORE));
    int lw = hr == 0 ? color : conf_rank + 2;
    CHECK(got == lw, "ring in the half got %d, want %d", got, lw);
    /* nested: a dup of the split */
    MPI_Comm inner;
    MPI_OK(MPI_Comm_dup(half, &inner));
    int g = hr;
    MPI_OK(MPI_Bcast(&g, 1, MPI_INT, hs - 1, inner));
    CHECK(g == hs - 1, "Bcast in nested dup gave %d", g);
    MPI_OK(MPI_Comm_free(&inner));
    MPI_OK(MPI_Comm_free(&half));
    /* MPI_UNDEFINED: only rank 0 gets a communicator */
    MPI_Comm solo;
    MPI_OK(MPI_Comm_split(MPI_COMM_WORLD, conf_rank == 0 ? 5 : MPI_UNDEFINED, 0,
                          &solo));
    if (conf_rank == 0) {
        MPI_OK(MPI_Comm_size(solo, &hs));
        CHECK(hs == 1, "solo size %d", hs);
        MPI_OK(MPI_Comm_free(&solo));
    } else {
        CHECK(solo == MPI_COMM_NULL, "MPI_UNDEFINED gave a communicator");
    }
    MPI_Comm node;
    MPI_OK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
                               MPI_INFO_NULL, &node));
    MPI_OK(MPI_Comm_size(node, &hs));
    CHECK(hs == conf_size, "one node: shared communicator of %d", hs);
    MPI_OK(MPI_Comm_free(&node));
}

/* Every rooted collective, called by all ranks with a root outside the
 * communicator, returns MPI_ERR_ROOT everywhere and sends nothing; also
 * with empty blocks, which the runtime returns from before any set-up. */
static void test_bad_root(MPI_Comm c)
{
    int x[2] = {0, 0}, y[2] = {0, 0}, counts[1] = {1}, displs[1] = {0}, cls;
    int root = conf_size;
    const char *names[] = {"Bcast",       "Scatter",       "Gather",
                           "Scatterv",    "Gatherv",       "Reduce",
                           "empty Bcast", "empty Scatter", "empty Gather",
                           "empty Reduce"};
    int rcs[] = {
        MPI_Bcast(x, 1, MPI_INT, root, c),
        MPI_Scatter(x, 1, MPI_INT, y, 1, MPI_INT, root, c),
        MPI_Gather(x, 1, MPI_INT, y, 1, MPI_INT, root, c),
        MPI_Scatterv(x, counts, displs, MPI_INT, y, 1, MPI_INT, root, c),
        MPI_Gatherv(x, 1, MPI_INT, y, counts, displs, MPI_INT, root, c),
        MPI_Reduce(x, y, 1, MPI_INT, MPI_SUM, root, c),
        MPI_Bcast(x, 0, MPI_INT, root, c),
        MPI_Scatter(x, 0, MPI_INT, y, 0, MPI_INT, root, c),
        MPI_Gather(x, 0, MPI_INT, y, 0, MPI_INT, root, c),
        MPI_Reduce(x, y, 0, MPI_INT, MPI_SUM, root, c),
    };
    for (size_t i = 0; i < sizeof rcs / sizeof rcs[0]; i++) {
        MPI_Error_class(rcs[i], &cls);
        CHECK(cls == MPI_ERR_ROOT, "%s with root %d gave class %d", names[i],
              root, cls);
    }
}

static void test_errhandler_env(void)
{
    MPI_Comm c;
    MPI_OK(MPI_Comm_dup(MPI_COMM_WORLD, &c));
    MPI_OK(MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN));
    MPI_Errhandler eh;
    MPI_OK(MPI_Comm_get_errhandler(c, &eh));
    int x = 0, cls;
    int rc = MPI_Send(&x, 1, MPI_INT, conf_size + 3, 0, c);
    MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_RANK, "send to a bad rank gave class %d", cls);
    rc = MPI_Send(&x, -1, MPI_INT, 0, 0, c);
    MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_COUNT, "negative count gave class %d", cls);
    test_bad_root(c);
    char msg[MPI_MAX_ERROR_STRING];
    int len;
    MPI_OK(MPI_Error_string(MPI_ERR_TRUNCATE, msg, &len));
    CHECK(len > 0 && (int)strlen(msg) == len, "Error_string");
    MPI_OK(MPI_Comm_free(&c));
    int flag, ver, sub;
    MPI_OK(MPI_Initialized(&flag));
    CHECK(flag, "Initialized");
    MPI_OK(MPI_Finalized(&flag));
    CHECK(!flag, "Finalized before MPI_Finalize");
    MPI_OK(MPI_Get_version(&ver, &sub));
    CHECK(ver >= 3, "MPI version %d.%d", ver, sub);
    char name[MPI_MAX_PROCESSOR_NAME];
    MPI_OK(MPI_Get_processor_name(name, &len));
    CHECK(len > 0, "processor name");
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    MPI_OK(MPI_Get_library_version(lib, &len));
    CHECK(len > 0, "library version");
    double t0 = MPI_Wtime(), t1 = MPI_Wtime();
    CHECK(t1 >= t0 && MPI_Wtick() > 0 && MPI_Wtick() < 1, "Wtime/Wtick");
    int self;
    MPI_OK(MPI_Comm_size(MPI_COMM_SELF, &self));
    CHECK(self == 1, "COMM_SELF size %d", self);
    int v = 5, w = 0;
    MPI_OK(MPI_Sendrecv(&v, 1, MPI_INT, 0, 1, &w, 1, MPI_INT, 0, 1,
                        MPI_COMM_SELF, MPI_STATUS_IGNORE));
    CHECK(w == 5, "COMM_SELF sendrecv");
    MPI_OK(MPI_Pcontrol(1));
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &conf_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &conf_size);
    CHECK(provided >= MPI_THREAD_FUNNELED, "Init_thread provided %d", provided);
    test_isolation();
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    test_split();
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    test_errhandler_env();
    return conf_finish("conf_comm");
}
