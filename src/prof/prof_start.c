/* Starting and stopping the recording: at MPI_Init the rank's event file
 * is created in $MPCHAR_PROF_DIR (set by `mpchar profile`; default the
 * current folder), the clock's rate is measured, and ranks 0 and 1 time a
 * short ping-pong, the built-in calibration of transfer times used when no
 * model is given.  MPI_Finalize re-measures the rate over the whole run
 * and closes the file.  Regions (MPI_Pcontrol) are events too. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prof.h"

#ifndef PROF_LIBRARY
#define PROF_LIBRARY "mpi"
#endif
#define PROF_CALIB_TAG 31717
#define PROF_CALIB_REPS 200
#define PROF_CALIB_BIG_BYTES (256u * 1024u)

int prof_depth;

#ifdef PROF_BUILTIN
#include "xfer_hook.h"

/* The built-in runtime's copies for other processes' messages. */
static void on_xfer(int begin, int peer_world, size_t bytes)
{
    prof_emit(begin ? MPCHAR_PROF_XFER_BEGIN : MPCHAR_PROF_XFER_END, 0,
              (uint64_t)peer_world, bytes, 0);
}
#endif
static uint64_t start_ticks, start_ns;

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ns per tick between (t0, n0) and now; spins 2 ms when too close. */
static double tick_rate(uint64_t t0, uint64_t n0)
{
    uint64_t n1;
    while ((n1 = mono_ns()) - n0 < 2000000u)
        ;
    uint64_t t1 = prof_ticks();
    return t1 > t0 ? (double)(n1 - n0) / (double)(t1 - t0) : 1.0;
}

void prof_check_thread(int required)
{
    if (required != MPI_THREAD_MULTIPLE)
        return;
    fprintf(stderr, "mpchar profile: the program asks for "
                    "MPI_THREAD_MULTIPLE, which the profiler refuses (one "
                    "event buffer per process, without locks); profile it "
                    "with MPI_THREAD_SERIALIZED or less\n");
    exit(3);
}

/* One-way time of a message of n bytes between ranks 0 and 1: the
 * fastest of PROF_CALIB_REPS round trips, halved (us): the minimum,
 * because on a loaded machine most round trips wait for a time slice. */
static double pingpong_us(int rank, char *buf, int n)
{
    double best = 1e300;
    for (int r = 0; r < PROF_CALIB_REPS; r++) {
        double t0 = PMPI_Wtime();
        if (rank == 0) {
            PMPI_Send(buf, n, MPI_BYTE, 1, PROF_CALIB_TAG, MPI_COMM_WORLD);
            PMPI_Recv(buf, n, MPI_BYTE, 1, PROF_CALIB_TAG, MPI_COMM_WORLD,
                      MPI_STATUS_IGNORE);
        } else {
            PMPI_Recv(buf, n, MPI_BYTE, 0, PROF_CALIB_TAG, MPI_COMM_WORLD,
                      MPI_STATUS_IGNORE);
            PMPI_Send(buf, n, MPI_BYTE, 0, PROF_CALIB_TAG, MPI_COMM_WORLD);
        }
        double t = (PMPI_Wtime() - t0) * 1e6 / 2.0;
        best = t < best ? t : best;
    }
    return best;
}

/* Hockney's alpha and beta from a 0-byte and a 256 KiB ping-pong. Our
 * messages are all matched before MPI_Init returns, so the application's
 * later receives cannot take them. */
static void calibrate(mpchar_prof_header *h)
{
    h->calib_alpha_us = -1.0;
    h->calib_beta_us_per_byte = 0.0;
    if (h->size < 2 || h->rank > 1)
        return;
    char *buf = calloc(1, PROF_CALIB_BIG_BYTES);
    if (!buf)
        return;
    double t_small = pingpong_us(h->rank, buf, 0);
    double t_big = pingpong_us(h->rank, buf, (int)PROF_CALIB_BIG_BYTES);
    free(buf);
    h->calib_alpha_us = t_small;
    h->calib_beta_us_per_byte =
        t_big > t_small ? (t_big - t_small) / PROF_CALIB_BIG_BYTES : 0.0;
}

void prof_start(void)
{
    int rank = 0, size = 1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *dir = getenv("MPCHAR_PROF_DIR");
    if (prof_file_open(dir && *dir ? dir : ".", rank) != 0)
        return;
    mpchar_prof_header *h = prof.header;
    h->magic = MPCHAR_PROF_MAGIC;
    h->version = MPCHAR_PROF_VERSION;
    h->header_bytes = MPCHAR_PROF_HEADER_BYTES;
    h->rank = rank;
    h->size = size;
    snprintf(h->library, sizeof h->library, "%s", PROF_LIBRARY);
    int len = 0;
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    if (PMPI_Get_library_version(version, &len) == MPI_SUCCESS)
        snprintf(h->mpi_version, sizeof h->mpi_version, "%s", version);
    h->n_calls = prof_n_calls;
    for (unsigned i = 0; i < prof_n_calls && i < MPCHAR_PROF_MAX_CALLS; i++)
        snprintf(h->call_names[i], MPCHAR_PROF_CALL_NAME_BYTES, "%s",
                 prof_call_names[i]);
    start_ns = mono_ns();
    start_ticks = prof_ticks();
    calibrate(h);
    h->ns_per_tick = tick_rate(start_ticks, start_ns);
    h->tick_start = prof.tick0 = prof_ticks();
    prof_flush(); /* the header, so that even a SIGKILLed rank's file reads */
#ifdef PROF_BUILTIN
    mpchar_rt_xfer_hook = on_xfer;
#endif
}

void prof_stop(void)
{
    if (prof.fd < 0)
        return;
#ifdef PROF_BUILTIN
    mpchar_rt_xfer_hook = NULL;
#endif
    prof.header->tick_end = prof_ticks();
    prof.header->ns_per_tick = tick_rate(start_ticks, start_ns);
    prof_file_close();
}

void prof_region(int level)
{
    prof_emit(MPCHAR_PROF_REGION, 0, level > 0 ? (uint64_t)level : 0, 0, 0);
}

void prof_resolve(const char *name, void *fn, size_t fn_bytes)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p || fn_bytes != sizeof p) {
        fprintf(stderr, "mpchar-prof: the MPI library has no %s\n", name);
        abort();
    }
    memcpy(fn, &p, sizeof p);
}
