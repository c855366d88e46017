/* The profiler's synthetic program (tests/prof/profile.sh): rank 0 sends
 * ITERS messages of N bytes to rank 1 with MPI_Isend, computes C us, then
 * waits; rank 1 receives them with MPI_Recv.  The loop is Pcontrol region
 * 1.  Known answers: the counts and bytes, and the true overlap -- 0 when
 * C is 0, the whole transfer when C is far longer than it.  With "kill",
 * rank 1 kills itself halfway through (SIGTERM, as launchers end jobs).  With "late", rank 1 receives each
 * message 300 us after it has arrived (MPI_Probe), so that on the built-in
 * runtime it reads the sender's buffer while the sender computes: the
 * sender's true overlap is then the time of those receives, which rank 1
 * prints ("prof_synth: receive_us=..."). */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

/* Computation that makes no MPI call. */
static void compute_us(double us)
{
    double end = now_us() + us;
    while (now_us() < end)
        ;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    if (argc < 4) {
        fprintf(stderr, "usage: prof_synth N_BYTES COMPUTE_US ITERS [kill]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int n = atoi(argv[1]), iters = atoi(argv[3]);
    double c = atof(argv[2]);
    int kill_half = argc > 4 && strcmp(argv[4], "kill") == 0;
    int late = argc > 4 && strcmp(argv[4], "late") == 0;
    double receive_us = 0.0;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buf = calloc(1, n > 0 ? (size_t)n : 1);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Pcontrol(1);
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Request req;
            MPI_Isend(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, &req);
            compute_us(c);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            if (kill_half && i == iters / 2)
                raise(SIGTERM);
            if (late) {
                MPI_Probe(0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                compute_us(300.0);
            }
            double t0 = now_us();
            MPI_Recv(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            receive_us += now_us() - t0;
        }
    }
    MPI_Pcontrol(0);
    if (late && rank == 1)
        printf("prof_synth: receive_us=%.3f\n", receive_us);
    MPI_Barrier(MPI_COMM_WORLD);
    free(buf);
    MPI_Finalize();
    return 0;
}
