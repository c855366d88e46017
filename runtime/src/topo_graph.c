/*
 * Distributed graph topologies (MPI-3.1 7.5.4): MPI_Dist_graph_create_adjacent,
 * MPI_Dist_graph_create and the two queries.
 *
 * The topology is each process's own lists of in- and out-neighbours with
 * their weights, hung on a new communicator (a fresh context over the same
 * processes: reorder is a hint, and the identity is what MPI allows).  The
 * adjacent form takes the lists as given, in their order, which is the
 * order the neighbourhood collectives use.  The general form lets any
 * process name any edge: every edge goes, in one all-to-all exchange, to
 * its source (an out-neighbour there) and its destination (an
 * in-neighbour), in the order of the ranks that named them.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

int mpchar_rt_unweighted[1], mpchar_rt_weights_empty[1];

void mpchar__graph_free(struct rt_graph *g)
{
    if (!g)
        return;
    free(g->sources);
    free(g->sourceweights);
    free(g->destinations);
    free(g->destweights);
    free(g);
}

/* A copy of n ints, or NULL for none; *ok cleared when out of memory. */
static int *ints_copy(const int *from, int n, int *ok)
{
    if (!from || n == 0)
        return NULL;
    int *to = malloc((size_t)n * sizeof *to);
    if (!to) {
        *ok = 0;
        return NULL;
    }
    memcpy(to, from, (size_t)n * sizeof *to);
    return to;
}

static struct rt_graph *graph_new(int indegree, const int *sources,
                                  const int *sourceweights, int outdegree,
                                  const int *destinations,
                                  const int *destweights, int weighted)
{
    struct rt_graph *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    int ok = 1;
    g->indegree = indegree;
    g->outdegree = outdegree;
    g->weighted = weighted;
    g->sources = ints_copy(sources, indegree, &ok);
    g->destinations = ints_copy(destinations, outdegree, &ok);
    if (weighted) {
        g->sourceweights = ints_copy(sourceweights, indegree, &ok);
        g->destweights = ints_copy(destweights, outdegree, &ok);
    }
    if (!ok) {
        mpchar__graph_free(g);
        return NULL;
    }
    return g;
}

int mpchar__graph_copy(MPI_Comm from, MPI_Comm to)
{
    const struct rt_graph *f = from->graph;
    to->graph =
        f ? graph_new(f->indegree, f->sources, f->sourceweights, f->outdegree,
                      f->destinations, f->destweights, f->weighted)
          : NULL;
    return f && !to->graph ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

static int ranks_valid(MPI_Comm comm, const int *ranks, int n)
{
    for (int i = 0; i < n; i++)
        if (ranks[i] < 0 || ranks[i] >= comm->size)
            return 0;
    return 1;
}

static int weights_given(const int *weights, int n)
{
    return weights != MPI_UNWEIGHTED && (n == 0 || weights != NULL);
}

/* The new communicator over comm_old's processes, with topology g (ours
 * from now on, freed on failure). */
static int attach_graph(MPI_Comm comm_old, struct rt_graph *g,
                        MPI_Comm *newcomm)
{
    uint32_t ctx;
    int rc = g ? mpchar__comm_new_ctx(comm_old, &ctx) : MPI_ERR_NO_MEM;
    struct mpchar_rt_comm *c =
        rc == MPI_SUCCESS
            ? mpchar__comm_new(comm_old, comm_old->size, comm_old->world,
                               comm_old->rank, ctx)
            : NULL;
    if (!c) {
        mpchar__graph_free(g);
        return rc == MPI_SUCCESS ? MPI_ERR_NO_MEM : rc;
    }
    c->graph = g;
    *newcomm = c;
    return MPI_SUCCESS;
}

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree,
                                    const int sources[],
                                    const int sourceweights[], int outdegree,
                                    const int destinations[],
                                    const int destweights[], MPI_Info info,
                                    int reorder, MPI_Comm *comm_dist_graph)
{
    const char *func = "MPI_Dist_graph_create_adjacent";
    (void)info;
    (void)reorder;
    if (mpchar__comm_check(comm_old) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, func);
    if (indegree < 0 || outdegree < 0 || !comm_dist_graph ||
        (indegree && !sources) || (outdegree && !destinations))
        return mpchar__err(comm_old, MPI_ERR_ARG, func);
    if (!ranks_valid(comm_old, sources, indegree) ||
        !ranks_valid(comm_old, destinations, outdegree))
        return mpchar__err(comm_old, MPI_ERR_RANK, func);
    int weighted = sourceweights != MPI_UNWEIGHTED;
    if (weighted && (!weights_given(sourceweights, indegree) ||
                     !weights_given(destweights, outdegree)))
        return mpchar__err(comm_old, MPI_ERR_ARG, func);
    struct rt_graph *g = graph_new(indegree, sources, sourceweights, outdegree,
                                   destinations, destweights, weighted);
    int rc = attach_graph(comm_old, g, comm_dist_graph);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm_old, rc, func);
}
MPCHAR_RT_WEAK(Dist_graph_create_adjacent)

/* One edge as the general form sends it: to its source as an out-edge,
 * to its destination as an in-edge. */
struct edge {
    int out; /* 1: the receiver's out-edge to peer; 0: in-edge from peer */
    int peer, weight;
};

/* Counts (in edges) per process, then the edges, sorted by process. */
static int edges_by_rank(MPI_Comm comm, int n, const int *sources,
                         const int *degrees, const int *destinations,
                         const int *weights, int weighted, int **counts_p,
                         struct edge **edges_p)
{
    int p = comm->size, total = 0;
    for (int i = 0; i < n; i++)
        total += degrees[i];
    int *counts = calloc((size_t)p + 1, sizeof *counts);
    struct edge *edges = malloc((size_t)(2 * total + 1) * sizeof *edges);
    int *fill = calloc((size_t)p + 1, sizeof *fill);
    if (!counts || !edges || !fill) {
        free(counts);
        free(edges);
        free(fill);
        return MPI_ERR_NO_MEM;
    }
    for (int i = 0, k = 0; i < n; i++)
        for (int j = 0; j < degrees[i]; j++, k++) {
            counts[sources[i]]++;
            counts[destinations[k]]++;
        }
    /* fill[r]: where rank r's edges start */
    for (int r = 1; r <= p; r++)
        fill[r] = fill[r - 1] + counts[r - 1];
    for (int i = 0, k = 0; i < n; i++)
        for (int j = 0; j < degrees[i]; j++, k++) {
            int w = weighted ? weights[k] : 1;
            edges[fill[sources[i]]++] = (struct edge){1, destinations[k], w};
            edges[fill[destinations[k]]++] = (struct edge){0, sources[i], w};
        }
    free(fill);
    *counts_p = counts;
    *edges_p = edges;
    return MPI_SUCCESS;
}

/* This process's topology from the edges it received. */
static struct rt_graph *graph_of_edges(const struct edge *e, int n,
                                       int weighted)
{
    int in = 0, out = 0;
    for (int i = 0; i < n; i++) {
        if (e[i].out)
            out++;
        else
            in++;
    }
    int *v = malloc((size_t)(2 * (in + out) + 1) * sizeof *v);
    if (!v)
        return NULL;
    int *src = v, *sw = v + in, *dst = v + 2 * in, *dw = v + 2 * in + out;
    for (int i = 0, a = 0, b = 0; i < n; i++) {
        if (e[i].out) {
            dst[b] = e[i].peer;
            dw[b++] = e[i].weight;
        } else {
            src[a] = e[i].peer;
            sw[a++] = e[i].weight;
        }
    }
    struct rt_graph *g = graph_new(in, src, sw, out, dst, dw, weighted);
    free(v);
    return g;
}

/* The all-to-all exchange of the edges: each process gets those it is an
 * end of, from every process in rank order. */
static int exchange_edges(MPI_Comm comm, const int *counts,
                          const struct edge *edges, struct edge **got_p,
                          int *ngot_p)
{
    int p = comm->size, width = (int)(sizeof(struct edge) / sizeof(int));
    int *sc = malloc(4 * (size_t)p * sizeof *sc);
    if (!sc)
        return MPI_ERR_NO_MEM;
    int *rcnt = sc + p, *sd = sc + 2 * p, *rd = sc + 3 * p;
    int rc = PMPI_Alltoall(counts, 1, MPI_INT, rcnt, 1, MPI_INT, comm);
    /* in ints: each edge is `width` of them */
    int ngot = 0, nsent = 0;
    for (int r = 0; r < p; r++) {
        sc[r] = counts[r] * width;
        sd[r] = nsent * width;
        nsent += counts[r];
        rd[r] = ngot * width;
        ngot += rcnt[r];
        rcnt[r] *= width;
    }
    struct edge *got = malloc((size_t)(ngot + 1) * sizeof *got);
    if (!got)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        rc = PMPI_Alltoallv(edges, sc, sd, MPI_INT, got, rcnt, rd, MPI_INT,
                            comm);
    free(sc);
    if (rc != MPI_SUCCESS) {
        free(got);
        return rc;
    }
    *got_p = got;
    *ngot_p = ngot;
    return MPI_SUCCESS;
}

int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[],
                           const int degrees[], const int destinations[],
                           const int weights[], MPI_Info info, int reorder,
                           MPI_Comm *comm_dist_graph)
{
    const char *func = "MPI_Dist_graph_create";
    (void)info;
    (void)reorder;
    if (mpchar__comm_check(comm_old) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, func);
    if (n < 0 || !comm_dist_graph || (n && (!sources || !degrees)))
        return mpchar__err(comm_old, MPI_ERR_ARG, func);
    int total = 0;
    for (int i = 0; i < n; i++) {
        if (degrees[i] < 0)
            return mpchar__err(comm_old, MPI_ERR_ARG, func);
        total += degrees[i];
    }
    if ((total && !destinations) || !ranks_valid(comm_old, sources, n) ||
        !ranks_valid(comm_old, destinations, total))
        return mpchar__err(comm_old,
                           total && !destinations ? MPI_ERR_ARG : MPI_ERR_RANK,
                           func);
    int weighted = weights != MPI_UNWEIGHTED;
    if (weighted && !weights_given(weights, total))
        return mpchar__err(comm_old, MPI_ERR_ARG, func);
    int *counts = NULL, ngot = 0;
    struct edge *edges = NULL, *got = NULL;
    int rc = edges_by_rank(comm_old, n, sources, degrees, destinations, weights,
                           weighted, &counts, &edges);
    if (rc == MPI_SUCCESS)
        rc = exchange_edges(comm_old, counts, edges, &got, &ngot);
    free(counts);
    free(edges);
    if (rc == MPI_SUCCESS) {
        struct rt_graph *g = graph_of_edges(got, ngot, weighted);
        rc = attach_graph(comm_old, g, comm_dist_graph);
    }
    free(got);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm_old, rc, func);
}
MPCHAR_RT_WEAK(Dist_graph_create)

static const struct rt_graph *graph_of(MPI_Comm comm, const char *func, int *rc)
{
    *rc = mpchar__comm_check(comm);
    if (*rc != MPI_SUCCESS) {
        *rc = mpchar__err(MPI_COMM_WORLD, *rc, func);
        return NULL;
    }
    if (!comm->graph)
        *rc = mpchar__err(comm, MPI_ERR_TOPOLOGY, func);
    return comm->graph;
}

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree,
                                    int *outdegree, int *weighted)
{
    int rc;
    const struct rt_graph *g =
        graph_of(comm, "MPI_Dist_graph_neighbors_count", &rc);
    if (!g)
        return rc;
    *indegree = g->indegree;
    *outdegree = g->outdegree;
    *weighted = g->weighted;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Dist_graph_neighbors_count)

/* The first max entries of a list (weights only when the graph has them
 * and the caller asks). */
static void list_out(int *to, const int *from, int max, int degree)
{
    int n = max < degree ? max : degree;
    if (to && from && to != MPI_UNWEIGHTED && n > 0)
        memcpy(to, from, (size_t)n * sizeof *to);
}

int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[],
                              int sourceweights[], int maxoutdegree,
                              int destinations[], int destweights[])
{
    int rc;
    const struct rt_graph *g = graph_of(comm, "MPI_Dist_graph_neighbors", &rc);
    if (!g)
        return rc;
    list_out(sources, g->sources, maxindegree, g->indegree);
    list_out(destinations, g->destinations, maxoutdegree, g->outdegree);
    list_out(sourceweights, g->sourceweights, maxindegree, g->indegree);
    list_out(destweights, g->destweights, maxoutdegree, g->outdegree);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Dist_graph_neighbors)
