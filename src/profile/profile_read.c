/* Reading one rank's event file: the header is checked field by field
 * (magic, version, rank, call table), the events are those the file
 * holds, so a file whose rank was killed mid-run still reads. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

/* The magic and version: what a file of an older format, whose header
 * may be shorter (version 3: 8192 bytes) or whose posts lack the self
 * bit (version 4), is refused by. */
static int check_identity(const char *path, const mpchar_prof_header *h,
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
    return 0;
}

static int check_header(const char *path, const mpchar_prof_header *h,
                        mpchar_error *err)
{
    if (check_identity(path, h, err) != 0)
        return -1;
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

/* One event from words[*at]: 0; 1 when the words end inside it (a file
 * cut short); -1 when it is not an event (naming the word). */
static int unpack(const char *path, const uint64_t *words, size_t n, size_t *at,
                  const mpchar_prof_header *h, mpchar_prof_event *e,
                  mpchar_error *err)
{
    uint64_t first = words[*at];
    unsigned args = mpchar_prof_arg_words(first);
    e->kind = (uint16_t)((first >> MPCHAR_PROF_KIND_SHIFT) & 15u);
    e->self = (e->kind == MPCHAR_PROF_SEND_POST ||
               e->kind == MPCHAR_PROF_RECV_POST) &&
              (first & MPCHAR_PROF_SELF) != 0;
    e->call =
        (uint32_t)(first >> MPCHAR_PROF_CALL_SHIFT) & MPCHAR_PROF_CALL_MASK;
    e->tick = h->tick_start + (first & ((1ULL << MPCHAR_PROF_TICK_BITS) - 1));
    if (e->kind < MPCHAR_PROF_CALL_ENTER || e->kind > MPCHAR_PROF_LAST_KIND ||
        e->call >= h->n_calls)
        return mpchar_error_set(err, "%s: word %zu: field kind/call: %u/%u",
                                path, *at, e->kind, e->call);
    if (*at + 1 + args > n)
        return 1;
    bool bytes_only = e->kind == MPCHAR_PROF_CALL_EXIT;
    e->id = args > 0 && !bytes_only ? words[*at + 1] : 0;
    e->bytes = args == 2            ? words[*at + 2]
               : bytes_only && args ? words[*at + 1]
                                    : 0;
    *at += 1 + args;
    return 0;
}

/* The header's n_words (or as many as the file holds: a killed rank's
 * may end early), unpacked into out->events. */
static int read_words(const char *path, FILE *f, profile_events *out,
                      mpchar_error *err)
{
    size_t want = (size_t)out->header.n_words;
    uint64_t *words = want ? malloc(want * sizeof *words) : NULL;
    out->events = calloc(want + 1, sizeof *out->events);
    if ((want && !words) || !out->events) {
        free(words);
        return mpchar_error_set(err, "%s: out of memory for %zu words", path,
                                want);
    }
    size_t n = fread(words, sizeof *words, want, f);
    size_t at = 0;
    int rc = 0;
    while (rc == 0 && at < n) {
        rc = unpack(path, words, n, &at, &out->header, &out->events[out->n],
                    err);
        out->n += rc == 0;
    }
    free(words);
    return rc < 0 ? -1 : 0;
}

int profile_events_read(const char *path, profile_events *out,
                        mpchar_error *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return mpchar_error_set(err, "%s: %s", path, strerror(errno));
    int rc = -1;
    size_t got = fread(&out->header, 1, sizeof out->header, f);
    if (got < sizeof out->header) {
        if (got < offsetof(mpchar_prof_header, header_bytes) ||
            check_identity(path, &out->header, err) == 0)
            mpchar_error_set(err, "%s: shorter than its header", path);
        goto done;
    }
    if (check_header(path, &out->header, err) != 0)
        goto done;
    if (fseek(f, MPCHAR_PROF_HEADER_BYTES, SEEK_SET) != 0) {
        mpchar_error_set(err, "%s: %s", path, strerror(errno));
        goto done;
    }
    if (read_words(path, f, out, err) != 0)
        goto done;
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
