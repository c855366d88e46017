/*
 * Groups: Comm_group, Group_size/rank, incl/excl, range_incl/range_excl
 * (positive and negative strides), union/intersection/difference with
 * their ordering, translate_ranks (MPI_UNDEFINED, MPI_PROC_NULL),
 * Group_compare (IDENT, SIMILAR, UNEQUAL), MPI_GROUP_EMPTY, Group_free; and
 * Comm_create of the even ranks (the odd ones get MPI_COMM_NULL), of the
 * reversed world and of the empty group, and Comm_create_group of the even
 * and the odd ranks at once, each new communicator used.
 */
#include "conf.h"

static void check_members(MPI_Group g, int n, const int *world_ranks,
                          const char *what)
{
    MPI_Group world;
    int size;
    MPI_OK(MPI_Comm_group(MPI_COMM_WORLD, &world));
    MPI_OK(MPI_Group_size(g, &size));
    CHECK(size == n, "%s: size %d, want %d", what, size, n);
    int *idx = conf_malloc((size_t)n * sizeof(int));
    int *got = conf_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++)
        idx[i] = i;
    if (n > 0)
        MPI_OK(MPI_Group_translate_ranks(g, n, idx, world, got));
    for (int i = 0; i < n; i++)
        CHECK(got[i] == world_ranks[i],
              "%s: member %d is world rank %d, want %d", what, i, got[i],
              world_ranks[i]);
    int rank, want = MPI_UNDEFINED;
    for (int i = 0; i < n; i++)
        if (world_ranks[i] == conf_rank)
            want = i;
    MPI_OK(MPI_Group_rank(g, &rank));
    CHECK(rank == want, "%s: rank %d, want %d", what, rank, want);
    CONF_FREE(idx, got);
    MPI_OK(MPI_Group_free(&world));
}

static int compare(MPI_Group a, MPI_Group b)
{
    int r;
    MPI_OK(MPI_Group_compare(a, b, &r));
    return r;
}

static void test_groups(void)
{
    int p = conf_size, ne = (p + 1) / 2, no = p / 2;
    int *all = conf_malloc((size_t)p * sizeof(int));
    int *rev = conf_malloc((size_t)p * sizeof(int));
    int *even = conf_malloc((size_t)p * sizeof(int));
    int *odd = conf_malloc((size_t)p * sizeof(int));
    int *both = conf_malloc((size_t)p * sizeof(int));
    for (int i = 0; i < p; i++) {
        all[i] = i;
        rev[i] = p - 1 - i;
    }
    for (int i = 0; i < ne; i++)
        even[i] = 2 * i;
    for (int i = 0; i < no; i++)
        odd[i] = 2 * i + 1;
    MPI_Group world, evens, odds, reversed, g;
    MPI_OK(MPI_Comm_group(MPI_COMM_WORLD, &world));
    check_members(world, p, all, "world");
    MPI_OK(MPI_Group_incl(world, ne, even, &evens));
    check_members(evens, ne, even, "incl evens");
    MPI_OK(MPI_Group_excl(world, ne, even, &odds));
    check_members(odds, no, odd, "excl evens");
    MPI_OK(MPI_Group_incl(world, p, rev, &reversed));
    check_members(reversed, p, rev, "incl reversed");
    CHECK(compare(reversed, world) == (p == 1 ? MPI_IDENT : MPI_SIMILAR),
          "reversed vs world");
    CHECK(compare(world, world) == MPI_IDENT, "world vs itself");
    CHECK(compare(evens, world) == (p == 1 ? MPI_IDENT : MPI_UNEQUAL),
          "evens vs world");

    int r_even[1][3] = {{0, p - 1, 2}}, r_rev[1][3] = {{p - 1, 0, -1}};
    MPI_OK(MPI_Group_range_incl(world, 1, r_even, &g));
    CHECK(compare(g, evens) == MPI_IDENT, "range_incl evens");
    MPI_OK(MPI_Group_free(&g));
    CHECK(g == MPI_GROUP_NULL, "Group_free sets MPI_GROUP_NULL");
    MPI_OK(MPI_Group_range_excl(world, 1, r_even, &g));
    check_members(g, no, odd, "range_excl evens");
    MPI_OK(MPI_Group_free(&g));
    MPI_OK(MPI_Group_range_incl(world, 1, r_rev, &g));
    check_members(g, p, rev, "range_incl with stride -1");
    MPI_OK(MPI_Group_free(&g));
    if (p >= 4) {
        /* two triplets: {0, 1} and {p-1, p-2} */
        int two[2][3] = {{0, 1, 1}, {p - 1, p - 2, -1}};
        int want[4] = {0, 1, p - 1, p - 2};
        MPI_OK(MPI_Group_range_incl(world, 2, two, &g));
        check_members(g, 4, want, "range_incl of two triplets");
        MPI_OK(MPI_Group_free(&g));
    }

    /* union: the first group's members, then the second's new ones */
    for (int i = 0; i < no; i++)
        both[i] = odd[i];
    for (int i = 0; i < ne; i++)
        both[no + i] = even[i];
    MPI_OK(MPI_Group_union(odds, evens, &g));
    check_members(g, p, both, "union odds evens");
    MPI_OK(MPI_Group_free(&g));
    MPI_OK(MPI_Group_union(evens, world, &g));
    for (int i = 0; i < ne; i++)
        both[i] = even[i];
    for (int i = 0; i < no; i++)
        both[ne + i] = odd[i];
    check_members(g, p, both, "union evens world");
    MPI_OK(MPI_Group_free(&g));
    MPI_OK(MPI_Group_intersection(reversed, evens, &g));
    for (int i = 0; i < ne; i++)
        both[i] = even[ne - 1 - i]; /* in the first group's order */
    check_members(g, ne, both, "intersection reversed evens");
    MPI_OK(MPI_Group_free(&g));
    MPI_OK(MPI_Group_intersection(evens, odds, &g));
    check_members(g, 0, both, "intersection evens odds");
    CHECK(compare(g, MPI_GROUP_EMPTY) == MPI_IDENT, "empty intersection");
    MPI_OK(MPI_Group_free(&g));
    MPI_OK(MPI_Group_difference(world, evens, &g));
    CHECK(compare(g, odds) == MPI_IDENT, "difference world evens");
    MPI_OK(MPI_Group_free(&g));
    MPI_OK(MPI_Group_difference(evens, world, &g));
    check_members(g, 0, both, "difference evens world");
    MPI_OK(MPI_Group_free(&g));

    /* translate: world ranks into evens; PROC_NULL stays */
    int *in = conf_malloc(((size_t)p + 1) * sizeof(int));
    int *out = conf_malloc(((size_t)p + 1) * sizeof(int));
    for (int i = 0; i < p; i++)
        in[i] = i;
    in[p] = MPI_PROC_NULL;
    MPI_OK(MPI_Group_translate_ranks(world, p + 1, in, evens, out));
    for (int i = 0; i < p; i++)
        CHECK(out[i] == (i % 2 ? MPI_UNDEFINED : i / 2),
              "translate %d into evens: %d", i, out[i]);
    CHECK(out[p] == MPI_PROC_NULL, "translate MPI_PROC_NULL: %d", out[p]);
    MPI_OK(MPI_Group_translate_ranks(reversed, p, in, world, out));
    for (int i = 0; i < p; i++)
        CHECK(out[i] == p - 1 - i, "translate reversed %d: %d", i, out[i]);
    CONF_FREE(in, out);

    int size, rank;
    MPI_OK(MPI_Group_size(MPI_GROUP_EMPTY, &size));
    MPI_OK(MPI_Group_rank(MPI_GROUP_EMPTY, &rank));
    CHECK(size == 0 && rank == MPI_UNDEFINED, "MPI_GROUP_EMPTY: %d, %d", size,
          rank);
    MPI_OK(MPI_Group_free(&world));
    MPI_OK(MPI_Group_free(&evens));
    MPI_OK(MPI_Group_free(&odds));
    MPI_OK(MPI_Group_free(&reversed));
    CONF_FREE(all, rev, even, odd, both);
}

/* A group of a split communicator: its members seen from the world. */
static void test_comm_group_of_split(void)
{
    MPI_Comm half;
    int color = conf_rank < conf_size / 2;
    MPI_OK(MPI_Comm_split(MPI_COMM_WORLD, color, -conf_rank, &half));
    MPI_Group hg, world;
    int n, first, wr;
    MPI_OK(MPI_Comm_group(half, &hg));
    MPI_OK(MPI_Comm_group(MPI_COMM_WORLD, &world));
    MPI_OK(MPI_Group_size(hg, &n));
    first = 0;
    MPI_OK(MPI_Group_translate_ranks(hg, 1, &first, world, &wr));
    /* keys are -rank: the half's rank 0 is its highest world rank */
    int want = color ? conf_size / 2 - 1 : conf_size - 1;
    CHECK(wr == want, "split group rank 0 is world %d, want %d", wr, want);
    MPI_OK(MPI_Group_free(&hg));
    MPI_OK(MPI_Group_free(&world));
    MPI_OK(MPI_Comm_free(&half));
}

static void test_comm_create(void)
{
    MPI_Group world, evens, reversed;
    MPI_OK(MPI_Comm_group(MPI_COMM_WORLD, &world));
    int r_even[1][3] = {{0, conf_size - 1, 2}},
        r_rev[1][3] = {{conf_size - 1, 0, -1}};
    MPI_OK(MPI_Group_range_incl(world, 1, r_even, &evens));
    MPI_OK(MPI_Group_range_incl(world, 1, r_rev, &reversed));
    MPI_Comm c;
    MPI_OK(MPI_Comm_create(MPI_COMM_WORLD, evens, &c));
    if (conf_rank % 2) {
        CHECK(c == MPI_COMM_NULL, "odd rank %d got a communicator", conf_rank);
    } else {
        int size, rank, sum = 0, ne = (conf_size + 1) / 2;
        CHECK(c != MPI_COMM_NULL, "even rank %d got MPI_COMM_NULL", conf_rank);
        MPI_OK(MPI_Comm_size(c, &size));
        MPI_OK(MPI_Comm_rank(c, &rank));
        CHECK(size == ne && rank == conf_rank / 2, "evens: %d of %d", rank,
              size);
        MPI_OK(MPI_Allreduce(&conf_rank, &sum, 1, MPI_INT, MPI_SUM, c));
        CHECK(sum == ne * (ne - 1), "evens sum %d", sum);
        MPI_Group cg;
        MPI_OK(MPI_Comm_group(c, &cg));
        CHECK(compare(cg, evens) == MPI_IDENT, "Comm_group of the new comm");
        MPI_OK(MPI_Group_free(&cg));
        MPI_OK(MPI_Comm_free(&c));
    }
    MPI_OK(MPI_Comm_create(MPI_COMM_WORLD, reversed, &c));
    int rank, got = -1;
    MPI_OK(MPI_Comm_rank(c, &rank));
    CHECK(rank == conf_size - 1 - conf_rank, "reversed rank %d", rank);
    /* a ring in the new order: the message from rank - 1 of c */
    int to = (rank + 1) % conf_size, from = (rank - 1 + conf_size) % conf_size;
    MPI_OK(MPI_Sendrecv(&conf_rank, 1, MPI_INT, to, 0, &got, 1, MPI_INT, from,
                        0, c, MPI_STATUS_IGNORE));
    CHECK(got == conf_size - 1 - from, "reversed ring: got world %d", got);
    MPI_OK(MPI_Comm_free(&c));
    MPI_OK(MPI_Comm_create(MPI_COMM_WORLD, MPI_GROUP_EMPTY, &c));
    CHECK(c == MPI_COMM_NULL, "Comm_create of MPI_GROUP_EMPTY");
    MPI_OK(MPI_Group_free(&world));
    MPI_OK(MPI_Group_free(&evens));
    MPI_OK(MPI_Group_free(&reversed));
}

/* Comm_create_group: the even and the odd ranks each build their own
 * communicator at the same time (different tags), the other half not
 * taking part. */
static void test_comm_create_group(void)
{
    MPI_Group world, half;
    MPI_OK(MPI_Comm_group(MPI_COMM_WORLD, &world));
    int mine = conf_rank % 2, n = mine ? conf_size / 2 : (conf_size + 1) / 2;
    int r[1][3] = {{mine, conf_size - 1, 2}};
    MPI_OK(MPI_Group_range_incl(world, 1, r, &half));
    MPI_Comm c;
    MPI_OK(MPI_Comm_create_group(MPI_COMM_WORLD, half, 40 + mine, &c));
    int size, rank, sum = 0;
    MPI_OK(MPI_Comm_size(c, &size));
    MPI_OK(MPI_Comm_rank(c, &rank));
    CHECK(size == n && rank == conf_rank / 2, "create_group: %d of %d", rank,
          size);
    MPI_OK(MPI_Allreduce(&conf_rank, &sum, 1, MPI_INT, MPI_SUM, c));
    /* mine, mine + 2, ...: n terms */
    CHECK(sum == n * mine + n * (n - 1), "create_group sum %d", sum);
    MPI_OK(MPI_Comm_free(&c));
    MPI_OK(MPI_Group_free(&half));
    MPI_OK(MPI_Group_free(&world));
}

#ifdef MPCHAR_RT
/* Bad input gets the error class MPI names, on the runtime only: Open MPI
 * 4.1 crashes on some of these calls and MPICH 4.0 accepts some. */
static void test_bad_input(void)
{
    MPI_Group g, h;
    MPI_Comm c;
    int out = conf_size, dup[2] = {0, 0}, tr, r[1][3] = {{0, conf_size, 1}};
    MPI_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    MPI_OK(MPI_Comm_group(MPI_COMM_WORLD, &g));
    EXPECT_CLASS(MPI_Group_incl(g, 1, &out, &h), MPI_ERR_RANK);
    EXPECT_CLASS(MPI_Group_incl(g, 2, dup, &h), MPI_ERR_RANK);
    EXPECT_CLASS(MPI_Group_excl(g, 1, &out, &h), MPI_ERR_RANK);
    EXPECT_CLASS(MPI_Group_range_incl(g, 1, r, &h), MPI_ERR_RANK);
    EXPECT_CLASS(MPI_Group_translate_ranks(g, 1, &out, g, &tr), MPI_ERR_RANK);
    EXPECT_CLASS(MPI_Group_size(MPI_GROUP_NULL, &tr), MPI_ERR_GROUP);
    EXPECT_CLASS(MPI_Comm_create(MPI_COMM_WORLD, MPI_GROUP_NULL, &c),
                 MPI_ERR_GROUP);
    EXPECT_CLASS(MPI_Comm_create_group(MPI_COMM_WORLD, g, -1, &c), MPI_ERR_TAG);
    MPI_OK(MPI_Group_free(&g));
    EXPECT_CLASS(MPI_Group_free(&g), MPI_ERR_GROUP);
    MPI_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));
}
#endif

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_groups();
    test_comm_group_of_split();
    test_comm_create();
    test_comm_create_group();
#ifdef MPCHAR_RT
    test_bad_input();
#endif
    return conf_finish("conf_group");
}
