/*
 * A message reaches its receiver while the sender computes: no transfer may
 * need the sender to enter MPI again.  The profiler used to end its
 * start-up calibration (200 ping-pongs of 0 bytes, then 200 of 256 KiB)
 * with a barrier because the built-in runtime was seen to delay the
 * program's first sends after it by milliseconds, until the sender's next
 * MPI call.  This is that sequence without the barrier: after the
 * calibration's ping-pongs, rank 0 MPI_Isends one message of each size
 * (eager, 64 KiB, rendezvous; rank 1 is already waiting in MPI_Recv, so a
 * write-request protocol may carry it) and computes SPIN_MS without an MPI
 * call before its MPI_Wait.  The message carries its send time
 * (CLOCK_MONOTONIC: the ranks share one machine); rank 1 must receive it
 * within LATE_MS, half the computation, with the right bytes.  Run at p = 2
 * only (the other ranks of a larger job would just idle).
 */
#include "conf.h"

#include <time.h>

enum { CALIB_REPS = 200, CALIB_BYTES = 262144, TAG = 11 };
#define SPIN_MS 400.0
#define LATE_MS 200.0

static const int sizes_bytes[] = {1024, 65536, 1048576};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The profiler's calibration: reps round trips of n bytes. */
static void pingpong(char *buf, int n, int reps)
{
    for (int r = 0; r < reps; r++) {
        if (conf_rank == 0) {
            MPI_OK(MPI_Send(buf, n, MPI_BYTE, 1, TAG, MPI_COMM_WORLD));
            MPI_OK(MPI_Recv(buf, n, MPI_BYTE, 1, TAG, MPI_COMM_WORLD,
                            MPI_STATUS_IGNORE));
        } else {
            MPI_OK(MPI_Recv(buf, n, MPI_BYTE, 0, TAG, MPI_COMM_WORLD,
                            MPI_STATUS_IGNORE));
            MPI_OK(MPI_Send(buf, n, MPI_BYTE, 0, TAG, MPI_COMM_WORLD));
        }
    }
}

/* One message of n bytes, sent while rank 0 computes. */
static void one_message(char *buf, int n)
{
    double t_sent_ms;
    if (conf_rank == 0) {
        for (int i = 0; i < n; i++)
            buf[i] = (char)conf_byte(0, TAG, (size_t)i);
        MPI_Request req;
        t_sent_ms = now_ms();
        memcpy(buf, &t_sent_ms, sizeof t_sent_ms);
        MPI_OK(MPI_Isend(buf, n, MPI_BYTE, 1, TAG, MPI_COMM_WORLD, &req));
        while (now_ms() < t_sent_ms + SPIN_MS)
            ;
        MPI_OK(MPI_Wait(&req, MPI_STATUS_IGNORE));
    } else {
        MPI_OK(MPI_Recv(buf, n, MPI_BYTE, 0, TAG, MPI_COMM_WORLD,
                        MPI_STATUS_IGNORE));
        double late_ms = now_ms();
        memcpy(&t_sent_ms, buf, sizeof t_sent_ms);
        late_ms -= t_sent_ms;
        CHECK(late_ms < LATE_MS,
              "%d bytes received %.1f ms after the send, while the sender "
              "computed %.0f ms",
              n, late_ms, SPIN_MS);
        for (int i = (int)sizeof t_sent_ms; i < n; i++)
            CHECK(buf[i] == (char)conf_byte(0, TAG, (size_t)i),
                  "%d bytes: byte %d wrong", n, i);
    }
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    CHECK(conf_size == 2, "run with 2 processes, not %d", conf_size);
    char *buf = conf_malloc(1048576);
    memset(buf, 0, 1048576);
    pingpong(buf, 0, CALIB_REPS);
    pingpong(buf, CALIB_BYTES, CALIB_REPS);
    for (size_t i = 0; i < sizeof sizes_bytes / sizeof sizes_bytes[0]; i++)
        one_message(buf, sizes_bytes[i]);
    free(buf);
    return conf_finish("conf_progress");
}
