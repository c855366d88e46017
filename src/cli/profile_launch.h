/* Running a program under the profiler for `mpchar profile`: which MPI
 * library the launcher starts, where its libmpchar-prof is, and the run
 * itself with LD_PRELOAD and MPCHAR_PROF_DIR set. */
#ifndef MPCHAR_CLI_PROFILE_LAUNCH_H
#define MPCHAR_CLI_PROFILE_LAUNCH_H

#include <stddef.h>

#include "mpchar/error.h"

/* The library whose launcher argv0 is (after following symbolic links),
 * or `mpi` when given; fails naming the launcher when it is not found or
 * matches no library of this build. */
int profile_pick_library(const char *mpi, const char *argv0, char *out,
                         size_t len, mpchar_error *err);

/* Path of libmpchar-prof-<library>.so beside this mpchar (../lib). */
int profile_library_path(const char *library, char *out, size_t len,
                         mpchar_error *err);

/* Sets this process's environment so that programs it starts run under
 * the profiler: preload before any LD_PRELOAD already set, and
 * MPCHAR_PROF_DIR=dir.  Returns -1 (err set) when out of memory. */
int profile_env_set(const char *preload, const char *dir, mpchar_error *err);

/* Runs argv with the profiler preloaded, writing into dir; returns the
 * program's exit status (128 + signal when killed), or -1 (err set). */
int profile_launch(char **argv, const char *preload, const char *dir,
                   mpchar_error *err);

#endif
