/* A profile directory's event files into one profile: every rank's
 * aggregates, their sum, and the names of the regions. */
#include <dirent.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

static int rank_file(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return strncmp(d->d_name, "rank-", 5) == 0 && n > 7 &&
           strcmp(d->d_name + n - 7, ".events") == 0;
}

static void sum_ranks(profile *p)
{
    profile_rank *t = &p->total;
    free(t->calls);
    memset(t, 0, sizeof *t);
    t->rank = -1;
    t->finalized = true;
    t->calls = calloc(p->n_calls ? p->n_calls : 1, sizeof *t->calls);
    for (size_t i = 0; i < p->n_ranks; i++) {
        const profile_rank *r = &p->ranks[i];
        profile_cell_add(&t->total, &r->total);
        for (size_t b = 0; b <= PROFILE_MAX_BINS; b++)
            profile_cell_add(&t->bins[b], &r->bins[b]);
        for (size_t g = 0; g < PROFILE_MAX_REGIONS; g++)
            profile_cell_add(&t->regions[g], &r->regions[g]);
        for (size_t c = 0; t->calls && c < p->n_calls; c++)
            profile_cell_add(&t->calls[c], &r->calls[c]);
        t->finalized = t->finalized && r->finalized;
        t->lost_messages += r->lost_messages;
        if (r->elapsed_s > t->elapsed_s)
            t->elapsed_s = r->elapsed_s;
    }
}

/* Two points of Hockney's line from rank 0's start-up ping-pong. */
static int use_calibration(profile *p, const profile_events *ev,
                           mpchar_error *err)
{
    const mpchar_prof_header *h = &ev->header;
    p->xfer.n = 0;
    if (h->calib_alpha_us < 0.0) {
        snprintf(p->xfer.source, sizeof p->xfer.source,
                 "none: one process, transfer times taken as 0");
        return 0;
    }
    if (!(h->calib_beta_us_per_byte >= 0.0))
        return mpchar_error_set(err, "rank 0: field calib_beta_us_per_byte: %g",
                                h->calib_beta_us_per_byte);
    p->xfer.n = 2;
    p->xfer.bytes[0] = 0.0;
    p->xfer.us[0] = h->calib_alpha_us;
    p->xfer.bytes[1] = 1048576.0;
    p->xfer.us[1] = h->calib_alpha_us + 1048576.0 * h->calib_beta_us_per_byte;
    snprintf(p->xfer.source, sizeof p->xfer.source,
             "built-in calibration at start-up (ping-pong of ranks 0 and 1: "
             "%.3f us + %.6f us/byte)",
             h->calib_alpha_us, h->calib_beta_us_per_byte);
    return 0;
}

/* Reads the n rank files of names into evs; fails naming the file. */
static int read_all(const char *dir, struct dirent **names, int n,
                    profile_events *evs, mpchar_error *err)
{
    for (int i = 0; i < n; i++) {
        char path[4096];
        int len = snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (len < 0 || (size_t)len >= sizeof path)
            return mpchar_error_set(err, "%s/%s: path too long", dir,
                                    names[i]->d_name);
        if (profile_events_read(path, &evs[i], err) != 0)
            return -1;
    }
    return 0;
}

int profile_analyze_dir(const char *dir, profile *p, bool xfer_given,
                        mpchar_error *err)
{
    struct dirent **names;
    int n = scandir(dir, &names, rank_file, alphasort);
    if (n < 0)
        return mpchar_error_set(err, "%s: cannot list the folder", dir);
    profile_events *evs = calloc((size_t)n + 1, sizeof *evs);
    int rc = !evs     ? mpchar_error_set(err, "out of memory")
             : n == 0 ? mpchar_error_set(err,
                                         "%s: no rank-*.events files (did "
                                         "the program call MPI_Init?)",
                                         dir)
                      : read_all(dir, names, n, evs, err);
    if (rc == 0 && !xfer_given)
        rc = use_calibration(p, &evs[0], err);
    for (int i = 0; rc == 0 && i < n; i++)
        rc = profile_add_copies(p, &evs[i], err);
    profile_sort_copies(p);
    for (int i = 0; rc == 0 && i < n; i++)
        if (profile_add_rank(p, &evs[i], err) != 0)
            rc = mpchar_error_prefix(err, "%s/%s", dir, names[i]->d_name);
    if (rc == 0)
        profile_waits(p);
    for (int i = 0; i < n; i++) {
        if (evs)
            profile_events_free(&evs[i]);
        free(names[i]);
    }
    free(evs);
    free(names);
    if (rc == 0)
        sum_ranks(p);
    return rc;
}

void profile_remove_events(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, rank_file, alphasort);
    for (int i = 0; i < n; i++) {
        char path[4096];
        int len = snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        /* (a truncated path could name another file: left alone) */
        if (len > 0 && (size_t)len < sizeof path)
            unlink(path);
        free(names[i]);
    }
    if (n >= 0)
        free(names);
}

int profile_set_region_names(profile *p, const char *list, mpchar_error *err)
{
    size_t level = 1;
    for (const char *s = list; s && *s && level < PROFILE_MAX_REGIONS;
         level++) {
        size_t len = strcspn(s, ",");
        if (len == 0)
            return mpchar_error_set(err,
                                    "MPCHAR_PROF_REGIONS: region %zu has "
                                    "an empty name",
                                    level);
        free(p->region_names[level]);
        p->region_names[level] = strndup(s, len);
        s += len + (s[len] == ',');
    }
    return 0;
}

void profile_free(profile *p)
{
    for (size_t i = 0; i < p->n_ranks; i++) {
        free(p->ranks[i].calls);
        free(p->ranks[i].sizes);
        free(p->ranks[i].spans);
    }
    free(p->ranks);
    free(p->total.calls);
    free(p->call_names);
    free(p->copies);
    for (size_t g = 0; g < PROFILE_MAX_REGIONS; g++)
        free(p->region_names[g]);
    memset(p, 0, sizeof *p);
}
