/*
 * Seed 004's XFER_BEGIN/XFER_END from inside the runtime, for a profiler
 * (libmpchar-prof-builtin, src/prof): the real begin and end of each copy
 * that moves a message between two processes (cross-memory attach: the
 * receiver's rendezvous read, the sender's remote write; the receiver's
 * copy of an eager message out of the ring), which the other process of
 * the message cannot see.  A profiler sets mpchar_rt_xfer_hook;
 * unset, the cost is one load and a branch per copy.
 */
#ifndef MPCHAR_RT_XFER_HOOK_H
#define MPCHAR_RT_XFER_HOOK_H

#include <stddef.h>

/* begin: 1 before the copy, 0 after; peer_world: the other process of
 * the message (whose message this copy moves); bytes: the copy's. */
typedef void (*mpchar_rt_xfer_fn)(int begin, int peer_world, size_t bytes);
extern mpchar_rt_xfer_fn mpchar_rt_xfer_hook;

static inline void mpchar__xfer(int begin, int peer_world, size_t bytes)
{
    mpchar_rt_xfer_fn f = mpchar_rt_xfer_hook;
    if (__builtin_expect(f != NULL, 0))
        f(begin, peer_world, bytes);
}

#endif
