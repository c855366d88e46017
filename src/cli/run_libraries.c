/* The MPI libraries `mpchar run` can launch: those mpchar-bench was built
 * for (libraries.c, generated at configure time) whose program sits beside
 * the mpchar executable, and the command line that launches each: Open
 * MPI's mpirun and MPICH's Hydra take different options, the built-in
 * runtime has mpchar-exec, SimGrid SMPI has smpirun (run_smpi.c), and on
 * clusters srun launches inside a Slurm allocation (run_slurm.c), or a
 * user template such as "srun -n {p}" replaces the others.
 * "all" means the libraries that run on this machine's processes: a
 * simulated one needs a platform, and is named.  The built-in runtime's
 * SR mode is a library of its own, builtin-sr: builtin's programs with
 * MPCHAR_RT_MODE=SR (mpchar/builtin_modes.h); "all" adds it for seed
 * 003's Table 1 only. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wordexp.h>

#include "libraries.h"
#include "mpchar/builtin_modes.h"
#include "mpchar/environ.h"
#include "mpchar/fileio.h"
#include "mpchar/grow.h"
#include "run.h"

static int self_dir(char *buf, size_t len, mpchar_error *err)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n <= 0)
        return mpchar_error_set(err, "cannot find the mpchar executable's "
                                     "directory");
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = '\0';
    return 0;
}

/* The libraries that MPICH's Hydra launches (push_hydra): neither Open
 * MPI, nor the runtime, nor simulated. */
static bool launched_by_hydra(const run_library *lib)
{
    return !lib->simulated && strcmp(lib->base, "openmpi") != 0 &&
           strcmp(lib->base, "builtin") != 0;
}

static const mpchar__built_library *find_built(const char *name)
{
    for (const mpchar__built_library *b = mpchar__built_libraries; b->name; b++)
        if (strcmp(b->name, name) == 0)
            return b;
    return NULL;
}

static void list_built(char *buf, size_t len)
{
    buf[0] = '\0';
    for (const mpchar__built_library *b = mpchar__built_libraries; b->name;
         b++) {
        if (buf[0])
            strncat(buf, ", ", len - strlen(buf) - 1);
        strncat(buf, b->name, len - strlen(buf) - 1);
    }
}

static int add_library(run_library *libs, size_t *count, const char *dir,
                       const char *name, mpchar_error *err)
{
    char known[256];
    const mpchar__built_library *built = find_built(name);
    list_built(known, sizeof known);
    if (!built)
        return mpchar_error_set(err,
                                "--mpi: '%s' is not an MPI library "
                                "this build knows (built for: %s)",
                                name, known);
    for (size_t i = 0; i < *count; i++)
        if (strcmp(libs[i].name, name) == 0)
            return 0;
    run_library *lib = &libs[*count];
    snprintf(lib->name, sizeof lib->name, "%s", name);
    snprintf(lib->base, sizeof lib->base, "%s", name);
    snprintf(lib->bench, sizeof lib->bench, "%s/mpchar-bench-%s", dir, name);
    snprintf(lib->launcher, sizeof lib->launcher, "%s", built->launcher);
    lib->simulated = built->simulated;
    if (launched_by_hydra(lib))
        snprintf(lib->yield_preload, sizeof lib->yield_preload,
                 "%s/../lib/libmpchar-yield.so", dir);
    if (access(lib->bench, X_OK) != 0)
        return mpchar_error_set(err,
                                "MPI library '%s': %s is missing; "
                                "rebuild mpchar",
                                name, lib->bench);
    if (access(lib->launcher, X_OK) != 0)
        return mpchar_error_set(err,
                                "MPI library '%s': its launcher %s is "
                                "missing; run scripts/setup.sh",
                                name, lib->launcher);
    if (lib->yield_preload[0] && access(lib->yield_preload, R_OK) != 0)
        return mpchar_error_set(err, "%s is missing; rebuild mpchar",
                                lib->yield_preload);
    (*count)++;
    return 0;
}

/* builtin-sr: builtin's entry under its own name, in SR mode, measuring
 * `patterns` ("": every one); builtin itself only when named. */
static int add_builtin_sr(run_library *libs, size_t *count, const char *dir,
                          const char *patterns, mpchar_error *err)
{
    if (run_library_find(libs, *count, MPCHAR_BUILTIN_SR))
        return 0;
    run_library sr;
    size_t one = 0;
    memset(&sr, 0, sizeof sr);
    if (add_library(&sr, &one, dir, MPCHAR_BUILTIN, err) != 0)
        return -1;
    snprintf(sr.name, sizeof sr.name, "%s", MPCHAR_BUILTIN_SR);
    snprintf(sr.pattern, sizeof sr.pattern, "%s", patterns);
    snprintf(sr.env[sr.nenv++], sizeof sr.env[0], "%s", MPCHAR_BUILTIN_SR_ENV);
    libs[(*count)++] = sr;
    return 0;
}

static int add_named(run_library *libs, size_t *count, const char *dir,
                     const char *name, mpchar_error *err)
{
    return strcmp(name, MPCHAR_BUILTIN_SR) == 0
               ? add_builtin_sr(libs, count, dir, "", err)
               : add_library(libs, count, dir, name, err);
}

int run_libraries_resolve(const char *spec, run_library **libs_p,
                          size_t *count_p, mpchar_error *err)
{
    char dir[PATH_MAX], copy[RUN_VALUE_MAX];
    size_t nbuilt = 0, count = 0;
    if (self_dir(dir, sizeof dir, err) != 0)
        return -1;
    for (const mpchar__built_library *b = mpchar__built_libraries; b->name; b++)
        nbuilt++;
    run_library *libs = calloc(nbuilt + 2, sizeof *libs); /* + builtin-sr */
    if (!libs)
        return mpchar_error_set(err, "out of memory");
    snprintf(copy, sizeof copy, "%s", spec);
    int rc = 0;
    if (strcmp(spec, "all") == 0) {
        for (const mpchar__built_library *b = mpchar__built_libraries;
             b->name && !rc; b++)
            if (!b->simulated)
                rc = add_library(libs, &count, dir, b->name, err);
        if (!rc && run_library_find(libs, count, MPCHAR_BUILTIN))
            rc = add_builtin_sr(libs, &count, dir,
                                MPCHAR_BUILTIN_SR_ALL_PATTERNS, err);
    } else {
        for (char *t = strtok(copy, ","); t && !rc; t = strtok(NULL, ","))
            rc = add_named(libs, &count, dir, t, err);
    }
    if (rc == 0 && count == 0)
        rc = mpchar_error_set(err, "--mpi: no library named");
    if (rc != 0) {
        free(libs);
        return -1;
    }
    *libs_p = libs;
    *count_p = count;
    return 0;
}

/* Whether the comma list names pattern ("all" names every one). */
static bool lists(const char *list, const char *pattern)
{
    size_t len = strlen(pattern);
    if (strcmp(list, "all") == 0)
        return true;
    for (const char *s = list; *s;) {
        const char *comma = strchr(s, ',');
        size_t n = comma ? (size_t)(comma - s) : strlen(s);
        if (n == len && strncmp(s, pattern, n) == 0)
            return true;
        s += n + (comma != NULL);
    }
    return false;
}

void run_libraries_keep_patterns(run_library *libs, size_t *count_p,
                                 const char *patterns)
{
    size_t kept = 0;
    for (size_t i = 0; i < *count_p; i++)
        if (strcmp(libs[i].name, MPCHAR_BUILTIN_SR) != 0 ||
            !libs[i].pattern[0] || lists(patterns, libs[i].pattern))
            libs[kept++] = libs[i];
    *count_p = kept;
}

/* ---- command lines ---------------------------------------------------- */

void run_args_push(run_args *a, const char *arg)
{
    if (a->failed)
        return;
    char **grown = mpchar_grow(a->v, &a->cap, a->count + 2, sizeof *grown);
    if (!grown) {
        a->failed = true;
        return;
    }
    a->v = grown;
    a->v[a->count] = strdup(arg);
    if (!a->v[a->count])
        a->failed = true;
    else
        a->v[++a->count] = NULL;
}

void run_argv_free(char **argv)
{
    for (char **a = argv; a && *a; a++)
        free(*a);
    free(argv);
}

/* tmpl with every {p} replaced by the process count, before it is split
 * into words: wordexp refuses unquoted braces. */
static int fill_template(const char *tmpl, long p, char *out, size_t len)
{
    size_t o = 0;
    out[0] = '\0';
    while (*tmpl && o < len) {
        if (strncmp(tmpl, "{p}", 3) == 0) {
            o += (size_t)snprintf(out + o, len - o, "%ld", p);
            tmpl += 3;
        } else {
            o += (size_t)snprintf(out + o, len - o, "%c", *tmpl++);
        }
    }
    return o < len ? 0 : -1;
}

static int push_template(run_args *b, const char *tmpl, long p,
                         mpchar_error *err)
{
    char filled[RUN_VALUE_MAX + 256];
    wordexp_t we;
    if (fill_template(tmpl, p, filled, sizeof filled) != 0 ||
        wordexp(filled, &we, WRDE_NOCMD | WRDE_UNDEF) != 0)
        return mpchar_error_set(err,
                                "--launcher: cannot split '%s' into "
                                "words (no command substitution or unset "
                                "variables allowed)",
                                tmpl);
    if (we.we_wordc == 0) {
        wordfree(&we);
        return mpchar_error_set(err, "--launcher: empty template");
    }
    /* a launcher that is not there is refused before anything runs, not
     * found out by every launch of the run */
    char found[PATH_MAX];
    if (mpchar_which(we.we_wordv[0], found, sizeof found) != 0) {
        mpchar_error_set(err,
                         "--launcher: '%s' is not an executable program%s "
                         "(template '%s')",
                         we.we_wordv[0],
                         strchr(we.we_wordv[0], '/') ? "" : " on PATH", tmpl);
        wordfree(&we);
        return -1;
    }
    for (size_t i = 0; i < we.we_wordc; i++)
        run_args_push(b, we.we_wordv[i]);
    wordfree(&we);
    return 0;
}

/* LAUNCHER -n P, the start every library's own launcher shares. */
static void push_launcher_n(run_args *b, const run_library *lib, long p)
{
    char num[32];
    snprintf(num, sizeof num, "%ld", p);
    run_args_push(b, lib->launcher);
    run_args_push(b, "-n");
    run_args_push(b, num);
}

/* Across hosts processes stay unbound: each host's launcher daemon binds
 * as if it had the machine alone, and on the test bed, whose hosts share
 * this machine's cores, every host's first rank would share core 0. */
static void push_openmpi(run_args *b, const run_library *lib, long p, bool over,
                         const char *hosts)
{
    push_launcher_n(b, lib, p);
    if (geteuid() == 0)
        run_args_push(b, "--allow-run-as-root");
    if (hosts[0]) {
        run_args_push(b, "-H");
        run_args_push(b, hosts);
    }
    run_args_push(b, "--bind-to");
    run_args_push(b, over || hosts[0] ? "none" : "core");
    if (over) {
        /* Waiting ranks then yield the CPU instead of spinning. */
        run_args_push(b, "--oversubscribe");
        run_args_push(b, "--mca");
        run_args_push(b, "mpi_yield_when_idle");
        run_args_push(b, "1");
    }
}

/* Oversubscribed, MPICH's ranks get libmpchar-yield.so (src/yield) ahead
 * of any LD_PRELOAD already set: waiting ranks then yield the CPU, as
 * Open MPI's do with mpi_yield_when_idle. */
static void push_hydra_yield(run_args *b, const run_library *lib)
{
    char *preload = mpchar_preload_ahead(lib->yield_preload);
    if (!preload) {
        b->failed = true;
        return;
    }
    run_args_push(b, "-genv");
    run_args_push(b, "LD_PRELOAD");
    run_args_push(b, preload);
    free(preload);
}

static void push_hydra(run_args *b, const run_library *lib, long p, bool over,
                       const char *hosts)
{
    push_launcher_n(b, lib, p);
    if (over && lib->yield_preload[0])
        push_hydra_yield(b, lib);
    if (hosts[0]) {
        run_args_push(b, "-hosts");
        run_args_push(b, hosts);
    } else if (!over) {
        run_args_push(b, "-bind-to");
        run_args_push(b, "core");
    }
}

/* Bound like the other two, so that the three libraries are measured
 * alike. */
static void push_builtin(run_args *b, const run_library *lib, long p, bool over)
{
    push_launcher_n(b, lib, p);
    if (!over)
        run_args_push(b, "--bind");
}

int run_launch_command(const run_library *lib, const char *launcher,
                       const mpchar_sysinfo *sys, const run_hosts *hosts,
                       long p, char *const *bench_args, char ***argv_p,
                       mpchar_error *err)
{
    run_args b = {NULL, 0, 0, false};
    bool over = p > sys->cores;
    char spec[RUN_HOSTS_MAX * (MPCHAR_NAME_MAX + 8)] = "";
    run_hosts_spec(hosts, p, spec, sizeof spec);
    if (spec[0] && strcmp(lib->base, "builtin") == 0)
        return mpchar_error_set(err,
                                "--hosts: the built-in runtime runs on one "
                                "host only; choose --mpi openmpi,mpich");
    if (lib->nenv > 0 && !lib->simulated) {
        /* through env(1), so that meta.json records the settings too */
        run_args_push(&b, "env");
        for (size_t i = 0; i < lib->nenv; i++)
            run_args_push(&b, lib->env[i]);
    }
    if (lib->simulated) {
        run_smpi_push_launcher(&b, lib, p, NULL);
    } else if (lib->srun) {
        run_slurm_push_srun(&b, lib, p);
    } else if (launcher[0]) {
        if (push_template(&b, launcher, p, err) != 0) {
            run_argv_free(b.v);
            return -1;
        }
    } else if (launched_by_hydra(lib)) {
        push_hydra(&b, lib, p, over, spec);
    } else if (strcmp(lib->base, "openmpi") == 0) {
        push_openmpi(&b, lib, p, over, spec);
    } else {
        push_builtin(&b, lib, p, over);
    }
    run_args_push(&b, lib->bench);
    for (char *const *a = bench_args; *a; a++)
        run_args_push(&b, *a);
    if (b.failed) {
        run_argv_free(b.v);
        return mpchar_error_set(err, "out of memory");
    }
    *argv_p = b.v;
    return 0;
}
