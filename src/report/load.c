/* Reads the results directories of a report and merges them: the rows of
 * measurements.csv and failed.csv, the model (model.json when it is newer
 * than measurements.csv, else fitted here with the default options), the
 * run's meta.json and each library-<name>.json.
 *
 * Anything missing or damaged becomes a note and the report goes on with
 * what is there (a truncated last line is left out; a file that cannot be
 * read is skipped).  Only a path that is not a directory, or a directory
 * with none of measurements.csv, meta.json and model.json, is an error.
 * A library already present in an earlier directory is renamed
 * "<name>.<k>" for the k-th directory. */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report_internal.h"

int mpchar__report_note(mpchar__report *r, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char **grown = realloc(r->notes, (r->nnotes + 1) * sizeof *grown);
    if (!grown)
        return -1;
    r->notes = grown;
    r->notes[r->nnotes] = strdup(text);
    if (!r->notes[r->nnotes])
        return -1;
    r->nnotes++;
    return 0;
}

static void copy(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src ? src : "");
}

static bool file_time(const char *dir, const char *name, struct timespec *t)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    if (t)
        *t = st.st_mtim;
    return true;
}

static void meta_options(json_t *options, char *buf, size_t len)
{
    const char *key;
    json_t *v;
    size_t pos = 0;
    buf[0] = '\0';
    json_object_foreach(options, key, v)
    {
        char text[64];
        if (json_is_string(v)) {
            /* a long list (--algorithms) is cut visibly */
            if (snprintf(text, sizeof text, "%s", json_string_value(v)) >=
                (int)sizeof text)
                strcpy(text + sizeof text - 4, "...");
        } else if (json_is_number(v))
            snprintf(text, sizeof text, "%g", json_number_value(v));
        else
            snprintf(text, sizeof text, "%s", json_is_true(v) ? "yes" : "no");
        if (pos < len)
            pos += (size_t)snprintf(buf + pos, len - pos, "%s%s=%s",
                                    pos ? ", " : "", key, text);
    }
}

/* The launch that lost the largest share of CPU time to the hypervisor
 * (meta.json's launches[].cpu_steal_pct, absent in older runs). */
static void launch_steal(json_t *launches, mpchar__source *s)
{
    size_t i;
    json_t *l;
    s->steal_max_pct = NAN;
    json_array_foreach(launches, i, l)
    {
        json_t *v = json_object_get(l, "cpu_steal_pct");
        if (!json_is_number(v) || (isfinite(s->steal_max_pct) &&
                                   json_number_value(v) <= s->steal_max_pct))
            continue;
        s->steal_max_pct = json_number_value(v);
        snprintf(s->steal_where, sizeof s->steal_where, "%s p=%lld",
                 json_string_value(json_object_get(l, "library"))
                     ? json_string_value(json_object_get(l, "library"))
                     : "?",
                 (long long)json_integer_value(json_object_get(l, "p")));
    }
}

static void load_meta(mpchar__report *r, mpchar__source *s)
{
    char path[4096];
    json_error_t jerr;
    snprintf(path, sizeof path, "%s/%s", s->dir, MPCHAR_META_FILE);
    json_t *meta = json_load_file(path, 0, &jerr);
    if (!meta) {
        mpchar__report_note(r, "%s: %s: host, date and options unknown", path,
                            jerr.text);
        return;
    }
    json_t *host = json_object_get(meta, "host");
    s->has_meta = true;
    copy(s->host, sizeof s->host,
         json_string_value(json_object_get(host, "name")));
    copy(s->cpu, sizeof s->cpu,
         json_string_value(json_object_get(host, "cpu_model")));
    s->cores = (long)json_integer_value(json_object_get(host, "cores"));
    const char *above =
        json_string_value(json_object_get(meta, "p_above_cores"));
    s->p_above_cores_left_out = above && strcmp(above, "left out") == 0;
    copy(s->created, sizeof s->created,
         json_string_value(json_object_get(meta, "created_utc")));
    copy(s->status, sizeof s->status,
         json_string_value(json_object_get(meta, "status")));
    meta_options(json_object_get(meta, "options"), s->options,
                 sizeof s->options);
    mpchar_error err;
    if (mpchar_run_buffers_parse(json_object_get(meta, "options"), path,
                                 &s->cache, s->cache_sweep,
                                 sizeof s->cache_sweep, &err) != 0)
        mpchar__report_note(r, "%s; its buffers are taken as warm", err.msg);
    launch_steal(json_object_get(meta, "launches"), s);
    json_decref(meta);
}

/* The index of a library of this source in r->libs, added if new. */
static mpchar__library *library_of(mpchar__report *r, size_t source,
                                   const char *original)
{
    for (size_t i = 0; i < r->nlibs; i++)
        if (r->libs[i].source == source &&
            !strcmp(r->libs[i].original, original))
            return &r->libs[i];
    mpchar__library *grown = realloc(r->libs, (r->nlibs + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    r->libs = grown;
    mpchar__library *l = &r->libs[r->nlibs];
    memset(l, 0, sizeof *l);
    l->source = source;
    copy(l->original, sizeof l->original, original);
    copy(l->name, sizeof l->name, original);
    for (size_t i = 0; i < r->nlibs; i++) {
        if (!strcmp(r->libs[i].name, l->name) && r->libs[i].source != source) {
            snprintf(l->name, sizeof l->name, "%.26s.%zu", original,
                     source + 1);
            mpchar__report_note(r,
                                "library %s is in both %s and %s: the "
                                "one of %s is shown as %s",
                                original, r->sources[r->libs[i].source].dir,
                                r->sources[source].dir, r->sources[source].dir,
                                l->name);
            break;
        }
    }
    r->nlibs++;
    return l;
}

/* Keeps the first line of a version text, its tabs made spaces (MPICH's
 * runs over many lines of configure options). */
static void first_line(char *text)
{
    text[strcspn(text, "\r\n")] = '\0';
    for (char *s = text; *s; s++)
        if (*s == '\t')
            *s = ' ';
}

static void set_info(mpchar__library *l, json_t *info)
{
    copy(l->version, sizeof l->version,
         json_string_value(json_object_get(info, "mpi_library_version")));
    first_line(l->version);
    copy(l->mpi_version, sizeof l->mpi_version,
         json_string_value(json_object_get(info, "mpi_version")));
}

/* The rows read a placed library as NAME+PLACEMENT (results.h): the file
 * of NAME describes each of them.  True when there was one. */
static bool set_placed_info(mpchar__report *r, size_t source, const char *name,
                            json_t *info)
{
    size_t len = strlen(name);
    bool any = false;
    for (size_t i = 0; i < r->nlibs; i++)
        if (r->libs[i].source == source &&
            !strncmp(r->libs[i].original, name, len) &&
            r->libs[i].original[len] == MPCHAR_PLACEMENT_JOIN) {
            set_info(&r->libs[i], info);
            any = true;
        }
    return any;
}

static bool has_library(const mpchar__report *r, size_t source,
                        const char *name)
{
    for (size_t i = 0; i < r->nlibs; i++)
        if (r->libs[i].source == source && !strcmp(r->libs[i].original, name))
            return true;
    return false;
}

static void load_library_file(mpchar__report *r, size_t source,
                              const char *file)
{
    char path[4096], name[MPCHAR_NAME_MAX];
    size_t len = strlen(file);
    if (strncmp(file, "library-", 8) || len < 14 || len - 13 >= sizeof name ||
        strcmp(file + len - 5, ".json"))
        return;
    snprintf(name, sizeof name, "%.*s", (int)(len - 13), file + 8);
    snprintf(path, sizeof path, "%s/%s", r->sources[source].dir, file);
    json_error_t jerr;
    json_t *info = json_load_file(path, 0, &jerr);
    bool valid = mpchar_name_valid(name);
    if (info && valid && set_placed_info(r, source, name, info) &&
        !has_library(r, source, name)) {
        json_decref(info); /* only its placements have rows */
        return;
    }
    mpchar__library *l = valid ? library_of(r, source, name) : NULL;
    if (!info || !l) {
        mpchar__report_note(r, "%s: %s", path,
                            info ? "not a library name" : jerr.text);
        json_decref(info);
        return;
    }
    set_info(l, info);
    json_decref(info);
}

static void load_library_files(mpchar__report *r, size_t source)
{
    DIR *d = opendir(r->sources[source].dir);
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL)
        load_library_file(r, source, de->d_name);
    if (d)
        closedir(d);
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void load_rows(mpchar__report *r, const char *dir,
                      mpchar_measurements *m, mpchar_failures *f,
                      mpchar_process_rows *pr)
{
    char path[4096];
    mpchar_read_options ropt = {.allow_truncated_tail = true,
                                .placement_as_library = true};
    mpchar_error err;
    long valid = 0;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    if (!file_time(dir, MPCHAR_MEASUREMENTS_FILE, NULL))
        mpchar__report_note(r, "%s is missing: no measured points from %s",
                            path, dir);
    else if (mpchar_measurements_read(path, &ropt, m, &valid, &err) != 0)
        mpchar__report_note(r, "%s; its rows are left out", err.msg);
    else if (valid < file_size(path))
        mpchar__report_note(r,
                            "%s: the last line is incomplete (the run was "
                            "stopped while writing it) and is left out",
                            path);
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_FAILED_FILE);
    if (file_time(dir, MPCHAR_FAILED_FILE, NULL) &&
        mpchar_failures_read(path, &ropt, f, NULL, &err) != 0)
        mpchar__report_note(r, "%s; failed points are not listed", err.msg);
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_PROCESS_TIMES_FILE);
    if (file_time(dir, MPCHAR_PROCESS_TIMES_FILE, NULL) &&
        mpchar_process_rows_read(path, &ropt, pr, NULL, &err) != 0)
        mpchar__report_note(r, "%s; per-process times are not shown", err.msg);
}

/* model.json when it is newer than measurements.csv, else a fit. */
static void load_model(mpchar__report *r, mpchar__source *s,
                       const mpchar_measurements *m, mpchar_model *model,
                       bool *ok_p)
{
    const char *dir = s->dir;
    char path[4096];
    struct timespec tm, tc;
    mpchar_error err;
    bool have_model = file_time(dir, MPCHAR_MODEL_FILE, &tm);
    bool have_csv = file_time(dir, MPCHAR_MEASUREMENTS_FILE, &tc);
    bool newer =
        have_model && (!have_csv || tm.tv_sec > tc.tv_sec ||
                       (tm.tv_sec == tc.tv_sec && tm.tv_nsec >= tc.tv_nsec));
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MODEL_FILE);
    *ok_p = false;
    s->model = "none";
    if (newer) {
        if (mpchar_model_read(path, model, &err) == 0) {
            s->model = "read from model.json";
            *ok_p = true;
            return;
        }
        mpchar__report_note(r, "%s; fitting the measurements instead", err.msg);
    }
    if (m->count == 0) {
        mpchar__report_note(r, "%s: no model (no measurements to fit)", dir);
        return;
    }
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    if (mpchar_model_fit(m, path, &opt, model, &err) == 0) {
        s->model = "fitted by the report (default options)";
        *ok_p = true;
    } else
        mpchar__report_note(r, "%s: no model: %s", dir, err.msg);
}

/* Renames a library of a source to its report name (NULL: no memory). */
static const char *rename_library(mpchar__report *r, size_t source, char *name)
{
    mpchar__library *l = library_of(r, source, name);
    if (l)
        copy(name, MPCHAR_NAME_MAX, l->name);
    return l ? name : NULL;
}

/* items (count elements of size bytes) with n more copied from more at
 * their end; NULL, leaving items as they were, when memory runs out. */
static void *append(void *items, size_t count, const void *more, size_t n,
                    size_t size)
{
    char *grown = realloc(items, (count + n + 1) * size);
    if (grown && n)
        memcpy(grown + count * size, more, n * size);
    return grown;
}

/* Appends process_times.csv's rows, their libraries renamed. */
static int merge_process_rows(mpchar__report *r, size_t source,
                              mpchar_process_rows *pr)
{
    for (size_t i = 0; i < pr->count; i++)
        if (!rename_library(r, source, pr->rows[i].key.library))
            return -1;
    mpchar_process_times *rows =
        append(r->proc.rows, r->proc.count, pr->rows, pr->count, sizeof *rows);
    if (!rows)
        return -1;
    r->proc.rows = rows;
    r->proc.count += pr->count;
    return 0;
}

static int merge_rows(mpchar__report *r, size_t source, mpchar_measurements *m,
                      mpchar_failures *f, mpchar_process_rows *pr)
{
    for (size_t i = 0; i < m->count; i++)
        if (!rename_library(r, source, m->rows[i].key.library))
            return -1;
    for (size_t i = 0; i < f->count; i++)
        if (!rename_library(r, source, f->rows[i].key.library))
            return -1;
    mpchar_measurement *rows =
        append(r->meas.rows, r->meas.count, m->rows, m->count, sizeof *rows);
    if (!rows)
        return -1;
    r->meas.rows = rows;
    r->meas.count += m->count;
    mpchar_failure *frows = append(r->failed.rows, r->failed.count, f->rows,
                                   f->count, sizeof *frows);
    if (!frows)
        return -1;
    r->failed.rows = frows;
    r->failed.count += f->count;
    /* after the rows, which name the libraries in the order of the run */
    return merge_process_rows(r, source, pr);
}

/* Appends a model's overlap table, its libraries renamed as its rows. */
static int merge_overlap(mpchar__report *r, size_t source,
                         const mpchar_model *model)
{
    if (model->noverlap == 0)
        return 0;
    mpchar_overlap_point *grown =
        realloc(r->model.overlap,
                (r->model.noverlap + model->noverlap) * sizeof *grown);
    if (!grown)
        return -1;
    r->model.overlap = grown;
    for (size_t i = 0; i < model->noverlap; i++) {
        mpchar_overlap_point *pt = &r->model.overlap[r->model.noverlap++];
        *pt = model->overlap[i];
        if (!rename_library(r, source, pt->library))
            return -1;
    }
    return 0;
}

static int merge_model(mpchar__report *r, size_t source, mpchar_model *model)
{
    if (merge_overlap(r, source, model) != 0)
        return -1;
    for (size_t i = 0; i < model->nentries; i++)
        if (!rename_library(r, source, model->entries[i].library) ||
            mpchar_model_add_entry(&r->model, &model->entries[i], NULL) != 0)
            return -1;
    mpchar_finding *grown =
        mpchar_grow(r->model.findings, &r->model.findings_cap,
                    r->model.nfindings + model->nfindings, sizeof *grown);
    if (!grown)
        return -1;
    r->model.findings = grown;
    for (size_t i = 0; i < model->nfindings; i++) {
        mpchar_finding *fd = &r->model.findings[r->model.nfindings++];
        *fd = model->findings[i];
        if (!rename_library(r, source, fd->library))
            return -1;
    }
    if (!r->have_model) {
        r->model.opt = model->opt;
        copy(r->model.source, sizeof r->model.source, model->source);
        copy(r->model.generator, sizeof r->model.generator, model->generator);
    }
    r->model.rows_used += model->rows_used;
    r->model.rows_excluded_oversubscribed +=
        model->rows_excluded_oversubscribed;
    r->have_model = true;
    return 0;
}

static int check_dir(const char *dir, mpchar_error *err)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return mpchar_error_set(err, "%s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return mpchar_error_set(err, "%s: not a directory", dir);
    if (!file_time(dir, MPCHAR_MEASUREMENTS_FILE, NULL) &&
        !file_time(dir, MPCHAR_META_FILE, NULL) &&
        !file_time(dir, MPCHAR_MODEL_FILE, NULL))
        return mpchar_error_set(err,
                                "%s: not a results directory (no %s, %s "
                                "or %s)",
                                dir, MPCHAR_MEASUREMENTS_FILE, MPCHAR_META_FILE,
                                MPCHAR_MODEL_FILE);
    return 0;
}

/* Whether dir holds file: a profile (profile.json) or apps directory
 * (apps.csv) instead of results. */
static bool dir_has(const char *dir, const char *file)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return stat(path, &st) == 0;
}

static int load_dir(mpchar__report *r, const char *dir, mpchar_error *err)
{
    if (dir_has(dir, "profile.json"))
        return mpchar__load_profile(r, dir, err);
    if (dir_has(dir, "apps.csv"))
        return mpchar__load_apps(r, dir, err);
    if (check_dir(dir, err) != 0)
        return -1;
    mpchar__source *grown =
        realloc(r->sources, (r->nsources + 1) * sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory");
    r->sources = grown;
    mpchar__source *s = &r->sources[r->nsources++];
    memset(s, 0, sizeof *s);
    copy(s->dir, sizeof s->dir, dir);
    if (file_time(dir, MPCHAR_META_FILE, NULL))
        load_meta(r, s);
    else
        mpchar__report_note(r, "%s has no %s: host, date and options unknown",
                            dir, MPCHAR_META_FILE);
    mpchar_measurements m = {0};
    mpchar_failures f = {0};
    mpchar_model model = {0};
    bool have_model;
    mpchar_process_rows pr = {0};
    load_rows(r, dir, &m, &f, &pr);
    load_model(r, s, &m, &model, &have_model);
    int rc = merge_rows(r, r->nsources - 1, &m, &f, &pr);
    if (rc == 0 && have_model)
        rc = merge_model(r, r->nsources - 1, &model);
    load_library_files(r, r->nsources - 1);
    mpchar_measurements_free(&m);
    mpchar_failures_free(&f);
    mpchar_process_rows_free(&pr);
    mpchar_model_free(&model);
    return rc != 0 ? mpchar_error_set(err, "out of memory") : 0;
}

static bool entry_of(const mpchar_entry *e, const mpchar_point_key *k)
{
    return !strcmp(e->library, k->library) && !strcmp(e->pattern, k->pattern) &&
           !strcmp(e->variant, k->variant) && !strcmp(e->op, k->op) &&
           !strcmp(e->datatype, k->datatype);
}

/* Measured (library, pattern, variant, op) without a model entry (nothing
 * could be fitted) get an empty entry, so that their points are shown;
 * the rows of a pattern sweeping a computation are the overlap section's,
 * never a time model's. */
static int add_measured_entries(mpchar__report *r)
{
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_point_key *k = &r->meas.rows[i].key;
        const mpchar_pattern_facts *f = mpchar_pattern_find(k->pattern);
        if (f && f->sweeps_compute)
            continue;
        size_t j = 0;
        while (j < r->model.nentries && !entry_of(&r->model.entries[j], k))
            j++;
        if (j < r->model.nentries)
            continue;
        mpchar_entry e = {.nfits = 0};
        copy(e.library, sizeof e.library, k->library);
        copy(e.pattern, sizeof e.pattern, k->pattern);
        copy(e.variant, sizeof e.variant, k->variant);
        copy(e.op, sizeof e.op, k->op);
        copy(e.datatype, sizeof e.datatype, k->datatype);
        e.kind = mpchar_pattern_is_p2p(k->pattern) ? MPCHAR_KIND_P2P
                                                   : MPCHAR_KIND_COLLECTIVE;
        snprintf(e.note, sizeof e.note, "no model: nothing could be fitted");
        if (mpchar_model_add_entry(&r->model, &e, NULL) != 0)
            return -1;
    }
    return 0;
}

int mpchar__report_load(mpchar__report *r, const char *const *dirs,
                        size_t ndirs, mpchar_error *err)
{
    for (size_t i = 0; i < ndirs; i++)
        if (load_dir(r, dirs[i], err) != 0)
            return -1;
    if (add_measured_entries(r) != 0)
        return mpchar_error_set(err, "out of memory");
    if (r->meas.count == 0 && r->model.nentries == 0 && r->nprofiles == 0 &&
        r->napps == 0)
        return mpchar_error_set(
            err,
            "%s: no measurements and no model to "
            "report%s%s%s",
            ndirs == 1 ? dirs[0] : "the directories", r->nnotes ? " (" : "",
            r->nnotes ? r->notes[0] : "", r->nnotes ? ")" : "");
    return 0;
}

void mpchar__report_free(mpchar__report *r)
{
    for (size_t i = 0; i < r->nnotes; i++)
        free(r->notes[i]);
    free(r->notes);
    free(r->sources);
    free(r->libs);
    free(r->p2p.v);
    free(r->collectives.v);
    for (size_t i = 0; i < r->nprofiles; i++)
        profile_free(&r->profiles[i]);
    free(r->profiles);
    free(r->apps);
    mpchar_measurements_free(&r->meas);
    mpchar_failures_free(&r->failed);
    mpchar_process_rows_free(&r->proc);
    mpchar_model_free(&r->model);
    mpchar__doc_free(&r->lead);
    mpchar__doc_free(&r->doc);
    mpchar__plots_free(&r->plots);
    memset(r, 0, sizeof *r);
}
