/*
 * Communicators (error handlers and error codes: errors.c).
 *
 * A communicator is a rank map (comm rank -> world rank) and a context id:
 * point-to-point traffic carries ctx, collective traffic ctx + 1, so the two
 * never match each other and communicators never see each other's
 * messages.  A new context id is the maximum, over the parent, of each
 * member's next unused id (one Allreduce); ids are never reused, so two
 * communicators that share an id have disjoint members and cannot meet.
 */
#include "rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mpchar_rt_comm mpchar_rt_comm_world, mpchar_rt_comm_self;

static uint32_t next_ctx = 4;

void mpchar__comm_init_predefined(int rank, int size)
{
    static int self_world;
    struct mpchar_rt_comm *w = &mpchar_rt_comm_world, *s = &mpchar_rt_comm_self;
    w->rank = rank;
    w->size = size;
    w->world = malloc((size_t)size * sizeof(int));
    if (!w->world)
        mpchar__fatal("out of memory at start-up");
    for (int i = 0; i < size; i++)
        w->world[i] = i;
    w->ctx = 0;
    w->predefined = w->valid = 1;
    w->errh = MPI_ERRORS_ARE_FATAL;
    snprintf(w->name, sizeof w->name, "MPI_COMM_WORLD");
    self_world = rank;
    s->rank = 0;
    s->size = 1;
    s->world = &self_world;
    s->ctx = 2;
    s->predefined = s->valid = 1;
    s->errh = MPI_ERRORS_ARE_FATAL;
    snprintf(s->name, sizeof s->name, "MPI_COMM_SELF");
}

int mpchar__comm_final_attrs(void)
{
    int rc = mpchar__attr_delete_all(RT_ATTR_COMM, MPI_COMM_SELF,
                                     &mpchar_rt_comm_self.attrs);
    int rc_world = mpchar__attr_delete_all(RT_ATTR_COMM, MPI_COMM_WORLD,
                                           &mpchar_rt_comm_world.attrs);
    return rc != MPI_SUCCESS ? rc : rc_world;
}

void mpchar__comm_final(void)
{
    free(mpchar_rt_comm_world.world);
    mpchar_rt_comm_world.world = NULL;
    mpchar_rt_comm_world.valid = 0;
    mpchar_rt_comm_self.valid = 0;
}

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_rank");
    *rank = comm->rank;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_rank)

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_size");
    *size = comm->size;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_size)

int mpchar__comm_new_ctx(MPI_Comm parent, uint32_t *ctx_p)
{
    unsigned mine = next_ctx, agreed = 0;
    int rc =
        mpchar__allreduce(&mine, &agreed, 1, MPI_UNSIGNED, MPI_MAX, parent);
    if (rc != MPI_SUCCESS)
        return rc;
    next_ctx = agreed + 2;
    *ctx_p = agreed;
    return MPI_SUCCESS;
}

/* Blocking send and receive on the collective context of comm. */
static int coll_ctx_send(const void *buf, int count, MPI_Datatype type,
                         int dest, int tag, MPI_Comm comm)
{
    MPI_Request req;
    int rc = mpchar__isend(buf, count, type, dest, tag, comm, 1, 0, &req);
    return rc != MPI_SUCCESS ? rc : mpchar__wait(&req, MPI_STATUS_IGNORE);
}

static int coll_ctx_recv(void *buf, int count, MPI_Datatype type, int src,
                         int tag, MPI_Comm comm)
{
    MPI_Request req;
    int rc = mpchar__irecv(buf, count, type, src, tag, comm, 1, &req);
    return rc != MPI_SUCCESS ? rc : mpchar__wait(&req, MPI_STATUS_IGNORE);
}

int mpchar__comm_new_ctx_tagged(MPI_Comm over, int tag, uint32_t *ctx_p)
{
    /* rank 0 takes the maximum of every member's next id and sends it back:
     * plain sends and receives on tag, no collective's tag */
    unsigned agreed = next_ctx, other;
    int rc = MPI_SUCCESS;
    for (int r = 1; over->rank == 0 && r < over->size && rc == MPI_SUCCESS;
         r++) {
        rc = coll_ctx_recv(&other, 1, MPI_UNSIGNED, r, tag, over);
        agreed = other > agreed ? other : agreed;
    }
    for (int r = 1; over->rank == 0 && r < over->size && rc == MPI_SUCCESS; r++)
        rc = coll_ctx_send(&agreed, 1, MPI_UNSIGNED, r, tag, over);
    if (over->rank != 0) {
        rc = coll_ctx_send(&agreed, 1, MPI_UNSIGNED, 0, tag, over);
        if (rc == MPI_SUCCESS)
            rc = coll_ctx_recv(&agreed, 1, MPI_UNSIGNED, 0, tag, over);
    }
    if (rc != MPI_SUCCESS)
        return rc;
    next_ctx = agreed + 2;
    *ctx_p = agreed;
    return MPI_SUCCESS;
}

static struct mpchar_rt_comm *comm_alloc(int size, MPI_Comm parent)
{
    struct mpchar_rt_comm *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->world = malloc((size_t)size * sizeof(int));
    if (!c->world) {
        free(c);
        return NULL;
    }
    c->size = size;
    c->valid = 1;
    c->errh = mpchar__errh_retain(parent->errh);
    /* no name until Comm_set_name: Comm_get_name then returns "" */
    return c;
}

struct mpchar_rt_comm *mpchar__comm_new(MPI_Comm parent, int size,
                                        const int *world, int rank,
                                        uint32_t ctx)
{
    struct mpchar_rt_comm *c = comm_alloc(size, parent);
    if (!c)
        return NULL;
    memcpy(c->world, world, (size_t)size * sizeof(int));
    c->rank = rank;
    c->ctx = ctx;
    return c;
}

static void comm_destroy(struct mpchar_rt_comm *c)
{
    c->valid = 0;
    mpchar__errh_release(c->errh);
    free(c->cart);
    mpchar__graph_free(c->graph);
    free(c->world);
    free(c);
}

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_dup");
    uint32_t ctx;
    int rc = mpchar__comm_new_ctx(comm, &ctx);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Comm_dup");
    struct mpchar_rt_comm *c =
        mpchar__comm_new(comm, comm->size, comm->world, comm->rank, ctx);
    if (!c || mpchar__cart_copy(comm, c) != MPI_SUCCESS ||
        mpchar__graph_copy(comm, c) != MPI_SUCCESS) {
        if (c)
            comm_destroy(c);
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Comm_dup");
    }
    rc = mpchar__attr_copy_all(RT_ATTR_COMM, comm, comm->attrs, &c->attrs);
    if (rc != MPI_SUCCESS) {
        mpchar__attr_delete_all(RT_ATTR_COMM, c, &c->attrs);
        comm_destroy(c);
        return mpchar__err(comm, rc, "MPI_Comm_dup");
    }
    *newcomm = c;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_dup)

/* Info hints on communicators: none would change what the runtime does,
 * so MPI_Comm_set_info keeps none and MPI_Comm_get_info returns an empty
 * object, the hints actually used (MPI-3.1 6.4.4). */
int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    (void)info;
    return PMPI_Comm_dup(comm, newcomm);
}
MPCHAR_RT_WEAK(Comm_dup_with_info)

int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    (void)info;
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_info");
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_set_info)

int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_info");
    if (!info_used)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Comm_get_info");
    return PMPI_Info_create(info_used);
}
MPCHAR_RT_WEAK(Comm_get_info)

struct split_entry {
    int color, key, rank;
};

static int split_cmp(const void *a, const void *b)
{
    const struct split_entry *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_split");
    int n = comm->size;
    int mine[2] = {color, key};
    int *all = malloc((size_t)n * 2 * sizeof(int));
    struct split_entry *ent = malloc((size_t)n * sizeof *ent);
    if (!all || !ent) {
        free(all);
        free(ent);
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Comm_split");
    }
    int rc = PMPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, comm);
    uint32_t ctx = 0;
    if (rc == MPI_SUCCESS)
        rc = mpchar__comm_new_ctx(comm, &ctx);
    int m = 0;
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        if (color != MPI_UNDEFINED && all[2 * i] == color)
            ent[m++] = (struct split_entry){all[2 * i], all[2 * i + 1], i};
    free(all);
    if (rc != MPI_SUCCESS || color == MPI_UNDEFINED) {
        free(ent);
        *newcomm = MPI_COMM_NULL;
        return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Comm_split");
    }
    qsort(ent, (size_t)m, sizeof *ent, split_cmp);
    struct mpchar_rt_comm *c = comm_alloc(m, comm);
    if (!c) {
        free(ent);
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Comm_split");
    }
    for (int i = 0; i < m; i++) {
        c->world[i] = comm->world[ent[i].rank];
        if (ent[i].rank == comm->rank)
            c->rank = i;
    }
    free(ent);
    c->ctx = ctx;
    *newcomm = c;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_split)

int PMPI_Comm_free(MPI_Comm *comm)
{
    if (!comm || mpchar__comm_check(*comm) != MPI_SUCCESS ||
        (*comm)->predefined)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_free");
    int rc = mpchar__attr_delete_all(RT_ATTR_COMM, *comm, &(*comm)->attrs);
    if (rc != MPI_SUCCESS)
        return mpchar__err(*comm, rc, "MPI_Comm_free");
    comm_destroy(*comm);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_free)

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    if (mpchar__comm_check(comm1) != MPI_SUCCESS ||
        mpchar__comm_check(comm2) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_compare");
    if (comm1 == comm2) {
        *result = MPI_IDENT;
        return MPI_SUCCESS;
    }
    if (comm1->size != comm2->size) {
        *result = MPI_UNEQUAL;
        return MPI_SUCCESS;
    }
    size_t n = (size_t)comm1->size;
    if (memcmp(comm1->world, comm2->world, n * sizeof(int)) == 0) {
        *result = MPI_CONGRUENT;
        return MPI_SUCCESS;
    }
    int *a = malloc(n * sizeof(int)), *b = malloc(n * sizeof(int));
    if (!a || !b) {
        free(a);
        free(b);
        return mpchar__err(comm1, MPI_ERR_NO_MEM, "MPI_Comm_compare");
    }
    memcpy(a, comm1->world, n * sizeof(int));
    memcpy(b, comm2->world, n * sizeof(int));
    qsort(a, n, sizeof(int), int_cmp);
    qsort(b, n, sizeof(int), int_cmp);
    *result = memcmp(a, b, n * sizeof(int)) == 0 ? MPI_SIMILAR : MPI_UNEQUAL;
    free(a);
    free(b);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_compare)

int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                         MPI_Comm *newcomm)
{
    (void)info;
    if (split_type != MPI_UNDEFINED && split_type != MPI_COMM_TYPE_SHARED)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Comm_split_type");
    /* one node: every process shares memory with every other */
    return PMPI_Comm_split(
        comm, split_type == MPI_UNDEFINED ? MPI_UNDEFINED : 0, key, newcomm);
}
MPCHAR_RT_WEAK(Comm_split_type)

int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_name");
    if (!comm_name)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Comm_set_name");
    /* longer names are truncated, as MPI allows */
    snprintf(comm->name, sizeof comm->name, "%s", comm_name);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_set_name)

int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_name");
    if (!comm_name || !resultlen)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Comm_get_name");
    *resultlen = snprintf(comm_name, MPI_MAX_OBJECT_NAME, "%s", comm->name);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_get_name)
