/* The built-in runtime's protocol modes as libraries of the results (seed
 * 003 Section 2.2): "builtin" runs its default, NSR (eager messages
 * only), and "builtin-sr" the SR mode (eager + write requests +
 * rendezvous), set through the environment of its launch.  One spelling
 * for `mpchar run`, `mpchar apps` and the report, which sets the two side
 * by side. */
#ifndef MPCHAR_BUILTIN_MODES_H
#define MPCHAR_BUILTIN_MODES_H

#define MPCHAR_BUILTIN "builtin"
#define MPCHAR_BUILTIN_SR "builtin-sr"
#define MPCHAR_BUILTIN_SR_ENV "MPCHAR_RT_MODE=SR"
/* What `mpchar run --mpi all` measures of builtin-sr: the pattern of seed
 * 003's Table 1 (0-byte round trip, bandwidth at 256 B and 16 KiB); a
 * run that names builtin-sr measures every pattern. */
#define MPCHAR_BUILTIN_SR_ALL_PATTERNS "pingpong"

#endif
