/*
 * kernels/harness.c: the state the kernels share with the harness: the
 * communication time accumulated between kernel_comm_begin and
 * kernel_comm_end (outermost brackets only, so that nested calls are not
 * counted twice), the fault MPCHAR_KERNEL_FAULT injects, and what the
 * harness does around the repetitions: the library's warm-up and the
 * probe of the machine's state.  The kernels' buffers are in
 * kernels/buffers.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "harness_state.h"
#include "mpchar/kernel_region.h"

static int comm_depth;
static int comm_region = MPCHAR_KERNEL_COMM_REGION;
static double comm_start_s;
static double comm_total_s;
static double fault_value;

/* The brackets are a Pcontrol region (mpchar/kernel_region.h), entered
 * before the clock starts and left after it stops, so that a profile
 * tells the kernel's communication from the harness's; without a
 * profiler MPI_Pcontrol does nothing. */
void kernel_comm_begin(void)
{
    if (comm_depth++ == 0) {
        MPI_Pcontrol(comm_region);
        comm_start_s = MPI_Wtime();
    }
}

void kernel_comm_end(void)
{
    /* an unmatched end is a kernel bug; ignoring it keeps the total sane */
    if (comm_depth == 0)
        return;
    if (--comm_depth == 0) {
        comm_total_s += MPI_Wtime() - comm_start_s;
        MPI_Pcontrol(0);
    }
}

int kernel_class_row(const char *classes, char c)
{
    const char *at = strchr(classes, c);
    return (c != '\0' && at != NULL) ? (int)(at - classes) : -1;
}

void kernel_require_memory(bool ok, MPI_Comm comm, const char *kernel)
{
    if (!ok) {
        fprintf(stderr, "mpchar-kernels: %s: out of memory\n", kernel);
        MPI_Abort(comm, 1);
    }
}

double kernel_fault(void)
{
    return fault_value;
}

void harness_comm_reset(bool warmup)
{
    comm_region =
        warmup ? MPCHAR_KERNEL_WARMUP_REGION : MPCHAR_KERNEL_COMM_REGION;
    comm_depth = 0;
    comm_total_s = 0.0;
}

double harness_comm_seconds(void)
{
    return comm_total_s;
}

int harness_fault_parse(const char *text, char *msg, size_t msg_len)
{
    fault_value = 0.0;
    if (!text)
        return 0;
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(v)) {
        snprintf(msg, msg_len,
                 "MPCHAR_KERNEL_FAULT: '%.*s' is not a finite number",
                 HARNESS_QUOTE_MAX, text);
        return -1;
    }
    fault_value = v;
    return 0;
}

void harness_library_warmup(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    static char out[HARNESS_WARMUP_BYTES], in[HARNESS_WARMUP_BYTES];
    static MPI_Request burst[HARNESS_WARMUP_BURST];
    /* a ring per distance: every pair, both directions, no deadlock */
    for (int shift = 1; shift < size; shift++) {
        int to = (rank + shift) % size, from = (rank - shift + size) % size;
        for (int i = 0; i < HARNESS_WARMUP_BURST; i++)
            PMPI_Isend(out, (int)sizeof out, MPI_BYTE, to, 0, comm, &burst[i]);
        for (int i = 0; i < HARNESS_WARMUP_BURST; i++)
            PMPI_Recv(in, (int)sizeof in, MPI_BYTE, from, 0, comm,
                      MPI_STATUS_IGNORE);
        for (int i = 0; i < HARNESS_WARMUP_BURST; i++)
            PMPI_Wait(&burst[i], MPI_STATUS_IGNORE);
        for (int i = 0; i < HARNESS_WARMUP_MESSAGES; i++)
            PMPI_Sendrecv(out, (int)sizeof out, MPI_BYTE, to, 0, in,
                          (int)sizeof in, MPI_BYTE, from, 0, comm,
                          MPI_STATUS_IGNORE);
    }
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* n 0-byte round trips of ranks 0 and 1, in seconds. */
static double round_trips_s(MPI_Comm comm, int rank, int n)
{
    enum { TAG = 0x57a7e };
    int peer = 1 - rank;
    double t0_s = MPI_Wtime();
    for (int i = 0; i < n; i++) {
        if (rank == 0) {
            PMPI_Send(NULL, 0, MPI_BYTE, peer, TAG, comm);
            PMPI_Recv(NULL, 0, MPI_BYTE, peer, TAG, comm, MPI_STATUS_IGNORE);
        } else {
            PMPI_Recv(NULL, 0, MPI_BYTE, peer, TAG, comm, MPI_STATUS_IGNORE);
            PMPI_Send(NULL, 0, MPI_BYTE, peer, TAG, comm);
        }
    }
    return MPI_Wtime() - t0_s;
}

double harness_state_probe(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size < 2 || rank > 1)
        return NAN;
    double one_way_us[HARNESS_PROBE_BATCHES];
    round_trips_s(comm, rank, HARNESS_PROBE_TRIPS); /* warm */
    for (int b = 0; b < HARNESS_PROBE_BATCHES; b++)
        one_way_us[b] = round_trips_s(comm, rank, HARNESS_PROBE_TRIPS) * 1e6 /
                        (2.0 * HARNESS_PROBE_TRIPS);
    if (rank != 0)
        return NAN;
    qsort(one_way_us, HARNESS_PROBE_BATCHES, sizeof one_way_us[0],
          compare_doubles);
    return one_way_us[HARNESS_PROBE_BATCHES / 2];
}
