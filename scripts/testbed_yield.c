/* The test bed's yield for MPICH (scripts/testbed.sh, docs/cluster.md,
 * "MPICH on the bed"): a library preloaded (LD_PRELOAD) into the MPICH
 * processes of a bed host, compiled by `testbed.sh up`.  MPICH over UCX's
 * TCP transport polls its sockets with epoll_wait(fd, ..., 0) and never
 * gives the core away; on the bed the hosts share this machine's cores
 * with the kernel's network work (the shaper's timers, TCP's
 * acknowledgments), which then waits for the spinning rank's time slice
 * to end, a scheduler tick (4 ms here), once or more per large message.
 * After a poll that found nothing this yields the core, as Open MPI does
 * with mpi_yield_when_idle=1.  Nothing else changes: a poll with a
 * timeout, or one that found events, is passed through untouched. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stddef.h>
#include <sys/epoll.h>

typedef int (*epoll_wait_fn)(int, struct epoll_event *, int, int);

int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout)
{
    static epoll_wait_fn real;
    if (!real)
        real = (epoll_wait_fn)dlsym(RTLD_NEXT, "epoll_wait");
    int n = real(epfd, events, maxevents, timeout);
    if (n == 0 && timeout == 0)
        sched_yield();
    return n;
}
