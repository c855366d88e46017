/*
 * Internal interface of libmpchar-rt, the built-in shared-memory MPI.
 *
 * Layers, one-way: settings (settings.c, loaded by config.c) + shm
 * segment (segment.c) -> SPSC rings (ring.c) -> copy mechanisms (copy.c:
 * CMA or copy-through) -> protocol engine and matching (engine.c) -> MPI
 * point-to-point (p2p.c, request.c) -> communicators (comm.c) ->
 * collectives (coll_*.c); groups (group.c) and Cartesian topologies
 * (topo.c) build communicators.  Datatypes (datatype.c, pack.c), reduction
 * operations (op.c), info objects (info.c) and Alloc_mem (mem.c) stand
 * beside the engine.  The launcher shares settings.c and segment.c.
 * Names shared across files start with mpchar__ (STYLE.md).
 */
#ifndef MPCHAR_RT_INTERNAL_H
#define MPCHAR_RT_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "mpchar/error.h"
#include "mpchar/grow.h"
#include "mpi.h"

/* The library's internal names are hidden: calls between its files are
 * direct rather than through the PLT, which made up most of the cost of
 * a collective that returns at once (docs/performance.md, "Collectives at
 * p = 2").  Only MPI's functions (mpi.h) and the Fortran entry points are
 * exported. */
#pragma GCC visibility push(hidden)

/* Every function is PMPI_<name>; MPI_<name> is a weak alias. */
#define MPCHAR_RT_WEAK(name) \
    _Pragma(MPCHAR_RT_STR(weak MPI_##name = PMPI_##name))
#define MPCHAR_RT_STR(x) #x

#define RT_LINE 64
#define RT_MAGIC 0x6d7063686172727aULL /* "mpcharrz" */

/* ---------------- settings (settings.c) and configuration (config.c) ---- */
enum rt_copy_kind { RT_COPY_CMA = 0, RT_COPY_THROUGH = 1 };

/* One member per setting of settings.c, which documents them, and the
 * collectives' eager limit, which MPI_Init derives. */
struct rt_config {
    int sr_mode; /* 1: SR (write requests), 0: NSR */
    size_t eager_max;
    size_t coll_eager_max; /* derived: eager_max or measured (eager_tune.c) */
    size_t write_min;
    size_t share_min;
    size_t frag_bytes;
    size_t lap_bytes;
    size_t stream_copy_min;
    size_t pipe_bytes;
    size_t copy_piece;
    size_t spin_polls;
    int copy_force;       /* -1 auto, else enum rt_copy_kind */
    const char *counters; /* NULL, "stderr", or a file appended to */
    size_t bcast_long;
    size_t bcast_min_procs;
    size_t reduce_long;
    size_t reduce_min_procs;
    size_t allreduce_long;
    size_t allreduce_min_procs;
    size_t pair_split_min;
    size_t allgather_long;
    size_t alltoall_long;
    size_t heap_keep;
    size_t huge_pages; /* 1: the kept heap on transparent huge pages */
    size_t eager_tune; /* 1: eager_max measured in MPI_Init */
    size_t ring_kib;   /* read by mpchar-exec, which sizes the rings */
};
extern struct rt_config mpchar__cfg;
void mpchar__config_load(void);
/* Keeps up to keep bytes of freed memory in the heap (heap.c), marked for
 * transparent huge pages if huge_pages; keep 0: malloc's own policy. */
void mpchar__heap_keep(size_t keep, int huge_pages);

/* Sizes take mpchar's size suffixes; counts are whole numbers in
 * [min, max]; modes and copy kinds are words; text is taken as it is. */
enum rt_setting_type { SET_SIZE, SET_COUNT, SET_MODE, SET_COPY, SET_TEXT };

struct rt_setting {
    const char *env;
    const char *dflt;
    enum rt_setting_type type;
    long min, max;   /* SET_COUNT: the accepted range */
    int zero_auto;   /* SET_COUNT: 0 is taken too, for a value set by p */
    size_t offset;   /* the member of struct rt_config */
    const char *doc; /* one line: what it means and why the default */
};
extern const struct rt_setting mpchar__settings[];
extern const size_t mpchar__nsettings;
/* The setting named by the len bytes at name, or NULL. */
const struct rt_setting *mpchar__setting(const char *name, size_t len);
/* The variable's value in the environment, else the default. */
const char *mpchar__setting_value(const struct rt_setting *s);
/* Parses val into dst: a size_t for sizes and counts, an int for modes and
 * copy kinds, a const char * (NULL when empty) for text; an error names
 * the variable. */
int mpchar__setting_parse(const struct rt_setting *s, const char *val,
                          void *dst, mpchar_error *err);
/* Parses every setting's value into cfg.  0 when every MPCHAR_RT_*
 * variable in the environment is a setting (or one the launcher sets for
 * its ranks) and every value parses; else -1, with err naming the first at
 * fault.  mpchar-exec loads them before it launches, each rank at
 * start-up. */
int mpchar__settings_load(struct rt_config *cfg, mpchar_error *err);
/* The table as markdown: variable, default, values, meaning. */
void mpchar__settings_print(FILE *out);

/* ---------------- segment (segment.c) ---------------- */
enum rt_rank_state { RT_STATE_NONE = 0, RT_STATE_INIT = 1, RT_STATE_FINAL = 2 };

struct rt_proc_info {
    _Atomic int state;
    int pid;
    uint64_t cma_probe_addr; /* address of a word holding cma_probe_value */
    uint64_t cma_probe_value;
    /* the shared copy this process owns (engine.c): sequence number, next
   * chunk from the front and end of the unclaimed chunks, in one word */
    _Atomic uint64_t share_claim;
    _Atomic uint32_t share_helped; /* chunks the helper has finished */
    _Atomic uint32_t share_owning; /* 1 while it owns a copy: it cannot help */
    char pad[RT_LINE - 40];
};

struct rt_seg_header {
    uint64_t magic;
    int32_t size;
    int32_t ring_lines;
    uint64_t ring_bytes; /* bytes per ring including its control line */
    _Atomic int32_t attached;
    _Atomic int32_t barrier_count;
    _Atomic int32_t barrier_sense;
    _Atomic int32_t cma_fail;
    _Atomic int32_t abort_rank; /* -1 or the rank that called MPI_Abort */
    _Atomic int32_t abort_code;
    char pad[RT_LINE * 2 - 48];
};

/* Cache lines of a ring of ring_kib KiB (segment.c says why not exactly). */
int mpchar__seg_ring_lines(size_t ring_kib);
/* The ring's KiB for a job of size ranks when MPCHAR_RT_RING_KIB is 0. */
size_t mpchar__seg_ring_kib_auto(int size);
size_t mpchar__seg_bytes(int size, int ring_lines);
/* Lays out a fresh (zeroed) segment; used by the launcher and singletons. */
void mpchar__seg_format(void *base, int size, int ring_lines);
struct rt_proc_info *mpchar__seg_proc(void *base, int rank);
void *mpchar__seg_ring(void *base, int src, int dst);
/* The half of the duplex box of processes writer and reader (distinct)
 * that writer writes (box.c). */
struct rt_box *mpchar__seg_box(void *base, int writer, int reader);

/* ---------------- rings (ring.c) ---------------- */
enum rt_pkt_type {
    PKT_SKIP = 1,
    PKT_EAGER,
    PKT_RTS,
    PKT_CTS,
    PKT_FRAG,
    PKT_FIN,
    PKT_WREQ,
    PKT_WDONE,
    PKT_WCANCEL,
    PKT_WCANCEL_ACK,
    PKT_WDROP,
    PKT_HELP,
    PKT_RMA /* one-sided: flags holds the kind (rma.h) */
};
#define PKT_F_SYNC 1u    /* eager: sender waits for FIN when matched */
#define PKT_F_INLINE 2u  /* WDONE: payload follows the header */
#define PKT_F_THROUGH 4u /* RTS: answer CTS, fragments follow (copy-through) */
#define PKT_F_PIPE 8u    /* EAGER: payload at +64, published chunk by chunk */

/* First 32 bytes of every packet; EAGER payload follows at +32 (+40 sync,
 * +64 piped, whose d counts the payload bytes written so far). */
#define RT_PKT_HEADER 32 /* bytes of a packet before an EAGER payload */
struct rt_pkt {
    _Atomic uint64_t stamp; /* absolute line index + 1: written last */
    uint8_t type;
    uint8_t flags;
    uint16_t lines;
    int32_t tag;
    uint32_t ctx;
    int32_t src; /* sender's rank in the communicator */
    uint64_t len;
    uint64_t a, b, c, d; /* per-type fields (see engine.c) */
};

struct rt_ring_ctl {
    _Atomic uint64_t head; /* consumer's position, lines */
    char pad[RT_LINE - 8];
};

struct rt_ring {             /* process-local view of one ring */
    struct rt_ring_ctl *ctl; /* in the segment */
    unsigned char *cells;    /* in the segment */
    uint64_t lines;          /* capacity */
    uint64_t pos;            /* producer: tail; consumer: head */
    uint64_t idx;            /* pos % lines, kept as pos advances */
    uint64_t cached;         /* producer: last head seen */
    uint64_t lap;   /* producer: lines it reuses while the consumer keeps up */
    uint64_t retry; /* producer: position from which it next tries to go back */
    uint64_t gap;   /* producer: lines from a refused try to the next */
    uint64_t *starts; /* producer: bitmap of lines that begin packets */
};

/* lap_lines (producer only): past this many lines of a lap the producer
 * goes back to line 0 when the consumer has read everything; 0 or lines
 * use the whole ring every lap. */
void mpchar__ring_view(struct rt_ring *ring, void *mem, uint64_t lines,
                       int producer, uint64_t lap_lines);
void mpchar__ring_free(struct rt_ring *ring);
/* Reserves a packet of bytes_total bytes (header included); NULL when the
 * ring is full.  Nothing is written into it: the consumer polls its first
 * line, and every store there before the last ones may meet a poll that
 * takes the line away, one more transfer of it per store that does. */
struct rt_pkt *mpchar__ring_reserve(struct rt_ring *ring, size_t bytes_total);
/* Publishes the packet reserved with bytes_total: its line count, then its
 * stamp, the consumer's signal. */
void mpchar__ring_commit(struct rt_ring *ring, struct rt_pkt *pkt,
                         size_t bytes_total);
/* Producer, after a packet of a stream: takes the lines the next packets
 * of this size will fill. */
void mpchar__ring_prefetch(struct rt_ring *ring, size_t bytes_total);
struct rt_pkt *mpchar__ring_peek(struct rt_ring *ring);
void mpchar__ring_release(struct rt_ring *ring, struct rt_pkt *pkt);
uint64_t mpchar__ring_max_packet(const struct rt_ring *ring);

/* 1 when the consumer has read every packet: the producer rereads the
 * consumer's head only when its cached copy is behind. */
int mpchar__ring_drained(struct rt_ring *ring);

/* ---------------- copy mechanisms (copy.c) ---------------- */
struct rt_copy_ops {
    const char *name;
    /* Reads remote bytes of peer pid into local; returns 0 or errno. */
    int (*read)(int pid, void *local, uint64_t remote, size_t bytes);
    int (*write)(int pid, uint64_t remote, const void *local, size_t bytes);
};
extern const struct rt_copy_ops mpchar__copy_cma;

/* Copies into shared memory past this process's caches (non-temporal
 * stores where the CPU has them, else memcpy), ordered before any later
 * store: for ring packets the peer will read only later (from
 * mpchar__cfg.stream_copy_min bytes). */
void mpchar__copy_streaming(void *dst, const void *src, size_t n);

/* Copies within this process (src and dst may overlap) in pieces of at
 * most mpchar__cfg.copy_piece bytes, each below the size from which
 * glibc's memcpy leaves `rep movsb` for a slower loop. */
void mpchar__copy_local(void *dst, const void *src, size_t n);

/* ---------------- datatypes (datatype.c) ---------------- */
/* Basic types: (MPI name, C type, class).  Classes: I integer, F real,
 * C complex, B byte, L logical (C_BOOL, Fortran LOGICAL: 1 is .true.),
 * P packed, N none (CHARACTER: no operation).  Pair types are apart. */
#define RT_BASIC_TYPES(X)                             \
    X(CHAR, char, I)                                  \
    X(SIGNED_CHAR, signed char, I)                    \
    X(UNSIGNED_CHAR, unsigned char, I)                \
    X(BYTE, unsigned char, B)                         \
    X(WCHAR, wchar_t, I)                              \
    X(SHORT, short, I)                                \
    X(UNSIGNED_SHORT, unsigned short, I)              \
    X(INT, int, I)                                    \
    X(UNSIGNED, unsigned, I)                          \
    X(LONG, long, I)                                  \
    X(UNSIGNED_LONG, unsigned long, I)                \
    X(LONG_LONG_INT, long long, I)                    \
    X(UNSIGNED_LONG_LONG, unsigned long long, I)      \
    X(FLOAT, float, F)                                \
    X(DOUBLE, double, F)                              \
    X(LONG_DOUBLE, long double, F)                    \
    X(C_BOOL, _Bool, L)                               \
    X(INT8_T, int8_t, I)                              \
    X(INT16_T, int16_t, I)                            \
    X(INT32_T, int32_t, I)                            \
    X(INT64_T, int64_t, I)                            \
    X(UINT8_T, uint8_t, I)                            \
    X(UINT16_T, uint16_t, I)                          \
    X(UINT32_T, uint32_t, I)                          \
    X(UINT64_T, uint64_t, I)                          \
    X(AINT, MPI_Aint, I)                              \
    X(OFFSET, MPI_Offset, I)                          \
    X(COUNT, MPI_Count, I)                            \
    X(C_FLOAT_COMPLEX, float _Complex, C)             \
    X(C_DOUBLE_COMPLEX, double _Complex, C)           \
    X(C_LONG_DOUBLE_COMPLEX, long double _Complex, C) \
    X(PACKED, unsigned char, P)                       \
    X(INTEGER, int, I)                                \
    X(REAL, float, F)                                 \
    X(DOUBLE_PRECISION, double, F)                    \
    X(COMPLEX, float _Complex, C)                     \
    X(DOUBLE_COMPLEX, double _Complex, C)             \
    X(LOGICAL, int, L)                                \
    X(CHARACTER, char, N)                             \
    X(INTEGER1, int8_t, I)                            \
    X(INTEGER2, int16_t, I)                           \
    X(INTEGER4, int32_t, I)                           \
    X(INTEGER8, int64_t, I)                           \
    X(REAL4, float, F)                                \
    X(REAL8, double, F)
/* Pair types for MAXLOC/MINLOC: (MPI name, value C type, index C type);
 * C's pairs have an int index, Fortran's one of the value's type. */
#define RT_PAIR_TYPES(X)                 \
    X(FLOAT_INT, float, int)             \
    X(DOUBLE_INT, double, int)           \
    X(LONG_INT, long, int)               \
    X(2INT, int, int)                    \
    X(SHORT_INT, short, int)             \
    X(LONG_DOUBLE_INT, long double, int) \
    X(2INTEGER, int, int)                \
    X(2REAL, float, float)               \
    X(2DOUBLE_PRECISION, double, double)

enum rt_kind {
#define RT_KIND_ENUM(name) RT_K_##name,
    MPCHAR_RT_TYPES(RT_KIND_ENUM) MPCHAR_RT_FORTRAN_TYPES(RT_KIND_ENUM)
#undef RT_KIND_ENUM
        RT_K_DERIVED
};

/* ---------------- attribute caching (attr.c) ---------------- */
/* One attribute of a communicator, datatype or window: a list, newest
 * first. */
struct rt_attr {
    struct rt_attr *next;
    int keyval;
    void *value;
};
enum rt_attr_kind { RT_ATTR_COMM, RT_ATTR_TYPE, RT_ATTR_WIN };
/* The first user keyval: above every predefined key of mpi.h. */
#define MPCHAR_RT_USER_KEYVAL_BASE 64
/* The copy callbacks of old's attributes (from) into *to, an empty list of
 * a new object (MPI_Comm_dup, MPI_Type_dup); on an error *to keeps what
 * was copied, for mpchar__attr_delete_all. */
int mpchar__attr_copy_all(enum rt_attr_kind kind, void *old,
                          const struct rt_attr *from, struct rt_attr **to);
/* Deletes every attribute of obj, newest first, calling the delete
 * callbacks (the object's free, MPI_Finalize); the first callback error
 * is returned and the rest are still deleted. */
int mpchar__attr_delete_all(enum rt_attr_kind kind, void *obj,
                            struct rt_attr **list);
/* Frees the keyval table (MPI_Finalize). */
void mpchar__attr_final(void);

struct rt_run { /* n basic elements at disp, stride = extent */
    MPI_Aint disp;
    const struct mpchar_rt_type *basic;
    size_t n;
};

struct mpchar_rt_type {
    int kind;
    int predefined;
    int committed;
    int refcount;
    /* A bit per predefined operation that mpchar__op_check found to
     * reduce this type (mpchar__op_known), beside the other fields an
     * empty call reads; atomic, as threads may check at once. */
    unsigned ops_known;
    size_t size; /* packed bytes */
    MPI_Aint lb, extent, true_lb, true_ub;
    size_t align;
    int contig; /* packed layout == memory layout starting at true_lb == 0 */
    const struct mpchar_rt_type *homog; /* the one basic type, or NULL */
    size_t nruns;
    struct rt_run *runs;
    const char *name;
    /* pair types: value bytes then the index (index_bytes) at int_off */
    size_t value_bytes, int_off, index_bytes;
    struct rt_attr *attrs;
    char user_name[MPI_MAX_OBJECT_NAME]; /* MPI_Type_set_name's; "": none */
};

/* Packs count elements at buf into out (size*count bytes). */
void mpchar__type_pack(const void *buf, int count, MPI_Datatype type,
                       void *out);
/* Unpacks bytes (a prefix of count elements) into buf. */
void mpchar__type_unpack(const void *in, size_t bytes, int count,
                         MPI_Datatype type, void *buf);
/* The checks below are inline: every call makes them, and out of line
 * they were half the instructions of a collective that returns at once
 * (docs/performance.md, "Per-call cost of the collectives"). */
static inline int mpchar__type_check(MPI_Datatype type)
{
    if (type == MPI_DATATYPE_NULL || !type->committed)
        return MPI_ERR_TYPE;
    return MPI_SUCCESS;
}
void mpchar__type_release(MPI_Datatype type);
void mpchar__type_retain(MPI_Datatype type);

/* ---------------- operations (op.c) ---------------- */
/* A user operation written in Fortran: every argument by reference, the
 * datatype as its Fortran handle (runtime/fortran/). */
typedef void mpchar__fortran_op_fn(void *invec, void *inoutvec, MPI_Fint *len,
                                   MPI_Fint *datatype);
struct mpchar_rt_op {
    int predefined;
    int commute;
    int id; /* index in MPCHAR_RT_OPS order, -1 user */
    MPI_User_function *fn;
    mpchar__fortran_op_fn *ffn; /* a Fortran user function (fn is NULL) */
};
/* MPI_Op_create for C (ffn NULL) and Fortran (fn NULL) user functions. */
int mpchar__op_create(MPI_User_function *fn, mpchar__fortran_op_fn *ffn,
                      int commute, MPI_Op *op);
/* inout[i] = in[i] op inout[i] over count elements of type (memory layout). */
int mpchar__op_apply(MPI_Op op, const void *in, void *inout, int count,
                     MPI_Datatype type);
/* The predefined operations' ids (MPCHAR_RT_OPS order: OP_MAX ...). */
enum {
#define RT_OP_ENUM(NAME) OP_##NAME,
    MPCHAR_RT_OPS(RT_OP_ENUM)
#undef RT_OP_ENUM
        OP_COUNT
};
typedef void mpchar__op_kernel(const void *in, void *inout, size_t n);
/* The kernel of each (operation, basic kind); NULL where MPI-3.1 does not
 * allow the pair. */
extern mpchar__op_kernel *const mpchar__op_kernels[OP_COUNT][RT_K_DERIVED];
/* Whether predefined operation op (id in range) may reduce every run of
 * type; remembers a yes in type->ops_known. */
__attribute__((cold)) int mpchar__op_check_runs(MPI_Op op, MPI_Datatype type);
/* Whether op is known to reduce type without a walk over its runs: a user
 * operation, or a predefined one that a check of this type has allowed.
 * An empty reduction returns at once only then, so that its path calls
 * nothing and sets up no frame; a first call takes the full path, whose
 * check remembers (docs/performance.md, "Issue 21: what an empty
 * collective adds to mpchar-bench's window"). */
static inline int mpchar__op_known(MPI_Op op, MPI_Datatype type)
{
    return op != MPI_OP_NULL && type != MPI_DATATYPE_NULL &&
           (!op->predefined ||
            ((unsigned)op->id < OP_COUNT &&
             __atomic_load_n(&type->ops_known, __ATOMIC_RELAXED) &
                 1u << op->id));
}
/* Whether op may reduce type; inline, as a 0-byte reduction is little
 * more than this check (docs/performance.md, "Vectorized operations"). */
static inline int mpchar__op_check(MPI_Op op, MPI_Datatype type)
{
    if (op == MPI_OP_NULL)
        return MPI_ERR_OP;
    if (type == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    if (mpchar__op_known(op, type))
        return MPI_SUCCESS;
    if (op->id < 0 || op->id >= OP_COUNT)
        return MPI_ERR_OP; /* MPI_REPLACE, MPI_NO_OP: one-sided only */
    return mpchar__op_check_runs(op, type);
}

/* ---------------- communicators (comm.c) ---------------- */
struct mpchar_rt_errhandler {
    int fatal;
    MPI_Comm_errhandler_function *comm_fn; /* a user handler of either */
    MPI_Win_errhandler_function *win_fn;
    int refs; /* holders of a user handler; -1: predefined */
};
/* errors.c: a holder's reference taken and given back (predefined
 * handlers are not counted); the last error code in use; its tables
 * freed at MPI_Finalize. */
MPI_Errhandler mpchar__errh_retain(MPI_Errhandler h);
void mpchar__errh_release(MPI_Errhandler h);
int mpchar__last_used_code(void);
void mpchar__errors_final(void);

struct mpchar_rt_comm {
    int rank, size;
    int *world;   /* comm rank -> world rank */
    uint32_t ctx; /* point-to-point context; collectives use ctx + 1 */
    int predefined;
    int valid;
    MPI_Errhandler errh;
    struct rt_cart *cart;   /* Cartesian topology (topo.c), or NULL */
    struct rt_graph *graph; /* distributed graph (topo_graph.c), or NULL */
    char name[MPI_MAX_OBJECT_NAME];
    uint32_t nbc_seq; /* nonblocking collectives started (coll_nbc.c) */
    struct rt_attr *attrs;
};
static inline int mpchar__comm_check(MPI_Comm comm)
{
    return comm != MPI_COMM_NULL && comm->valid ? MPI_SUCCESS : MPI_ERR_COMM;
}
void mpchar__comm_init_predefined(int rank, int size);
/* Deletes MPI_COMM_SELF's attributes, then MPI_COMM_WORLD's, with their
 * callbacks: the first thing MPI_Finalize does (MPI-3.1 8.7.1). */
int mpchar__comm_final_attrs(void);
void mpchar__comm_final(void);
/* Agrees on a fresh context id over parent (collective over parent). */
int mpchar__comm_new_ctx(MPI_Comm parent, uint32_t *ctx_p);
/* The same agreement over the members of over only, by messages on its
 * collective context with the given tag (Comm_create_group, where the
 * parent's other processes take no part). */
int mpchar__comm_new_ctx_tagged(MPI_Comm over, int tag, uint32_t *ctx_p);
/* A communicator of the size world ranks (copied), this process at rank,
 * on context ctx, with the parent's error handler; NULL when out of
 * memory. */
struct mpchar_rt_comm *mpchar__comm_new(MPI_Comm parent, int size,
                                        const int *world, int rank,
                                        uint32_t ctx);

/* ---------------- groups (group.c) ---------------- */
/* An ordered set of processes, as world ranks; the representation every
 * part of the runtime uses (communicators, windows). */
struct mpchar_rt_group {
    int size;
    int rank; /* this process's rank in the group, or MPI_UNDEFINED */
    int predefined;
    int *world; /* group rank -> world rank */
};
/* A new group of the n world ranks (copied); NULL when out of memory. */
MPI_Group mpchar__group_new(int n, const int *world);
int mpchar__group_check(MPI_Group group);

/* ---------------- topologies (topo.c) ---------------- */
struct rt_cart {
    int ndims;
    int v[]; /* dims[ndims], then periods[ndims] */
};
/* A distributed graph topology: this process's in- and out-neighbours
 * and their weights (each array holds its degree's entries; weights NULL
 * when unweighted). */
struct rt_graph {
    int indegree, outdegree, weighted;
    int *sources, *sourceweights, *destinations, *destweights;
};
/* Gives `to` a copy of the topology of `from` (Comm_dup): MPI_SUCCESS or
 * MPI_ERR_NO_MEM. */
int mpchar__cart_copy(MPI_Comm from, MPI_Comm to);
int mpchar__graph_copy(MPI_Comm from, MPI_Comm to);
void mpchar__graph_free(struct rt_graph *g);
/* Error path: applies the communicator's handler; returns code. */
int mpchar__err(MPI_Comm comm, int code, const char *func);

/* ---------------- requests and engine (engine.c, request.c) ---------------- */
enum rt_req_kind { REQ_SEND = 1, REQ_RECV = 2, REQ_COLL = 3, REQ_PERSIST = 4 };

struct
    mpchar_rt_request { /* mpchar__req_init sets every field: add new ones there */
    int kind;
    _Atomic int done;
    int user_freed; /* MPI_Request_free on an active request */
    int internal;   /* bsend: freed by the engine on completion */
    MPI_Status status;
    MPI_Comm comm;
    uint32_t ctx;
    int peer; /* comm rank: dest, or source (may be ANY_SOURCE) */
    int peer_world;
    int tag;
    /* data */
    void *buf; /* recv: user buffer; send: user buffer */
    int count;
    MPI_Datatype type;
    size_t bytes;     /* send: message length; recv: capacity */
    const void *data; /* send: contiguous bytes to transmit */
    void *tmp;        /* packed temporary owned by the request */
    size_t got;       /* recv (copy-through): bytes arrived */
    size_t expect;    /* recv (copy-through): bytes to arrive */
    int sync;
    int solo; /* recv: an operand this rank combines next: no shared copy */
    /* receive queue links and write-request state */
    struct mpchar_rt_request *prev, *next;
    int posted;
    int wreq;         /* 1: a live write request is outstanding */
    int wreq_pending; /* the request is not yet resolved (WDONE/WDROP/ACK) */
    int cancel_pending;
    void *bsend_seg; /* bsend region to release */
    /* persistent requests (persist.c): the send mode or receive, whether
   * started and not yet completed, and the transfer of the current start */
    int pmode;
    int pstarted;
    struct mpchar_rt_request *inner;
};

/* Field by field: a memset of the whole request (rep stos) showed in the
 * time of a small MPI_Send (docs/performance.md, "No memset of requests"). */
static inline void mpchar__req_init(struct mpchar_rt_request *req, int kind,
                                    MPI_Comm comm)
{
    req->kind = kind;
    atomic_store_explicit(&req->done, 0, memory_order_relaxed);
    req->user_freed = req->internal = 0;
    req->status.MPI_SOURCE = req->status.MPI_TAG = req->status.MPI_ERROR = 0;
    req->status.mpchar_cancelled = 0;
    req->status.mpchar_bytes = 0;
    req->comm = comm;
    req->ctx = 0;
    req->peer = req->peer_world = req->tag = 0;
    req->buf = NULL;
    req->count = 0;
    req->type = NULL;
    req->bytes = 0;
    req->data = NULL;
    req->tmp = NULL;
    req->got = req->expect = 0;
    req->sync = req->solo = 0;
    req->prev = req->next = NULL;
    req->posted = req->wreq = req->wreq_pending = req->cancel_pending = 0;
    req->bsend_seg = NULL;
    req->pmode = req->pstarted = 0;
    req->inner = NULL;
}

void mpchar__engine_init(void *seg, int rank, int size);
/* Sets the eager limit from exchanges of ranks 0 and 1 (eager_tune.c);
 * collective over MPI_COMM_WORLD, after the engine and the communicators
 * are up. */
void mpchar__eager_tune(int rank, int size);
void mpchar__engine_final(void);
int mpchar__progress(void); /* returns nonzero if anything happened */
/* Nonblocking collectives in flight: progress polls them (coll_nbc.c). */
extern int mpchar__nbc_active;
int mpchar__nbc_poll(void);
void mpchar__wait_until(_Atomic int *flag);
/* The progress of a Test call: one poll; after as many fruitless ones in a
 * row as a wait spins, each yields the CPU (a loop of MPI_Test in a job
 * with more ranks than CPUs otherwise holds it while the peer it waits
 * for cannot run), but never sleeps, as a program may compute between
 * Tests. */
int mpchar__test_progress(void);
void mpchar__idle(unsigned *idle); /* one idle poll: spin, yield or sleep */
/* Asks for the lines of [data, data + bytes) after data's own, without
 * waiting for them (engine.c's prefetch_payload says when). */
static inline void mpchar__prefetch_read(const void *data, size_t bytes)
{
    uintptr_t line = (uintptr_t)data / RT_LINE * RT_LINE + RT_LINE;
    uintptr_t end = (uintptr_t)data + bytes;
    if (end <= line + RT_LINE)
        return; /* one line after data's: the copy asks for it as soon */
    for (; line < end; line += RT_LINE)
        __builtin_prefetch((const void *)line, 0, 3);
}

/* Asks for a cache line with ownership, without waiting for it. */
static inline void mpchar__prefetch_write(const void *line)
{
#if defined(__x86_64__) || defined(__i386__)
    __asm__ __volatile__("prefetchw %0" : : "m"(*(const char *)line));
#else
    __builtin_prefetch(line, 1, 3);
#endif
}

/* Moves a line we wrote from our core's caches to the shared last-level
 * cache, where the peer polling it reads it soonest (CLDEMOTE, encoded
 * by hand for old assemblers; its opcode is a hint NOP on x86-64 CPUs
 * without it, such as AMD's).  It pays for the lines of a message the
 * peer waits for: docs/performance.md, "Issue 21: demoted lines". */
static inline void mpchar__cache_demote(const void *line)
{
#if defined(__x86_64__)
    __asm__ __volatile__(".byte 0x0f, 0x1c, 0x00" : : "a"(line) : "memory");
#else
    (void)line;
#endif
}

/* Demotes every line of [data, data + bytes). */
static inline void mpchar__cache_demote_range(const void *data, size_t bytes)
{
    uintptr_t line = (uintptr_t)data / RT_LINE * RT_LINE;
    for (; line < (uintptr_t)data + bytes; line += RT_LINE)
        mpchar__cache_demote((const void *)line);
}

/* A pause between two polls of a line the peer will write: a poll that
 * follows at once takes the line back from the peer while it is between
 * reading our message and writing its reply there (the duplex box), and
 * its write then waits for the line again, a transfer more per message
 * (8-byte ping-pong 0.10 against 0.07 us, docs/performance.md). */
static inline void mpchar__cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

int mpchar__isend(const void *buf, int count, MPI_Datatype type, int dest,
                  int tag, MPI_Comm comm, int coll, int sync,
                  MPI_Request *req_p);
int mpchar__irecv(void *buf, int count, MPI_Datatype type, int source, int tag,
                  MPI_Comm comm, int coll, MPI_Request *req_p);
/* A collective's receive of an operand this rank combines next: this rank
 * copies it alone, so that it lands in this core's cache rather than half
 * in the peer's (docs/performance.md, "Collectives at p = 2"). */
int mpchar__irecv_operand(void *buf, int count, MPI_Datatype type, int source,
                          int tag, MPI_Comm comm, MPI_Request *req_p);
int mpchar__iprobe(int source, int tag, MPI_Comm comm, int *flag,
                   MPI_Status *status);
/* MPI_Improbe: a matching unexpected message is taken out of the queue
 * into *message (source and tag checked by the caller, MPI_PROC_NULL
 * excluded); MPI_Mrecv/MPI_Imrecv hand it to a receive request, which the
 * caller filled in for the message's communicator (mpchar__message_comm)
 * and which takes it as a receive takes an unexpected message. */
int mpchar__improbe(int source, int tag, MPI_Comm comm, int *flag,
                    MPI_Message *message, MPI_Status *status);
MPI_Comm mpchar__message_comm(MPI_Message message);
void mpchar__recv_start_message(struct mpchar_rt_request *req,
                                MPI_Message message);
/* Hand a request that p2p.c filled in to the engine: a send goes out now
 * or queues behind earlier packets; a receive takes a matching unexpected
 * message or is posted. */
void mpchar__send_start(struct mpchar_rt_request *req);
void mpchar__recv_start(struct mpchar_rt_request *req);
/* The fast paths of MPI_Send and MPI_Recv (docs/runtime.md, "Fast paths"):
 * an eager message of bytes contiguous bytes sent straight into the ring,
 * without a request, when nothing is queued for the peer (world rank) and
 * no write request of its waits; a message received straight from the
 * source's ring into buf (capacity cap) when no receive is posted, no
 * message is unexpected and nothing waits in a backlog.  A collective's
 * receive is awaited (its caller waits for nothing else), as a posted one
 * is, and asks for the payload's lines at once as a posted one does.
 * Each returns 1 when done (recv: status filled unless MPI_STATUS_IGNORE),
 * 0 when the general path must do the transfer, having changed nothing. */
int mpchar__send_now(MPI_Comm comm, uint32_t ctx, int world, int tag,
                     const void *data, size_t bytes);
int mpchar__recv_now(uint32_t ctx, int src, int world, int tag, void *buf,
                     size_t cap, MPI_Status *status, int awaited);
int mpchar__sendrecv_self(uint32_t ctx, int me, int sendtag, const void *data,
                          size_t bytes, int source, int recvtag, void *buf,
                          int count, MPI_Datatype type, MPI_Status *status);
int mpchar__cancel_recv(struct mpchar_rt_request *req);
void mpchar__req_free(struct mpchar_rt_request *req);
struct mpchar_rt_request *mpchar__req_alloc(void); /* zeroed */
void mpchar__req_dispose(struct mpchar_rt_request *req);
/* The completed send request that every nonblocking send done at once
 * returns (p2p.c): finishing it leaves it as it is. */
extern struct mpchar_rt_request mpchar__req_sent;
void mpchar__req_cache_free(void);
/* MPI_Request_free of a persistent request, active or not (persist.c). */
void mpchar__persist_free(struct mpchar_rt_request *req);
int mpchar__wait(MPI_Request *req_p, MPI_Status *status);
void mpchar__bsend_release(void *seg);
int mpchar__rank_world(void);
void mpchar__counters_write(void);
/* For one-sided communication (rma*.c): sends packet h (its type and
 * fields; payload at sizeof *h) to world rank peer now or behind earlier
 * packets; a queued payload is copied if copy, else it must stay valid
 * until the peer answers. */
void mpchar__post(int peer, const struct rt_pkt *h, const void *payload,
                  size_t plen, int copy);
/* 1 when ranks copy with cross-memory attach, 0 with copy-through. */
int mpchar__engine_cma(void);
/* 1 when the job has no more ranks than the machine has CPUs. */
int mpchar__engine_cpu_each(void);
/* Maps every page of the two rings between this rank and peer in now, so
 * that a measurement's first sweep of them takes no page faults. */
void mpchar__engine_prefault(int peer);
/* Copies n bytes between local and address remote of world rank peer with
 * process_vm_writev (to_peer) or process_vm_readv, shared with the peer
 * when large (docs/runtime.md, "Shared copies") unless solo: this rank
 * reads or writes the bytes next itself (coll_pair.c). */
void mpchar__cma(int peer, int to_peer, void *local, uint64_t remote, size_t n,
                 int solo);

/* blocking collectives used by init.c and comm.c (coll_*.c) */
int mpchar__barrier(MPI_Comm comm);
int mpchar__allreduce(const void *sbuf, void *rbuf, int count,
                      MPI_Datatype type, MPI_Op op, MPI_Comm comm);

/* state shared by init.c */
extern int mpchar__initialized, mpchar__finalized;
/* The checks every call on a communicator makes: MPI initialized and not
 * finalized, a valid communicator. */
static inline int mpchar__check_comm(MPI_Comm comm)
{
    if (!mpchar__initialized || mpchar__finalized)
        return MPI_ERR_OTHER;
    return mpchar__comm_check(comm);
}
/* Those of every communication call: mpchar__check_comm's, a count >= 0
 * and a valid datatype. */
static inline int mpchar__check_args(MPI_Comm comm, int count,
                                     MPI_Datatype type)
{
    int rc = mpchar__check_comm(comm);
    if (rc != MPI_SUCCESS)
        return rc;
    if (count < 0)
        return MPI_ERR_COUNT;
    return mpchar__type_check(type);
}
void mpchar__fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

#pragma GCC visibility pop

#endif
