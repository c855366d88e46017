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

static json_t *options_json(const run_options *o)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, "
                     "s:s, s:s, s:s, s:s, s:s, s:f, s:b, s:b, s:b, s:b, s:b}",
                     "mpi", o->mpi, "patterns", o->patterns, "p", o->p, "sizes",
                     o->sizes, "max_size", o->max_size, "time_per_point_ms",
                     o->time_per_point_ms, "min_reps", o->min_reps, "max_reps",
                     o->max_reps, "validation_seed", o->validation_seed,
                     "refine", o->refine, "rounds", o->rounds, "level_retries",
                     o->level_retries, "level_wait_s", o->level_wait_s, "sync",
                     o->sync, "launcher", o->launcher, "point_timeout_s",
                     o->point_timeout_s, "quick", o->quick, "check", o->check,
                     "oversubscribe", o->oversubscribe, "raw", o->raw,
                     "rotate_root", o->rotate_root);
}

static json_t *host_json(const mpchar_sysinfo *s)
{
    return json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:s}", "name", s->host,
                     "cpu_model", s->cpu_model, "cores", s->cores,
                     "hardware_threads", s->pus, "packages", s->packages,
                     "numa_nodes", s->numa_nodes, "binding",
                     "one process per core where p <= cores (--bind-to "
                     "core, mpchar-exec --bind), unbound when "
                     "oversubscribed");
}

/* The benchmark's own description of each library (library-<name>.json),
 * embedded as it is. */
static json_t *libraries_json(const run_state *st)
{
    json_t *libs = json_array();
    for (size_t i = 0; i < st->nlibs; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/library-%s.json", st->opt.out,
                 st->libs[i].name);
        json_t *info = json_load_file(path, 0, NULL);
        json_array_append_new(libs, json_pack("{s:s, s:s, s:s, s:o}", "name",
                                              st->libs[i].name, "bench",
                                              st->libs[i].bench, "launcher",
                                              st->libs[i].launcher, "info",
                                              info ? info : json_null()));
    }
    return libs;
}

static void utc_now(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int run_meta_write(const run_state *st, const char *status, mpchar_error *err)
{
    char updated[32], path[4200], tmp[4300];
    utc_now(updated, sizeof updated);
    json_t *ps = json_array();
    for (size_t i = 0; i < st->np; i++)
        json_array_append_new(ps, json_integer(st->ps[i]));
    json_t *root = json_pack(
        "{s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:O, s:o, s:I, "
        "s:{s:I, s:I, s:I}}",
        "schema", META_SCHEMA, "mpchar_version", MPCHAR_VERSION,
        "mpchar_git_revision", MPCHAR_GIT_REVISION, "created_utc",
        st->created_utc, "updated_utc", updated, "status", status, "host",
        host_json(&st->sys), "options", options_json(&st->opt),
        "process_counts", ps, "launches", st->launches, "libraries",
        libraries_json(st), "validation_seed",
        (json_int_t)strtoll(st->opt.validation_seed, NULL, 10), "points",
        "planned", (json_int_t)st->total, "measured", (json_int_t)st->done,
        "failed", (json_int_t)st->failed);
    if (!root)
        return mpchar_error_set(err, "cannot build meta.json");
    snprintf(path, sizeof path, "%s/%s", st->opt.out, MPCHAR_META_FILE);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int rc = json_dump_file(root, tmp, JSON_INDENT(2) | JSON_SORT_KEYS);
    json_decref(root);
    if (rc != 0 || rename(tmp, path) != 0)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    return 0;
}

static int copy_string(json_t *obj, const char *key, char *dst, size_t len,
                       const char *path, mpchar_error *err)
{
    const char *v = json_string_value(json_object_get(obj, key));
    if (!v || strlen(v) >= len)
        return mpchar_error_set(err,
                                "%s: field 'options.%s' is missing or "
                                "not a string",
                                path, key);
    strcpy(dst, v);
    return 0;
}

static int copy_bool(json_t *obj, const char *key, bool *dst, const char *path,
                     mpchar_error *err)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_boolean(v))
        return mpchar_error_set(err,
                                "%s: field 'options.%s' is missing or "
                                "not true/false",
                                path, key);
    *dst = json_is_true(v);
    return 0;
}

/* An option that runs of earlier versions did not record: they ran as
 * `before` says. */
static int copy_later_string(json_t *o, const char *name, char *dst, size_t len,
                             const char *before, const char *path,
                             mpchar_error *err)
{
    if (!json_object_get(o, name)) {
        snprintf(dst, len, "%s", before);
        return 0;
    }
    return copy_string(o, name, dst, len, path, err);
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
    else if (copy_string(o, "mpi", opt->mpi, sizeof opt->mpi, path, err) ||
             copy_string(o, "patterns", opt->patterns, sizeof opt->patterns,
                         path, err) ||
             copy_string(o, "p", opt->p, sizeof opt->p, path, err) ||
             copy_string(o, "sizes", opt->sizes, sizeof opt->sizes, path,
                         err) ||
             copy_string(o, "max_size", opt->max_size, sizeof opt->max_size,
                         path, err) ||
             copy_string(o, "time_per_point_ms", opt->time_per_point_ms,
                         sizeof opt->time_per_point_ms, path, err) ||
             copy_string(o, "min_reps", opt->min_reps, sizeof opt->min_reps,
                         path, err) ||
             copy_string(o, "max_reps", opt->max_reps, sizeof opt->max_reps,
                         path, err) ||
             copy_string(o, "validation_seed", opt->validation_seed,
                         sizeof opt->validation_seed, path, err) ||
             copy_string(o, "launcher", opt->launcher, sizeof opt->launcher,
                         path, err) ||
             copy_later_string(o, "refine", opt->refine, sizeof opt->refine,
                               "0", path, err) ||
             copy_later_string(o, "rounds", opt->rounds, sizeof opt->rounds,
                               "1", path, err) ||
             copy_later_string(o, "level_retries", opt->level_retries,
                               sizeof opt->level_retries, "0", path, err) ||
             copy_later_string(o, "level_wait_s", opt->level_wait_s,
                               sizeof opt->level_wait_s, "0", path, err) ||
             copy_later_string(o, "sync", opt->sync, sizeof opt->sync,
                               "barrier", path, err) ||
             copy_bool(o, "quick", &opt->quick, path, err) ||
             copy_bool(o, "check", &opt->check, path, err) ||
             copy_bool(o, "oversubscribe", &opt->oversubscribe, path, err) ||
             copy_bool(o, "raw", &opt->raw, path, err) ||
             copy_bool(o, "rotate_root", &opt->rotate_root, path, err))
        rc = -1;
    json_t *timeout = json_object_get(o, "point_timeout_s");
    if (rc == 0 &&
        (!json_is_number(timeout) || json_number_value(timeout) <= 0))
        rc = mpchar_error_set(err,
                              "%s: field 'options.point_timeout_s' is "
                              "not a positive number",
                              path);
    if (rc == 0)
        opt->point_timeout_s = json_number_value(timeout);
    json_decref(root);
    return rc;
}
