/* The per-rank event file of the profiler (libmpchar-prof, src/prof) that
 * `mpchar profile` reads (src/profile): one header page, then fixed-size
 * events in the order they happened (seed 004's CALL_ENTER/CALL_EXIT, the
 * post and completion of each message, Pcontrol regions).  The profiler
 * maps the file and writes events straight into it, so a rank that is
 * killed leaves every event it recorded, and n_events says how many.
 * libc-only: the MPI side and the analysis side both include it. */
#ifndef MPCHAR_PROF_FORMAT_H
#define MPCHAR_PROF_FORMAT_H

#include <stdint.h>

#define MPCHAR_PROF_MAGIC 0x31464f5250484d50ULL /* "PMHPROF1" */
#define MPCHAR_PROF_VERSION 1u
#define MPCHAR_PROF_HEADER_BYTES 4096u
#define MPCHAR_PROF_MAX_CALLS 48u
#define MPCHAR_PROF_CALL_NAME_BYTES 24u
#define MPCHAR_PROF_LIBRARY_BYTES 32u
#define MPCHAR_PROF_VERSION_BYTES 512u

/* Event kinds.  Post events carry the message's id and bytes; MSG_DONE
 * the id of the message whose completion a call saw; CALL_EXIT the bytes
 * a collective call contributed (0 otherwise); REGION the Pcontrol level
 * in `id` (0: outside every region); XFER_BEGIN/XFER_END (the built-in
 * runtime only) a copy this process made for the message of process `id`
 * (MPI_COMM_WORLD rank), of `bytes`. */
enum mpchar_prof_kind {
    MPCHAR_PROF_CALL_ENTER = 1,
    MPCHAR_PROF_CALL_EXIT = 2,
    MPCHAR_PROF_SEND_POST = 3,
    MPCHAR_PROF_RECV_POST = 4,
    MPCHAR_PROF_MSG_DONE = 5,
    MPCHAR_PROF_REGION = 6,
    MPCHAR_PROF_XFER_BEGIN = 7,
    MPCHAR_PROF_XFER_END = 8,
};

typedef struct mpchar_prof_event {
    uint64_t tick;  /* the profiler's clock, one for every process of the
                       machine; ns = tick * ns_per_tick */
    uint32_t kind;  /* enum mpchar_prof_kind */
    uint32_t call;  /* index into the header's call_names */
    uint64_t id;    /* message id, or region level */
    uint64_t bytes; /* message or collective bytes */
} mpchar_prof_event;

typedef struct mpchar_prof_header {
    uint64_t magic;
    uint32_t version, header_bytes;
    int32_t rank, size;
    uint64_t n_events; /* events written so far, after them */
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
_Static_assert(sizeof(mpchar_prof_event) == 32, "events are 32 bytes");

#endif
