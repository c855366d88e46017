/* libmpchar-yield.so: makes a waiting MPICH rank give its core away, as
 * Open MPI's ranks do with mpi_yield_when_idle=1.  MPICH 4.0 over UCX
 * (Debian's ch4:ucx) polls without ever yielding and has no setting for
 * it (MPIR_CVAR_POLLS_BEFORE_YIELD is ch3's), so when ranks outnumber
 * cores a waiting rank spins through its time slice while the rank it
 * waits for cannot run.  Preloaded (LD_PRELOAD) into MPICH's ranks by
 * `mpchar run` when oversubscribed (run_libraries.c) and by the test
 * bed's remote shell (scripts/testbed.sh), it wraps ucp_worker_progress,
 * which MPICH calls once per poll of its progress loop: after a poll that
 * progressed nothing the rank yields.  Nothing else changes.  A program
 * without UCX never calls it.  Links only libc (docs/timing.md). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>

typedef unsigned (*progress_fn)(void *worker);

/* The UCX prototype takes a ucp_worker_h, an opaque pointer; UCX's
 * headers are not needed for a pass-through. */
unsigned ucp_worker_progress(void *worker);

unsigned ucp_worker_progress(void *worker)
{
    static progress_fn real;
    if (!real)
        real = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
    unsigned progressed = real(worker);
    if (progressed == 0)
        sched_yield();
    return progressed;
}
