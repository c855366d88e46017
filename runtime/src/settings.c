/*
 * The runtime's settings, declared once as a table.
 *
 * Each entry names an MPCHAR_RT_* environment variable, its default, the
 * kind of value it takes, who reads it and what it means.  The library
 * loads its entries into mpchar__cfg at start-up (config.c); mpchar-exec
 * checks them all before it launches, reads the ring size and prints the
 * whole table (--settings), which docs/runtime.md copies and the test
 * runtime.settings compares.  The measurements behind the defaults are in
 * docs/performance.md.
 */
#include "rt.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mpchar/parse.h"

const struct rt_setting mpchar__settings[] = {
    {.env = "MPCHAR_RT_MODE",
     .dflt = "NSR",
     .type = SET_MODE,
     .offset = offsetof(struct rt_config, sr_mode),
     .doc = "SR: eager + write requests + rendezvous; NSR: no write requests "
            "(the default: in streams write requests go stale and lower the "
            "bandwidth, docs/performance.md)"},
    {.env = "MPCHAR_RT_EAGER_MAX",
     .dflt = "65536",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, eager_max),
     .doc = "largest message sent eagerly through the ring, bytes, at most "
            "half the ring (larger ones go by single copy, "
            "docs/performance.md)"},
    {.env = "MPCHAR_RT_EAGER_TUNE",
     .dflt = "1",
     .type = SET_COUNT,
     .max = 1,
     .offset = offsetof(struct rt_config, eager_tune),
     .doc = "1: unless MPCHAR_RT_EAGER_MAX is set, MPI_Init times "
            "exchanges and streams of 8-64 KiB through the ring and by "
            "single copy (ranks 0 and 1, with a CPU each; NSR mode) and "
            "lowers point-to-point's eager limit and the collectives' to "
            "where single copy wins by their rules (docs/runtime.md, "
            "\"Eager\"); 0: the limits as set"},
    {.env = "MPCHAR_RT_WRITE_MIN",
     .dflt = "65537",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, write_min),
     .doc = "smallest message delivered by process_vm_writev to a write "
            "request (smaller ones travel inline); receives of less capacity "
            "issue no write request"},
    {.env = "MPCHAR_RT_SHARE_MIN",
     .dflt = "16385",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, share_min),
     .doc = "smallest message copied by process_vm_readv/writev whose copy "
            "the peer helps with, chunk by chunk, when it is in the library "
            "(one rank's copy does not use the memory bandwidth, "
            "docs/performance.md); 0 never shares"},
    {.env = "MPCHAR_RT_LAP",
     .dflt = "12288",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, lap_bytes),
     .doc = "ring bytes a sender reuses while the receiver keeps up: past "
            "them it goes back to the ring's start, so that a stream of small "
            "messages stays in the caches (docs/performance.md); 0 uses the "
            "whole ring"},
    {.env = "MPCHAR_RT_STREAM_COPY_MIN",
     .dflt = "16384",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, stream_copy_min),
     .doc = "smallest payload that, sent while an earlier one is unanswered "
            "(a stream), is copied into the ring with non-temporal stores "
            "(smaller ones stay in the lap's cached lines, where normal stores "
            "win, docs/performance.md)"},
    {.env = "MPCHAR_RT_PIPE",
     .dflt = "4096",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, pipe_bytes),
     .doc = "smallest chunk, bytes (rounded up to 64), in which a sender "
            "publishes a lone eager payload, in at most 4 chunks: the "
            "receiver copies a chunk out while the sender copies the next in, "
            "when every rank has a CPU (docs/performance.md); 0 publishes "
            "payloads whole"},
    {.env = "MPCHAR_RT_COPY_PIECE",
     .dflt = "262144",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, copy_piece),
     .doc = "largest piece of one memcpy in a copy within a process (a "
            "message to itself, a collective's own block): glibc's memcpy is "
            "15-45% slower from the L2 cache's size on, 1 MiB here "
            "(docs/performance.md); 0 copies in one piece"},
    {.env = "MPCHAR_RT_FRAG",
     .dflt = "32768",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, frag_bytes),
     .doc = "copy-through fragment, bytes (1024 at least)"},
    {.env = "MPCHAR_RT_SPIN",
     .dflt = "20000",
     .type = SET_COUNT,
     .max = INT_MAX,
     .offset = offsetof(struct rt_config, spin_polls),
     .doc = "idle polls before a waiting rank starts to yield its CPU (a job "
            "with more ranks than CPUs yields after 256)"},
    {.env = "MPCHAR_RT_COPY",
     .dflt = "auto",
     .type = SET_COPY,
     .offset = offsetof(struct rt_config, copy_force),
     .doc = "auto, cma (process_vm_readv/writev) or copy (copy-through shared "
            "memory)"},
    {.env = "MPCHAR_RT_COUNTERS",
     .dflt = "",
     .type = SET_TEXT,
     .offset = offsetof(struct rt_config, counters),
     .doc = "write protocol counters at finalize: 'stderr' or a file to "
            "append to"},
    {.env = "MPCHAR_RT_BCAST_LONG",
     .dflt = "65536",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, bcast_long),
     .doc = "Bcast bytes from which scatter+allgather replaces binomial"},
    {.env = "MPCHAR_RT_BCAST_MIN_PROCS",
     .dflt = "3",
     .type = SET_COUNT,
     .max = INT_MAX,
     .offset = offsetof(struct rt_config, bcast_min_procs),
     .doc = "processes from which Bcast uses scatter+allgather at all (at p "
            "= 2 it moves one send's bytes in two steps and loses, "
            "docs/performance.md)"},
    {.env = "MPCHAR_RT_REDUCE_LONG",
     .dflt = "65536",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, reduce_long),
     .doc = "Reduce bytes from which Rabenseifner replaces binomial"},
    {.env = "MPCHAR_RT_REDUCE_MIN_PROCS",
     .dflt = "3",
     .type = SET_COUNT,
     .max = INT_MAX,
     .offset = offsetof(struct rt_config, reduce_min_procs),
     .doc = "processes from which Reduce uses Rabenseifner at all (at p = 2 "
            "its reduce-scatter and gather move the bytes of binomial's one "
            "message in two steps and lose, docs/performance.md)"},
    {.env = "MPCHAR_RT_ALLREDUCE_LONG",
     .dflt = "16384",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, allreduce_long),
     .doc = "Allreduce bytes from which reduce-scatter+allgather replaces "
            "recursive doubling"},
    {.env = "MPCHAR_RT_ALLREDUCE_MIN_PROCS",
     .dflt = "3",
     .type = SET_COUNT,
     .max = INT_MAX,
     .offset = offsetof(struct rt_config, allreduce_min_procs),
     .doc = "processes from which Allreduce uses reduce-scatter+allgather at "
            "all (at p = 2 its two half-size exchanges lose to recursive "
            "doubling's one, docs/performance.md)"},
    {.env = "MPCHAR_RT_PAIR_SPLIT_MIN",
     .dflt = "262144",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, pair_split_min),
     .doc = "Reduce and Allreduce bytes from which two processes each "
            "combine half, reading and writing each other's buffers with "
            "process_vm_readv/writev (p = 2, commutative operations, "
            "contiguous types; docs/performance.md); 0 never"},
    {.env = "MPCHAR_RT_ALLGATHER_LONG",
     .dflt = "65536",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, allgather_long),
     .doc = "Allgather total bytes from which ring replaces Bruck (below p = 4 "
            "always ring: Bruck saves no step there)"},
    {.env = "MPCHAR_RT_ALLTOALL_LONG",
     .dflt = "1024",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, alltoall_long),
     .doc = "Alltoall bytes per block from which pairwise replaces Bruck"},
    {.env = "MPCHAR_RT_HEAP_KEEP",
     .dflt = "64M",
     .type = SET_SIZE,
     .offset = offsetof(struct rt_config, heap_keep),
     .doc = "freed memory malloc keeps for reuse instead of returning it to "
            "the kernel (M_TRIM_THRESHOLD; blocks below half of it, at most "
            "32 MiB, come from the heap), so that buffers allocated per "
            "exchange do not fault in again (docs/performance.md); 0 leaves "
            "malloc's policy, as do MALLOC_*_THRESHOLD_ and GLIBC_TUNABLES"},
    {.env = "MPCHAR_RT_HUGE_PAGES",
     .dflt = "1",
     .type = SET_COUNT,
     .max = 1,
     .offset = offsetof(struct rt_config, huge_pages),
     .doc = "1: large buffers on transparent huge pages where the kernel "
            "allows them (madvise or always): MPI_Init marks the heap that "
            "MPCHAR_RT_HEAP_KEEP keeps, and mpchar-exec gives the ranks "
            "glibc.malloc.hugetlb=1 for blocks malloc maps apart; a single "
            "copy between 4 KiB pages took twice as long "
            "(docs/performance.md); 0: malloc's pages"},
    {.env = "MPCHAR_RT_RING_KIB",
     .dflt = "0",
     .type = SET_COUNT,
     .min = 8,
     .max = 4096,
     .zero_auto = 1,
     .offset = offsetof(struct rt_config, ring_kib),
     .doc = "ring per ordered pair of ranks, KiB; 0: 16 MiB over p^2, from "
            "128 to 1024 (a stream's window of 64 messages of 8 KiB needs "
            "528 KiB, docs/performance.md) (read by mpchar-exec)"},
};

const size_t mpchar__nsettings =
    sizeof mpchar__settings / sizeof mpchar__settings[0];

const struct rt_setting *mpchar__setting(const char *name, size_t len)
{
    for (size_t i = 0; i < mpchar__nsettings; i++)
        if (strlen(mpchar__settings[i].env) == len &&
            strncmp(mpchar__settings[i].env, name, len) == 0)
            return &mpchar__settings[i];
    return NULL;
}

const char *mpchar__setting_value(const struct rt_setting *s)
{
    const char *v = getenv(s->env);
    return v ? v : s->dflt;
}

/* What the launcher sets for each rank, beside the settings. */
static const char *const launcher_vars[] = {"MPCHAR_RT_FD", "MPCHAR_RT_RANK",
                                            "MPCHAR_RT_SIZE"};

static int known_var(const char *name, size_t len)
{
    if (mpchar__setting(name, len))
        return 1;
    for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
        if (strlen(launcher_vars[i]) == len &&
            strncmp(launcher_vars[i], name, len) == 0)
            return 1;
    return 0;
}

/* A misspelt setting would otherwise be ignored without a word. */
static int check_names(mpchar_error *err)
{
    extern char **environ;
    for (char **e = environ; *e; e++) {
        const char *eq = strchr(*e, '=');
        size_t len = eq ? (size_t)(eq - *e) : strlen(*e);
        if (strncmp(*e, "MPCHAR_RT_", 10) == 0 && !known_var(*e, len))
            return mpchar_error_set(err,
                                    "%.*s: not a setting of the runtime "
                                    "(mpchar-exec --settings lists them)",
                                    (int)len, *e);
    }
    return 0;
}

int mpchar__settings_load(struct rt_config *cfg, mpchar_error *err)
{
    if (check_names(err) != 0)
        return -1;
    for (size_t i = 0; i < mpchar__nsettings; i++) {
        const struct rt_setting *s = &mpchar__settings[i];
        if (mpchar__setting_parse(s, mpchar__setting_value(s),
                                  (char *)cfg + s->offset, err) != 0)
            return -1;
    }
    return 0;
}

/* The words a mode or copy setting takes (in any case), and their values. */
struct word {
    const char *word;
    int value;
};
static const struct word mode_words[] = {{"SR", 1}, {"NSR", 0}, {NULL, 0}};
static const struct word copy_words[] = {
    {"auto", -1}, {"cma", RT_COPY_CMA}, {"copy", RT_COPY_THROUGH}, {NULL, 0}};

static const struct word *words_of(enum rt_setting_type type)
{
    return type == SET_MODE ? mode_words : type == SET_COPY ? copy_words : NULL;
}

/* "SR or NSR", "auto, cma or copy": for --settings and for errors. */
static const char *word_list(const struct word *w, char *buf, size_t cap)
{
    size_t off = 0;
    for (size_t i = 0; w[i].word && off < cap; i++)
        off += (size_t)snprintf(buf + off, cap - off, "%s%s",
                                i == 0          ? ""
                                : w[i + 1].word ? ", "
                                                : " or ",
                                w[i].word);
    return buf;
}

/* The values a setting takes, as --settings prints them. */
static const char *values_of(const struct rt_setting *s, char *buf, size_t cap)
{
    switch (s->type) {
    case SET_SIZE: return "size";
    case SET_COUNT:
        if (s->min == 0 && s->max == INT_MAX)
            return "count";
        snprintf(buf, cap, "count, %s%ld to %ld", s->zero_auto ? "0 or " : "",
                 s->min, s->max);
        return buf;
    case SET_MODE:
    case SET_COPY: return word_list(words_of(s->type), buf, cap);
    case SET_TEXT: return "text";
    }
    return "";
}

int mpchar__setting_parse(const struct rt_setting *s, const char *val,
                          void *dst, mpchar_error *err)
{
    switch (s->type) {
    case SET_SIZE: {
        uint64_t v;
        if (mpchar_parse_size(val, &v, err) != 0)
            return mpchar_error_prefix(err, "%s", s->env);
        *(size_t *)dst = (size_t)v;
        return 0;
    }
    case SET_COUNT: { /* polls, processes or KiB: a plain number */
        long v = 0;
        int auto_value = s->zero_auto && strcmp(val, "0") == 0;
        if (!auto_value &&
            mpchar_parse_long(val, s->min, s->max, &v, err) != 0) {
            mpchar_error_prefix(err, "%s", s->env);
            if (s->zero_auto) { /* say 0 is taken too, as the table does */
                char why[sizeof err->msg];
                snprintf(why, sizeof why, "%s", err->msg);
                return mpchar_error_set(err, "%s; or 0, set by p", why);
            }
            return -1;
        }
        *(size_t *)dst = (size_t)v;
        return 0;
    }
    case SET_MODE:
    case SET_COPY:
        for (const struct word *w = words_of(s->type); w->word; w++)
            if (strcasecmp(val, w->word) == 0) {
                *(int *)dst = w->value;
                return 0;
            }
        char buf[64];
        return mpchar_error_set(err, "%s=%s: expected %s", s->env, val,
                                word_list(words_of(s->type), buf, sizeof buf));
    case SET_TEXT: *(const char **)dst = val[0] ? val : NULL; return 0;
    }
    return mpchar_error_set(err, "%s: unknown kind of setting", s->env);
}

void mpchar__settings_print(FILE *out)
{
    fputs("| variable | default | values | meaning |\n|---|---|---|---|\n",
          out);
    for (size_t i = 0; i < mpchar__nsettings; i++) {
        const struct rt_setting *s = &mpchar__settings[i];
        char buf[64];
        fprintf(out, "| %s | %s | %s | %s |\n", s->env,
                s->dflt[0] ? s->dflt : "(unset)", values_of(s, buf, sizeof buf),
                s->doc);
    }
}
