/*
 * Process groups and communicators made from them (Comm_group,
 * Comm_create, Comm_create_group).
 *
 * A group is an ordered list of world ranks, the same map a communicator
 * keeps, so Comm_group copies the communicator's map and Comm_create gives
 * the group's map a fresh context.  Groups are local objects: no call here
 * communicates except Comm_create, which agrees on the context over the
 * parent, and Comm_create_group, over the group's members only.  Set
 * operations keep the order MPI prescribes (the first group's order, then
 * the second's) and run in O(n1 * n2), which is small next to the job
 * sizes of one node.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

struct mpchar_rt_group mpchar_rt_group_empty = {
    .size = 0, .rank = MPI_UNDEFINED, .predefined = 1, .world = NULL};

MPI_Group mpchar__group_new(int n, const int *world)
{
    struct mpchar_rt_group *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->world = malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
    if (!g->world) {
        free(g);
        return NULL;
    }
    if (n > 0)
        memcpy(g->world, world, (size_t)n * sizeof(int));
    g->size = n;
    g->rank = MPI_UNDEFINED;
    int me = mpchar__rank_world();
    for (int i = 0; i < n; i++)
        if (world[i] == me)
            g->rank = i;
    return g;
}

int mpchar__group_check(MPI_Group group)
{
    return group != MPI_GROUP_NULL ? MPI_SUCCESS : MPI_ERR_GROUP;
}

static int group_err(int code, const char *func)
{
    return mpchar__err(MPI_COMM_WORLD, code, func);
}

/* Hands out a group of the n world ranks, or reports no memory. */
static int group_out(int n, const int *world, MPI_Group *out, const char *func)
{
    MPI_Group g = mpchar__group_new(n, world);
    if (!g)
        return group_err(MPI_ERR_NO_MEM, func);
    *out = g;
    return MPI_SUCCESS;
}

/* The group rank of world rank w in g, or MPI_UNDEFINED. */
static int rank_of(MPI_Group g, int w)
{
    for (int i = 0; i < g->size; i++)
        if (g->world[i] == w)
            return i;
    return MPI_UNDEFINED;
}

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return group_err(MPI_ERR_COMM, "MPI_Comm_group");
    if (!group)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Comm_group");
    return group_out(comm->size, comm->world, group, "MPI_Comm_group");
}
MPCHAR_RT_WEAK(Comm_group)

int PMPI_Group_size(MPI_Group group, int *size)
{
    if (mpchar__group_check(group) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, "MPI_Group_size");
    *size = group->size;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Group_size)

int PMPI_Group_rank(MPI_Group group, int *rank)
{
    if (mpchar__group_check(group) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, "MPI_Group_rank");
    *rank = group->rank;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Group_rank)

/* Marks the n ranks of g in pick (0/1 per rank of g): MPI_ERR_RANK for a
 * rank outside g or named twice, as incl and excl require. */
static int mark_ranks(MPI_Group g, int n, const int *ranks, char *pick)
{
    for (int i = 0; i < n; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size || pick[ranks[i]])
            return MPI_ERR_RANK;
        pick[ranks[i]] = 1;
    }
    return MPI_SUCCESS;
}

/* Expands n (first, last, stride) triplets into ranks of g, in order:
 * *count ranks into out (room for g->size, since duplicates are errors). */
static int expand_ranges(MPI_Group g, int n, int ranges[][3], int *out,
                         int *count)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
        if (stride == 0 || first < 0 || first >= g->size || last < 0 ||
            last >= g->size)
            return MPI_ERR_RANK;
        for (long r = first; stride > 0 ? r <= last : r >= last; r += stride) {
            if (m >= g->size)
                return MPI_ERR_RANK; /* a rank named twice */
            out[m++] = (int)r;
        }
    }
    *count = m;
    return MPI_SUCCESS;
}

/* The subgroup of g: the ranks listed (incl) or all others in g's order
 * (excl). */
static int sub_group(MPI_Group g, int n, const int *ranks, int excl,
                     MPI_Group *out, const char *func)
{
    if (mpchar__group_check(g) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, func);
    if (n < 0 || (n > 0 && !ranks) || !out)
        return group_err(MPI_ERR_ARG, func);
    if (n > g->size) /* some rank is outside g or named twice */
        return group_err(MPI_ERR_RANK, func);
    char *pick = calloc((size_t)g->size + 1, 1);
    int *world = malloc(((size_t)g->size + 1) * sizeof(int));
    int rc = pick && world ? mark_ranks(g, n, ranks, pick) : MPI_ERR_NO_MEM;
    int m = 0;
    if (rc == MPI_SUCCESS && !excl)
        for (int i = 0; i < n; i++)
            world[m++] = g->world[ranks[i]];
    if (rc == MPI_SUCCESS && excl)
        for (int i = 0; i < g->size; i++)
            if (!pick[i])
                world[m++] = g->world[i];
    if (rc == MPI_SUCCESS)
        rc = m == 0 ? (*out = MPI_GROUP_EMPTY, MPI_SUCCESS)
                    : group_out(m, world, out, func);
    else
        rc = group_err(rc, func);
    free(pick);
    free(world);
    return rc;
}

int PMPI_Group_incl(MPI_Group group, int n, const int ranks[],
                    MPI_Group *newgroup)
{
    return sub_group(group, n, ranks, 0, newgroup, "MPI_Group_incl");
}
MPCHAR_RT_WEAK(Group_incl)

int PMPI_Group_excl(MPI_Group group, int n, const int ranks[],
                    MPI_Group *newgroup)
{
    return sub_group(group, n, ranks, 1, newgroup, "MPI_Group_excl");
}
MPCHAR_RT_WEAK(Group_excl)

static int range_group(MPI_Group g, int n, int ranges[][3], int excl,
                       MPI_Group *out, const char *func)
{
    if (mpchar__group_check(g) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, func);
    if (n < 0 || (n > 0 && !ranges))
        return group_err(MPI_ERR_ARG, func);
    int *ranks = malloc(((size_t)g->size + 1) * sizeof(int));
    if (!ranks)
        return group_err(MPI_ERR_NO_MEM, func);
    int m = 0;
    int rc = expand_ranges(g, n, ranges, ranks, &m);
    rc = rc == MPI_SUCCESS ? sub_group(g, m, ranks, excl, out, func)
                           : group_err(rc, func);
    free(ranks);
    return rc;
}

int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3],
                          MPI_Group *newgroup)
{
    return range_group(group, n, ranges, 0, newgroup, "MPI_Group_range_incl");
}
MPCHAR_RT_WEAK(Group_range_incl)

int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3],
                          MPI_Group *newgroup)
{
    return range_group(group, n, ranges, 1, newgroup, "MPI_Group_range_excl");
}
MPCHAR_RT_WEAK(Group_range_excl)

enum set_op { SET_UNION, SET_INTERSECTION, SET_DIFFERENCE };

/* union: g1 then the members of g2 not in g1; intersection: the members
 * of g1 also in g2; difference: those not in g2; all in g1's order. */
static int set_group(MPI_Group g1, MPI_Group g2, enum set_op op, MPI_Group *out,
                     const char *func)
{
    if (mpchar__group_check(g1) != MPI_SUCCESS ||
        mpchar__group_check(g2) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, func);
    if (!out)
        return group_err(MPI_ERR_ARG, func);
    int *world =
        malloc(((size_t)g1->size + (size_t)g2->size + 1) * sizeof(int));
    if (!world)
        return group_err(MPI_ERR_NO_MEM, func);
    int m = 0;
    for (int i = 0; i < g1->size; i++) {
        int in2 = rank_of(g2, g1->world[i]) != MPI_UNDEFINED;
        if (op == SET_UNION || (op == SET_INTERSECTION) == in2)
            world[m++] = g1->world[i];
    }
    for (int i = 0; op == SET_UNION && i < g2->size; i++)
        if (rank_of(g1, g2->world[i]) == MPI_UNDEFINED)
            world[m++] = g2->world[i];
    int rc = m == 0 ? (*out = MPI_GROUP_EMPTY, MPI_SUCCESS)
                    : group_out(m, world, out, func);
    free(world);
    return rc;
}

int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_group(group1, group2, SET_UNION, newgroup, "MPI_Group_union");
}
MPCHAR_RT_WEAK(Group_union)

int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2,
                            MPI_Group *newgroup)
{
    return set_group(group1, group2, SET_INTERSECTION, newgroup,
                     "MPI_Group_intersection");
}
MPCHAR_RT_WEAK(Group_intersection)

int PMPI_Group_difference(MPI_Group group1, MPI_Group group2,
                          MPI_Group *newgroup)
{
    return set_group(group1, group2, SET_DIFFERENCE, newgroup,
                     "MPI_Group_difference");
}
MPCHAR_RT_WEAK(Group_difference)

int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[],
                               MPI_Group group2, int ranks2[])
{
    const char *func = "MPI_Group_translate_ranks";
    if (mpchar__group_check(group1) != MPI_SUCCESS ||
        mpchar__group_check(group2) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, func);
    if (n < 0 || (n > 0 && (!ranks1 || !ranks2)))
        return group_err(MPI_ERR_ARG, func);
    for (int i = 0; i < n; i++)
        if (ranks1[i] != MPI_PROC_NULL &&
            (ranks1[i] < 0 || ranks1[i] >= group1->size))
            return group_err(MPI_ERR_RANK, func);
    for (int i = 0; i < n; i++)
        ranks2[i] = ranks1[i] == MPI_PROC_NULL
                        ? MPI_PROC_NULL
                        : rank_of(group2, group1->world[ranks1[i]]);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Group_translate_ranks)

int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
    if (mpchar__group_check(group1) != MPI_SUCCESS ||
        mpchar__group_check(group2) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, "MPI_Group_compare");
    int same_order = group1->size == group2->size, same_set = same_order;
    for (int i = 0; same_set && i < group1->size; i++) {
        int r = rank_of(group2, group1->world[i]);
        same_set = r != MPI_UNDEFINED;
        same_order = same_order && r == i;
    }
    *result = same_order ? MPI_IDENT : same_set ? MPI_SIMILAR : MPI_UNEQUAL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Group_compare)

int PMPI_Group_free(MPI_Group *group)
{
    if (!group || mpchar__group_check(*group) != MPI_SUCCESS)
        return group_err(MPI_ERR_GROUP, "MPI_Group_free");
    /* MPI allows freeing MPI_GROUP_EMPTY (a handle Group_incl may return);
     * the predefined object itself stays */
    if (!(*group)->predefined) {
        free((*group)->world);
        free(*group);
    }
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Group_free)

/* The checks of Comm_create and Comm_create_group: valid arguments and a
 * group inside comm.  All callers pass the same group, so all fail here
 * together, before any communication. */
static int create_check(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    if (mpchar__group_check(group) != MPI_SUCCESS)
        return MPI_ERR_GROUP;
    if (!newcomm)
        return MPI_ERR_ARG;
    for (int i = 0; i < group->size; i++) {
        int in_comm = 0;
        for (int j = 0; j < comm->size && !in_comm; j++)
            in_comm = comm->world[j] == group->world[i];
        if (!in_comm)
            return MPI_ERR_GROUP;
    }
    return MPI_SUCCESS;
}

/* The new communicator of group on context ctx (MPI_COMM_NULL outside). */
static int create_finish(MPI_Comm comm, MPI_Group group, uint32_t ctx,
                         MPI_Comm *newcomm, const char *func)
{
    if (group->rank == MPI_UNDEFINED) {
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    *newcomm =
        mpchar__comm_new(comm, group->size, group->world, group->rank, ctx);
    return *newcomm ? MPI_SUCCESS : mpchar__err(comm, MPI_ERR_NO_MEM, func);
}

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    const char *func = "MPI_Comm_create";
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return group_err(MPI_ERR_COMM, func);
    uint32_t ctx;
    int rc = create_check(comm, group, newcomm);
    if (rc == MPI_SUCCESS)
        rc = mpchar__comm_new_ctx(comm, &ctx);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, func);
    return create_finish(comm, group, ctx, newcomm, func);
}
MPCHAR_RT_WEAK(Comm_create)

/* Comm_create_group's messages travel on the parent's collective context
 * with this tag: above the collectives' own small tags, so concurrent
 * parent collectives never match them; user tags differing only above
 * bit 28 share one (MPI wants concurrent calls on overlapping groups to
 * use different tags: in practice small numbers). */
#define CREATE_GROUP_TAG(tag) (0x20000000 | ((tag)&0x1fffffff))

int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag,
                           MPI_Comm *newcomm)
{
    const char *func = "MPI_Comm_create_group";
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return group_err(MPI_ERR_COMM, func);
    int rc = create_check(comm, group, newcomm);
    if (rc == MPI_SUCCESS && (tag < 0 || tag > MPI_TAG_UB_VALUE))
        rc = MPI_ERR_TAG;
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, func);
    if (group->rank == MPI_UNDEFINED) { /* only members call it */
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    /* the members as a communicator of their own for the agreement: the
     * parent's context, group ranks, so only members take part */
    struct mpchar_rt_comm over = {.rank = group->rank,
                                  .size = group->size,
                                  .world = group->world,
                                  .ctx = comm->ctx,
                                  .valid = 1,
                                  .errh = comm->errh};
    uint32_t ctx;
    rc = mpchar__comm_new_ctx_tagged(&over, CREATE_GROUP_TAG(tag), &ctx);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, func);
    return create_finish(comm, group, ctx, newcomm, func);
}
MPCHAR_RT_WEAK(Comm_create_group)
