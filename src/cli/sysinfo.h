/* What this machine is, from hwloc: host name, CPU model, cores. */
#ifndef MPCHAR_CLI_SYSINFO_H
#define MPCHAR_CLI_SYSINFO_H

#include "mpchar/error.h"

typedef struct mpchar_sysinfo {
    char host[256];
    char cpu_model[256];
    int cores; /* physical cores */
    int pus;   /* hardware threads */
    int packages;
    int numa_nodes;
} mpchar_sysinfo;

int mpchar_sysinfo_read(mpchar_sysinfo *info);

/* Refuses p processes above the cores when this process runs under a
 * real-time policy (chrt), which its launches inherit: a waiting rank
 * that keeps its core can starve the rank it waits for for good
 * (docs/apps.md, "Measured"). */
int mpchar_sysinfo_check_realtime(const mpchar_sysinfo *info, long p,
                                  mpchar_error *err);

#endif
