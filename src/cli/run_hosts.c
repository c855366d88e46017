/* The hosts of a multi-host run (`mpchar run --hosts H1,H2:SLOTS` or
 * --hostfile FILE, one HOST[:SLOTS] a line) and the placement of p
 * processes on them: hosts are filled in order, each up to its slots (as
 * Open MPI's -H and Hydra's -hosts do with those counts), so that 1 slot
 * per host spreads the processes and more slots pack them; `--ppn LIST`
 * runs each p once per processes-per-host cap (seed 000 Section 7's node
 * configurations), each placement named NODESxPPN in the rows.  The same
 * placement is passed to the launcher, written in meta.json and
 * documented in docs/cluster.md.  Before measuring, every host is asked
 * to run `true` through each library's launcher, so that a host that does
 * not answer is reported in one line. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mpchar/measure_defaults.h"
#include "mpchar/parse.h"
#include "run.h"

#define MAX_SLOTS 4096L

/* One "HOST[:SLOTS]" entry; where names the file and line, or the option. */
static int add_host(run_hosts *h, char *entry, const char *where,
                    mpchar_error *err)
{
    char *colon = strchr(entry, ':');
    long slots = 1;
    if (colon) {
        *colon = '\0';
        mpchar_error e;
        if (mpchar_parse_long(colon + 1, 1, MAX_SLOTS, &slots, &e) != 0)
            return mpchar_error_set(err,
                                    "%s: host '%s': slots '%s' is not a "
                                    "whole number from 1 to %ld",
                                    where, entry, colon + 1, MAX_SLOTS);
    }
    if (!mpchar_name_valid(entry) || strpbrk(entry, "@:+"))
        return mpchar_error_set(err,
                                "%s: '%s' is not a host name "
                                "(letters, digits, '.', '_', '-')",
                                where, entry);
    for (size_t i = 0; i < h->count; i++)
        if (strcmp(h->host[i].name, entry) == 0)
            return mpchar_error_set(err, "%s: host '%s' is named twice", where,
                                    entry);
    if (h->count == RUN_HOSTS_MAX)
        return mpchar_error_set(err, "%s: more than %d hosts", where,
                                RUN_HOSTS_MAX);
    run_host *dst = &h->host[h->count++];
    snprintf(dst->name, sizeof dst->name, "%s", entry);
    dst->slots = slots;
    h->slots += slots;
    return 0;
}

static int read_list(const char *list, run_hosts *h, mpchar_error *err)
{
    char copy[RUN_VALUE_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", list);
    if (list[0] == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,"))
        return mpchar_error_set(err, "--hosts: empty host name in '%s'", list);
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save))
        if (add_host(h, t, "--hosts", err) != 0)
            return -1;
    return 0;
}

/* A host file: HOST[:SLOTS] a line; blank lines and # comments skipped. */
static int read_file(const char *path, run_hosts *h, mpchar_error *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return mpchar_error_set(err, "--hostfile: %s: %s", path,
                                strerror(errno));
    char line[512], where[RUN_VALUE_MAX + 32];
    int rc = 0;
    for (long lineno = 1; rc == 0 && fgets(line, sizeof line, f); lineno++) {
        snprintf(where, sizeof where, "%s:%ld", path, lineno);
        if (!strchr(line, '\n') && !feof(f)) { /* not split into two */
            rc = mpchar_error_set(err, "%s: line longer than %zu bytes", where,
                                  sizeof line - 2);
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *word = line + strspn(line, " \t\r\n");
        char *rest = word + strcspn(word, " \t\r\n");
        bool more = rest[strspn(rest, " \t\r\n")] != '\0';
        *rest = '\0';
        if (!word[0])
            continue;
        if (more)
            rc =
                mpchar_error_set(err, "%s: expected HOST[:SLOTS] alone", where);
        else
            rc = add_host(h, word, where, err);
    }
    fclose(f);
    if (rc == 0 && h->count == 0)
        rc = mpchar_error_set(err, "--hostfile: %s names no host", path);
    return rc;
}

/* --ppn LIST: distinct caps from 1, only with hosts. */
static int read_ppn(const run_options *o, run_hosts *h, mpchar_error *err)
{
    const char *text = run_value(o, "ppn");
    long *v = NULL;
    size_t n = 0;
    if (!text[0])
        return 0;
    if (h->count == 0)
        return mpchar_error_set(err, "--ppn places processes on hosts: give "
                                     "--hosts or --hostfile too");
    if (mpchar_parse_int_list(text, 1, MAX_SLOTS, &v, &n, err) != 0)
        return mpchar_error_prefix(err, "--ppn (processes per host from 1)");
    if (n > RUN_PPN_MAX) {
        free(v);
        return mpchar_error_set(err, "--ppn: more than %d values", RUN_PPN_MAX);
    }
    memcpy(h->ppn, v, n * sizeof *v);
    h->nppn = n;
    free(v);
    return 0;
}

int run_hosts_read(const run_options *o, run_hosts *h, mpchar_error *err)
{
    const char *list = run_value(o, "hosts"), *file = run_value(o, "hostfile");
    memset(h, 0, sizeof *h);
    if (list[0] && file[0])
        return mpchar_error_set(err, "--hosts and --hostfile exclude each "
                                     "other: give one");
    if ((list[0] || file[0]) && run_value(o, "launcher")[0])
        return mpchar_error_set(err,
                                "--%s and --launcher exclude each other: "
                                "a launcher template places the processes",
                                list[0] ? "hosts" : "hostfile");
    int rc = list[0]   ? read_list(list, h, err)
             : file[0] ? read_file(file, h, err)
                       : 0;
    return rc != 0 ? rc : read_ppn(o, h, err);
}

static long host_slots(const run_hosts *h, size_t i, long cap)
{
    return cap > 0 && cap < h->host[i].slots ? cap : h->host[i].slots;
}

size_t run_hosts_caps(const run_hosts *h, const long **caps_p)
{
    static const long slots_only = 0;
    *caps_p = h->nppn ? h->ppn : &slots_only;
    return h->nppn ? h->nppn : 1;
}

int run_hosts_check_p(const run_hosts *h, long p, mpchar_error *err)
{
    const long *caps;
    size_t ncaps = run_hosts_caps(h, &caps);
    for (size_t k = 0; h->count > 0 && k < ncaps; k++) {
        long room = 0;
        for (size_t i = 0; i < h->count; i++)
            room += host_slots(h, i, caps[k]);
        if (p > room && caps[k] > 0)
            return mpchar_error_set(err,
                                    "--p %ld is more than the %ld slots of "
                                    "the hosts at --ppn %ld: give more hosts "
                                    "or slots (HOST:SLOTS)",
                                    p, room, caps[k]);
        if (p > room)
            return mpchar_error_set(err,
                                    "--p %ld is more than the %ld slots of "
                                    "the hosts: give hosts more slots "
                                    "(HOST:SLOTS)",
                                    p, room);
    }
    return 0;
}

void run_hosts_place(const run_hosts *h, long p, long *ranks)
{
    for (size_t i = 0; i < h->count; i++) {
        long room = host_slots(h, i, h->cap);
        ranks[i] = p < room ? p : room;
        p -= ranks[i];
    }
}

/* Hosts used and the most processes on one of them. */
static void nodes_ppn(const run_hosts *h, long p, long *nodes, long *ppn)
{
    long ranks[RUN_HOSTS_MAX];
    run_hosts_place(h, p, ranks);
    *nodes = *ppn = 0;
    for (size_t i = 0; i < h->count && ranks[i] > 0; i++) {
        (*nodes)++;
        *ppn = ranks[i] > *ppn ? ranks[i] : *ppn;
    }
}

void run_hosts_placement(const run_hosts *h, long p, char *buf, size_t len)
{
    long nodes, ppn;
    if (h->count == 0) {
        snprintf(buf, len, "%s", MPCHAR_PLACEMENT_NONE);
        return;
    }
    nodes_ppn(h, p, &nodes, &ppn);
    mpchar_placement_name(nodes, ppn, buf, len);
}

void run_hosts_spec(const run_hosts *h, long p, char *buf, size_t len)
{
    long ranks[RUN_HOSTS_MAX];
    size_t used = 0;
    run_hosts_place(h, p, ranks);
    buf[0] = '\0';
    for (size_t i = 0; i < h->count && ranks[i] > 0 && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s:%ld",
                                 used ? "," : "", h->host[i].name, ranks[i]);
}

/* ---- does every host answer? ------------------------------------------ */

#define PROBE_TIMEOUT_S 30

/* The library's launcher runs `true` on one host; a host that does not
 * answer is then named in one line, with the launcher's first words on
 * it, before any measurement starts. */
static int probe_host(const run_library *lib, const char *host,
                      mpchar_error *err)
{
    char cmd[5000], first[256] = "";
    bool openmpi = strcmp(lib->base, "openmpi") == 0;
    snprintf(cmd, sizeof cmd, "timeout %d '%s' -n 1 %s %s %s true 2>&1",
             PROBE_TIMEOUT_S, lib->launcher,
             openmpi && geteuid() == 0 ? "--allow-run-as-root" : "",
             openmpi ? "-H" : "-hosts", host);
    FILE *p = popen(cmd, "r");
    if (!p)
        return mpchar_error_set(err, "cannot start %s", lib->launcher);
    char line[256];
    /* the first line that says something: not a rule of dashes, nor Open
     * MPI's warning that it cannot set a process group in a container */
    while (fgets(line, sizeof line, p))
        if (!first[0] && line[strspn(line, " -\t\r\n")] &&
            !strstr(line, "Warning:")) {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(first, sizeof first, "%s", line);
        }
    int status = pclose(p);
    if (status == 0)
        return 0;
    bool timed_out = WIFEXITED(status) && WEXITSTATUS(status) == 124;
    return mpchar_error_set(
        err, "--hosts: host '%s' does not answer %s%s: %s", host, lib->name,
        timed_out ? " in " MPCHAR_STR(PROBE_TIMEOUT_S) " s" : "",
        first[0] ? first : "no output");
}

int run_hosts_probe(const run_hosts *h, const run_library *libs, size_t nlibs,
                    mpchar_error *err)
{
    for (size_t k = 0; k < nlibs; k++) {
        if (strcmp(libs[k].name, libs[k].base) != 0)
            continue; /* an algorithm variant: its library is probed */
        for (size_t i = 0; i < h->count; i++)
            if (probe_host(&libs[k], h->host[i].name, err) != 0)
                return -1;
    }
    return 0;
}

/* One placement of p processes: the hosts used, the most processes per
 * host, its name and the ranks each host runs. */
static json_t *placement_json(const run_hosts *h, long p)
{
    long ranks[RUN_HOSTS_MAX], nodes, ppn;
    char name[MPCHAR_NAME_MAX];
    json_t *on = json_object();
    run_hosts_place(h, p, ranks);
    for (size_t i = 0; i < h->count && ranks[i] > 0; i++)
        json_object_set_new(on, h->host[i].name, json_integer(ranks[i]));
    nodes_ppn(h, p, &nodes, &ppn);
    run_hosts_placement(h, p, name, sizeof name);
    return json_pack("{s:I, s:I, s:I, s:s, s:o}", "p", (json_int_t)p, "nodes",
                     (json_int_t)nodes, "ppn", (json_int_t)ppn, "placement",
                     name, "ranks_per_host", on);
}

/* meta.json's "placement": the hosts, and per process count (and --ppn)
 * the ranks each host runs, the hosts used and the most processes per
 * host. */
json_t *run_hosts_json(const run_hosts *h, const long *ps, size_t np)
{
    if (h->count == 0)
        return json_null();
    json_t *hosts = json_array(), *per_p = json_array();
    for (size_t i = 0; i < h->count; i++)
        json_array_append_new(hosts,
                              json_pack("{s:s, s:I}", "name", h->host[i].name,
                                        "slots", (json_int_t)h->host[i].slots));
    const long *caps;
    size_t ncaps = run_hosts_caps(h, &caps);
    run_hosts at = *h;
    for (size_t k = 0; k < np; k++)
        for (size_t c = 0; c < ncaps; c++) {
            at.cap = caps[c];
            json_array_append_new(per_p, placement_json(&at, ps[k]));
        }
    return json_pack("{s:o, s:o}", "hosts", hosts, "per_p", per_p);
}
