/* The per-rank event file of the profiler (libmpchar-prof, src/prof) that
 * `mpchar profile` reads (src/profile): one header page, then the events
 * in the order they happened (seed 004's CALL_ENTER/CALL_EXIT, the post
 * and completion of each message, Pcontrol regions, the runtime's copies),
 * packed in 64-bit words: a first word with the time, call and kind, then
 * 0 to 2 words of arguments (mpchar_prof_arg_words), so that a call costs
 * 16 bytes of file.  The reader unpacks them into mpchar_prof_event.
 * libc-only: the MPI side and the analysis side both include it. */
#ifndef MPCHAR_PROF_FORMAT_H
#define MPCHAR_PROF_FORMAT_H

#include <stdint.h>

#define MPCHAR_PROF_MAGIC 0x31464f5250484d50ULL /* "PMHPROF1" */
#define MPCHAR_PROF_VERSION 5u
#define MPCHAR_PROF_HEADER_BYTES 49152u
#define MPCHAR_PROF_MAX_CALLS 1024u
#define MPCHAR_PROF_CALL_NAME_BYTES 40u
#define MPCHAR_PROF_LIBRARY_BYTES 32u
#define MPCHAR_PROF_VERSION_BYTES 512u

/* Event kinds.  Post events carry the message's id and bytes; MSG_DONE
 * the id of the message whose completion a call saw; CALL_EXIT the bytes
 * a collective or one-sided call contributed (0 otherwise); REGION the
 * Pcontrol level in `id` (0: outside every region); XFER_BEGIN/XFER_END
 * (the built-in runtime only) a copy this process made for the message of
 * process `id` (MPI_COMM_WORLD rank), of `bytes`; COLL_POST a nonblocking
 * collective posted (its id and bytes; MSG_DONE completes it as it does a
 * message). */
enum mpchar_prof_kind {
    MPCHAR_PROF_CALL_ENTER = 1,
    MPCHAR_PROF_CALL_EXIT = 2,
    MPCHAR_PROF_SEND_POST = 3,
    MPCHAR_PROF_RECV_POST = 4,
    MPCHAR_PROF_MSG_DONE = 5,
    MPCHAR_PROF_REGION = 6,
    MPCHAR_PROF_XFER_BEGIN = 7,
    MPCHAR_PROF_XFER_END = 8,
    MPCHAR_PROF_COLL_POST = 9,
};
#define MPCHAR_PROF_LAST_KIND MPCHAR_PROF_COLL_POST

/* The first word of an event: ticks since tick_start (49 bits: 2 days at
 * 3 GHz), call (10 bits: MPCHAR_PROF_MAX_CALLS, room for every call of
 * an mpi.h, which libmpchar-prof wraps: about 530 in MPICH 4.0), kind
 * (4 bits), and its top bit: for CALL_EXIT whether a word of bytes
 * follows, for SEND_POST and RECV_POST whether the message's peer (the
 * destination, the source) is the calling rank itself in the call's
 * communicator (MPCHAR_PROF_SELF: a local copy, docs/apps.md).  Version 3
 * had 51 bits of ticks and 7 of call, and room for 128 call names;
 * version 4 no self bit. */
#define MPCHAR_PROF_TICK_BITS 49
#define MPCHAR_PROF_CALL_SHIFT 49
#define MPCHAR_PROF_CALL_MASK (MPCHAR_PROF_MAX_CALLS - 1u)
#define MPCHAR_PROF_KIND_SHIFT 59
#define MPCHAR_PROF_HAS_BYTES (1ULL << 63)
#define MPCHAR_PROF_SELF (1ULL << 63)

static inline uint64_t mpchar_prof_word(uint64_t ticks, uint32_t kind,
                                        uint32_t call)
{
    return (ticks & ((1ULL << MPCHAR_PROF_TICK_BITS) - 1)) |
           ((uint64_t)(call & MPCHAR_PROF_CALL_MASK)
            << MPCHAR_PROF_CALL_SHIFT) |
           ((uint64_t)(kind & 15u) << MPCHAR_PROF_KIND_SHIFT);
}

_Static_assert(MPCHAR_PROF_CALL_SHIFT + 10 == MPCHAR_PROF_KIND_SHIFT &&
                   (1u << 10) == MPCHAR_PROF_MAX_CALLS,
               "10 bits of call below the kind");

/* The words after the first: the message id and bytes of a post, the id
 * of a completion, the level of a region, the rank and bytes of a copy,
 * the bytes of a CALL_EXIT that has them. */
static inline unsigned mpchar_prof_arg_words(uint64_t first)
{
    switch ((first >> MPCHAR_PROF_KIND_SHIFT) & 15u) {
    case MPCHAR_PROF_CALL_EXIT: return (first & MPCHAR_PROF_HAS_BYTES) ? 1 : 0;
    case MPCHAR_PROF_SEND_POST:
    case MPCHAR_PROF_RECV_POST:
    case MPCHAR_PROF_COLL_POST:
    case MPCHAR_PROF_XFER_BEGIN:
    case MPCHAR_PROF_XFER_END: return 2;
    case MPCHAR_PROF_MSG_DONE:
    case MPCHAR_PROF_REGION: return 1;
    default: return 0;
    }
}

/* An event unpacked (src/profile). */
typedef struct mpchar_prof_event {
    uint64_t tick;  /* the profiler's clock, one for every process of the
                       machine; ns = tick * ns_per_tick */
    uint16_t kind;  /* enum mpchar_prof_kind */
    uint16_t self;  /* a post's MPCHAR_PROF_SELF: 1 when the peer is the
                       caller itself, else 0 */
    uint32_t call;  /* index into the header's call_names */
    uint64_t id;    /* message id, or region level */
    uint64_t bytes; /* message or collective bytes */
} mpchar_prof_event;

typedef struct mpchar_prof_header {
    uint64_t magic;
    uint32_t version, header_bytes;
    int32_t rank, size;
    uint64_t n_words; /* 64-bit words of events written after the header */
    double ns_per_tick;
    uint64_t tick_start; /* when MPI_Init returned */
    uint64_t tick_end;   /* when MPI_Finalize was called; 0: never */
    /* the start-up calibration (Hockney: one-way t = alpha + n * beta),
     * measured by ranks 0 and 1; alpha_us < 0: none (one process) */
    double calib_alpha_us, calib_beta_us_per_byte;
    uint64_t lost_messages; /* requests the profiler could not track */
    uint32_t n_calls;
    uint32_t reserved;
    char library[MPCHAR_PROF_LIBRARY_BYTES];
    char mpi_version[MPCHAR_PROF_VERSION_BYTES]; /* MPI_Get_library_version */
    char call_names[MPCHAR_PROF_MAX_CALLS][MPCHAR_PROF_CALL_NAME_BYTES];
} mpchar_prof_header;

_Static_assert(sizeof(mpchar_prof_header) <= MPCHAR_PROF_HEADER_BYTES,
               "the header fits its page");
_Static_assert(sizeof(mpchar_prof_event) == 32, "unpacked events: 32 bytes");

#endif
