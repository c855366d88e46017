/* Point-to-point patterns between ranks 0 and 1 (seeds 000, 001, 002,
 * 003): ping-pong in five send modes, ping-ping (full duplex), stream
 * (inter-message pipelining), bistream (windows of Isend/Irecv both ways),
 * async_pingping (seed 002's asynchronous ping-ping) and recvfirst (a receive posted before a computation); and ping-ping of
 * every even rank with the next one at once (seed 002's multicast
 * ping-ping), which runs pingping's exchange in pairs.  n is the message
 * length in bytes. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "buffers.h"

static uint64_t two_buffers(uint64_t n, int p, long window)
{
    (void)p, (void)window;
    return 2 * n;
}

static uint64_t windowed_buffers(uint64_t n, int p, long window)
{
    (void)p;
    return n + n * (uint64_t)window;
}

/* Ranks 0 and 1 are each other's peer, and so are 2k and 2k + 1. */
static int peer(const bench_ctx *c)
{
    return c->rank ^ 1;
}

static int count(const bench_ctx *c)
{
    return (int)c->count;
}

static double half_round_trip(const bench_ctx *c)
{
    (void)c;
    return 2.0;
}

static double one_exchange(const bench_ctx *c)
{
    (void)c;
    return 1.0;
}

static double per_message(const bench_ctx *c)
{
    return (double)c->window;
}

static void free_p2p(bench_ctx *c)
{
    bench_buffers_free(c);
}

/* ---- ping-pong ------------------------------------------------------- */

/* The send modes, in the order of pingpong_variants; the mode is looked up
 * once at set-up so the timed loop does no string work. */
enum send_mode { MODE_SEND, MODE_SSEND, MODE_BSEND, MODE_RSEND, MODE_ISEND };

static const char *const pingpong_variants[] = {
    "send", "ssend", "bsend", "rsend", "isend", NULL,
};

typedef int (*blocking_send_fn)(const void *, int, MPI_Datatype, int, int,
                                MPI_Comm);

static const blocking_send_fn blocking_send[] = {
    [MODE_SEND] = MPI_Send,
    [MODE_SSEND] = MPI_Ssend,
    [MODE_BSEND] = MPI_Bsend,
    [MODE_RSEND] = MPI_Rsend,
};

static int mode_of(const bench_ctx *c)
{
    int mode = 0;
    while (strcmp(pingpong_variants[mode], c->pt->key.variant) != 0)
        mode++;
    return mode;
}

static int setup_pingpong(bench_ctx *c)
{
    c->mode = mode_of(c);
    size_t slots = c->mode == MODE_RSEND ? (size_t)c->batch : 1;
    if (bench_buffers_alloc(c, c->msg_bytes, c->msg_bytes * slots) != 0 ||
        bench_requests_alloc(c, slots + 1) != 0)
        return -1;
    if (c->mode == MODE_BSEND) {
        /* Room for every message of a batch, as MPI requires. */
        c->bsend_bytes =
            (int)((c->msg_bytes + MPI_BSEND_OVERHEAD) * (size_t)c->batch);
        c->bsend_buf = bench_alloc_touched((size_t)c->bsend_bytes);
        if (!c->bsend_buf)
            return -1;
        MPI_Buffer_attach(c->bsend_buf, c->bsend_bytes);
    }
    return 0;
}

static void teardown_pingpong(bench_ctx *c)
{
    if (c->bsend_buf) {
        void *buf;
        int size;
        MPI_Buffer_detach(&buf, &size);
        free(c->bsend_buf);
        c->bsend_buf = NULL;
    }
    bench_buffers_free(c);
}

/* Ready mode needs the receive posted before the send: the receiver
 * pre-posts and says so with a zero-byte go message, all untimed. */
static void prepare_rsend(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Irecv(c->rbuf + (size_t)b * c->msg_bytes, count(c), c->dtype,
                  peer(c), BENCH_TAG_DATA, c->comm, &c->reqs[b]);
    if (c->rank == 1)
        MPI_Send(NULL, 0, MPI_BYTE, 0, BENCH_TAG_GO, c->comm);
    else
        MPI_Recv(NULL, 0, MPI_BYTE, 1, BENCH_TAG_GO, c->comm,
                 MPI_STATUS_IGNORE);
}

static void prepare_pingpong(bench_ctx *c)
{
    if (c->check) {
        if (c->rank == 0)
            bench_check_fill(c->sbuf, c->msg_bytes, 0, c->rep);
        bench_check_poison(c->rbuf, c->rbuf_bytes, 0, c->rep);
    }
    if (c->mode == MODE_RSEND)
        prepare_rsend(c);
}

/* Receive slot of message b: ready mode pre-posts a batch of receives,
 * each needing its own buffer; the other modes reuse one. */
static unsigned char *slot_of(const bench_ctx *c, long b)
{
    return c->mode == MODE_RSEND ? c->rbuf + (size_t)b * c->msg_bytes : c->rbuf;
}

static void exchange_nonblocking(bench_ctx *c, const void *out, void *in)
{
    MPI_Irecv(in, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
              &c->reqs[0]);
    MPI_Isend(out, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
              &c->reqs[1]);
    MPI_Waitall(2, c->reqs, MPI_STATUSES_IGNORE);
}

static void ping(bench_ctx *c, long b)
{
    unsigned char *slot = slot_of(c, b);
    if (c->mode == MODE_ISEND) {
        exchange_nonblocking(c, c->sbuf, slot);
        return;
    }
    blocking_send[c->mode](c->sbuf, count(c), c->dtype, 1, BENCH_TAG_DATA,
                           c->comm);
    if (c->mode == MODE_RSEND)
        MPI_Wait(&c->reqs[b], MPI_STATUS_IGNORE);
    else
        MPI_Recv(slot, count(c), c->dtype, 1, BENCH_TAG_DATA, c->comm,
                 MPI_STATUS_IGNORE);
}

/* The echo sends back the bytes it received, so --check verifies both
 * directions. */
static void pong(bench_ctx *c, long b)
{
    unsigned char *slot = slot_of(c, b);
    if (c->mode == MODE_ISEND) {
        MPI_Irecv(slot, count(c), c->dtype, 0, BENCH_TAG_DATA, c->comm,
                  &c->reqs[0]);
        MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
        MPI_Isend(slot, count(c), c->dtype, 0, BENCH_TAG_DATA, c->comm,
                  &c->reqs[0]);
        MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
        return;
    }
    if (c->mode == MODE_RSEND)
        MPI_Wait(&c->reqs[b], MPI_STATUS_IGNORE);
    else
        MPI_Recv(slot, count(c), c->dtype, 0, BENCH_TAG_DATA, c->comm,
                 MPI_STATUS_IGNORE);
    blocking_send[c->mode](slot, count(c), c->dtype, 0, BENCH_TAG_DATA,
                           c->comm);
}

static void run_pingpong(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        if (c->rank == 0)
            ping(c, b);
        else
            pong(c, b);
    }
}

static int verify_slots(bench_ctx *c, long slots, long source, char *why,
                        size_t len)
{
    char what[64];
    for (long b = 0; b < slots; b++) {
        snprintf(what, sizeof what, "rank %d message %ld", c->rank, b);
        if (bench_check_bytes(c->rbuf + (size_t)b * c->msg_bytes, c->msg_bytes,
                              source, c->rep, what, why, len) != 0)
            return -1;
    }
    return 0;
}

static int verify_pingpong(bench_ctx *c, char *why, size_t len)
{
    return verify_slots(c, c->mode == MODE_RSEND ? c->batch : 1, 0, why, len);
}

/* ---- ping-ping ------------------------------------------------------- */

static int setup_two(bench_ctx *c)
{
    if (bench_buffers_alloc(c, c->msg_bytes, c->msg_bytes) != 0 ||
        bench_requests_alloc(c, 1) != 0)
        return -1;
    return 0;
}

static void prepare_exchange(bench_ctx *c)
{
    if (!c->check)
        return;
    bench_check_fill(c->sbuf, c->sbuf_bytes, c->rank, c->rep);
    bench_check_poison(c->rbuf, c->rbuf_bytes, peer(c), c->rep);
}

static void run_pingping(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        MPI_Isend(c->sbuf, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
                  &c->reqs[0]);
        MPI_Recv(c->rbuf, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
                 MPI_STATUS_IGNORE);
        MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
    }
}

static int verify_from_peer(bench_ctx *c, char *why, size_t len)
{
    long slots = (long)(c->msg_bytes ? c->rbuf_bytes / c->msg_bytes : 1);
    return verify_slots(c, slots, peer(c), why, len);
}

/* ---- async_pingping -------------------------------------------------- */

/* Seed 002's asynchronous ping-ping: both ranks post MPI_Irecv and
 * MPI_Isend, compute for c microseconds (variant c<us>; c0: none) without
 * MPI calls, and wait for the send, then the receive.  Each records its
 * phases (mpchar/results.h): send = from the first post until the send
 * completed, wait = the time inside the two waits, total = the whole
 * operation; the row's T is the slower rank's total. */
static const char *const async_variants[] = {"c0", "c20", NULL};

static int setup_async(bench_ctx *c)
{
    c->compute_iterations =
        bench_compute_iterations(strtod(c->pt->key.variant + 1, NULL));
    if (bench_buffers_alloc(c, c->msg_bytes, c->msg_bytes) != 0 ||
        bench_requests_alloc(c, 2) != 0)
        return -1;
    return 0;
}

static void run_async(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        double t_start = MPI_Wtime();
        MPI_Irecv(c->rbuf, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
                  &c->reqs[0]);
        MPI_Isend(c->sbuf, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
                  &c->reqs[1]);
        bench_compute_spin(c->compute_iterations);
        double t_wait = MPI_Wtime();
        MPI_Wait(&c->reqs[1], MPI_STATUS_IGNORE);
        double t_sent = MPI_Wtime();
        MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
        double t_end = MPI_Wtime();
        double us[MPCHAR_PHASE_COUNT] = {
            [MPCHAR_PHASE_SEND] = (t_sent - t_start) * 1e6,
            [MPCHAR_PHASE_WAIT] = (t_end - t_wait) * 1e6,
            [MPCHAR_PHASE_TOTAL] = (t_end - t_start) * 1e6,
        };
        bench_phases_add(&c->phases, us);
    }
}

/* ---- stream ---------------------------------------------------------- */

static void prepare_stream(bench_ctx *c)
{
    if (!c->check)
        return;
    if (c->rank == 0)
        bench_check_fill(c->sbuf, c->msg_bytes, 0, c->rep);
    else
        bench_check_poison(c->rbuf, c->msg_bytes, 0, c->rep);
}

static void run_stream(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        for (long k = 0; k < c->window; k++) {
            if (c->rank == 0)
                MPI_Send(c->sbuf, count(c), c->dtype, 1, BENCH_TAG_DATA,
                         c->comm);
            else
                MPI_Recv(c->rbuf, count(c), c->dtype, 0, BENCH_TAG_DATA,
                         c->comm, MPI_STATUS_IGNORE);
        }
        if (c->rank == 0)
            MPI_Recv(NULL, 0, MPI_BYTE, 1, BENCH_TAG_GO, c->comm,
                     MPI_STATUS_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, 0, BENCH_TAG_GO, c->comm);
    }
}

/* One-way patterns: only the rank that received from source has bytes to
 * check. */
static int verify_one_way(bench_ctx *c, int source, char *why, size_t len)
{
    if (c->rank == source)
        return 0;
    return verify_slots(c, 1, source, why, len);
}

static int verify_stream(bench_ctx *c, char *why, size_t len)
{
    return verify_one_way(c, 0, why, len);
}

/* ---- bistream -------------------------------------------------------- */

static int setup_bistream(bench_ctx *c)
{
    size_t w = (size_t)c->window;
    if (bench_buffers_alloc(c, c->msg_bytes, c->msg_bytes * w) != 0 ||
        bench_requests_alloc(c, 2 * w) != 0)
        return -1;
    return 0;
}

static void run_bistream(bench_ctx *c)
{
    int w = (int)c->window;
    for (long b = 0; b < c->batch; b++) {
        for (int k = 0; k < w; k++)
            MPI_Irecv(c->rbuf + (size_t)k * c->msg_bytes, count(c), c->dtype,
                      peer(c), BENCH_TAG_DATA, c->comm, &c->reqs[k]);
        for (int k = 0; k < w; k++)
            MPI_Isend(c->sbuf, count(c), c->dtype, peer(c), BENCH_TAG_DATA,
                      c->comm, &c->reqs[w + k]);
        MPI_Waitall(2 * w, c->reqs, MPI_STATUSES_IGNORE);
    }
}

/* ---- recvfirst ------------------------------------------------------- */

/* Seed 003's receive-first case, with the receiver doing what receivers
 * in applications do meanwhile: computing.  Rank 0 posts its receive,
 * tells rank 1, and computes without calling MPI for 10 us plus 1 ns per
 * byte (the message's time at 1 GB/s, longer than any shared-memory or
 * fast-network copy, so a transfer that can progress without the receiver
 * has finished by then).  Only rank 0's MPI_Wait after the computation is
 * timed: the part of the transfer the computation did not hide. */
#define BUSY_BASE_US 10.0
#define BUSY_NS_PER_BYTE 1.0

static double busy_seconds(const bench_ctx *c)
{
    return (BUSY_BASE_US + BUSY_NS_PER_BYTE * 1e-3 * (double)c->msg_bytes) *
           1e-6;
}

/* MPI_Wtime is a clock read, not a progress point, in every library. */
static void compute_for(double seconds)
{
    double end = MPI_Wtime() + seconds;
    while (MPI_Wtime() < end)
        ;
}

void bench_post_receive_first(bench_ctx *c)
{
    if (c->rank == 1) {
        if (c->check)
            bench_check_fill(c->sbuf, c->msg_bytes, 1, c->rep);
        MPI_Recv(NULL, 0, MPI_BYTE, 0, BENCH_TAG_GO, c->comm,
                 MPI_STATUS_IGNORE);
        return;
    }
    if (c->check)
        bench_check_poison(c->rbuf, c->msg_bytes, 1, c->rep);
    MPI_Irecv(c->rbuf, count(c), c->dtype, 1, BENCH_TAG_DATA, c->comm,
              &c->reqs[0]);
    MPI_Send(NULL, 0, MPI_BYTE, 1, BENCH_TAG_GO, c->comm);
}

static void prepare_recvfirst(bench_ctx *c)
{
    bench_post_receive_first(c);
    if (c->rank == 0)
        compute_for(busy_seconds(c));
}

static void run_recvfirst(bench_ctx *c)
{
    if (c->rank == 0)
        MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
    else
        MPI_Send(c->sbuf, count(c), c->dtype, 0, BENCH_TAG_DATA, c->comm);
}

static int verify_recvfirst(bench_ctx *c, char *why, size_t len)
{
    return verify_one_way(c, 1, why, len);
}

/* ---- postfirst ------------------------------------------------------- */

/* The transfers of pingpong, stream, pingping and bistream with every
 * receive posted before its message is sent, as applications that post
 * early do: a receive found waiting lets a library deliver straight into
 * the user's buffer (seed 003's remote write) where a late one meets a
 * buffered or announced message.  Receives are posted one window ahead:
 * the next window's MPI_Irecv calls are made before this rank sends what
 * the peer must have received before it sends the next window, so they
 * always precede the peer's MPI_Isend.  Preparation posts the first window
 * and exchanges a zero-byte message, untimed. */
enum postfirst_mode { PF_PINGPONG, PF_STREAM, PF_PINGPING, PF_BISTREAM };

static const char *const postfirst_variants[] = {
    "pingpong", "stream", "pingping", "bistream", NULL,
};

static long pf_window(const bench_ctx *c)
{
    return c->mode == PF_STREAM || c->mode == PF_BISTREAM ? c->window : 1;
}

/* Whether rank r receives data in this variant (ping-pong: both). */
static bool pf_receives(const bench_ctx *c, int r)
{
    return c->mode != PF_STREAM || r == 1;
}

static uint64_t postfirst_buffers(uint64_t n, int p, long window)
{
    (void)p;
    return n + 2 * n * (uint64_t)window;
}

/* Two receive windows (the one in flight and the one posted ahead), then
 * the sends of one window. */
static int setup_postfirst(bench_ctx *c)
{
    size_t w = (size_t)c->window;
    c->mode = 0;
    while (strcmp(postfirst_variants[c->mode], c->pt->key.variant) != 0)
        c->mode++;
    if (bench_buffers_alloc(c, c->msg_bytes, 2 * c->msg_bytes * w) != 0 ||
        bench_requests_alloc(c, 3 * w) != 0)
        return -1;
    return 0;
}

/* Posts receive window `parity` (0 or 1) of pf_window messages. */
static void pf_post(bench_ctx *c, long parity)
{
    long w = pf_window(c);
    for (long k = 0; k < w; k++) {
        long slot = parity * c->window + k;
        MPI_Irecv(c->rbuf + (size_t)slot * c->msg_bytes, count(c), c->dtype,
                  peer(c), BENCH_TAG_DATA, c->comm, &c->reqs[slot]);
    }
}

static void pf_wait_recvs(bench_ctx *c, long parity)
{
    MPI_Waitall((int)pf_window(c), c->reqs + parity * c->window,
                MPI_STATUSES_IGNORE);
}

static void pf_send_window(bench_ctx *c)
{
    long w = pf_window(c);
    MPI_Request *sreqs = c->reqs + 2 * c->window;
    for (long k = 0; k < w; k++)
        MPI_Isend(c->sbuf, count(c), c->dtype, peer(c), BENCH_TAG_DATA, c->comm,
                  &sreqs[k]);
    MPI_Waitall((int)w, sreqs, MPI_STATUSES_IGNORE);
}

static void prepare_postfirst(bench_ctx *c)
{
    if (c->check) {
        bench_check_fill(c->sbuf, c->msg_bytes, c->rank, c->rep);
        bench_check_poison(c->rbuf, c->rbuf_bytes, peer(c), c->rep);
    }
    if (pf_receives(c, c->rank) && !(c->mode == PF_PINGPONG && c->rank == 0))
        pf_post(c, 0);
    MPI_Sendrecv(NULL, 0, MPI_BYTE, peer(c), BENCH_TAG_GO, NULL, 0, MPI_BYTE,
                 peer(c), BENCH_TAG_GO, c->comm, MPI_STATUS_IGNORE);
}

/* Rank 0 posts for the reply before its ping; rank 1 posts for the next
 * ping before its pong, which echoes the ping's bytes. */
static void run_pf_pingpong(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        long parity = b % 2;
        if (c->rank == 0) {
            pf_post(c, 0);
            MPI_Send(c->sbuf, count(c), c->dtype, 1, BENCH_TAG_DATA, c->comm);
            pf_wait_recvs(c, 0);
            continue;
        }
        pf_wait_recvs(c, parity);
        if (b + 1 < c->batch)
            pf_post(c, 1 - parity);
        MPI_Send(c->rbuf + (size_t)(parity * c->window) * c->msg_bytes,
                 count(c), c->dtype, 0, BENCH_TAG_DATA, c->comm);
    }
}

/* The receiver posts the next window before its acknowledgement, which
 * the sender awaits before it sends again. */
static void run_pf_stream(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        if (c->rank == 0) {
            pf_send_window(c);
            MPI_Recv(NULL, 0, MPI_BYTE, 1, BENCH_TAG_GO, c->comm,
                     MPI_STATUS_IGNORE);
            continue;
        }
        pf_wait_recvs(c, 0);
        if (b + 1 < c->batch)
            pf_post(c, 0);
        MPI_Send(NULL, 0, MPI_BYTE, 0, BENCH_TAG_GO, c->comm);
    }
}

/* Both ranks post the next window before sending this one; the peer sends
 * its next window only after receiving all of this one. */
static void run_pf_exchange(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        long parity = b % 2;
        if (b + 1 < c->batch)
            pf_post(c, 1 - parity);
        pf_send_window(c);
        pf_wait_recvs(c, parity);
    }
}

static void run_postfirst(bench_ctx *c)
{
    if (c->mode == PF_PINGPONG)
        run_pf_pingpong(c);
    else if (c->mode == PF_STREAM)
        run_pf_stream(c);
    else
        run_pf_exchange(c);
}

/* Ping-pong's rank 0 gets its own bytes back; every other receiver gets
 * the peer's, in the slots of the last window it received. */
static int verify_postfirst(bench_ctx *c, char *why, size_t len)
{
    if (!pf_receives(c, c->rank))
        return 0;
    bool alternates = c->mode == PF_PINGPING || c->mode == PF_BISTREAM ||
                      (c->mode == PF_PINGPONG && c->rank == 1);
    long parity = alternates ? (c->batch - 1) % 2 : 0;
    int source = c->mode == PF_PINGPONG ? 0 : peer(c);
    char what[64];
    for (long k = 0; k < pf_window(c); k++) {
        long slot = parity * c->window + k;
        snprintf(what, sizeof what, "rank %d message %ld", c->rank, k);
        if (bench_check_bytes(c->rbuf + (size_t)slot * c->msg_bytes,
                              c->msg_bytes, source, c->rep, what, why,
                              len) != 0)
            return -1;
    }
    return 0;
}

static double postfirst_divisor(const bench_ctx *c)
{
    return c->mode == PF_PINGPONG ? 2.0 : (double)pf_window(c);
}

/* ---- the family ------------------------------------------------------ */

/* Patterns whose ranks send at once start their repetitions together and
 * take the slower rank's time; the others are timed on rank 0, where their
 * round trip or stream starts and ends. */
#define TOGETHER .timing = TIME_MAX_OVER_RANKS, .barrier_before_rep = true

const bench_pattern bench_p2p_patterns[] = {
    BENCH_PATTERN("pingpong",
                  "round trip between ranks 0 and 1; T = half the round trip "
                  "(variants send, ssend, bsend, rsend, isend)",
                  .variants = pingpong_variants, .timing = TIME_ROOT,
                  .memory_bytes = two_buffers, .datatypes = true,
                  .setup = setup_pingpong, .prepare = prepare_pingpong,
                  .run = run_pingpong, .verify = verify_pingpong,
                  .teardown = teardown_pingpong, .divisor = half_round_trip),
    BENCH_PATTERN("pingping",
                  "ranks 0 and 1 send to each other at once, then receive "
                  "(full duplex); T per exchange",
                  TOGETHER, .memory_bytes = two_buffers, .datatypes = true,
                  .setup = setup_two, .prepare = prepare_exchange,
                  .run = run_pingping, .verify = verify_from_peer,
                  .teardown = free_p2p, .divisor = one_exchange),
    BENCH_PATTERN("pingping_pairs",
                  "pingping of ranks 2k and 2k + 1, all pairs at once (seed "
                  "002's multicast ping-ping; even p); T per exchange",
                  TOGETHER, .even_p = true, .coarse = true,
                  .memory_bytes = two_buffers, .datatypes = true,
                  .setup = setup_two, .prepare = prepare_exchange,
                  .run = run_pingping, .verify = verify_from_peer,
                  .teardown = free_p2p, .divisor = one_exchange),
    BENCH_PATTERN("async_pingping",
                  "ranks 0 and 1 post Irecv and Isend at once, compute c us "
                  "(variants c0, c20), wait (seed 002's asynchronous "
                  "ping-ping); T per exchange, each rank's send, wait and "
                  "total times in process_times.csv",
                  TOGETHER, .variants = async_variants, .coarse = true,
                  .records_phases = true, .memory_bytes = two_buffers,
                  .datatypes = true, .setup = setup_async,
                  .prepare = prepare_exchange, .run = run_async,
                  .verify = verify_from_peer, .teardown = free_p2p,
                  .divisor = one_exchange),
    BENCH_PATTERN(
        "stream",
        "rank 0 sends a window of messages back to back, rank 1 "
        "acknowledges once; T per message",
        .timing = TIME_ROOT, .memory_bytes = two_buffers, .datatypes = true,
        .setup = setup_two, .prepare = prepare_stream, .run = run_stream,
        .verify = verify_stream, .teardown = free_p2p, .divisor = per_message),
    BENCH_PATTERN("bistream",
                  "ranks 0 and 1 stream windows of Isend/Irecv to each other "
                  "at once; T per message",
                  TOGETHER, .memory_bytes = windowed_buffers,
                  .setup = setup_bistream, .prepare = prepare_exchange,
                  .run = run_bistream, .verify = verify_from_peer,
                  .teardown = free_p2p, .divisor = per_message),
    BENCH_PATTERN("recvfirst",
                  "rank 0 posts a receive, tells rank 1 and computes "
                  "(10 us + 1 ns/byte, no MPI calls) while rank 1 sends; "
                  "T = rank 0's wait after computing (seed 003)",
                  .timing = TIME_ROOT, .opt_in = true, .max_batch = 1,
                  .memory_bytes = two_buffers, .setup = setup_two,
                  .prepare = prepare_recvfirst, .run = run_recvfirst,
                  .verify = verify_recvfirst, .teardown = free_p2p,
                  .divisor = one_exchange),
    BENCH_PATTERN("postfirst",
                  "pingpong, stream, pingping and bistream (the variants) "
                  "with every receive posted before its message is sent, a "
                  "window ahead; T as in those patterns",
                  TOGETHER, .opt_in = true, .variants = postfirst_variants,
                  .memory_bytes = postfirst_buffers, .setup = setup_postfirst,
                  .prepare = prepare_postfirst, .run = run_postfirst,
                  .verify = verify_postfirst, .teardown = free_p2p,
                  .divisor = postfirst_divisor),
    {.name = NULL},
};
