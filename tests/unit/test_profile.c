/* Unit tests for the analysis of `mpchar profile` (src/profile).
 *
 * Seed 004's bound rules case by case with known answers; the transfer
 * time's interpolation; the size bins; the aggregation of a hand-written
 * event stream (1 us per tick) whose every total is worked out in the
 * comments; a message never completed (a killed rank: case 3); a copy
 * another rank made for a message (the built-in runtime's XFER events):
 * the overlap measured; an event file packed by hand and read back, cut
 * short and damaged; and profile.json written and read back unchanged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "unit_assert.h"

#define EPS 1e-9

static void test_bound_same_call(void **state)
{
    (void)state;
    profile_bounds b = profile_bound(PROFILE_CASE_SAME_CALL, 10.0, 50.0, 2.0);
    assert_double_near(b.min_us, 0.0, EPS);
    assert_double_near(b.max_us, 0.0, EPS);
}

static void test_bound_spanning(void **state)
{
    (void)state;
    /* enough computation: max = xfer; calls shorter: min = xfer - calls */
    profile_bounds b = profile_bound(PROFILE_CASE_SPANNING, 10.0, 50.0, 3.0);
    assert_double_near(b.max_us, 10.0, EPS);
    assert_double_near(b.min_us, 7.0, EPS);
    /* too little computation: max = computation */
    b = profile_bound(PROFILE_CASE_SPANNING, 10.0, 4.0, 1.0);
    assert_double_near(b.max_us, 4.0, EPS);
    /* xfer - calls = 9 > 4: capped by the maximum */
    assert_double_near(b.min_us, 4.0, EPS);
    /* calls as long as the transfer: min = 0 */
    b = profile_bound(PROFILE_CASE_SPANNING, 10.0, 50.0, 12.0);
    assert_double_near(b.min_us, 0.0, EPS);
    assert_double_near(b.max_us, 10.0, EPS);
}

static void test_bound_one_end(void **state)
{
    (void)state;
    profile_bounds b = profile_bound(PROFILE_CASE_ONE_END, 10.0, 0.0, 0.0);
    assert_double_near(b.min_us, 0.0, EPS);
    assert_double_near(b.max_us, 10.0, EPS);
}

static profile_xfer line_5us_10ns(void)
{
    profile_xfer x;
    memset(&x, 0, sizeof x);
    x.n = 2; /* 5 us + 0.01 us per byte */
    x.bytes[0] = 0.0;
    x.us[0] = 5.0;
    x.bytes[1] = 1e6;
    x.us[1] = 5.0 + 1e4;
    return x;
}

static void test_xfer_interpolation(void **state)
{
    (void)state;
    profile_xfer x = line_5us_10ns();
    assert_double_near(profile_xfer_us(&x, 0), 5.0, EPS);
    assert_double_near(profile_xfer_us(&x, 1000), 15.0, EPS);
    assert_double_near(profile_xfer_us(&x, 2000000), 20005.0, 1e-6);
    x.n = 3; /* a protocol switch: a step at 1 MB */
    x.bytes[2] = 2e6;
    x.us[2] = 30005.0;
    assert_double_near(profile_xfer_us(&x, 1500000), 20005.0, 1e-6);
    x.n = 0;
    assert_double_near(profile_xfer_us(&x, 1000), 0.0, EPS);
}

static void test_bins(void **state)
{
    (void)state;
    profile_bins b;
    mpchar_error err;
    char label[64];
    profile_bins_default(&b);
    assert_int_equal(b.n, 4);
    assert_int_equal(profile_bin_of(&b, 0), 0);
    assert_int_equal(profile_bin_of(&b, 1024), 0);
    assert_int_equal(profile_bin_of(&b, 1025), 1);
    assert_int_equal(profile_bin_of(&b, 1048577), 4);
    profile_bin_label(&b, 1, label, sizeof label);
    assert_string_equal(label, "1025-10240 B");
    profile_bin_label(&b, 4, label, sizeof label);
    assert_string_equal(label, ">1048576 B");
    assert_int_equal(profile_bins_parse("64K,8", &b, &err), 0);
    assert_int_equal(b.n, 2);
    assert_int_equal(b.upper_bytes[0], 8);
    assert_int_equal(profile_bin_of(&b, 9), 1);
    assert_int_equal(profile_bins_parse("1K,x", &b, &err), -1);
    assert_contains(err.msg, "--bins");
}

enum { PCONTROL, ISEND, WAIT, RECV };

static void ev(profile_events *e, uint64_t tick, uint32_t kind, uint32_t call,
               uint64_t id, uint64_t bytes)
{
    e->events[e->n++] = (mpchar_prof_event){.tick = tick,
                                            .kind = (uint16_t)kind,
                                            .call = call,
                                            .id = id,
                                            .bytes = bytes};
}

/* Ticks of 1 us: Pcontrol(1) 5-6; Isend 10-12 posting message 1 (1000 B);
 * computation 12-50; Wait 50-60 completing it at 59; Recv 70-80 of
 * message 2 (2000 B); MPI_Finalize at 100 (or never: killed). */
static void stream(profile_events *e, bool complete)
{
    memset(e, 0, sizeof *e);
    mpchar_prof_header *h = &e->header;
    h->rank = 0;
    h->size = 2;
    h->ns_per_tick = 1000.0;
    h->tick_start = 0;
    h->tick_end = complete ? 100 : 0;
    h->n_calls = 4;
    snprintf(h->library, sizeof h->library, "test");
    const char *names[] = {"MPI_Pcontrol", "MPI_Isend", "MPI_Wait", "MPI_Recv"};
    for (int i = 0; i < 4; i++)
        snprintf(h->call_names[i], sizeof h->call_names[i], "%s", names[i]);
    e->events = calloc(16, sizeof *e->events);
    assert_non_null(e->events);
    ev(e, 5, MPCHAR_PROF_CALL_ENTER, PCONTROL, 0, 0);
    ev(e, 5, MPCHAR_PROF_REGION, 0, 1, 0);
    ev(e, 6, MPCHAR_PROF_CALL_EXIT, PCONTROL, 0, 0);
    ev(e, 10, MPCHAR_PROF_CALL_ENTER, ISEND, 0, 0);
    ev(e, 11, MPCHAR_PROF_SEND_POST, 0, 1, 1000);
    ev(e, 12, MPCHAR_PROF_CALL_EXIT, ISEND, 0, 0);
    ev(e, 50, MPCHAR_PROF_CALL_ENTER, WAIT, 0, 0);
    if (complete)
        ev(e, 59, MPCHAR_PROF_MSG_DONE, 0, 1, 0);
    ev(e, 60, MPCHAR_PROF_CALL_EXIT, WAIT, 0, 0);
    ev(e, 70, MPCHAR_PROF_CALL_ENTER, RECV, 0, 0);
    ev(e, 71, MPCHAR_PROF_RECV_POST, 0, 2, 2000);
    ev(e, 79, MPCHAR_PROF_MSG_DONE, 0, 2, 0);
    ev(e, 80, MPCHAR_PROF_CALL_EXIT, RECV, 0, 0);
}

/* p: the events that build writes (complete or killed), analysed with
 * the default bins and the 5 us + 10 ns/B line. */
static void analyze_stream(profile *p, void (*build)(profile_events *, bool),
                           bool complete)
{
    profile_events e;
    mpchar_error err;
    memset(p, 0, sizeof *p);
    profile_bins_default(&p->bins);
    p->xfer = line_5us_10ns();
    build(&e, complete);
    assert_int_equal(profile_add_rank(p, &e, &err), 0);
    profile_events_free(&e);
}

static void analyze(profile *p, bool complete)
{
    analyze_stream(p, stream, complete);
}

static void test_aggregate_known_answers(void **state)
{
    (void)state;
    profile p;
    analyze(&p, true);
    const profile_rank *r = &p.ranks[0];
    const profile_cell *t = &r->total;
    assert_true(r->finalized);
    assert_double_near(r->elapsed_s, 100e-6, 1e-12);
    assert_int_equal(t->calls, 4);
    assert_double_near(t->call_us, 1 + 2 + 10 + 10, EPS);
    /* 0-5, 6-10, 12-50, 60-70, 80-100 */
    assert_double_near(t->compute_us, 5 + 4 + 38 + 10 + 20, EPS);
    assert_int_equal(t->messages, 2);
    assert_int_equal(t->sent_messages, 1);
    assert_int_equal(t->sent_bytes, 1000);
    assert_int_equal(t->recv_bytes, 2000);
    assert_double_near(t->transfer_us, 15 + 25, EPS);
    assert_int_equal(t->unfinished_messages, 0);
    /* message 1 spans 10-59: calls 2 + 9, computation 38; xfer 15:
     * max = min(38, 15) = 15, min = 15 - 11 = 4; message 2: one call, 0 */
    assert_double_near(t->overlap_max_us, 15.0, EPS);
    assert_double_near(t->overlap_min_us, 4.0, EPS);
    /* bins: 1000 B in the first, 2000 B in the second */
    assert_int_equal(r->bins[0].messages, 1);
    assert_double_near(r->bins[0].overlap_min_us, 4.0, EPS);
    assert_int_equal(r->bins[1].messages, 1);
    assert_double_near(r->bins[1].overlap_max_us, 0.0, EPS);
    /* region 0 holds the computation before Pcontrol(1); region 1 the rest */
    assert_double_near(r->regions[0].compute_us, 5.0, EPS);
    assert_int_equal(r->regions[0].calls, 0);
    assert_int_equal(r->regions[1].calls, 4);
    assert_int_equal(r->regions[1].messages, 2);
    /* calls: messages belong to the call that posted them */
    assert_int_equal(r->calls[ISEND].messages, 1);
    assert_int_equal(r->calls[ISEND].bytes, 1000);
    assert_int_equal(r->calls[WAIT].messages, 0);
    assert_double_near(r->calls[WAIT].call_us, 10.0, EPS);
    assert_int_equal(r->calls[RECV].recv_bytes, 2000);
    /* seed 003's rates over the 100 us */
    assert_double_near(profile_rates[0].get(r), 2 / 100e-6, 1e-6);
    assert_double_near(profile_rates[3].get(r), 23.0 / 100.0, EPS);
    /* calls by size (mpchar apps --model): the Isend's message, the
     * Recv's, 0 for the others */
    assert_int_equal(r->n_sizes, 4);
    const uint64_t want[4][3] = {
        {PCONTROL, 0, 1}, {ISEND, 1000, 1}, {WAIT, 0, 1}, {RECV, 2000, 1}};
    for (size_t k = 0; k < 4; k++) {
        assert_int_equal(r->sizes[k].call, want[k][0]);
        assert_int_equal(r->sizes[k].bytes, want[k][1]);
        assert_int_equal(r->sizes[k].calls, want[k][2]);
    }
    profile_free(&p);
}

static void test_aggregate_killed(void **state)
{
    (void)state;
    profile p;
    analyze(&p, false);
    const profile_rank *r = &p.ranks[0];
    assert_false(r->finalized);
    /* the run ends at the last event, 80 */
    assert_double_near(r->elapsed_s, 80e-6, 1e-12);
    /* message 1 never completed: case 3, [0, xfer] */
    assert_double_near(r->bins[0].overlap_min_us, 0.0, EPS);
    assert_double_near(r->bins[0].overlap_max_us, 15.0, EPS);
    assert_int_equal(r->total.messages, 2);
    assert_int_equal(r->total.unfinished_messages, 1);
    assert_int_equal(r->calls[ISEND].unfinished_messages, 1);
    profile_free(&p);
}

/* A nonblocking collective (call 1, "MPI_Iallreduce") of 8192 B posted at
 * 10-12, computation 12-50, completed by a Wait (call 2) 50-60 at 59 (or
 * never): bounded like a message, counted as bytes only. */
static void icoll_stream(profile_events *e, bool complete)
{
    memset(e, 0, sizeof *e);
    mpchar_prof_header *h = &e->header;
    h->size = 2;
    h->ns_per_tick = 1000.0;
    h->tick_end = 100;
    h->n_calls = 3;
    snprintf(h->library, sizeof h->library, "test");
    snprintf(h->call_names[1], sizeof h->call_names[1], "MPI_Iallreduce");
    snprintf(h->call_names[2], sizeof h->call_names[2], "MPI_Wait");
    /* a name filling its array, with no NUL: cut to end in it */
    memset(h->call_names[0], 'x', sizeof h->call_names[0]);
    e->events = calloc(8, sizeof *e->events);
    assert_non_null(e->events);
    ev(e, 10, MPCHAR_PROF_CALL_ENTER, 1, 0, 0);
    ev(e, 11, MPCHAR_PROF_COLL_POST, 0, 1, 8192);
    ev(e, 12, MPCHAR_PROF_CALL_EXIT, 1, 0, 0);
    ev(e, 50, MPCHAR_PROF_CALL_ENTER, 2, 0, 0);
    if (complete)
        ev(e, 59, MPCHAR_PROF_MSG_DONE, 0, 1, 0);
    ev(e, 60, MPCHAR_PROF_CALL_EXIT, 2, 0, 0);
}

static void test_aggregate_nonblocking_collective(void **state)
{
    (void)state;
    profile p;
    analyze_stream(&p, icoll_stream, true);
    const profile_cell *t = &p.ranks[0].total, *c = &p.ranks[0].calls[1];
    assert_int_equal(t->messages, 0);
    assert_int_equal(t->sent_bytes + t->recv_bytes, 0);
    assert_int_equal(c->bytes, 8192);
    assert_int_equal(c->calls, 1);
    /* xfer 5 + 81.92 us; computation 38 between post and done, calls 11:
     * max = min(38, 86.92) = 38, min = 86.92 - 11 > max, so 38 */
    assert_double_near(c->transfer_us, 86.92, EPS);
    assert_double_near(c->overlap_max_us, 38.0, EPS);
    assert_double_near(c->overlap_min_us, 38.0, EPS);
    assert_int_equal(c->unfinished_messages, 0);
    assert_int_equal(strlen(p.call_names[0]), MPCHAR_PROF_CALL_NAME_BYTES - 1);
    for (size_t i = 0; i <= p.bins.n; i++)
        assert_int_equal(p.ranks[0].bins[i].bytes, 0);
    profile_free(&p);
    analyze_stream(&p, icoll_stream,
                   false); /* never completed: case 3, [0, xfer] */
    c = &p.ranks[0].calls[1];
    assert_int_equal(c->unfinished_messages, 1);
    assert_double_near(c->overlap_min_us, 0.0, EPS);
    assert_double_near(c->overlap_max_us, 86.92, EPS);
    profile_free(&p);
}

static void test_aggregate_measured_copy(void **state)
{
    (void)state;
    profile p;
    profile_events e;
    mpchar_error err;
    memset(&p, 0, sizeof p);
    profile_bins_default(&p.bins);
    p.xfer = line_5us_10ns();
    /* rank 1 copied message 1 (1000 B) of rank 0 during 20-30, while
     * rank 0 computed (12-50): measured overlap 10 us */
    profile_events other;
    memset(&other, 0, sizeof other);
    other.header.rank = 1;
    other.events = calloc(2, sizeof *other.events);
    assert_non_null(other.events);
    other.events[other.n++] = (mpchar_prof_event){
        .tick = 20, .kind = MPCHAR_PROF_XFER_BEGIN, .bytes = 1000};
    other.events[other.n++] = (mpchar_prof_event){
        .tick = 30, .kind = MPCHAR_PROF_XFER_END, .bytes = 1000};
    assert_int_equal(profile_add_copies(&p, &other, &err), 0);
    profile_events_free(&other);
    profile_sort_copies(&p);
    assert_int_equal(p.n_copies, 1);
    stream(&e, true);
    assert_int_equal(profile_add_rank(&p, &e, &err), 0);
    profile_events_free(&e);
    const profile_cell *b = &p.ranks[0].bins[0];
    assert_int_equal(b->measured_messages, 1);
    assert_double_near(b->transfer_us, 10.0, EPS);
    assert_double_near(b->overlap_min_us, 10.0, EPS);
    assert_double_near(b->overlap_max_us, 10.0, EPS);
    assert_true(p.copies[0].used);
    profile_free(&p);
}

/* Two ranks, ticks of 1 us, three communication calls each and one
 * set-up call (Comm_rank: not communication, not matched):
 *   rank 0: Barrier 10-30, Send 1000 B 40-45, Allreduce 8 B 60-100
 *   rank 1: Barrier 25-30, Recv 1000 B 35-50, Allreduce 8 B 90-100,
 *           or (mismatch) Bcast in place of the Allreduce, or (short)
 *           no Allreduce.
 * Rank 0's Send faces rank 1's Recv (another name: point to point). */
enum { W_BARRIER, W_SEND, W_RECV, W_ALLREDUCE, W_BCAST, W_RANK };

static void wait_call(profile_events *e, uint64_t in, uint64_t out,
                      uint32_t call, uint32_t post, uint64_t bytes)
{
    ev(e, in, MPCHAR_PROF_CALL_ENTER, call, 0, 0);
    if (post) {
        ev(e, in, post, call, e->n, bytes);
        ev(e, out, MPCHAR_PROF_MSG_DONE, call, e->n - 1, 0);
        bytes = 0;
    }
    ev(e, out, MPCHAR_PROF_CALL_EXIT, call, 0, bytes);
}

static void wait_rank(profile *p, int rank, int last_call)
{
    profile_events e;
    memset(&e, 0, sizeof e);
    mpchar_prof_header *h = &e.header;
    h->rank = rank;
    h->size = 2;
    h->ns_per_tick = 1000.0;
    h->tick_end = 200;
    h->n_calls = 6;
    snprintf(h->library, sizeof h->library, "test");
    const char *names[] = {"MPI_Barrier",   "MPI_Send",  "MPI_Recv",
                           "MPI_Allreduce", "MPI_Bcast", "MPI_Comm_rank"};
    for (int i = 0; i < 6; i++)
        snprintf(h->call_names[i], sizeof h->call_names[i], "%s", names[i]);
    e.events = calloc(32, sizeof *e.events);
    assert_non_null(e.events);
    wait_call(&e, rank ? 25 : 10, 30, W_BARRIER, 0, 0);
    wait_call(&e, 32, 33 + (uint64_t)rank, W_RANK, 0, 0);
    if (rank == 0)
        wait_call(&e, 40, 45, W_SEND, MPCHAR_PROF_SEND_POST, 1000);
    else
        wait_call(&e, 35, 50, W_RECV, MPCHAR_PROF_RECV_POST, 1000);
    if (last_call >= 0)
        wait_call(&e, rank ? 90 : 60, 100, (uint32_t)last_call, 0, 8);
    mpchar_error err;
    assert_int_equal(profile_add_rank(p, &e, &err), 0);
    profile_events_free(&e);
}

static void wait_profile(profile *p, int last_call_of_1)
{
    memset(p, 0, sizeof *p);
    profile_bins_default(&p->bins);
    p->xfer = line_5us_10ns();
    wait_rank(p, 0, W_ALLREDUCE);
    wait_rank(p, 1, last_call_of_1);
    profile_waits(p);
}

static void test_waits_known_answers(void **state)
{
    (void)state;
    profile p;
    wait_profile(&p, W_ALLREDUCE);
    assert_true(p.waits_aligned);
    /* rank 0: calls 20 + 5 + 40 us; waited 15 (barrier: rank 1 entered
     * at 25), 0 (its send left at 45 after rank 1's entry at 35, and it
     * entered last), 30 (allreduce: rank 1 entered at 90) */
    assert_double_near(p.ranks[0].comm_us, 65.0, EPS);
    assert_double_near(p.ranks[0].comm_wait_us, 45.0, EPS);
    /* rank 1: 5 + 15 + 10 us; waited 5 in its Recv (35 to rank 0's 40) */
    assert_double_near(p.ranks[1].comm_us, 30.0, EPS);
    assert_double_near(p.ranks[1].comm_wait_us, 5.0, EPS);
    /* by (call, bytes) */
    profile_size *ar =
        profile_sizes_find(&p.ranks[0], W_ALLREDUCE, 8, 0, false);
    assert_non_null(ar);
    assert_double_near(ar->call_us, 40.0, EPS);
    assert_double_near(ar->wait_us, 30.0, EPS);
    profile_size *rv = profile_sizes_find(&p.ranks[1], W_RECV, 1000, 0, false);
    assert_non_null(rv);
    assert_double_near(rv->call_us, 15.0, EPS);
    assert_double_near(rv->wait_us, 5.0, EPS);
    profile_size *cr = profile_sizes_find(&p.ranks[1], W_RANK, 0, 0, false);
    assert_non_null(cr);
    assert_double_near(cr->call_us, 2.0, EPS);
    assert_double_near(cr->wait_us, 0.0, EPS);
    assert_null(p.ranks[0].spans); /* used, freed */
    profile_free(&p);
}

/* A send that returned before its receiver entered did not wait. */
static void test_waits_eager_send(void **state)
{
    (void)state;
    profile p;
    memset(&p, 0, sizeof p);
    profile_bins_default(&p.bins);
    for (int rank = 0; rank < 2; rank++) {
        profile_events e;
        memset(&e, 0, sizeof e);
        e.header.rank = rank;
        e.header.size = 2;
        e.header.ns_per_tick = 1000.0;
        e.header.n_calls = 2;
        snprintf(e.header.call_names[0], MPCHAR_PROF_CALL_NAME_BYTES,
                 "MPI_Send");
        snprintf(e.header.call_names[1], MPCHAR_PROF_CALL_NAME_BYTES,
                 "MPI_Recv");
        e.events = calloc(8, sizeof *e.events);
        assert_non_null(e.events);
        if (rank == 0) /* 10-12, before the receiver's entry at 50 */
            wait_call(&e, 10, 12, 0, MPCHAR_PROF_SEND_POST, 64);
        else
            wait_call(&e, 50, 51, 1, MPCHAR_PROF_RECV_POST, 64);
        mpchar_error err;
        assert_int_equal(profile_add_rank(&p, &e, &err), 0);
        profile_events_free(&e);
    }
    profile_waits(&p);
    assert_true(p.waits_aligned);
    assert_double_near(p.ranks[0].comm_us, 2.0, EPS);
    assert_double_near(p.ranks[0].comm_wait_us, 0.0, EPS);
    assert_double_near(p.ranks[1].comm_wait_us, 0.0, EPS);
    profile_free(&p);
}

/* Sequences that do not match: no split, the reason named. */
static void test_waits_not_aligned(void **state)
{
    (void)state;
    profile p;
    wait_profile(&p, W_BCAST);
    assert_false(p.waits_aligned);
    assert_true(isnan(p.ranks[0].comm_wait_us));
    assert_contains(p.waits_note, "communication call 3 is MPI_Allreduce on "
                                  "rank 0, MPI_Bcast on rank 1");
    profile_free(&p);
    wait_profile(&p, -1);
    assert_false(p.waits_aligned);
    assert_contains(p.waits_note,
                    "rank 1 made 2 communication calls, rank 0 3");
    profile_free(&p);
}

/* An event file of format version, with n_calls call names: header,
 * then words (prof_format.h). */
static void write_file_v(const char *path, const uint64_t *words, size_t n,
                         uint64_t n_words, uint32_t version, uint32_t n_calls)
{
    union {
        mpchar_prof_header h;
        char page[MPCHAR_PROF_HEADER_BYTES];
    } hp;
    memset(&hp, 0, sizeof hp);
    hp.h.magic = MPCHAR_PROF_MAGIC;
    hp.h.version = version;
    hp.h.header_bytes = MPCHAR_PROF_HEADER_BYTES;
    hp.h.size = 2;
    hp.h.n_calls = n_calls;
    hp.h.ns_per_tick = 1.0;
    hp.h.tick_start = 1000;
    hp.h.n_words = n_words;
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(&hp, sizeof hp, 1, f), 1);
    assert_int_equal(fwrite(words, sizeof *words, n, f), n);
    fclose(f);
}

/* ... of this version, with 4 calls. */
static void write_file(const char *path, const uint64_t *words, size_t n,
                       uint64_t n_words)
{
    write_file_v(path, words, n, n_words, MPCHAR_PROF_VERSION, 4);
}

static void test_event_file(void **state)
{
    (void)state;
    char path[256];
    profile_events ev;
    mpchar_error err;
    snprintf(path, sizeof path, "%s/test_profile.events",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    uint64_t w[] = {
        mpchar_prof_word(5, MPCHAR_PROF_CALL_ENTER, ISEND),
        mpchar_prof_word(6, MPCHAR_PROF_SEND_POST, 0),
        7,
        4096,
        mpchar_prof_word(8, MPCHAR_PROF_CALL_EXIT, ISEND) |
            MPCHAR_PROF_HAS_BYTES,
        123,
        mpchar_prof_word(9, MPCHAR_PROF_MSG_DONE, 0), /* its id cut off */
    };
    write_file(path, w, 7, 8);
    assert_int_equal(profile_events_read(path, &ev, &err), 0);
    assert_int_equal(ev.n, 3); /* the last event is cut short: dropped */
    assert_int_equal(ev.events[0].tick, 1005);
    assert_int_equal(ev.events[0].kind, MPCHAR_PROF_CALL_ENTER);
    assert_int_equal(ev.events[0].call, ISEND);
    assert_int_equal(ev.events[1].kind, MPCHAR_PROF_SEND_POST);
    assert_int_equal(ev.events[1].id, 7);
    assert_int_equal(ev.events[1].bytes, 4096);
    assert_int_equal(ev.events[2].kind, MPCHAR_PROF_CALL_EXIT);
    assert_int_equal(ev.events[2].bytes, 123);
    assert_int_equal(ev.events[2].id, 0);
    assert_int_equal(ev.events[1].self, 0);
    profile_events_free(&ev);
    /* a post to oneself carries the top bit (MPCHAR_PROF_SELF); on a
     * CALL_EXIT the same bit is HAS_BYTES, not self */
    w[1] |= MPCHAR_PROF_SELF;
    write_file(path, w, 7, 8);
    assert_int_equal(profile_events_read(path, &ev, &err), 0);
    assert_int_equal(ev.events[1].kind, MPCHAR_PROF_SEND_POST);
    assert_int_equal(ev.events[1].self, 1);
    assert_int_equal(ev.events[1].bytes, 4096);
    assert_int_equal(ev.events[2].self, 0);
    profile_events_free(&ev);
    w[1] &= ~MPCHAR_PROF_SELF;
    /* a call beyond the header's table */
    w[0] = mpchar_prof_word(5, MPCHAR_PROF_CALL_ENTER, 9);
    write_file(path, w, 1, 1);
    assert_int_equal(profile_events_read(path, &ev, &err), -1);
    assert_contains(err.msg, "word 0: field kind/call");
    /* version 4 and 5: 10 bits of call: the last of 1024 calls, at the largest
     * tick, with the bytes flag beside them */
    w[0] = mpchar_prof_word((1ULL << MPCHAR_PROF_TICK_BITS) - 1,
                            MPCHAR_PROF_CALL_EXIT, 1023) |
           MPCHAR_PROF_HAS_BYTES;
    w[1] = 77;
    write_file_v(path, w, 2, 2, MPCHAR_PROF_VERSION, 1024);
    assert_int_equal(profile_events_read(path, &ev, &err), 0);
    assert_int_equal(ev.n, 1);
    assert_int_equal(ev.events[0].call, 1023);
    assert_int_equal(ev.events[0].kind, MPCHAR_PROF_CALL_EXIT);
    assert_int_equal(ev.events[0].tick,
                     1000 + (1ULL << MPCHAR_PROF_TICK_BITS) - 1);
    assert_int_equal(ev.events[0].bytes, 77);
    profile_events_free(&ev);
    /* a version 4 file (no self bit) is refused, its version named */
    write_file_v(path, w, 2, 2, 4, 4);
    assert_int_equal(profile_events_read(path, &ev, &err), -1);
    assert_contains(err.msg, "field version: 4, expected 5");
    /* ... and a version 3 file (7 bits of call) */
    write_file_v(path, w, 2, 2, 3, 4);
    assert_int_equal(profile_events_read(path, &ev, &err), -1);
    assert_contains(err.msg, "field version: 3, expected 5");
    /* ... also when its header (8192 bytes) is shorter than version 4's */
    FILE *old = fopen(path, "wb");
    assert_non_null(old);
    mpchar_prof_header h3 = {.magic = MPCHAR_PROF_MAGIC, .version = 3};
    assert_int_equal(fwrite(&h3, 16, 1, old), 1);
    fclose(old);
    assert_int_equal(profile_events_read(path, &ev, &err), -1);
    assert_contains(err.msg, "field version: 3, expected 5");
    /* not an event file */
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("hello", f);
    fclose(f);
    assert_int_equal(profile_events_read(path, &ev, &err), -1);
    assert_contains(err.msg, "shorter than its header");
    remove(path);
}

static void test_json_round_trip(void **state)
{
    (void)state;
    profile p, q;
    mpchar_error err;
    char path[256];
    analyze(&p, true);
    p.total = p.ranks[0];
    p.total.calls = calloc(p.n_calls, sizeof *p.total.calls);
    assert_non_null(p.total.calls);
    memcpy(p.total.calls, p.ranks[0].calls, p.n_calls * sizeof *p.total.calls);
    assert_int_equal(profile_set_region_names(&p, "solve,io", &err), 0);
    snprintf(path, sizeof path, "%s/test_profile.json",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_int_equal(profile_write_json(&p, path, &err), 0);
    assert_int_equal(profile_read_json(path, &q, &err), 0);
    assert_string_equal(q.library, "test");
    assert_int_equal(q.n_ranks, 1);
    assert_int_equal(q.n_calls, 4);
    assert_string_equal(q.region_names[1], "solve");
    assert_string_equal(q.region_names[2], "io");
    assert_int_equal(q.xfer.n, 2);
    for (size_t i = 0; i < profile_n_columns; i++) {
        assert_double_near(profile_cell_get(&q.ranks[0].total, i),
                           profile_cell_get(&p.ranks[0].total, i), 1e-6);
        assert_double_near(profile_cell_get(&q.ranks[0].calls[ISEND], i),
                           profile_cell_get(&p.ranks[0].calls[ISEND], i), 1e-6);
        assert_double_near(profile_cell_get(&q.ranks[0].regions[1], i),
                           profile_cell_get(&p.ranks[0].regions[1], i), 1e-6);
        assert_double_near(profile_cell_get(&q.ranks[0].bins[1], i),
                           profile_cell_get(&p.ranks[0].bins[1], i), 1e-6);
    }
    assert_int_equal(profile_set_region_names(&q, "a,,b", &err), -1);
    assert_contains(err.msg, "MPCHAR_PROF_REGIONS");
    remove(path);
    profile_free(&p);
    profile_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bound_same_call),
        cmocka_unit_test(test_bound_spanning),
        cmocka_unit_test(test_bound_one_end),
        cmocka_unit_test(test_xfer_interpolation),
        cmocka_unit_test(test_bins),
        cmocka_unit_test(test_aggregate_known_answers),
        cmocka_unit_test(test_aggregate_killed),
        cmocka_unit_test(test_aggregate_nonblocking_collective),
        cmocka_unit_test(test_aggregate_measured_copy),
        cmocka_unit_test(test_waits_known_answers),
        cmocka_unit_test(test_waits_eager_send),
        cmocka_unit_test(test_waits_not_aligned),
        cmocka_unit_test(test_event_file),
        cmocka_unit_test(test_json_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
