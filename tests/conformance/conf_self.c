/*
 * Messages a rank sends to itself: every send mode (standard, Ssend, Bsend,
 * Rsend, Isend/Issend, persistent), Sendrecv and Sendrecv_replace, at sizes
 * across the eager limit, with non-contiguous types on either side, on
 * communicators where the rank's number differs from its world rank; the
 * non-overtaking order among self messages of mixed modes and sizes;
 * MPI_ANY_SOURCE/MPI_ANY_TAG receives that see self and peer messages;
 * an Issend to self that must stay incomplete until a receive matches it;
 * Sendrecv with itself behind queued self messages;
 * Probe/Iprobe of self messages; truncation.  mpchar's runtime copies self
 * messages directly, without its rings (docs/runtime.md, "Messages to
 * self"); Open MPI and MPICH have self paths of their own.
 */
#include "conf.h"

static const size_t sizes[] = {0,     1,      8,       9,      100,   4095,
                               4096,  4097,   5600,    8192,   16384, 16385,
                               65536, 100000, 1000003, 1 << 20};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static void fill(unsigned char *b, size_t n, int src, int tag)
{
    for (size_t i = 0; i < n; i++)
        b[i] = conf_byte(src, tag, i);
}

static void verify(const unsigned char *b, size_t n, int src, int tag,
                   const char *what)
{
    for (size_t i = 0; i < n; i++)
        CHECK(b[i] == conf_byte(src, tag, i),
              "%s: byte %zu of a %zu-byte message tag %d", what, i, n, tag);
}

static void status_is(const MPI_Status *st, int src, int tag, size_t n,
                      const char *what)
{
    int count;
    MPI_OK(MPI_Get_count(st, MPI_BYTE, &count));
    CHECK(st->MPI_SOURCE == src && st->MPI_TAG == tag && count == (int)n,
          "%s: status source %d tag %d count %d, want %d %d %zu", what,
          st->MPI_SOURCE, st->MPI_TAG, count, src, tag, n);
}

/* A communicator whose ranks run backwards, so that a rank's number in
 * it differs from its world rank (at p > 1): statuses must name the
 * communicator's. */
static MPI_Comm reversed(void)
{
    MPI_Comm c;
    MPI_OK(MPI_Comm_split(MPI_COMM_WORLD, 0, conf_size - conf_rank, &c));
    return c;
}

/* Every size, receive first and send first, blocking and not, Sendrecv
 * and Sendrecv_replace, on world and a reversed communicator. */
static void test_sizes(MPI_Comm comm)
{
    int me;
    MPI_Comm_rank(comm, &me);
    unsigned char *s = conf_malloc(1 << 20), *r = conf_malloc(1 << 20);
    for (size_t k = 0; k < NSIZES; k++) {
        size_t n = sizes[k];
        int tag = (int)k;
        MPI_Request rq, sq;
        MPI_Status st;
        fill(s, n, me, tag);
        /* receive posted first, blocking send */
        memset(r, 0, n);
        MPI_OK(MPI_Irecv(r, (int)n, MPI_BYTE, me, tag, comm, &rq));
        MPI_OK(MPI_Send(s, (int)n, MPI_BYTE, me, tag, comm));
        MPI_OK(MPI_Wait(&rq, &st));
        status_is(&st, me, tag, n, "recv first");
        verify(r, n, me, tag, "recv first");
        /* send first (unexpected), then a blocking receive */
        memset(r, 0, n);
        MPI_OK(MPI_Isend(s, (int)n, MPI_BYTE, me, tag, comm, &sq));
        MPI_OK(MPI_Recv(r, (int)n, MPI_BYTE, me, tag, comm, &st));
        MPI_OK(MPI_Wait(&sq, MPI_STATUS_IGNORE));
        status_is(&st, me, tag, n, "send first");
        verify(r, n, me, tag, "send first");
        /* Sendrecv */
        memset(r, 0, n);
        MPI_OK(MPI_Sendrecv(s, (int)n, MPI_BYTE, me, tag, r, (int)n, MPI_BYTE,
                            me, tag, comm, &st));
        status_is(&st, me, tag, n, "Sendrecv");
        verify(r, n, me, tag, "Sendrecv");
        /* Sendrecv_replace, wildcard source and tag */
        memcpy(r, s, n);
        MPI_OK(MPI_Sendrecv_replace(r, (int)n, MPI_BYTE, me, tag,
                                    MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &st));
        status_is(&st, me, tag, n, "Sendrecv_replace");
        verify(r, n, me, tag, "Sendrecv_replace");
    }
    free(s);
    free(r);
}

/* A message of nblocks ints, every other int of a 2*nblocks array (a
 * vector type), to self: vector to contiguous, contiguous to vector and
 * vector to vector, sent before and after the receive. */
static void test_noncontig(void)
{
    static const int counts[] = {3, 1000, 1025, 50000};
    MPI_Datatype vec;
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        int n = counts[k];
        MPI_OK(MPI_Type_vector(n, 1, 2, MPI_INT, &vec));
        MPI_OK(MPI_Type_commit(&vec));
        int *sparse = conf_malloc(2 * (size_t)n * sizeof(int));
        int *dense = conf_malloc((size_t)n * sizeof(int));
        int *out = conf_malloc(2 * (size_t)n * sizeof(int));
        for (int i = 0; i < 2 * n; i++)
            sparse[i] = i % 2 ? -1 : 7 * i + 1;
        for (int order = 0; order < 2; order++) {
            MPI_Request rq, sq;
            /* vector -> contiguous */
            memset(dense, 0, (size_t)n * sizeof(int));
            if (order == 0)
                MPI_OK(MPI_Irecv(dense, n, MPI_INT, conf_rank, 1,
                                 MPI_COMM_WORLD, &rq));
            MPI_OK(
                MPI_Isend(sparse, 1, vec, conf_rank, 1, MPI_COMM_WORLD, &sq));
            if (order == 1)
                MPI_OK(MPI_Irecv(dense, n, MPI_INT, conf_rank, 1,
                                 MPI_COMM_WORLD, &rq));
            MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
            MPI_OK(MPI_Wait(&sq, MPI_STATUS_IGNORE));
            for (int i = 0; i < n; i++)
                CHECK(dense[i] == 14 * i + 1, "vector->contig %d ints, int %d",
                      n, i);
            /* contiguous -> vector: the gaps stay untouched */
            for (int i = 0; i < 2 * n; i++)
                out[i] = -5;
            if (order == 0)
                MPI_OK(
                    MPI_Irecv(out, 1, vec, conf_rank, 2, MPI_COMM_WORLD, &rq));
            MPI_OK(MPI_Isend(dense, n, MPI_INT, conf_rank, 2, MPI_COMM_WORLD,
                             &sq));
            if (order == 1)
                MPI_OK(
                    MPI_Irecv(out, 1, vec, conf_rank, 2, MPI_COMM_WORLD, &rq));
            MPI_OK(MPI_Waitall(1, &rq, MPI_STATUSES_IGNORE));
            MPI_OK(MPI_Wait(&sq, MPI_STATUS_IGNORE));
            for (int i = 0; i < 2 * n; i++)
                CHECK(out[i] == (i % 2 ? -5 : 7 * i + 1),
                      "contig->vector %d ints, int %d", n, i);
            /* vector -> vector through Sendrecv */
            for (int i = 0; i < 2 * n; i++)
                out[i] = -5;
            MPI_OK(MPI_Sendrecv(sparse, 1, vec, conf_rank, 3, out, 1, vec,
                                conf_rank, 3, MPI_COMM_WORLD,
                                MPI_STATUS_IGNORE));
            for (int i = 0; i < 2 * n; i++)
                CHECK(out[i] == (i % 2 ? -5 : 7 * i + 1),
                      "vector->vector %d ints, int %d", n, i);
        }
        MPI_OK(MPI_Type_free(&vec));
        CONF_FREE(sparse, dense, out);
    }
}

/* Non-overtaking among self messages of mixed modes and sizes: all sent
 * before any is received, then received with the same tag, with
 * MPI_ANY_TAG and with MPI_ANY_SOURCE; each must come in send order. */
enum { NORDER = 24 };
static size_t order_len(int i) /* small, around 4 KiB, large */
{
    return i % 3 == 0   ? 8 + (size_t)i
           : i % 3 == 1 ? 3000 + 211 * (size_t)i
                        : 20000 + 997 * (size_t)i;
}

static void test_order(void)
{
    int bsize = NORDER * (40000 + MPI_BSEND_OVERHEAD);
    char *bbuf = conf_malloc((size_t)bsize);
    MPI_OK(MPI_Buffer_attach(bbuf, bsize));
    unsigned char *s[NORDER], *r = conf_malloc(60000);
    MPI_Request sq[NORDER];
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < NORDER; i++) {
            size_t n = order_len(i);
            s[i] = conf_malloc(n);
            fill(s[i], n, conf_rank, 1000 + i);
            s[i][0] = (unsigned char)i; /* the sequence number */
            sq[i] = MPI_REQUEST_NULL;
            switch (i % 4) {
            case 0:
                MPI_OK(MPI_Isend(s[i], (int)n, MPI_BYTE, conf_rank, 9,
                                 MPI_COMM_WORLD, &sq[i]));
                break;
            case 1:
                MPI_OK(MPI_Issend(s[i], (int)n, MPI_BYTE, conf_rank, 9,
                                  MPI_COMM_WORLD, &sq[i]));
                break;
            case 2:
                MPI_OK(MPI_Bsend(s[i], (int)n, MPI_BYTE, conf_rank, 9,
                                 MPI_COMM_WORLD));
                break;
            default:
                MPI_OK(MPI_Send_init(s[i], (int)n, MPI_BYTE, conf_rank, 9,
                                     MPI_COMM_WORLD, &sq[i]));
                MPI_OK(MPI_Start(&sq[i]));
            }
        }
        for (int i = 0; i < NORDER; i++) {
            MPI_Status st;
            int src = pass == 2 ? MPI_ANY_SOURCE : conf_rank;
            int tag = pass == 1 ? MPI_ANY_TAG : 9;
            MPI_OK(MPI_Recv(r, 60000, MPI_BYTE, src, tag, MPI_COMM_WORLD, &st));
            status_is(&st, conf_rank, 9, order_len(i), "order");
            CHECK(r[0] == i, "pass %d: message %d arrived as number %d", pass,
                  (int)r[0], i);
            for (size_t j = 1; j < order_len(i); j++)
                CHECK(r[j] == conf_byte(conf_rank, 1000 + i, j),
                      "pass %d: byte %zu of message %d", pass, j, i);
        }
        for (int i = 0; i < NORDER; i++) {
            if (sq[i] != MPI_REQUEST_NULL)
                MPI_OK(MPI_Wait(&sq[i], MPI_STATUS_IGNORE));
            if (i % 4 == 3)
                MPI_OK(MPI_Request_free(&sq[i]));
            free(s[i]);
        }
    }
    void *det;
    int dsize;
    MPI_OK(MPI_Buffer_detach(&det, &dsize));
    CONF_FREE(bbuf, r);
}

/* MPI_ANY_SOURCE receives seeing self and peer messages: each rank sends
 * NMIX messages to itself and NMIX to its right neighbour, interleaved,
 * then receives 2*NMIX with wildcards; per source they come in order. */
enum { NMIX = 40 };
static void test_any_source_mix(void)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    int(*msg)[2] = conf_malloc(2 * NMIX * sizeof *msg);
    MPI_Request *sq = conf_malloc(2 * NMIX * sizeof *sq);
    for (int i = 0; i < NMIX; i++) {
        msg[2 * i][0] = msg[2 * i + 1][0] = conf_rank;
        msg[2 * i][1] = msg[2 * i + 1][1] = i;
        MPI_OK(MPI_Isend(msg[2 * i], 2, MPI_INT, conf_rank, i % 3,
                         MPI_COMM_WORLD, &sq[2 * i]));
        MPI_OK(MPI_Isend(msg[2 * i + 1], 2, MPI_INT, right, i % 3,
                         MPI_COMM_WORLD, &sq[2 * i + 1]));
    }
    int next_self = 0, next_left = 0;
    for (int i = 0; i < 2 * NMIX; i++) {
        int got[2];
        MPI_Status st;
        MPI_OK(MPI_Recv(got, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG,
                        MPI_COMM_WORLD, &st));
        CHECK(got[0] == st.MPI_SOURCE && st.MPI_TAG == got[1] % 3,
              "payload from %d seq %d, status source %d tag %d", got[0], got[1],
              st.MPI_SOURCE, st.MPI_TAG);
        if (left == conf_rank) { /* p = 1: both streams are self */
            CHECK(got[1] == i / 2, "p=1 message %d arrived as %d", got[1], i);
            continue;
        }
        CHECK(st.MPI_SOURCE == conf_rank || st.MPI_SOURCE == left,
              "a message from %d", st.MPI_SOURCE);
        int *next = st.MPI_SOURCE == conf_rank ? &next_self : &next_left;
        CHECK(got[1] == *next, "from %d: message %d, want %d", st.MPI_SOURCE,
              got[1], *next);
        ++*next;
    }
    MPI_OK(MPI_Waitall(2 * NMIX, sq, MPI_STATUSES_IGNORE));
    CONF_FREE(msg, sq);
}

/* A synchronous send to self completes only when a receive matches it;
 * a message on another communicator never matches. */
static void test_ssend(void)
{
    static const size_t n_of[] = {0, 8, 4096, 100000};
    unsigned char *s = conf_malloc(100000), *r = conf_malloc(100000);
    MPI_Comm other;
    MPI_OK(MPI_Comm_dup(MPI_COMM_WORLD, &other));
    for (size_t k = 0; k < sizeof n_of / sizeof n_of[0]; k++) {
        size_t n = n_of[k];
        fill(s, n, conf_rank, 30);
        MPI_Request sq, rq;
        MPI_OK(MPI_Issend(s, (int)n, MPI_BYTE, conf_rank, 30, MPI_COMM_WORLD,
                          &sq));
        /* a receive of the same tag on another communicator does not
         * match it */
        MPI_OK(MPI_Irecv(r, (int)n, MPI_BYTE, conf_rank, 30, other, &rq));
        for (int i = 0; i < 200; i++) {
            int flag = 1;
            MPI_OK(MPI_Test(&sq, &flag, MPI_STATUS_IGNORE));
            CHECK(!flag, "Issend of %zu bytes to self completed unmatched", n);
            MPI_OK(MPI_Test(&rq, &flag, MPI_STATUS_IGNORE));
            CHECK(!flag, "a receive on another communicator matched");
        }
        MPI_Status st;
        MPI_OK(MPI_Recv(r, (int)n, MPI_BYTE, MPI_ANY_SOURCE, 30, MPI_COMM_WORLD,
                        &st));
        status_is(&st, conf_rank, 30, n, "Issend");
        verify(r, n, conf_rank, 30, "Issend");
        MPI_OK(MPI_Wait(&sq, MPI_STATUS_IGNORE));
        MPI_OK(MPI_Cancel(&rq));
        MPI_OK(MPI_Wait(&rq, &st));
        int cancelled;
        MPI_OK(MPI_Test_cancelled(&st, &cancelled));
        CHECK(cancelled,
              "the receive on another communicator was not cancelled");
        /* blocking Ssend and Rsend to a receive posted first */
        MPI_OK(
            MPI_Irecv(r, (int)n, MPI_BYTE, conf_rank, 31, MPI_COMM_WORLD, &rq));
        MPI_OK(MPI_Ssend(s, (int)n, MPI_BYTE, conf_rank, 31, MPI_COMM_WORLD));
        MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
        verify(r, n, conf_rank, 30, "Ssend");
        memset(r, 0, n);
        MPI_OK(
            MPI_Irecv(r, (int)n, MPI_BYTE, conf_rank, 32, MPI_COMM_WORLD, &rq));
        MPI_OK(MPI_Rsend(s, (int)n, MPI_BYTE, conf_rank, 32, MPI_COMM_WORLD));
        MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
        verify(r, n, conf_rank, 30, "Rsend");
    }
    MPI_OK(MPI_Comm_free(&other));
    CONF_FREE(s, r);
}

/* Probe and Iprobe see self messages with their source, tag and count,
 * do not take them, and find nothing that was not sent; truncation. */
static void test_probe(void)
{
    MPI_Comm comm = reversed();
    int me;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    static const size_t n_of[] = {12, 5600, 400000};
    unsigned char *s = conf_malloc(400000), *r = conf_malloc(400000);
    for (int k = 0; k < 3; k++) {
        size_t n = n_of[k];
        int flag = 1;
        MPI_Status st;
        MPI_OK(MPI_Iprobe(me, 40 + k, comm, &flag, &st));
        CHECK(!flag, "Iprobe found a message not yet sent");
        fill(s, n, me, 40 + k);
        MPI_Request sq;
        MPI_OK(MPI_Isend(s, (int)n, MPI_BYTE, me, 40 + k, comm, &sq));
        flag = 0;
        for (int i = 0; i < 1000000 && !flag; i++)
            MPI_OK(MPI_Iprobe(me, 40 + k, comm, &flag, &st));
        CHECK(flag, "Iprobe did not find a %zu-byte message to self", n);
        status_is(&st, me, 40 + k, n, "Iprobe");
        MPI_OK(MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &st));
        status_is(&st, me, 40 + k, n, "Probe");
        MPI_OK(MPI_Iprobe(MPI_ANY_SOURCE, 40 + k + 1, comm, &flag, &st));
        CHECK(!flag, "Iprobe matched another tag");
        /* one byte short: MPI_ERR_TRUNCATE, and the message is taken */
        int rc = MPI_Recv(r, (int)n - 1, MPI_BYTE, me, 40 + k, comm, &st);
        int cls;
        MPI_Error_class(rc, &cls);
        CHECK(cls == MPI_ERR_TRUNCATE, "truncation of %zu bytes gave %d", n,
              rc);
        MPI_OK(MPI_Wait(&sq, MPI_STATUS_IGNORE));
        MPI_OK(MPI_Iprobe(me, 40 + k, comm, &flag, &st));
        CHECK(!flag, "a received message is still found by Iprobe");
    }
    MPI_OK(MPI_Comm_free(&comm));
    CONF_FREE(s, r);
}

/* MPI_Sendrecv with itself while other messages are queued: its wildcard
 * receive takes an older unexpected message to self, not its own send's
 * (8 bytes, buffered where the library buffers sends to itself, then
 * received by a receive of its own); and a receive posted
 * earlier takes the Sendrecv's message, while the Sendrecv's receive
 * waits for a peer's (rank 1's, sent 2 ms later, so that nothing is
 * queued when the Sendrecv starts). */
static void test_sendrecv_queued(void)
{
    static const size_t n_of[] = {8, 5600, 70000};
    unsigned char *s = conf_malloc(70000), *u = conf_malloc(70000),
                  *r = conf_malloc(70000), *p = conf_malloc(70000);
    for (size_t k = 0; k < 3; k++) {
        size_t n = n_of[k];
        fill(s, n, conf_rank, 61);
        fill(u, n, conf_rank, 62);
        MPI_Request pq;
        MPI_Status st;
        /* The Sendrecv's own message must be buffered, which MPI allows a
         * library not to do: MPICH 4.0 (ch4:ucx) never completes a send to
         * self before a receive takes it, so there the Sendrecv waits
         * forever. */
#ifndef MPICH_VERSION
        if (n <= 8) {
            MPI_Request uq;
            MPI_OK(MPI_Isend(u, (int)n, MPI_BYTE, conf_rank, 62, MPI_COMM_WORLD,
                             &uq)); /* unexpected, older */
            MPI_OK(MPI_Sendrecv(s, (int)n, MPI_BYTE, conf_rank, 61, r, (int)n,
                                MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG,
                                MPI_COMM_WORLD, &st));
            status_is(&st, conf_rank, 62, n,
                      "Sendrecv behind an unexpected message");
            verify(r, n, conf_rank, 62,
                   "Sendrecv behind an unexpected message");
            MPI_OK(MPI_Recv(r, (int)n, MPI_BYTE, conf_rank, MPI_ANY_TAG,
                            MPI_COMM_WORLD, &st));
            status_is(&st, conf_rank, 61, n, "a Sendrecv's own message");
            verify(r, n, conf_rank, 61, "a Sendrecv's own message");
            MPI_OK(MPI_Wait(&uq, MPI_STATUS_IGNORE));
        }
#endif
        if (conf_size > 1 && conf_rank < 2) {
            MPI_OK(MPI_Irecv(p, (int)n, MPI_BYTE, conf_rank, 61, MPI_COMM_WORLD,
                             &pq));
            MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
            if (conf_rank == 0) {
                MPI_OK(MPI_Sendrecv(s, (int)n, MPI_BYTE, 0, 61, r, (int)n,
                                    MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG,
                                    MPI_COMM_WORLD, &st));
                status_is(&st, 1, 66, n, "Sendrecv behind a posted receive");
                verify(r, n, 1, 66, "Sendrecv behind a posted receive");
            } else {
                for (double t0 = MPI_Wtime(); MPI_Wtime() - t0 < 0.002;)
                    ;
                fill(u, n, 1, 66);
                MPI_OK(MPI_Send(u, (int)n, MPI_BYTE, 0, 66, MPI_COMM_WORLD));
                MPI_OK(MPI_Send(s, (int)n, MPI_BYTE, 1, 61, MPI_COMM_WORLD));
            }
            MPI_OK(MPI_Wait(&pq, &st));
            status_is(&st, conf_rank, 61, n,
                      "posted receive before a Sendrecv");
            verify(p, n, conf_rank, 61, "posted receive before a Sendrecv");
        } else if (conf_size > 1) {
            MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        }
#ifndef OPEN_MPI
        /* nothing queued, a receive one byte short: MPI_ERR_TRUNCATE (Open
         * MPI 4.1's MPI_Sendrecv to self returns MPI_SUCCESS here) */
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int rc = MPI_Sendrecv(s, (int)n, MPI_BYTE, conf_rank, 65, r, (int)n - 1,
                              MPI_BYTE, conf_rank, 65, MPI_COMM_WORLD, &st);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        int cls;
        MPI_Error_class(rc, &cls);
        CHECK(cls == MPI_ERR_TRUNCATE,
              "Sendrecv to self truncated %zu bytes: %d", n, rc);
#endif
    }
    CONF_FREE(s, u, r, p);
}

/* Persistent sends and receives to self, started in both orders. */
static void test_persistent(void)
{
    static const size_t n_of[] = {16, 70000};
    unsigned char *s = conf_malloc(70000), *r = conf_malloc(70000);
    for (size_t k = 0; k < 2; k++) {
        size_t n = n_of[k];
        MPI_Request q[2];
        MPI_OK(MPI_Recv_init(r, (int)n, MPI_BYTE, conf_rank, 50, MPI_COMM_WORLD,
                             &q[0]));
        MPI_OK(MPI_Ssend_init(s, (int)n, MPI_BYTE, conf_rank, 50,
                              MPI_COMM_WORLD, &q[1]));
        for (int round = 0; round < 4; round++) {
            fill(s, n, conf_rank, 50 + round);
            memset(r, 0, n);
            MPI_OK(MPI_Start(&q[round % 2]));
            MPI_OK(MPI_Start(&q[1 - round % 2]));
            MPI_OK(MPI_Waitall(2, q, MPI_STATUSES_IGNORE));
            verify(r, n, conf_rank, 50 + round, "persistent");
        }
        MPI_OK(MPI_Request_free(&q[0]));
        MPI_OK(MPI_Request_free(&q[1]));
    }
    CONF_FREE(s, r);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    MPI_Comm rev = reversed();
    test_sizes(MPI_COMM_WORLD);
    test_sizes(rev);
    MPI_OK(MPI_Comm_free(&rev));
    void (*const tests[])(void) = {
        test_noncontig, test_order,           test_any_source_mix, test_ssend,
        test_probe,     test_sendrecv_queued, test_persistent};
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        tests[i]();
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    }
    return conf_finish("conf_self");
}
