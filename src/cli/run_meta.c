/* meta.json of a results directory: what ran where, with which options,
 * launch by launch.  Written at the start of a run, after every launch
 * and at the end, each time atomically (temporary file, then rename), so
 * a killed run leaves a readable description behind and `--resume` can
 * repeat the run's options exactly. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mpchar/results.h"
#include "mpchar/version.h"
#include "run.h"

#define META_SCHEMA "mpchar-meta/1"

extern char **environ;

static json_t *host_json(const mpchar_sysinfo *s)
{
    return json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:s}", "name", s->host,
                     "cpu_model", s->cpu_model, "cores", s->cores,
                     "hardware_threads", s->pus, "packages", s->packages,
                     "numa_nodes", s->numa_nodes, "binding",
                     "one process per core where p <= cores (--bind-to "
                     "core, mpchar-exec --bind), unbound when "
                     "oversubscribed; simulated libraries (meta.json's "
                     "simulation) share no core");
}

/* What started a library's processes: srun inside a Slurm allocation,
 * the user's --launcher template, the simulator, or its own launcher. */
static const char *launched_with(const run_state *st, const run_library *lib)
{
    return lib->srun         ? "srun"
           : lib->simulated  ? "simulator"
           : st->launcher[0] ? "template"
                             : "own";
}

/* The benchmark's own description of each library (library-<name>.json),
 * embedded as it is. */
static json_t *libraries_json(const run_state *st)
{
    json_t *libs = json_array();
    for (size_t i = 0; i < st->nlibs; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/library-%s.json", st->out,
                 st->libs[i].name);
        json_t *info = json_load_file(path, 0, NULL);
        json_array_append_new(
            libs, json_pack("{s:s, s:s, s:s, s:s, s:o}", "name",
                            st->libs[i].name, "bench", st->libs[i].bench,
                            "launcher", st->libs[i].launcher, "launched_with",
                            launched_with(st, &st->libs[i]), "info",
                            info ? info : json_null()));
    }
    return libs;
}

/* The environment variables that steer the libraries' launchers and
 * transports (the test bed's choices, docs/cluster.md), as they were. */
static json_t *mpi_environment_json(void)
{
    static const char *const prefixes[] = {"OMPI_MCA_", "HYDRA_", "UCX_", "FI_",
                                           "MPIR_CVAR_"};
    json_t *env = json_object();
    for (char **e = environ; *e; e++) {
        const char *eq = strchr(*e, '=');
        for (size_t i = 0; eq && i < sizeof prefixes / sizeof prefixes[0]; i++)
            if (strncmp(*e, prefixes[i], strlen(prefixes[i])) == 0) {
                char name[256];
                snprintf(name, sizeof name, "%.*s", (int)(eq - *e), *e);
                json_object_set_new(env, name, json_string(eq + 1));
            }
    }
    return env;
}

void run_utc_now(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* What became of p above the cores on this machine: measured
 * oversubscribed (not real timings), or left out, as by default and by
 * --quick (docs/timing.md, Stopping rule); null where processes do not
 * share this machine's cores (a --launcher, a simulated library). */
static json_t *p_above_cores_json(const run_state *st)
{
    bool real = false;
    for (size_t i = 0; i < st->nlibs; i++)
        real = real || !st->libs[i].simulated;
    if (!real || (st->launcher && st->launcher[0]) || st->np == 0)
        return json_null();
    return json_string(st->ps[st->np - 1] > st->sys.cores ? "oversubscribed"
                                                          : "left out");
}

int run_meta_write(const run_state *st, const char *status, mpchar_error *err)
{
    char updated[32], path[4200], tmp[4300];
    run_utc_now(updated, sizeof updated);
    json_t *ps = json_array();
    for (size_t i = 0; i < st->np; i++)
        json_array_append_new(ps, json_integer(st->ps[i]));
    json_t *root = json_pack(
        "{s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:O, s:o, s:I, "
        "s:{s:I, s:I, s:I}, s:o, s:o}",
        "schema", META_SCHEMA, "mpchar_version", MPCHAR_VERSION,
        "mpchar_git_revision", MPCHAR_GIT_REVISION, "created_utc",
        st->created_utc, "updated_utc", updated, "status", status, "host",
        host_json(&st->sys), "options", run_options_json(&st->opt),
        "process_counts", ps, "launches", st->launches, "libraries",
        libraries_json(st), "validation_seed",
        (json_int_t)strtoll(run_value(&st->opt, "validation-seed"), NULL, 10),
        "points", "planned", (json_int_t)st->total, "measured",
        (json_int_t)st->done, "failed", (json_int_t)st->failed, "placement",
        run_hosts_json(&st->hosts, st->ps, st->np), "mpi_environment",
        mpi_environment_json());
    if (!root)
        return mpchar_error_set(err, "cannot build meta.json");
    json_object_set_new(root, "slurm",
                        run_slurm_json(&st->slurm, st->libs, st->nlibs));
    json_object_set_new(root, "p_above_cores", p_above_cores_json(st));
    json_t *sim = run_smpi_meta_json(st);
    if (sim)
        json_object_set_new(root, "simulation", sim);
    snprintf(path, sizeof path, "%s/%s", st->out, MPCHAR_META_FILE);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int rc = json_dump_file(root, tmp, JSON_INDENT(2) | JSON_SORT_KEYS);
    json_decref(root);
    if (rc != 0 || rename(tmp, path) != 0)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    return 0;
}

int run_meta_read_options(const char *dir, run_options *opt, mpchar_error *err)
{
    char path[4200];
    json_error_t jerr;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_META_FILE);
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root)
        return mpchar_error_set(err,
                                "%s:%d: not a results directory's "
                                "meta.json: %s",
                                path, jerr.line, jerr.text);
    const char *schema = json_string_value(json_object_get(root, "schema"));
    json_t *o = json_object_get(root, "options");
    int rc = 0;
    if (!schema || strcmp(schema, META_SCHEMA) != 0)
        rc = mpchar_error_set(err, "%s: field 'schema' is not '%s'", path,
                              META_SCHEMA);
    else if (!json_is_object(o))
        rc = mpchar_error_set(err, "%s: field 'options' is missing", path);
    else
        rc = run_options_from_json(o, path, opt, err);
    json_decref(root);
    return rc;
}
