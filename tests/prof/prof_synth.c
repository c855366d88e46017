/* The profiler's synthetic program (tests/prof/profile.sh): rank 0 sends
 * ITERS messages of N bytes to rank 1 with MPI_Isend, computes C us, then
 * waits; rank 1 receives them with MPI_Recv.  The loop is Pcontrol region
 * 1.  Known answers: the counts and bytes, and the true overlap -- 0 when
 * C is 0, the whole transfer when C is far longer than it.  With "kill",
 * rank 1 kills itself halfway through (SIGTERM, as launchers end jobs).  With "late", rank 1 receives each
 * message 300 us after it has arrived (MPI_Probe), so that on the built-in
 * runtime it reads the sender's buffer while the sender computes: the
 * sender's true overlap is then the time of those receives, which rank 1
 * prints ("prof_synth: receive_us=...").  With "sync FILE", the same for
 * eager messages, which a Probe would copy out of the runtime's ring:
 * rank 0 counts its completed MPI_Isend calls in the shared file FILE,
 * which rank 1 watches without an MPI call, so that it receives each
 * message once it is in the ring, while rank 0 computes. */
#include <fcntl.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

/* The shared counter of "sync" mode: FILE mapped by both ranks. */
static volatile int *shared_counter(const char *path, int rank)
{
    int fd = open(path, O_RDWR | O_CREAT, 0600);
    if (fd < 0 || (rank == 0 && ftruncate(fd, sizeof(int)) != 0)) {
        perror(path);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    void *p =
        mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) {
        perror(path);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
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
        fprintf(stderr, "usage: prof_synth N_BYTES COMPUTE_US ITERS "
                        "[kill|late|sync FILE]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int n = atoi(argv[1]), iters = atoi(argv[3]);
    double c = atof(argv[2]);
    int kill_half = argc > 4 && strcmp(argv[4], "kill") == 0;
    int late = argc > 4 && strcmp(argv[4], "late") == 0;
    int sync = argc > 5 && strcmp(argv[4], "sync") == 0;
    double receive_us = 0.0;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buf = calloc(1, n > 0 ? (size_t)n : 1);
    volatile int *sent = NULL;
    if (sync && rank == 0)
        sent = shared_counter(argv[5], rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (sync && rank == 1)
        sent = shared_counter(argv[5], rank);
    MPI_Pcontrol(1);
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Request req;
            MPI_Isend(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, &req);
            if (sent)
                __atomic_store_n(sent, i + 1, __ATOMIC_RELEASE);
            compute_us(c);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            if (kill_half && i == iters / 2)
                raise(SIGTERM);
            if (late) {
                MPI_Probe(0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                compute_us(300.0);
            }
            /* sleeping, not spinning: rank 1 then starts its receive on
             * a fresh time slice, seldom preempted in it on a loaded
             * machine */
            while (sent && __atomic_load_n(sent, __ATOMIC_ACQUIRE) <= i)
                nanosleep(&(struct timespec){0, 20000}, NULL);
            double t0 = now_us();
            MPI_Recv(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            receive_us += now_us() - t0;
        }
    }
    MPI_Pcontrol(0);
    if ((late || sync) && rank == 1)
        printf("prof_synth: receive_us=%.3f\n", receive_us);
    MPI_Barrier(MPI_COMM_WORLD);
    free(buf);
    MPI_Finalize();
    return 0;
}
