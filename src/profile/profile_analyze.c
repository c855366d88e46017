/* One rank's events into its aggregates.  The walk keeps the running call
 * time, so that the computation and call time between a message's post
 * and its completion are differences of two running sums; each message
 * is then bounded (profile_bounds.c) and added to the rank's total and to
 * its size bin, its region and its posting call (docs/profile.md). */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/grow.h"
#include "profile.h"

/* A message (or nonblocking collective: coll) posted and not yet
 * completed. */
typedef struct open_msg {
    uint64_t tick, call_ticks_before, call_seq, bytes;
    uint32_t call, region;
    bool send, coll, open;
} open_msg;

/* The state of the walk through one rank's events. */
typedef struct walk {
    profile *p;
    profile_rank *r;
    double us_per_tick;
    uint64_t call_ticks; /* in completed calls so far */
    uint64_t enter_tick; /* of the call in progress */
    uint64_t last_tick;  /* of the last event */
    uint64_t call_seq;   /* calls entered so far */
    bool in_call;
    /* the message of the call in progress, for its size (profile_sizes.c):
     * the send's bytes, else the receive's */
    uint64_t call_msg_bytes;
    bool call_sent;
    bool call_self; /* that message's peer was the rank itself */
    bool failed;    /* out of memory recording sizes or spans */
    uint32_t region;
    open_msg *msgs; /* by id */
    size_t n_msgs;
    /* the completed calls: entry, exit, call ticks before the entry */
    uint64_t (*done_calls)[3];
    size_t n_done_calls;
    const bool *comm; /* by call: profile_call_is_comm */
    /* the region the call in progress was entered in (a Pcontrol call
     * changes w->region inside itself) */
    uint32_t call_region;
} walk;

/* Ticks spent in calls from the start to tick, now or in the past. */
static uint64_t call_ticks_at(const walk *w, uint64_t tick)
{
    if (w->in_call && tick >= w->enter_tick)
        return w->call_ticks + (tick - w->enter_tick);
    size_t lo = 0, hi = w->n_done_calls; /* calls entered before tick */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (w->done_calls[mid][0] < tick)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    const uint64_t *c = w->done_calls[lo - 1];
    return c[2] + ((tick < c[1] ? tick : c[1]) - c[0]);
}

/* The copy another process made for message m of this rank, completed
 * at done: the first unused one of its bytes within [m's begin, done]. */
static profile_copy *find_copy(const walk *w, const open_msg *m, uint64_t done)
{
    if (w->p->n_copies == 0)
        return NULL;
    profile_copy *c = w->p->copies, *end = c + w->p->n_copies;
    size_t lo = 0, hi = w->p->n_copies;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c[mid].peer < w->r->rank ||
            (c[mid].peer == w->r->rank && c[mid].begin < m->tick))
            lo = mid + 1;
        else
            hi = mid;
    }
    for (c += lo; c < end && c->peer == w->r->rank && c->begin <= done; c++)
        if (!c->used && c->bytes == m->bytes && c->end <= done &&
            c->copier != w->r->rank)
            return c;
    return NULL;
}

#define NO_CALL UINT32_MAX

/* The cells a message, a call or a computation adds to: total, region,
 * call (unless NO_CALL), bin (messages). */
static void add_to(walk *w, const profile_cell *c, uint32_t region,
                   uint32_t call, const uint64_t *bytes_for_bin)
{
    profile_rank *r = w->r;
    profile_cell_add(&r->total, c);
    profile_cell_add(&r->regions[region], c);
    if (call != NO_CALL)
        profile_cell_add(&r->calls[call], c);
    if (bytes_for_bin)
        profile_cell_add(&r->bins[profile_bin_of(&w->p->bins, *bytes_for_bin)],
                         c);
}

static void close_msg(walk *w, open_msg *m, profile_case kase, uint64_t tick)
{
    profile_cell c;
    memset(&c, 0, sizeof c);
    double xfer = profile_xfer_us(&w->p->xfer, m->bytes);
    double span_us = (double)(tick - m->tick) * w->us_per_tick;
    double call_us = (double)(call_ticks_at(w, tick) - m->call_ticks_before) *
                     w->us_per_tick;
    profile_bounds b = profile_bound(kase, xfer, span_us - call_us, call_us);
    profile_copy *copy = kase == PROFILE_CASE_SPANNING && !m->coll
                             ? find_copy(w, m, tick)
                             : NULL;
    if (copy) { /* measured: the copy's time, the computation during it */
        copy->used = true;
        xfer = (double)(copy->end - copy->begin) * w->us_per_tick;
        uint64_t in_calls =
            call_ticks_at(w, copy->end) - call_ticks_at(w, copy->begin);
        b.min_us = b.max_us =
            (double)(copy->end - copy->begin - in_calls) * w->us_per_tick;
        c.measured_messages = 1;
    }
    c.bytes = m->bytes;
    c.unfinished_messages = kase == PROFILE_CASE_ONE_END;
    c.transfer_us = xfer;
    c.overlap_min_us = b.min_us;
    c.overlap_max_us = b.max_us;
    m->open = false;
    if (m->coll) { /* bytes as a blocking collective's: no message, no bin */
        add_to(w, &c, m->region, m->call, NULL);
        return;
    }
    c.messages = 1;
    c.sent_messages = m->send;
    c.sent_bytes = m->send ? m->bytes : 0;
    c.recv_messages = !m->send;
    c.recv_bytes = m->send ? 0 : m->bytes;
    add_to(w, &c, m->region, m->call, &m->bytes);
}

static int add_span(profile_rank *r, uint64_t enter,
                    const mpchar_prof_event *exit, uint64_t bytes,
                    uint32_t region, bool self)
{
    profile_span *grown =
        mpchar_grow(r->spans, &r->cap_spans, r->n_spans + 1, sizeof *grown);
    if (!grown)
        return -1;
    r->spans = grown;
    r->spans[r->n_spans++] =
        (profile_span){enter, exit->tick, bytes, exit->call, region, self};
    return 0;
}

static void on_call(walk *w, const mpchar_prof_event *e)
{
    if (e->kind == MPCHAR_PROF_CALL_ENTER) {
        profile_cell c;
        memset(&c, 0, sizeof c);
        c.compute_us = (double)(e->tick - w->last_tick) * w->us_per_tick;
        add_to(w, &c, w->region, NO_CALL, NULL);
        w->in_call = true;
        w->enter_tick = e->tick;
        w->call_region = w->region;
        w->call_seq++;
        return;
    }
    if (!w->in_call)
        return; /* an exit whose entry was before the recording */
    profile_cell c;
    memset(&c, 0, sizeof c);
    c.calls = 1;
    c.bytes = e->bytes; /* a collective's; messages add their own */
    c.call_us = (double)(e->tick - w->enter_tick) * w->us_per_tick;
    uint64_t bytes = e->bytes ? e->bytes : w->call_msg_bytes;
    bool self = !e->bytes && w->call_self;
    if (profile_sizes_add(w->r, e->call, bytes, w->call_region, self, c.call_us,
                          NULL) != 0 ||
        (w->comm[e->call] &&
         add_span(w->r, w->enter_tick, e, bytes, w->call_region, self) != 0))
        w->failed = true;
    w->call_msg_bytes = 0;
    w->call_sent = false;
    w->call_self = false;
    add_to(w, &c, w->region, e->call, NULL);
    uint64_t *d = w->done_calls[w->n_done_calls++];
    d[0] = w->enter_tick;
    d[1] = e->tick;
    d[2] = w->call_ticks;
    w->call_ticks += e->tick - w->enter_tick;
    w->in_call = false;
}

static void on_message(walk *w, const mpchar_prof_event *e, uint32_t call)
{
    if (e->id >= w->n_msgs)
        return;
    open_msg *m = &w->msgs[e->id];
    if (e->kind == MPCHAR_PROF_MSG_DONE) {
        if (m->open)
            close_msg(w, m,
                      m->call_seq == w->call_seq ? PROFILE_CASE_SAME_CALL
                                                 : PROFILE_CASE_SPANNING,
                      e->tick);
        return;
    }
    if (w->in_call && !w->call_sent) {
        w->call_msg_bytes = e->bytes;
        w->call_sent = e->kind == MPCHAR_PROF_SEND_POST;
        w->call_self = e->self != 0;
    }
    /* the transfer may have begun when the posting call was entered */
    uint64_t begin = w->in_call ? w->enter_tick : e->tick;
    m->tick = begin;
    m->call_ticks_before = call_ticks_at(w, begin);
    m->call_seq = w->call_seq;
    m->bytes = e->bytes;
    m->call = call;
    m->region = w->region;
    m->send = e->kind == MPCHAR_PROF_SEND_POST;
    m->coll = e->kind == MPCHAR_PROF_COLL_POST;
    m->open = true;
}

static int walk_events(walk *w, const profile_events *ev)
{
    uint32_t call = 0;
    for (size_t i = 0; i < ev->n; i++) {
        const mpchar_prof_event *e = &ev->events[i];
        switch (e->kind) {
        case MPCHAR_PROF_CALL_ENTER:
            call = e->call;
            /* fallthrough */
        case MPCHAR_PROF_CALL_EXIT: on_call(w, e); break;
        case MPCHAR_PROF_REGION:
            w->region = e->id < PROFILE_MAX_REGIONS ? (uint32_t)e->id : 0;
            break;
        case MPCHAR_PROF_SEND_POST:
        case MPCHAR_PROF_RECV_POST:
        case MPCHAR_PROF_COLL_POST:
        case MPCHAR_PROF_MSG_DONE: on_message(w, e, call); break;
        default: break; /* copies: gathered before (profile_copies.c) */
        }
        w->last_tick = e->tick;
    }
    /* messages whose completion was never seen: case 3 */
    for (size_t id = 0; id < w->n_msgs; id++)
        if (w->msgs[id].open)
            close_msg(w, &w->msgs[id], PROFILE_CASE_ONE_END, w->last_tick);
    return 0;
}

int profile_add_rank(profile *p, const profile_events *ev, mpchar_error *err)
{
    const mpchar_prof_header *h = &ev->header;
    if (p->n_calls == 0) {
        p->n_calls = h->n_calls;
        p->call_names = calloc(h->n_calls, sizeof *p->call_names);
        if (!p->call_names)
            return mpchar_error_set(err, "out of memory");
        memcpy(p->call_names, h->call_names,
               h->n_calls * sizeof *p->call_names);
        /* (a file's names are printed as strings: each ends in the array) */
        for (size_t c = 0; c < p->n_calls; c++)
            p->call_names[c][sizeof *p->call_names - 1] = '\0';
        memcpy(p->library, h->library, sizeof p->library);
        p->library[sizeof p->library - 1] = '\0';
        memcpy(p->mpi_version, h->mpi_version, sizeof p->mpi_version);
        p->mpi_version[sizeof p->mpi_version - 1] = '\0';
        p->size = h->size;
    } else if (h->n_calls != p->n_calls ||
               strncmp(h->library, p->library, sizeof p->library) != 0) {
        return mpchar_error_set(err,
                                "rank %d: field library/n_calls differs "
                                "from the other ranks'",
                                h->rank);
    }
    profile_rank *ranks = realloc(p->ranks, (p->n_ranks + 1) * sizeof *ranks);
    if (!ranks)
        return mpchar_error_set(err, "out of memory");
    p->ranks = ranks;
    profile_rank *r = &ranks[p->n_ranks];
    memset(r, 0, sizeof *r);
    r->calls = calloc(p->n_calls, sizeof *r->calls);
    walk w = {p,
              r,
              h->ns_per_tick * 1e-3,
              0,
              0,
              h->tick_start,
              0,
              false,
              0,
              false,
              false,
              false,
              0,
              calloc(ev->n + 1, sizeof(open_msg)),
              ev->n + 1,
              calloc(ev->n + 1, sizeof *w.done_calls),
              0,
              NULL,
              0};
    bool *comm = calloc(p->n_calls ? p->n_calls : 1, sizeof *comm);
    for (size_t c = 0; comm && c < p->n_calls; c++)
        comm[c] = profile_call_is_comm(p->call_names[c]);
    w.comm = comm;
    if (!r->calls || !w.msgs || !w.done_calls || !comm) {
        free(r->calls);
        free(w.msgs);
        free(w.done_calls);
        free(comm);
        return mpchar_error_set(err, "out of memory");
    }
    p->n_ranks++;
    r->rank = h->rank;
    r->finalized = h->tick_end != 0;
    r->lost_messages = h->lost_messages;
    r->us_per_tick = w.us_per_tick;
    walk_events(&w, ev);
    free(w.msgs);
    free(w.done_calls);
    free(comm);
    if (w.failed)
        return mpchar_error_set(err, "out of memory");
    uint64_t end = r->finalized ? h->tick_end : w.last_tick;
    if (end > w.last_tick) { /* the computation after the last call */
        profile_cell c;
        memset(&c, 0, sizeof c);
        c.compute_us = (double)(end - w.last_tick) * w.us_per_tick;
        profile_cell_add(&r->total, &c);
        profile_cell_add(&r->regions[w.region], &c);
    }
    r->elapsed_s = end > h->tick_start
                       ? (double)(end - h->tick_start) * h->ns_per_tick * 1e-9
                       : 0.0;
    return 0;
}
