/*
 * Run-time configuration, declared once as a table.
 *
 * Each entry names its environment variable, default and meaning; the same
 * table is printed in docs/runtime.md.  Thresholds come from measurement on
 * the development machine (docs/performance.md) and can be overridden.
 */
#include "rt.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/parse.h"

struct rt_config mpchar__cfg;

enum cfg_type { CFG_SIZE, CFG_COUNT, CFG_MODE, CFG_COPY, CFG_STR };

struct cfg_field {
    const char *env;
    const char *dflt;
    enum cfg_type type;
    size_t offset;
    const char *doc;
};

#define F(env, dflt, type, member, doc)                          \
    {                                                            \
        env, dflt, type, offsetof(struct rt_config, member), doc \
    }
static const struct cfg_field fields[] = {
    F("MPCHAR_RT_MODE", "NSR", CFG_MODE, sr_mode,
      "SR: eager + write requests + rendezvous; NSR: no write requests "
      "(default: measured faster in streams, docs/performance.md)"),
    F("MPCHAR_RT_EAGER_MAX", "16384", CFG_SIZE, eager_max,
      "largest message sent eagerly through the ring, bytes"),
    F("MPCHAR_RT_WRITE_MIN", "16385", CFG_SIZE, write_min,
      "smallest message delivered by process_vm_writev to a write request "
      "(smaller ones travel inline); receives of less capacity issue no write "
      "request"),
    F("MPCHAR_RT_SHARE_MIN", "16385", CFG_SIZE, share_min,
      "smallest message copied by process_vm_readv/writev whose copy the peer "
      "helps with, chunk by chunk, when it is in the library (two ranks "
      "copying at once: 5.9 against 9.5 us at 64 KiB); 0 never shares"),
    F("MPCHAR_RT_LAP", "12288", CFG_SIZE, lap_bytes,
      "ring bytes a sender reuses while the receiver keeps up: past them it "
      "goes back to the ring's start, so that a stream of small messages stays "
      "in the caches (stream 1 KiB: 10.4 against 5.1 GB/s with the whole ring; "
      "laps of 24 KiB lost at 1-2 KiB, docs/performance.md); 0 uses the whole "
      "ring"),
    F("MPCHAR_RT_STREAM_COPY_MIN", "8192", CFG_SIZE, stream_copy_min,
      "smallest payload that, sent while an earlier one is unanswered (a "
      "stream), is copied into the ring with non-temporal stores (4 KiB "
      "streams ran at 12.1 GB/s through the caches against 7.4 with them; 8 "
      "KiB ones at 8.7 against 3.8 GB/s when the machine placed the two ranks "
      "far apart)"),
    F("MPCHAR_RT_FRAG", "32768", CFG_SIZE, frag_bytes,
      "copy-through fragment, bytes"),
    F("MPCHAR_RT_SPIN", "20000", CFG_COUNT, spin_polls,
      "idle polls before a waiting rank starts to yield its CPU (a job with "
      "more ranks than CPUs yields after 256)"),
    F("MPCHAR_RT_COPY", "auto", CFG_COPY, copy_force,
      "auto, cma (process_vm_readv/writev) or copy (copy-through shared "
      "memory)"),
    F("MPCHAR_RT_COUNTERS", "", CFG_STR, counters,
      "write protocol counters at finalize: 'stderr' or a file to append to"),
    F("MPCHAR_RT_BCAST_LONG", "65536", CFG_SIZE, bcast_long,
      "Bcast bytes from which scatter+allgather replaces binomial"),
    F("MPCHAR_RT_BCAST_MIN_PROCS", "3", CFG_COUNT, bcast_min_procs,
      "processes from which Bcast uses scatter+allgather at all (at p = 2 it "
      "moves one send's bytes in two steps: 13.2 against 6.8 us at 64 KiB, "
      "137.5 against 64.3 us at 1 MiB)"),
    F("MPCHAR_RT_REDUCE_LONG", "65536", CFG_SIZE, reduce_long,
      "Reduce bytes from which Rabenseifner replaces binomial"),
    F("MPCHAR_RT_REDUCE_MIN_PROCS", "3", CFG_COUNT, reduce_min_procs,
      "processes from which Reduce uses Rabenseifner at all (at p = 2 its "
      "reduce-scatter and gather move the bytes of binomial's one message in "
      "two steps: 17 against 14 us at 64 KiB, 53 against 44 us at 256 KiB, 132 "
      "against 121 us at 1 MiB)"),
    F("MPCHAR_RT_ALLREDUCE_LONG", "16384", CFG_SIZE, allreduce_long,
      "Allreduce bytes from which reduce-scatter+allgather replaces recursive "
      "doubling"),
    F("MPCHAR_RT_ALLREDUCE_MIN_PROCS", "3", CFG_COUNT, allreduce_min_procs,
      "processes from which Allreduce uses reduce-scatter+allgather at all (at "
      "p = 2 its two half-size exchanges lost to recursive doubling's one: "
      "22.8 against 21.1 us at 64 KiB, 186 against 181 us at 1 MiB, 979 "
      "against 891 us at 4 MiB)"),
    F("MPCHAR_RT_ALLGATHER_LONG", "65536", CFG_SIZE, allgather_long,
      "Allgather total bytes from which ring replaces Bruck"),
    F("MPCHAR_RT_ALLTOALL_LONG", "1024", CFG_SIZE, alltoall_long,
      "Alltoall bytes per block from which pairwise replaces Bruck"),
};
#undef F

static void set_field(const struct cfg_field *f, const char *val)
{
    char *dst = (char *)&mpchar__cfg + f->offset;
    switch (f->type) {
    case CFG_SIZE: {
        uint64_t v;
        mpchar_error err;
        if (mpchar_parse_size(val, &v, &err) != 0)
            mpchar__fatal("%s: %s", f->env, err.msg);
        *(size_t *)dst = (size_t)v;
        break;
    }
    case CFG_COUNT: { /* polls or processes: a plain number, not a size */
        long v;
        mpchar_error err;
        if (mpchar_parse_long(val, 0, INT_MAX, &v, &err) != 0)
            mpchar__fatal("%s: %s", f->env, err.msg);
        *(size_t *)dst = (size_t)v;
        break;
    }
    case CFG_MODE:
        if (strcmp(val, "SR") == 0 || strcmp(val, "sr") == 0)
            *(int *)dst = 1;
        else if (strcmp(val, "NSR") == 0 || strcmp(val, "nsr") == 0)
            *(int *)dst = 0;
        else
            mpchar__fatal("%s=%s: expected SR or NSR", f->env, val);
        break;
    case CFG_COPY:
        if (strcmp(val, "auto") == 0)
            *(int *)dst = -1;
        else if (strcmp(val, "cma") == 0)
            *(int *)dst = RT_COPY_CMA;
        else if (strcmp(val, "copy") == 0)
            *(int *)dst = RT_COPY_THROUGH;
        else
            mpchar__fatal("%s=%s: expected auto, cma or copy", f->env, val);
        break;
    case CFG_STR: *(const char **)dst = val[0] ? val : NULL; break;
    }
}

/* What the launcher sets for each rank, beside the settings above. */
static const char *const launcher_vars[] = {
    "MPCHAR_RT_FD", "MPCHAR_RT_RANK", "MPCHAR_RT_SIZE", "MPCHAR_RT_RING_KIB"};

static int known_var(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strlen(fields[i].env) == len &&
            strncmp(fields[i].env, name, len) == 0)
            return 1;
    for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
        if (strlen(launcher_vars[i]) == len &&
            strncmp(launcher_vars[i], name, len) == 0)
            return 1;
    return 0;
}

/* A misspelt setting would otherwise be ignored without a word. */
static void reject_unknown_vars(void)
{
    extern char **environ;
    for (char **e = environ; *e; e++) {
        const char *eq = strchr(*e, '=');
        size_t len = eq ? (size_t)(eq - *e) : strlen(*e);
        if (strncmp(*e, "MPCHAR_RT_", 10) == 0 && !known_var(*e, len))
            mpchar__fatal("%.*s: not a setting of the runtime (docs/runtime.md "
                          "lists them)",
                          (int)len, *e);
    }
}

void mpchar__config_load(void)
{
    reject_unknown_vars();
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        const char *v = getenv(fields[i].env);
        set_field(&fields[i], v ? v : fields[i].dflt);
    }
    if (mpchar__cfg.frag_bytes < 1024)
        mpchar__cfg.frag_bytes = 1024;
}
