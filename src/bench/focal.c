/* Seed 002's focal-point tests: one process (the root) against all the
 * others.  bcast_reply is its ping-pong type (the root broadcasts, every
 * other process replies with the message it received), bcast_stream its
 * ping-pong-with-many-messages type (the root broadcasts a window of
 * messages, every other process acknowledges once at the end), and
 * pingping_fan the multicast ping-ping of one process with many (the root
 * exchanges n bytes with every other process at once).  They run at every
 * p, start each repetition together and take the slowest rank's time, as
 * collectives do; n is one message's bytes. */
#include "bench.h"
#include "buffers.h"

static int count(const bench_ctx *c)
{
    return (int)c->count;
}

/* The broadcast buffer, and at the root one reply slot per rank. */
static uint64_t focal_buffers(uint64_t n, int p, long window)
{
    (void)window;
    return n * (uint64_t)(p + 1);
}

static int setup_focal(bench_ctx *c)
{
    size_t p = (size_t)c->size;
    if (bench_buffers_alloc(c, c->msg_bytes, c->msg_bytes * p) != 0 ||
        bench_requests_alloc(c, 2 * p) != 0)
        return -1;
    return 0;
}

static void teardown_focal(bench_ctx *c)
{
    bench_buffers_free(c);
}

static double one_op(const bench_ctx *c)
{
    (void)c;
    return 1.0;
}

static double per_message(const bench_ctx *c)
{
    return (double)c->window;
}

static unsigned char *slot(const bench_ctx *c, int r)
{
    return c->rbuf + (size_t)r * c->msg_bytes;
}

/* The root posts a receive of `elements` from every other rank, into its
 * slot, in reqs[0, p); returns how many it posted. */
static int post_from_all(bench_ctx *c, int elements, int tag)
{
    int k = 0;
    for (int r = 0; r < c->size; r++)
        if (r != c->root)
            MPI_Irecv(slot(c, r), elements, c->dtype, r, tag, c->comm,
                      &c->reqs[k++]);
    return k;
}

/* The root's own bytes, which every other rank gets and echoes. */
static void prepare_from_root(bench_ctx *c)
{
    if (!c->check)
        return;
    if (c->rank == c->root)
        bench_check_fill(c->sbuf, c->msg_bytes, c->root, c->rep);
    else
        bench_check_poison(c->sbuf, c->msg_bytes, c->root, c->rep);
    bench_check_poison(c->rbuf, c->rbuf_bytes, c->root, c->rep);
}

/* Every rank's buffer holds the root's bytes, and so does each reply
 * slot at the root when `replies`. */
static int verify_root_bytes(bench_ctx *c, bool replies, char *why, size_t len)
{
    if (bench_check_bytes(c->sbuf, c->msg_bytes, c->root, c->rep,
                          "broadcast buffer", why, len) != 0)
        return -1;
    if (!replies || c->rank != c->root)
        return 0;
    char what[64];
    for (int r = 0; r < c->size; r++) {
        snprintf(what, sizeof what, "reply of rank %d", r);
        if (r != c->root && bench_check_bytes(slot(c, r), c->msg_bytes, c->root,
                                              c->rep, what, why, len) != 0)
            return -1;
    }
    return 0;
}

/* ---- bcast_reply ------------------------------------------------------ */

static void run_bcast_reply(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        MPI_Bcast(c->sbuf, count(c), c->dtype, c->root, c->comm);
        if (c->rank == c->root)
            MPI_Waitall(post_from_all(c, count(c), BENCH_TAG_DATA), c->reqs,
                        MPI_STATUSES_IGNORE);
        else
            MPI_Send(c->sbuf, count(c), c->dtype, c->root, BENCH_TAG_DATA,
                     c->comm);
    }
}

static int verify_bcast_reply(bench_ctx *c, char *why, size_t len)
{
    return verify_root_bytes(c, true, why, len);
}

/* ---- bcast_stream ----------------------------------------------------- */

static void run_bcast_stream(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        for (long k = 0; k < c->window; k++)
            MPI_Bcast(c->sbuf, count(c), c->dtype, c->root, c->comm);
        if (c->rank == c->root)
            MPI_Waitall(post_from_all(c, 0, BENCH_TAG_GO), c->reqs,
                        MPI_STATUSES_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, c->root, BENCH_TAG_GO, c->comm);
    }
}

static int verify_bcast_stream(bench_ctx *c, char *why, size_t len)
{
    return verify_root_bytes(c, false, why, len);
}

/* ---- pingping_fan ----------------------------------------------------- */

/* Every rank sends its own bytes; the root's slot r gets rank r's, every
 * other rank's slot 0 the root's. */
static void prepare_fan(bench_ctx *c)
{
    if (!c->check)
        return;
    bench_check_fill(c->sbuf, c->msg_bytes, c->rank, c->rep);
    if (c->rank != c->root) {
        bench_check_poison(c->rbuf, c->msg_bytes, c->root, c->rep);
        return;
    }
    for (int r = 0; r < c->size; r++)
        bench_check_poison(slot(c, r), c->msg_bytes, r, c->rep);
}

static void run_fan(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++) {
        if (c->rank != c->root) {
            MPI_Isend(c->sbuf, count(c), c->dtype, c->root, BENCH_TAG_DATA,
                      c->comm, &c->reqs[0]);
            MPI_Recv(c->rbuf, count(c), c->dtype, c->root, BENCH_TAG_DATA,
                     c->comm, MPI_STATUS_IGNORE);
            MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
            continue;
        }
        int k = post_from_all(c, count(c), BENCH_TAG_DATA);
        for (int r = 0; r < c->size; r++)
            if (r != c->root)
                MPI_Isend(c->sbuf, count(c), c->dtype, r, BENCH_TAG_DATA,
                          c->comm, &c->reqs[k++]);
        MPI_Waitall(k, c->reqs, MPI_STATUSES_IGNORE);
    }
}

static int verify_fan(bench_ctx *c, char *why, size_t len)
{
    char what[64];
    if (c->rank != c->root) {
        snprintf(what, sizeof what, "rank %d from the root", c->rank);
        return bench_check_bytes(c->rbuf, c->msg_bytes, c->root, c->rep, what,
                                 why, len);
    }
    for (int r = 0; r < c->size; r++) {
        snprintf(what, sizeof what, "root from rank %d", r);
        if (r != c->root && bench_check_bytes(slot(c, r), c->msg_bytes, r,
                                              c->rep, what, why, len) != 0)
            return -1;
    }
    return 0;
}

/* ---- the family ------------------------------------------------------- */

/* Started together, the slowest rank's time, as collectives are; seed
 * 002's graduated sizes (coarse). */
#define FOCAL                                                                  \
    .timing = TIME_MAX_OVER_RANKS, .barrier_before_rep = true, .coarse = true, \
    .datatypes = true, .memory_bytes = focal_buffers, .setup = setup_focal,    \
    .teardown = teardown_focal

const bench_pattern bench_focal_patterns[] = {
    BENCH_PATTERN("pingping_fan",
                  "the root exchanges n bytes with every other rank at once "
                  "(Isend/Irecv; seed 002's multicast ping-ping); T per "
                  "round of exchanges",
                  FOCAL, .prepare = prepare_fan, .run = run_fan,
                  .verify = verify_fan, .divisor = one_op),
    BENCH_PATTERN("bcast_reply",
                  "MPI_Bcast of n bytes, then every other rank sends them "
                  "back to the root (seed 002's focal-point ping-pong); T = "
                  "broadcast + replies",
                  FOCAL, .prepare = prepare_from_root, .run = run_bcast_reply,
                  .verify = verify_bcast_reply, .divisor = one_op),
    BENCH_PATTERN("bcast_stream",
                  "a window of MPI_Bcast, then one 0-byte acknowledgement "
                  "from every other rank (seed 002's focal-point stream); T "
                  "per broadcast",
                  FOCAL, .prepare = prepare_from_root, .run = run_bcast_stream,
                  .verify = verify_bcast_stream, .divisor = per_message),
    {.name = NULL},
};
