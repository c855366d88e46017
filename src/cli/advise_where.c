/* Where `mpchar advise --verify` measures: where the advised run itself
 * ran.  Advice found on a test bed across hosts or on a simulated cluster
 * is only confirmed or withdrawn by measuring there again, not on this
 * machine's shared memory, so the verification runs get the placement
 * that DIR/meta.json records: the hosts (`--hosts`, also for a run given
 * `--hostfile`: meta.json's placement lists them with their slots) and
 * the simulated platform (`--platform` with its cluster spec, or the copy
 * DIR/platform.xml of a platform file, and `--smpi-coll-selector`; one
 * round of 2-3 repetitions, since simulated repetitions repeat exactly).  A
 * directory without meta.json (a model alone) verifies on this machine. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "advise_where.h"
#include "mpchar/results.h"

#define CLUSTER_PREFIX "cluster:"

void advise_where_free(advise_where *w)
{
    for (size_t i = 0; i < w->count; i++)
        free(w->argv[i]);
    w->count = 0;
}

static int push(advise_where *w, const char *option, const char *value,
                mpchar_error *err)
{
    if (w->count + 2 > ADVISE_WHERE_MAX_WORDS)
        return mpchar_error_set(err, "too many placement options");
    w->argv[w->count] = strdup(option);
    w->argv[w->count + 1] = strdup(value);
    if (!w->argv[w->count] || !w->argv[w->count + 1]) {
        free(w->argv[w->count]);
        free(w->argv[w->count + 1]);
        return mpchar_error_set(err, "out of memory");
    }
    w->count += 2;
    return 0;
}

/* "H1:S1,H2:S2,..." from placement.hosts. */
static int hosts_of(json_t *placement, const char *path, advise_where *w,
                    mpchar_error *err)
{
    json_t *hosts = json_object_get(placement, "hosts"), *h;
    size_t i, len = 1;
    if (!json_is_array(hosts) || json_array_size(hosts) == 0)
        return mpchar_error_set(err,
                                "%s: field 'placement.hosts' is not a "
                                "list of hosts",
                                path);
    json_array_foreach(hosts, i, h)
    {
        const char *name = json_string_value(json_object_get(h, "name"));
        if (!name || !json_is_integer(json_object_get(h, "slots")))
            return mpchar_error_set(err,
                                    "%s: field 'placement.hosts[%zu]' needs "
                                    "a 'name' and whole 'slots'",
                                    path, i);
        len += strlen(name) + 24;
    }
    char *list = calloc(len, 1);
    if (!list)
        return mpchar_error_set(err, "out of memory");
    size_t at = 0;
    json_array_foreach(hosts, i, h)
    {
        at += (size_t)snprintf(
            list + at, len - at, "%s%s:%lld", i ? "," : "",
            json_string_value(json_object_get(h, "name")),
            (long long)json_integer_value(json_object_get(h, "slots")));
    }
    int rc = push(w, "--hosts", list, err);
    free(list);
    return rc;
}

/* --platform (the spec, or DIR's copy of the file) and the selector. */
static int platform_of(json_t *sim, const char *dir, const char *path,
                       advise_where *w, mpchar_error *err)
{
    const char *spec = json_string_value(json_object_get(sim, "platform"));
    const char *file = json_string_value(json_object_get(sim, "platform_file"));
    const char *sel = json_string_value(json_object_get(sim, "coll_selector"));
    if (!spec || !file || !sel)
        return mpchar_error_set(err,
                                "%s: field 'simulation' needs 'platform', "
                                "'platform_file' and 'coll_selector'",
                                path);
    char copy[4200];
    if (strncmp(spec, CLUSTER_PREFIX, strlen(CLUSTER_PREFIX)) != 0) {
        if ((size_t)snprintf(copy, sizeof copy, "%s/%s", dir, file) >=
            sizeof copy)
            return mpchar_error_set(err, "%s: path too long", dir);
        spec = copy;
    }
    /* a simulated repetition repeats exactly (docs/scale.md): one round
     * of two or three is the whole measurement, and the defaults' 16
     * rounds would only cost real time */
    if (push(w, "--platform", spec, err) != 0 ||
        push(w, "--smpi-coll-selector", sel, err) != 0 ||
        push(w, "--rounds", "1", err) != 0 ||
        push(w, "--min-reps", "2", err) != 0)
        return -1;
    return push(w, "--max-reps", "3", err);
}

int advise_where_read(const char *dir, advise_where *w, mpchar_error *err)
{
    char path[4200];
    json_error_t jerr;
    w->count = 0;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_META_FILE) >=
        sizeof path)
        return mpchar_error_set(err, "%s: path too long", dir);
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root)
        return mpchar_error_set(err, "%s:%d: %s", path, jerr.line, jerr.text);
    json_t *placement = json_object_get(root, "placement");
    json_t *sim = json_object_get(root, "simulation");
    int rc = 0;
    if (placement && !json_is_null(placement))
        rc = hosts_of(placement, path, w, err);
    if (rc == 0 && sim && !json_is_null(sim))
        rc = platform_of(sim, dir, path, w, err);
    json_decref(root);
    if (rc != 0)
        advise_where_free(w);
    return rc;
}
