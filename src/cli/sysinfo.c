/* Machine description through hwloc, for meta.json and for the default
 * process counts (every p from 2 up to the number of physical cores). */
#include "sysinfo.h"

#include <hwloc.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int count_type(hwloc_topology_t topo, hwloc_obj_type_t type)
{
    int n = hwloc_get_nbobjs_by_type(topo, type);
    return n > 0 ? n : 0;
}

int mpchar_sysinfo_read(mpchar_sysinfo *info)
{
    memset(info, 0, sizeof *info);
    if (gethostname(info->host, sizeof info->host - 1) != 0)
        strcpy(info->host, "unknown");
    strcpy(info->cpu_model, "unknown");
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) != 0)
        return -1;
    if (hwloc_topology_load(topo) != 0) {
        hwloc_topology_destroy(topo);
        return -1;
    }
    info->cores = count_type(topo, HWLOC_OBJ_CORE);
    info->pus = count_type(topo, HWLOC_OBJ_PU);
    info->packages = count_type(topo, HWLOC_OBJ_PACKAGE);
    info->numa_nodes = count_type(topo, HWLOC_OBJ_NUMANODE);
    if (info->cores == 0)
        info->cores = info->pus;
    hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
    const char *model =
        pkg ? hwloc_obj_get_info_by_name(pkg, "CPUModel") : NULL;
    if (model)
        snprintf(info->cpu_model, sizeof info->cpu_model, "%s", model);
    hwloc_topology_destroy(topo);
    return 0;
}

int mpchar_sysinfo_check_realtime(const mpchar_sysinfo *info, long p,
                                  mpchar_error *err)
{
    int policy = sched_getscheduler(0);
    if (p <= info->cores || (policy != SCHED_FIFO && policy != SCHED_RR))
        return 0;
    return mpchar_error_set(
        err,
        "--p %ld is more than the %d cores, under real-time scheduling "
        "(%s, as from chrt) that the ranks inherit: a waiting rank keeps "
        "its core and the rank it waits for may never run; run p up to %d "
        "under chrt and the rest without it",
        p, info->cores, policy == SCHED_FIFO ? "SCHED_FIFO" : "SCHED_RR",
        info->cores);
}
