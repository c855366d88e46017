/*
 * Shared-memory windows: MPI_Win_allocate_shared and MPI_Win_shared_query
 * (MPI-3.1 11.2.3).
 *
 * Every process of the runtime is on one node, so any communicator may
 * share memory.  The window's memory is one POSIX shared-memory object:
 * rank 0 creates it under a fresh name, sizes it for every rank's segment
 * and broadcasts the name; the others open it; all map it, and rank 0
 * unlinks the name once everyone has, so that nothing outlives the job.
 * The segments are contiguous in rank order, as MPI asks by default
 * (alloc_shared_noncontig is a hint we need not follow).  The window is
 * then an ordinary one over this process's segment: MPI_Put, MPI_Get and
 * the synchronization calls work on it as on any other, and loads and
 * stores through the queried pointers see the same memory.
 */
#define _GNU_SOURCE
#include "rma.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define SHM_NAME_TRIES 16

/* What rank 0 broadcasts: the object's name parts, or that it failed. */
struct shm_name {
    int pid;
    unsigned serial;
    int created;
};

static void shm_name_format(const struct shm_name *n, char *buf, size_t len)
{
    snprintf(buf, len, "/mpchar-rt-%d-%u", n->pid, n->serial);
}

/* Rank 0: a new object of len bytes under a name nobody holds. */
static int shm_create(struct shm_name *n, size_t len)
{
    static unsigned serial;
    char name[64];
    n->pid = (int)getpid();
    for (int i = 0; i < SHM_NAME_TRIES; i++) {
        n->serial = ++serial;
        shm_name_format(n, name, sizeof name);
        int fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
        if (fd < 0)
            continue;
        if (ftruncate(fd, (off_t)len) == 0) {
            n->created = 1;
            return fd;
        }
        close(fd);
        shm_unlink(name);
        break;
    }
    n->created = 0;
    return -1;
}

/* Maps len bytes shared by all of comm's processes into *map_p;
 * collective, and every rank returns the same outcome. */
static int shm_map(MPI_Comm comm, size_t len, void **map_p)
{
    struct shm_name n = {0, 0, 0};
    int fd = comm->rank == 0 ? shm_create(&n, len) : -1;
    int rc = PMPI_Bcast(&n, (int)sizeof n, MPI_BYTE, 0, comm);
    if (rc != MPI_SUCCESS || !n.created) {
        if (fd >= 0)
            close(fd);
        return rc != MPI_SUCCESS ? rc : MPI_ERR_NO_MEM;
    }
    char name[64];
    shm_name_format(&n, name, sizeof name);
    if (comm->rank != 0)
        fd = shm_open(name, O_RDWR, 0);
    void *map = fd >= 0
                    ? mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                    : MAP_FAILED;
    if (fd >= 0)
        close(fd);
    int mapped = map != MAP_FAILED, all_mapped = 0;
    rc = PMPI_Allreduce(&mapped, &all_mapped, 1, MPI_INT, MPI_LAND, comm);
    if (comm->rank == 0)
        shm_unlink(name);
    if (rc != MPI_SUCCESS || !all_mapped) {
        if (mapped)
            munmap(map, len);
        return rc != MPI_SUCCESS ? rc : MPI_ERR_NO_MEM;
    }
    *map_p = map;
    return MPI_SUCCESS;
}

/* Each rank's segment size, and where this rank's begins. */
static int segment_layout(MPI_Comm comm, MPI_Aint size, size_t *total_p,
                          size_t *mine_p)
{
    MPI_Aint *sizes = malloc((size_t)comm->size * sizeof *sizes);
    if (!sizes)
        return MPI_ERR_NO_MEM;
    int rc = PMPI_Allgather(&size, (int)sizeof size, MPI_BYTE, sizes,
                            (int)sizeof size, MPI_BYTE, comm);
    size_t total = 0;
    for (int r = 0; rc == MPI_SUCCESS && r < comm->size; r++) {
        if (r == comm->rank)
            *mine_p = total;
        total += (size_t)sizes[r];
    }
    free(sizes);
    *total_p = total ? total : 1; /* mmap maps at least a byte */
    return rc;
}

int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info,
                             MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    const char *func = "MPI_Win_allocate_shared";
    (void)info;
    int rc = mpchar__comm_check(comm);
    if (!mpchar__initialized || mpchar__finalized)
        rc = MPI_ERR_OTHER;
    if (rc != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, rc, func);
    if (!win || !baseptr)
        return mpchar__err(comm, MPI_ERR_ARG, func);
    if (size < 0)
        return mpchar__err(comm, MPI_ERR_SIZE, func);
    if (disp_unit <= 0)
        return mpchar__err(comm, MPI_ERR_DISP, func);
    size_t total = 0, mine = 0;
    void *map = NULL;
    rc = segment_layout(comm, size, &total, &mine);
    if (rc == MPI_SUCCESS)
        rc = shm_map(comm, total, &map);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, func);
    char *base = (char *)map + mine;
    rc = mpchar__win_make(base, size, disp_unit, 0, comm, win, func);
    if (rc != MPI_SUCCESS) {
        munmap(map, total);
        return rc;
    }
    (*win)->shm = map;
    (*win)->shm_len = total;
    *(void **)baseptr = base;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_allocate_shared)

/* MPI_PROC_NULL asks for the first segment that is not empty (rank 0's
 * when all are). */
static int queried_rank(MPI_Win win, int rank)
{
    if (rank != MPI_PROC_NULL)
        return rank;
    for (int r = 0; r < win->comm->size; r++)
        if (win->peers[r].size > 0)
            return r;
    return 0;
}

int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit,
                          void *baseptr)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS && !win->shm)
        rc = MPI_ERR_WIN; /* MPI-3.1: shared windows only */
    if (rc == MPI_SUCCESS && rank != MPI_PROC_NULL &&
        (rank < 0 || rank >= win->comm->size))
        rc = MPI_ERR_RANK;
    if (rc == MPI_SUCCESS && (!size || !disp_unit || !baseptr))
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_shared_query");
    int r = queried_rank(win, rank);
    size_t offset = 0;
    for (int q = 0; q < r; q++)
        offset += (size_t)win->peers[q].size;
    *size = (MPI_Aint)win->peers[r].size;
    *disp_unit = win->peers[r].disp_unit;
    *(void **)baseptr = (char *)win->shm + offset;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_shared_query)
