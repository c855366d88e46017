/* CPU time the hypervisor took from this machine during a launch.
 *
 * On a virtual machine the host can run other guests on "our" CPUs; Linux
 * counts that time as steal in /proc/stat.  Timings taken while a large
 * share is stolen are disturbed in ways no repetition count repairs, so
 * `mpchar run` records the share per launch in meta.json and the report
 * warns about it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "run.h"

int run_cpu_times_read(run_cpu_times *t)
{
    FILE *f = fopen("/proc/stat", "r");
    unsigned long long v[8] = {0};
    int n = 0;
    if (f) {
        n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
                   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
        fclose(f);
    }
    memset(t, 0, sizeof *t);
    if (n != 8)
        return -1; /* not Linux, or a kernel without steal accounting */
    for (int i = 0; i < 8; i++)
        t->total += v[i];
    t->steal = v[7];
    t->valid = true;
    return 0;
}

double run_cpu_steal_pct(const run_cpu_times *before,
                         const run_cpu_times *after)
{
    if (!before->valid || !after->valid || after->total <= before->total)
        return NAN;
    return 100.0 * (double)(after->steal - before->steal) /
           (double)(after->total - before->total);
}
