/*
 * The minimal process group of the window calls: MPI_Win_get_group returns
 * one, MPI_Win_post and MPI_Win_start take one.
 *
 * A group is its members' world ranks in group order.  The C API's group
 * calls (MPI_Comm_group, MPI_Group_incl, MPI_Group_free, ...) are not part
 * of this file: they come with the group support of the runtime, which
 * takes this representation over; until then only these internal
 * functions exist, so nothing public is declared that does not work, and
 * the groups handed out live until MPI_Finalize frees them.
 */
#include "rma.h"

#include <stdlib.h>

struct mpchar_rt_group {
    int size;
    int *world;                   /* member i's world rank */
    struct mpchar_rt_group *next; /* all groups, for MPI_Finalize */
};

static struct mpchar_rt_group *groups;

MPI_Group mpchar__group_of_comm(MPI_Comm comm)
{
    struct mpchar_rt_group *g = calloc(1, sizeof *g);
    if (!g)
        return MPI_GROUP_NULL;
    g->size = comm->size;
    g->world = malloc((size_t)(comm->size ? comm->size : 1) * sizeof(int));
    if (!g->world) {
        free(g);
        return MPI_GROUP_NULL;
    }
    for (int i = 0; i < comm->size; i++)
        g->world[i] = comm->world[i];
    g->next = groups;
    groups = g;
    return g;
}

void mpchar__group_final(void)
{
    while (groups) {
        struct mpchar_rt_group *g = groups;
        groups = g->next;
        free(g->world);
        free(g);
    }
}

int mpchar__group_ranks(MPI_Group group, MPI_Comm comm, int **out)
{
    int *r = malloc((size_t)(group->size ? group->size : 1) * sizeof(int));
    if (!r)
        return -1;
    for (int i = 0; i < group->size; i++) {
        r[i] = -1;
        for (int k = 0; k < comm->size && r[i] < 0; k++)
            if (comm->world[k] == group->world[i])
                r[i] = k;
        if (r[i] < 0) {
            free(r);
            return -1;
        }
    }
    *out = r;
    return group->size;
}
