/* DIR/profile.json (docs/data-formats.md, "profile.json"): written from a
 * profile and read back by `mpchar profile --show` and `mpchar report`;
 * the cell fields come from profile_columns, the rates from
 * profile_rates, so writer and reader cannot disagree. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

#define PROFILE_FORMAT "mpchar-profile"
#define PROFILE_FORMAT_VERSION 1

static json_t *cell_json(const profile_cell *c, const char *key, json_t *label)
{
    json_t *o = json_object();
    if (key)
        json_object_set_new(o, key, label);
    for (size_t i = 0; i < profile_n_columns; i++) {
        double v = profile_cell_get(c, i);
        json_object_set_new(o, profile_columns[i].name,
                            profile_columns[i].is_count
                                ? json_integer((json_int_t)v)
                                : json_real(v));
    }
    return o;
}

static json_t *rank_json(const profile *p, const profile_rank *r)
{
    json_t *o = json_object(), *rates = json_object();
    json_object_set_new(o, "rank", json_integer(r->rank));
    json_object_set_new(o, "finalized", json_boolean(r->finalized));
    json_object_set_new(o, "elapsed_s", json_real(r->elapsed_s));
    json_object_set_new(o, "lost_messages",
                        json_integer((json_int_t)r->lost_messages));
    for (size_t i = 0; i < profile_n_rates; i++)
        json_object_set_new(rates, profile_rates[i].name,
                            json_real(profile_rates[i].get(r)));
    json_object_set_new(o, "rates", rates);
    json_object_set_new(o, "total", cell_json(&r->total, NULL, NULL));
    json_t *bins = json_array(), *regions = json_array(), *calls = json_array();
    for (size_t b = 0; b <= p->bins.n; b++)
        json_array_append_new(
            bins, cell_json(&r->bins[b], "bin", json_integer((json_int_t)b)));
    for (size_t g = 0; g < PROFILE_MAX_REGIONS; g++)
        if (r->regions[g].calls || r->regions[g].compute_us > 0.0)
            json_array_append_new(regions,
                                  cell_json(&r->regions[g], "level",
                                            json_integer((json_int_t)g)));
    for (size_t c = 0; c < p->n_calls; c++)
        if (r->calls[c].calls)
            json_array_append_new(
                calls,
                cell_json(&r->calls[c], "call", json_string(p->call_names[c])));
    json_object_set_new(o, "bins", bins);
    json_object_set_new(o, "regions", regions);
    json_object_set_new(o, "calls", calls);
    if (r->n_sizes) /* analysed ranks only; not read back */
        json_object_set_new(o, "call_sizes", profile_sizes_json(p, r));
    if (p->waits_aligned && r != &p->total) { /* the same; profile_wait.c */
        json_object_set_new(o, "comm_call_us", json_real(r->comm_us));
        json_object_set_new(o, "comm_wait_us", json_real(r->comm_wait_us));
    }
    return o;
}

int profile_write_json(const profile *p, const char *path, mpchar_error *err)
{
    json_t *root = json_object(), *bins = json_array(), *names = json_array(),
           *regions = json_object(), *ranks = json_array();
    json_object_set_new(root, "format", json_string(PROFILE_FORMAT));
    json_object_set_new(root, "version", json_integer(PROFILE_FORMAT_VERSION));
    json_object_set_new(root, "library", json_string(p->library));
    json_object_set_new(root, "processes", json_integer(p->size));
    json_t *points = json_array();
    for (size_t i = 0; i < p->xfer.n; i++)
        json_array_append_new(
            points, json_pack("[f, f]", p->xfer.bytes[i], p->xfer.us[i]));
    json_object_set_new(root, "transfer_model",
                        json_pack("{s:s, s:o}", "source", p->xfer.source,
                                  "points_bytes_us", points));
    for (size_t b = 0; b < p->bins.n; b++)
        json_array_append_new(bins,
                              json_integer((json_int_t)p->bins.upper_bytes[b]));
    json_object_set_new(root, "bin_upper_bytes", bins);
    for (size_t c = 0; c < p->n_calls; c++)
        json_array_append_new(names, json_string(p->call_names[c]));
    json_object_set_new(root, "calls", names);
    for (size_t g = 0; g < PROFILE_MAX_REGIONS; g++)
        if (p->region_names[g]) {
            char key[16];
            snprintf(key, sizeof key, "%zu", g);
            json_object_set_new(regions, key, json_string(p->region_names[g]));
        }
    json_object_set_new(root, "region_names", regions);
    json_object_set_new(root, "comm_waits_aligned",
                        json_boolean(p->waits_aligned));
    if (!p->waits_aligned && p->waits_note[0])
        json_object_set_new(root, "comm_waits_note",
                            json_string(p->waits_note));
    json_object_set_new(root, "total", rank_json(p, &p->total));
    for (size_t i = 0; i < p->n_ranks; i++)
        json_array_append_new(ranks, rank_json(p, &p->ranks[i]));
    json_object_set_new(root, "ranks", ranks);
    int rc =
        json_dump_file(root, path, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
    json_decref(root);
    return rc == 0 ? 0 : mpchar_error_set(err, "%s: cannot write", path);
}

/* ---- reading back ----------------------------------------------------- */

static int read_cell(const char *path, const char *where, json_t *o,
                     profile_cell *c, mpchar_error *err)
{
    memset(c, 0, sizeof *c);
    for (size_t i = 0; i < profile_n_columns; i++) {
        json_t *v = json_object_get(o, profile_columns[i].name);
        if (!json_is_number(v))
            return mpchar_error_set(err,
                                    "%s: %s: field %s: missing or not a "
                                    "number",
                                    path, where, profile_columns[i].name);
        char *dst = (char *)c + profile_columns[i].offset;
        if (profile_columns[i].is_count) {
            uint64_t n = (uint64_t)json_integer_value(v);
            memcpy(dst, &n, sizeof n);
        } else {
            double d = json_number_value(v);
            memcpy(dst, &d, sizeof d);
        }
    }
    return 0;
}

static long index_of(json_t *o, const char *key, const profile *p)
{
    json_t *v = json_object_get(o, key);
    if (json_is_integer(v))
        return (long)json_integer_value(v);
    for (size_t c = 0; json_is_string(v) && c < p->n_calls; c++)
        if (strcmp(p->call_names[c], json_string_value(v)) == 0)
            return (long)c;
    return -1;
}

/* The rank's cells of one list (bins, regions, calls) keyed by key. */
static int read_list(const char *path, json_t *o, const char *list,
                     const char *key, profile_cell *cells, long n,
                     const profile *p, mpchar_error *err)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(o, list), i, e)
    {
        long at = index_of(e, key, p);
        char where[64];
        snprintf(where, sizeof where, "%s[%zu]", list, i);
        if (at < 0 || at >= n)
            return mpchar_error_set(err, "%s: %s: field %s: out of range", path,
                                    where, key);
        if (read_cell(path, where, e, &cells[at], err) != 0)
            return -1;
    }
    return 0;
}

static int read_rank(const char *path, json_t *o, const profile *p,
                     profile_rank *r, mpchar_error *err)
{
    memset(r, 0, sizeof *r);
    r->calls = calloc(p->n_calls ? p->n_calls : 1, sizeof *r->calls);
    if (!r->calls)
        return mpchar_error_set(err, "out of memory");
    json_t *rank = json_object_get(o, "rank"),
           *el = json_object_get(o, "elapsed_s");
    if (!json_is_integer(rank) || !json_is_number(el))
        return mpchar_error_set(err, "%s: a rank: field rank/elapsed_s missing",
                                path);
    r->rank = (int)json_integer_value(rank);
    r->elapsed_s = json_number_value(el);
    r->finalized = json_is_true(json_object_get(o, "finalized"));
    r->lost_messages =
        (uint64_t)json_integer_value(json_object_get(o, "lost_messages"));
    if (read_cell(path, "total", json_object_get(o, "total"), &r->total, err))
        return -1;
    if (read_list(path, o, "bins", "bin", r->bins, (long)p->bins.n + 1, p,
                  err) ||
        read_list(path, o, "regions", "level", r->regions, PROFILE_MAX_REGIONS,
                  p, err) ||
        read_list(path, o, "calls", "call", r->calls, (long)p->n_calls, p, err))
        return -1;
    return 0;
}

static int read_header(const char *path, json_t *root, profile *p,
                       mpchar_error *err)
{
    json_t *fmt = json_object_get(root, "format");
    if (!json_is_string(fmt) || strcmp(json_string_value(fmt), PROFILE_FORMAT))
        return mpchar_error_set(err, "%s: field format: not \"%s\"", path,
                                PROFILE_FORMAT);
    json_t *tm = json_object_get(root, "transfer_model");
    const char *lib = json_string_value(json_object_get(root, "library"));
    const char *src = json_string_value(json_object_get(tm, "source"));
    snprintf(p->library, sizeof p->library, "%s", lib ? lib : "?");
    snprintf(p->xfer.source, sizeof p->xfer.source, "%s", src ? src : "?");
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(tm, "points_bytes_us"), i, e)
    {
        if (i >= PROFILE_XFER_POINTS || !json_is_number(json_array_get(e, 1)))
            return mpchar_error_set(err,
                                    "%s: transfer_model: field "
                                    "points_bytes_us[%zu]: bad point",
                                    path, i);
        p->xfer.bytes[i] = json_number_value(json_array_get(e, 0));
        p->xfer.us[i] = json_number_value(json_array_get(e, 1));
        p->xfer.n = i + 1;
    }
    p->size = (int)json_integer_value(json_object_get(root, "processes"));
    json_t *bins = json_object_get(root, "bin_upper_bytes");
    p->bins.n = json_array_size(bins);
    if (p->bins.n == 0 || p->bins.n > PROFILE_MAX_BINS)
        return mpchar_error_set(err,
                                "%s: field bin_upper_bytes: 1 to %d "
                                "edges expected",
                                path, PROFILE_MAX_BINS);
    json_array_foreach(bins, i, e) p->bins.upper_bytes[i] =
        (uint64_t)json_integer_value(e);
    json_t *calls = json_object_get(root, "calls");
    p->n_calls = json_array_size(calls);
    p->call_names = calloc(p->n_calls ? p->n_calls : 1, sizeof *p->call_names);
    if (!p->call_names)
        return mpchar_error_set(err, "out of memory");
    json_array_foreach(calls, i, e) snprintf(
        p->call_names[i], sizeof p->call_names[i], "%s", json_string_value(e));
    const char *key;
    json_object_foreach(json_object_get(root, "region_names"), key, e)
    {
        long g = strtol(key, NULL, 10);
        if (g > 0 && g < PROFILE_MAX_REGIONS && json_is_string(e))
            p->region_names[g] = strdup(json_string_value(e));
    }
    return 0;
}

int profile_read_json(const char *path, profile *p, mpchar_error *err)
{
    memset(p, 0, sizeof *p);
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root && jerr.line < 1) /* not read at all: no line to name */
        return mpchar_error_set(err, "%s: %s", path, jerr.text);
    if (!root)
        return mpchar_error_set(err, "%s:%d: column %d: not valid JSON: %s",
                                path, jerr.line, jerr.column, jerr.text);
    snprintf(p->path, sizeof p->path, "%s", path);
    int rc = read_header(path, root, p, err);
    json_t *ranks = json_object_get(root, "ranks");
    if (rc == 0)
        rc = read_rank(path, json_object_get(root, "total"), p, &p->total, err);
    p->ranks = calloc(json_array_size(ranks) + 1, sizeof *p->ranks);
    size_t i;
    json_t *e;
    json_array_foreach(ranks, i, e)
    {
        if (rc != 0 || !p->ranks)
            break;
        p->n_ranks = i + 1;
        rc = read_rank(path, e, p, &p->ranks[i], err);
    }
    json_decref(root);
    if (rc != 0)
        profile_free(p);
    return rc;
}
