/* The environment of the programs mpchar starts: a library preloaded
 * ahead of the user's own preloads (the profiler, MPICH's yield shim). */
#ifndef MPCHAR_ENVIRON_H
#define MPCHAR_ENVIRON_H

/* "preload:<LD_PRELOAD>" (preload alone when LD_PRELOAD is unset or
 * empty), malloc'd; NULL when out of memory.  A preloaded library goes
 * first so that its symbols win over the program's own preloads. */
char *mpchar_preload_ahead(const char *preload);

#endif
