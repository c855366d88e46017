/* Reading one rank's event file: the header is checked field by field
 * (magic, version, rank, call table), the events are those the file
 * holds, so a file whose rank was killed mid-run still reads. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

static int check_header(const char *path, const mpchar_prof_header *h,
                        mpchar_error *err)
{
    if (h->magic != MPCHAR_PROF_MAGIC)
        return mpchar_error_set(err,
                                "%s: field magic: not an mpchar "
                                "profiler event file",
                                path);
    if (h->version != MPCHAR_PROF_VERSION)
        return mpchar_error_set(err, "%s: field version: %u, expected %u", path,
                                h->version, MPCHAR_PROF_VERSION);
    if (h->header_bytes != MPCHAR_PROF_HEADER_BYTES)
        return mpchar_error_set(err, "%s: field header_bytes: %u", path,
                                h->header_bytes);
    if (h->size < 1 || h->rank < 0 || h->rank >= h->size)
        return mpchar_error_set(err, "%s: fields rank/size: %d of %d", path,
                                h->rank, h->size);
    if (h->n_calls == 0 || h->n_calls > MPCHAR_PROF_MAX_CALLS)
        return mpchar_error_set(err, "%s: field n_calls: %u", path, h->n_calls);
    if (!(h->ns_per_tick > 0.0))
        return mpchar_error_set(err, "%s: field ns_per_tick: %g", path,
                                h->ns_per_tick);
    return 0;
}

int profile_events_read(const char *path, profile_events *out,
                        mpchar_error *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return mpchar_error_set(err, "%s: %s", path, strerror(errno));
    int rc = -1;
    if (fread(&out->header, sizeof out->header, 1, f) != 1) {
        mpchar_error_set(err, "%s: shorter than its header", path);
        goto done;
    }
    if (check_header(path, &out->header, err) != 0)
        goto done;
    if (fseek(f, MPCHAR_PROF_HEADER_BYTES, SEEK_SET) != 0) {
        mpchar_error_set(err, "%s: %s", path, strerror(errno));
        goto done;
    }
    size_t n = (size_t)out->header.n_events;
    out->events = n ? malloc(n * sizeof *out->events) : NULL;
    if (n && !out->events) {
        mpchar_error_set(err, "%s: out of memory for %zu events", path, n);
        goto done;
    }
    /* a killed rank's file may end before n_events: keep what is there */
    out->n = fread(out->events, sizeof *out->events, n, f);
    for (size_t i = 0; i < out->n; i++)
        if (out->events[i].kind < MPCHAR_PROF_CALL_ENTER ||
            out->events[i].kind > MPCHAR_PROF_XFER_END ||
            out->events[i].call >= out->header.n_calls) {
            mpchar_error_set(err, "%s: event %zu: field kind/call: %u/%u", path,
                             i, out->events[i].kind, out->events[i].call);
            goto done;
        }
    rc = 0;
done:
    fclose(f);
    if (rc != 0)
        profile_events_free(out);
    return rc;
}

void profile_events_free(profile_events *ev)
{
    free(ev->events);
    ev->events = NULL;
    ev->n = 0;
}
