/* Messages: each post gets an id (a per-rank counter) that its
 * completion event repeats, so that the analysis pairs them.  Nonblocking
 * posts are remembered by request handle in a fixed open-addressing table
 * (no allocation on the call path); a full table loses the message, which
 * the analysis then bounds as seed 004's case 3 (completion unseen). */
#include <string.h>

#include "prof.h"

#define PROF_TABLE_SLOTS (1u << 16) /* a power of 2 */
#define PROF_TABLE_MAX (PROF_TABLE_SLOTS / 4 * 3)
#define PROF_PENDING_MAX 4096u

static struct {
    uint64_t key, id; /* id 0: free slot */
} table[PROF_TABLE_SLOTS];
static unsigned table_used;
static uint64_t next_id = 1;
static uint64_t pending[PROF_PENDING_MAX];
static unsigned n_pending;

uint64_t prof_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (count <= 0 || PMPI_Type_size(type, &size) != MPI_SUCCESS || size < 0)
        return 0;
    return (uint64_t)count * (uint64_t)size;
}

uint64_t prof_bytes_v(const int *counts, MPI_Datatype type, MPI_Comm comm)
{
    int procs = 0;
    uint64_t sum = 0;
    if (!counts || PMPI_Comm_size(comm, &procs) != MPI_SUCCESS)
        return 0;
    for (int i = 0; i < procs; i++)
        sum += prof_bytes(counts[i], type);
    return sum;
}

/* The handle's bits: an int in MPICH and the runtime, a pointer in Open
 * MPI. */
uint64_t prof_req_key(MPI_Request req)
{
    uint64_t key = 0;
    memcpy(&key, &req, sizeof req < sizeof key ? sizeof req : sizeof key);
    return key;
}

static unsigned slot_of(uint64_t key)
{
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 32;
    return (unsigned)key & (PROF_TABLE_SLOTS - 1);
}

static void table_put(uint64_t key, uint64_t id)
{
    if (table_used >= PROF_TABLE_MAX) {
        if (prof.header)
            prof.header->lost_messages++;
        return;
    }
    unsigned s = slot_of(key);
    while (table[s].id != 0 && table[s].key != key)
        s = (s + 1) & (PROF_TABLE_SLOTS - 1);
    if (table[s].id == 0)
        table_used++;
    table[s].key = key;
    table[s].id = id;
}

/* Removes key and returns its id (0: not tracked); backward-shift
 * deletion keeps the probe chains whole without tombstones. */
static uint64_t table_take(uint64_t key)
{
    unsigned s = slot_of(key);
    while (table[s].id != 0 && table[s].key != key)
        s = (s + 1) & (PROF_TABLE_SLOTS - 1);
    uint64_t id = table[s].id;
    if (id == 0)
        return 0;
    table_used--;
    unsigned hole = s;
    for (unsigned j = (s + 1) & (PROF_TABLE_SLOTS - 1); table[j].id != 0;
         j = (j + 1) & (PROF_TABLE_SLOTS - 1)) {
        unsigned home = slot_of(table[j].key);
        /* j's entry may fill the hole when its home is not in (hole, j] */
        if (((j - home) & (PROF_TABLE_SLOTS - 1)) >=
            ((j - hole) & (PROF_TABLE_SLOTS - 1))) {
            table[hole] = table[j];
            hole = j;
        }
    }
    table[hole].id = 0;
    return id;
}

void prof_msg_blocking(uint32_t kind, uint64_t bytes)
{
    uint64_t id = next_id++;
    prof_emit(kind, 0, id, bytes);
    prof_emit(MPCHAR_PROF_MSG_DONE, 0, id, 0);
}

void prof_msg_post(uint32_t kind, uint64_t bytes, uint64_t key)
{
    uint64_t id = next_id++;
    prof_emit(kind, 0, id, bytes);
    table_put(key, id);
}

void prof_msg_done(uint64_t key)
{
    uint64_t id = table_take(key);
    if (id != 0)
        prof_emit(MPCHAR_PROF_MSG_DONE, 0, id, 0);
}

void prof_pending_push(uint64_t key)
{
    if (n_pending < PROF_PENDING_MAX)
        pending[n_pending++] = key;
}

void prof_pending_done(void)
{
    for (unsigned i = 0; i < n_pending; i++)
        prof_msg_done(pending[i]);
    n_pending = 0;
}
