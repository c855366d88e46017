/* Waiting against the rest: each rank's time in communication calls split
 * into the time it waited for the last rank to enter the same call (a
 * peer still computing: load imbalance, or a rank off its core) and the
 * time after every rank had entered it (the transfer and the library's
 * work, which a model of ranks that arrive together predicts).  The k-th
 * communication call of every rank is taken as the same operation, which
 * holds when all ranks make the same sequence of calls (collectives in
 * order, a send facing a receive: the kernels at p = 2, any program of
 * collectives only); where the sequences differ the split is not given
 * (p->waits_aligned false, the reason in p->waits_note).  The clock of the
 * event files is one for the whole machine (prof_format.h), so entries of
 * different ranks compare directly.  docs/apps.md, "The prediction". */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

/* A point-to-point call (Send, Irecv, Sendrecv ...): it may face another
 * point-to-point call of another name on the peer (a Send a Recv). */
static bool point_to_point(const char *name)
{
    char low[MPCHAR_PROF_CALL_NAME_BYTES];
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[i] = '\0';
    return strstr(low, "send") || strstr(low, "recv");
}

/* Whether the k-th calls of all ranks can be one operation; else the
 * reason in p->waits_note. */
static bool aligned(profile *p)
{
    const profile_rank *r = p->ranks;
    for (size_t i = 1; i < p->n_ranks; i++)
        if (r[i].n_spans != r[0].n_spans) {
            snprintf(p->waits_note, sizeof p->waits_note,
                     "rank %d made %zu communication calls, rank %d %zu",
                     r[i].rank, r[i].n_spans, r[0].rank, r[0].n_spans);
            return false;
        }
    for (size_t k = 0; k < r[0].n_spans; k++)
        for (size_t i = 1; i < p->n_ranks; i++) {
            const char *a = p->call_names[r[0].spans[k].call],
                       *b = p->call_names[r[i].spans[k].call];
            if (strcmp(a, b) != 0 &&
                !(point_to_point(a) && point_to_point(b))) {
                snprintf(p->waits_note, sizeof p->waits_note,
                         "communication call %zu is %s on rank %d, %s on "
                         "rank %d",
                         k + 1, a, r[0].rank, b, r[i].rank);
                return false;
            }
        }
    return true;
}

/* Each rank's wait: per call, the time from its entry until the last
 * rank's entry, when it left the call after that entry; a call left
 * before the last rank arrived (an eager send, a broadcast's root) did
 * not wait for it: its time is its own work. */
static void split(profile *p)
{
    for (size_t i = 0; i < p->n_ranks; i++)
        p->ranks[i].comm_us = p->ranks[i].comm_wait_us = 0.0;
    for (size_t k = 0; k < p->ranks[0].n_spans; k++) {
        uint64_t last = 0;
        for (size_t i = 0; i < p->n_ranks; i++)
            if (p->ranks[i].spans[k].enter > last)
                last = p->ranks[i].spans[k].enter;
        for (size_t i = 0; i < p->n_ranks; i++) {
            profile_rank *r = &p->ranks[i];
            const profile_span *s = &r->spans[k];
            uint64_t call = s->exit - s->enter;
            uint64_t wait = s->exit > last ? last - s->enter : 0;
            double wait_us = (double)wait * r->us_per_tick;
            r->comm_us += (double)call * r->us_per_tick;
            r->comm_wait_us += wait_us;
            profile_size *size =
                profile_sizes_find(r, s->call, s->bytes, s->region, s->self);
            if (size) /* (always: the walk counted the call) */
                size->wait_us += wait_us;
        }
    }
}

void profile_waits(profile *p)
{
    p->waits_aligned = false;
    p->waits_note[0] = '\0';
    for (size_t i = 0; i < p->n_ranks; i++)
        p->ranks[i].comm_us = p->ranks[i].comm_wait_us = NAN;
    if (p->n_ranks == 0)
        snprintf(p->waits_note, sizeof p->waits_note, "no rank");
    else if (aligned(p)) {
        split(p);
        p->waits_aligned = true;
    }
    for (size_t i = 0; i < p->n_ranks; i++) {
        free(p->ranks[i].spans);
        p->ranks[i].spans = NULL;
        p->ranks[i].n_spans = p->ranks[i].cap_spans = 0;
    }
}
