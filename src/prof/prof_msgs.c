/* Messages: each post gets an id (a per-rank counter) that its
 * completion event repeats, so that the analysis pairs them.  Nonblocking
 * posts are remembered by request handle in a fixed open-addressing table
 * (no allocation on the call path); a full table loses the message, which
 * the analysis then bounds as seed 004's case 3 (completion unseen).  A
 * persistent request's kind and bytes wait in a second table from its
 * MPI_Send_init/Recv_init to its MPI_Request_free; each MPI_Start posts a
 * message of them.  The requests an array completion (Waitall, Waitany,
 * Testsome, ...) is given are kept before the call, which frees them. */
#include <stdbool.h>
#include <string.h>

#include "prof.h"

#define PROF_TABLE_SLOTS (1u << 16) /* a power of 2 */
#define PROF_TABLE_MAX (PROF_TABLE_SLOTS / 4 * 3)
#define PROF_PENDING_MAX 4096u

_Static_assert(sizeof(MPI_Fint) == sizeof(int),
               "Fortran arrays of counts read as int");

/* One table: request key -> (id, bytes); id 0: free slot.  Messages keep
 * their id; persistent requests their kind (as id) and bytes. */
typedef struct prof_slot {
    uint64_t key, id, bytes;
} prof_slot;
typedef struct prof_table {
    prof_slot slot[PROF_TABLE_SLOTS];
    unsigned used;
} prof_table;

static prof_table msgs, persistent;
static uint64_t next_id = 1;
static uint64_t pending[PROF_PENDING_MAX];
static unsigned n_pending;

/* items of type, in bytes (0 for none) */
static uint64_t items_bytes(uint64_t items, MPI_Datatype type)
{
    int size = 0;
    /* (a null type: an argument the call ignores, as with MPI_IN_PLACE;
     * asking its size would be an error, fatal by default) */
    if (items == 0 || type == MPI_DATATYPE_NULL ||
        PMPI_Type_size(type, &size) != MPI_SUCCESS || size < 0)
        return 0;
    return items * (uint64_t)size;
}

uint64_t prof_bytes(MPI_Count count, MPI_Datatype type)
{
    return count > 0 ? items_bytes((uint64_t)count, type) : 0;
}

/* The communicator's size: the length of a v-collective's arrays. */
int prof_comm_size(MPI_Comm comm)
{
    int n = 0;
    return PMPI_Comm_size(comm, &n) == MPI_SUCCESS ? n : 0;
}

/* A neighbourhood collective's arrays have one entry per out-neighbour
 * (MPI 4.0 §8.6): 2 per dimension of a Cartesian topology, the graph's
 * or distributed graph's out-degree.  (The built-in runtime has only
 * Cartesian topologies, and no neighbourhood collectives.) */
int prof_out_degree(MPI_Comm comm)
{
    int topo = MPI_UNDEFINED, n = 0, in = 0, weighted = 0, rank = 0;
    if (PMPI_Topo_test(comm, &topo) != MPI_SUCCESS)
        return 0;
    if (topo == MPI_CART)
        return PMPI_Cartdim_get(comm, &n) == MPI_SUCCESS ? 2 * n : 0;
    if (topo == MPI_DIST_GRAPH)
        return PMPI_Dist_graph_neighbors_count(comm, &in, &n, &weighted) ==
                       MPI_SUCCESS
                   ? n
                   : 0;
#ifndef PROF_BUILTIN /* the built-in runtime has no MPI_Graph_create */
    if (topo == MPI_GRAPH)
        return PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS &&
                       PMPI_Graph_neighbors_count(comm, rank, &n) == MPI_SUCCESS
                   ? n
                   : 0;
#else
    (void)rank;
#endif
    return 0;
}

/* One PMPI_Type_size for the sum of the counts, not one per count: the
 * arrays are the communicator's size long, and this runs inside the
 * call's timed span. */
uint64_t prof_bytes_v(const int *counts, MPI_Datatype type, int n)
{
    uint64_t items = 0;
    for (int i = 0; counts && i < n; i++)
        items += counts[i] > 0 ? (uint64_t)counts[i] : 0;
    return items_bytes(items, type);
}

uint64_t prof_bytes_vc(const MPI_Count *counts, MPI_Datatype type, int n)
{
    uint64_t items = 0;
    for (int i = 0; counts && i < n; i++)
        items += counts[i] > 0 ? (uint64_t)counts[i] : 0;
    return items_bytes(items, type);
}

uint64_t prof_bytes_wc(const MPI_Count *counts, const MPI_Datatype *types,
                       int n)
{
    uint64_t sum = 0;
    for (int i = 0; counts && types && i < n; i++)
        sum += prof_bytes(counts[i], types[i]);
    return sum;
}

uint64_t prof_bytes_w(const int *counts, const MPI_Datatype *types, int n)
{
    uint64_t sum = 0;
    for (int i = 0; counts && types && i < n; i++)
        sum += prof_bytes(counts[i], types[i]);
    return sum;
}

uint64_t prof_bytes_w_f(const int *counts, const MPI_Fint *types, int n)
{
    uint64_t sum = 0;
    for (int i = 0; counts && types && i < n; i++)
        sum += prof_bytes(counts[i], PMPI_Type_f2c(types[i]));
    return sum;
}

static unsigned slot_of(uint64_t key)
{
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 32;
    return (unsigned)key & (PROF_TABLE_SLOTS - 1);
}

/* The slot of key: its first, or the free one ending its probe chain. */
static prof_slot *table_find(prof_table *t, uint64_t key)
{
    unsigned s = slot_of(key);
    while (t->slot[s].id != 0 && t->slot[s].key != key)
        s = (s + 1) & (PROF_TABLE_SLOTS - 1);
    return &t->slot[s];
}

/* The free slot ending key's probe chain. */
static prof_slot *table_free_slot(prof_table *t, uint64_t key)
{
    unsigned s = slot_of(key);
    while (t->slot[s].id != 0)
        s = (s + 1) & (PROF_TABLE_SLOTS - 1);
    return &t->slot[s];
}

/* Adds (key, id, bytes); a key already there is replaced when unique,
 * else kept: MPICH gives every send it completes at once the same
 * request handle, so one key can stand for several messages, which
 * completions then take in the order they were posted. */
static void table_put(prof_table *t, uint64_t key, uint64_t id, uint64_t bytes,
                      bool unique)
{
    if (t->used >= PROF_TABLE_MAX) {
        if (prof.header)
            prof.header->lost_messages++;
        return;
    }
    prof_slot *s = unique ? table_find(t, key) : table_free_slot(t, key);
    if (s->id == 0)
        t->used++;
    *s = (prof_slot){key, id, bytes};
}

/* Removes key and returns its slot's content (id 0: not tracked);
 * backward-shift deletion keeps the probe chains whole without
 * tombstones. */
static prof_slot table_take(prof_table *t, uint64_t key)
{
    prof_slot *found = table_find(t, key), out = *found;
    if (out.id == 0)
        return out;
    t->used--;
    unsigned hole = (unsigned)(found - t->slot);
    for (unsigned j = (hole + 1) & (PROF_TABLE_SLOTS - 1); t->slot[j].id != 0;
         j = (j + 1) & (PROF_TABLE_SLOTS - 1)) {
        unsigned home = slot_of(t->slot[j].key);
        /* j's entry may fill the hole when its home is not in (hole, j] */
        if (((j - home) & (PROF_TABLE_SLOTS - 1)) >=
            ((j - hole) & (PROF_TABLE_SLOTS - 1))) {
            t->slot[hole] = t->slot[j];
            hole = j;
        }
    }
    t->slot[hole].id = 0;
    return out;
}

int prof_is_self(int peer, MPI_Comm comm)
{
    int rank = -1;
    return peer >= 0 && PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS &&
           peer == rank;
}

void prof_msg_blocking(uint32_t kind, uint64_t bytes, int self)
{
    uint64_t id = next_id++;
    prof_emit(kind, 0, id, bytes, self ? MPCHAR_PROF_SELF : 0);
    prof_emit(MPCHAR_PROF_MSG_DONE, 0, id, 0, 0);
}

void prof_msg_post(uint32_t kind, uint64_t bytes, uint64_t key, int self)
{
    uint64_t id = next_id++;
    prof_emit(kind, 0, id, bytes, self ? MPCHAR_PROF_SELF : 0);
    table_put(&msgs, key, id, 0, false);
}

void prof_msg_done(uint64_t key)
{
    if (msgs.used == 0) /* (no message outstanding: nothing to look up) */
        return;
    uint64_t id = table_take(&msgs, key).id;
    if (id != 0)
        prof_emit(MPCHAR_PROF_MSG_DONE, 0, id, 0, 0);
}

void prof_persist_init(uint32_t kind, uint64_t bytes, uint64_t key)
{
    table_put(&persistent, key, kind, bytes, true);
}

void prof_persist_start(uint64_t key)
{
    prof_slot *s = table_find(&persistent, key);
    if (s->id != 0)
        prof_msg_post((uint32_t)s->id, s->bytes, key, 0); /* peer unkept */
}

/* An active request may be freed too (an MPI_Isend nobody waits for):
 * its message's completion is never seen, so it leaves the table here.
 * Left there, its key would stand for it as well as for the next message
 * given the recycled handle, whose MPI_Wait would then complete this one
 * (keys repeat, table_put), and every later one its predecessor. */
void prof_request_free(uint64_t key)
{
    (void)table_take(&persistent, key);
    (void)table_take(&msgs, key);
}

/* (Requests beyond PROF_PENDING_MAX in one call are not followed: their
 * messages end as case 3.) */
void prof_pending_push(uint64_t key)
{
    if (n_pending < PROF_PENDING_MAX)
        pending[n_pending++] = key;
}

void prof_pending_done_if(int all_done)
{
    for (unsigned i = 0; all_done && i < n_pending; i++)
        prof_msg_done(pending[i]);
    n_pending = 0;
}

void prof_pending_done_index(int index, int base)
{
    if (index != MPI_UNDEFINED && index - base >= 0 &&
        (unsigned)(index - base) < n_pending)
        prof_msg_done(pending[index - base]);
    n_pending = 0;
}

void prof_pending_done_indices(int outcount, const int *indices, int base)
{
    for (int i = 0; outcount != MPI_UNDEFINED && i < outcount; i++)
        if (indices[i] - base >= 0 && (unsigned)(indices[i] - base) < n_pending)
            prof_msg_done(pending[indices[i] - base]);
    n_pending = 0;
}
