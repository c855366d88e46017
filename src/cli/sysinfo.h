/* What this machine is, from hwloc: host name, CPU model, cores. */
#ifndef MPCHAR_CLI_SYSINFO_H
#define MPCHAR_CLI_SYSINFO_H

typedef struct mpchar_sysinfo {
    char host[256];
    char cpu_model[256];
    int cores; /* physical cores */
    int pus;   /* hardware threads */
    int packages;
    int numa_nodes;
} mpchar_sysinfo;

int mpchar_sysinfo_read(mpchar_sysinfo *info);

#endif
