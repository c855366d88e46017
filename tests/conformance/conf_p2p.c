/*
 * Point-to-point conformance: data at every protocol size, message ordering,
 * ANY_SOURCE/ANY_TAG (also behind receives that name their source, which on
 * mpchar's runtime issue write requests), PROC_NULL, Ssend/Rsend/Bsend,
 * Sendrecv(_replace), probe and Get_count, truncation, nonblocking
 * completion in any order (Wait*, Test*), Request_free and Cancel, and
 * small sends complete at once (Open MPI, MPICH and mpchar's runtime give
 * them one shared completed request) finished in every way at once.
 */
#include "conf.h"

static const size_t sizes[] = {0,    1,     8,     31,    100,    1000,   4096,
                               5000, 16384, 20000, 65536, 100000, 1 << 20};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static void fill(unsigned char *b, size_t n, int src, int tag)
{
    for (size_t i = 0; i < n; i++)
        b[i] = conf_byte(src, tag, i);
}

static void verify(const unsigned char *b, size_t n, int src, int tag)
{
    for (size_t i = 0; i < n; i++)
        CHECK(b[i] == conf_byte(src, tag, i),
              "byte %zu of a %zu-byte message from %d tag %d", i, n, src, tag);
}

/* Ring exchange at every size, receive posted before and after the send. */
static void test_sizes(void)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    unsigned char *s = conf_malloc(1 << 20), *r = conf_malloc(1 << 20);
    for (size_t k = 0; k < NSIZES; k++) {
        size_t n = sizes[k];
        int tag = (int)k;
        fill(s, n, conf_rank, tag);
        memset(r, 0, n);
        MPI_Request rq;
        MPI_Status st;
        MPI_OK(MPI_Irecv(r, (int)n, MPI_BYTE, left, tag, MPI_COMM_WORLD, &rq));
        MPI_OK(MPI_Send(s, (int)n, MPI_BYTE, right, tag, MPI_COMM_WORLD));
        MPI_OK(MPI_Wait(&rq, &st));
        int count;
        MPI_OK(MPI_Get_count(&st, MPI_BYTE, &count));
        CHECK(count == (int)n && st.MPI_SOURCE == left && st.MPI_TAG == tag,
              "status of size %zu", n);
        verify(r, n, left, tag);
        /* send first (unexpected on the receiver), then receive */
        MPI_OK(MPI_Isend(s, (int)n, MPI_BYTE, right, tag + 100, MPI_COMM_WORLD,
                         &rq));
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        MPI_OK(MPI_Recv(r, (int)n, MPI_BYTE, left, tag + 100, MPI_COMM_WORLD,
                        &st));
        MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
        verify(r, n, left, tag);
    }
    free(s);
    free(r);
}

/* Lengths of a stream crossing the sizes where copies change method. */
enum { NSTREAM = 40 };
static size_t stream_len(int i)
{
    return 1000 + (size_t)i * 397;
}

/* Non-overtaking: many messages, same source and tag, arrive in order. */
static void test_ordering(void)
{
    enum { N = 200 };
    if (conf_size < 2)
        return;
    if (conf_rank == 1) {
        int buf[N];
        MPI_Request rq[N];
        for (int i = 0; i < N; i++) {
            buf[i] = i;
            MPI_OK(
                MPI_Isend(&buf[i], 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &rq[i]));
        }
        MPI_OK(MPI_Waitall(N, rq, MPI_STATUSES_IGNORE));
        /* sizes crossing protocols keep their order too */
        unsigned char *big = conf_malloc(200000);
        for (int i = 0; i < 6; i++) {
            size_t n = i % 2 ? 200000 : 10;
            fill(big, n, 1, i);
            MPI_OK(MPI_Send(big, (int)n, MPI_BYTE, 0, 6, MPI_COMM_WORLD));
        }
        /* a stream of eager-size messages from odd offsets, back to back */
        for (int i = 0; i < NSTREAM; i++) {
            fill(big + i, stream_len(i), 1, 100 + i);
            MPI_OK(MPI_Send(big + i, (int)stream_len(i), MPI_BYTE, 0, 7,
                            MPI_COMM_WORLD));
        }
        free(big);
    } else if (conf_rank == 0) {
        for (int i = 0; i < N; i++) {
            int v = -1;
            MPI_OK(MPI_Recv(&v, 1, MPI_INT, i % 2 ? 1 : MPI_ANY_SOURCE,
                            i % 3 ? 5 : MPI_ANY_TAG, MPI_COMM_WORLD,
                            MPI_STATUS_IGNORE));
            CHECK(v == i, "message %d arrived as %d", i, v);
        }
        unsigned char *big = conf_malloc(200000);
        for (int i = 0; i < 6; i++) {
            size_t n = i % 2 ? 200000 : 10;
            MPI_Status st;
            MPI_OK(MPI_Recv(big, 200000, MPI_BYTE, 1, 6, MPI_COMM_WORLD, &st));
            int c;
            MPI_Get_count(&st, MPI_BYTE, &c);
            CHECK(c == (int)n, "ordered message %d has %d bytes", i, c);
            verify(big, n, 1, i);
        }
        for (int i = 0; i < NSTREAM; i++) {
            MPI_OK(MPI_Recv(big + i, 200000, MPI_BYTE, 1, 7, MPI_COMM_WORLD,
                            MPI_STATUS_IGNORE));
            verify(big + i, stream_len(i), 1, 100 + i);
        }
        free(big);
    }
}

/* Receives naming their source, then ANY_SOURCE, then naming it again: the
 * messages must match in posting order. */
static void test_wildcards_behind_requests(void)
{
    if (conf_size < 2)
        return;
    enum { BIG = 50000 };
    unsigned char *b[3];
    for (int i = 0; i < 3; i++)
        b[i] = conf_malloc(BIG);
    if (conf_rank == 0) {
        MPI_Request rq[3];
        MPI_Status st[3];
        MPI_OK(MPI_Irecv(b[0], BIG, MPI_BYTE, 1, MPI_ANY_TAG, MPI_COMM_WORLD,
                         &rq[0]));
        MPI_OK(MPI_Irecv(b[1], BIG, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG,
                         MPI_COMM_WORLD, &rq[1]));
        MPI_OK(MPI_Irecv(b[2], BIG, MPI_BYTE, 1, MPI_ANY_TAG, MPI_COMM_WORLD,
                         &rq[2]));
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        MPI_OK(MPI_Waitall(3, rq, st));
        for (int i = 0; i < 3; i++) {
            CHECK(st[i].MPI_SOURCE == 1 && st[i].MPI_TAG == 10 + i,
                  "receive %d got tag %d", i, st[i].MPI_TAG);
            verify(b[i], i == 1 ? 100 : BIG, 1, 10 + i);
        }
        /* tags select among receives naming the source */
        MPI_OK(MPI_Irecv(b[0], BIG, MPI_BYTE, 1, 21, MPI_COMM_WORLD, &rq[0]));
        MPI_OK(MPI_Irecv(b[1], BIG, MPI_BYTE, 1, 20, MPI_COMM_WORLD, &rq[1]));
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        MPI_OK(MPI_Waitall(2, rq, st));
        verify(b[1], BIG, 1, 20);
        verify(b[0], 3000, 1, 21);
    } else {
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        if (conf_rank == 1)
            for (int i = 0; i < 3; i++) {
                size_t n = i == 1 ? 100 : BIG;
                fill(b[i], n, 1, 10 + i);
                MPI_OK(MPI_Send(b[i], (int)n, MPI_BYTE, 0, 10 + i,
                                MPI_COMM_WORLD));
            }
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        if (conf_rank == 1) {
            fill(b[0], BIG, 1, 20);
            MPI_OK(MPI_Send(b[0], BIG, MPI_BYTE, 0, 20, MPI_COMM_WORLD));
            fill(b[1], 3000, 1, 21);
            MPI_OK(MPI_Send(b[1], 3000, MPI_BYTE, 0, 21, MPI_COMM_WORLD));
        }
    }
    for (int i = 0; i < 3; i++)
        free(b[i]);
}

/* Everyone sends to rank 0 with distinct tags; rank 0 takes ANY_SOURCE/ANY_TAG. */
static void test_any_source(void)
{
    if (conf_rank == 0) {
        int *seen = calloc((size_t)conf_size, sizeof(int));
        for (int i = 0; i < 3 * (conf_size - 1); i++) {
            int v;
            MPI_Status st;
            MPI_OK(MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG,
                            MPI_COMM_WORLD, &st));
            CHECK(v == st.MPI_SOURCE * 1000 + st.MPI_TAG,
                  "value %d from %d tag %d", v, st.MPI_SOURCE, st.MPI_TAG);
            CHECK(st.MPI_TAG == seen[st.MPI_SOURCE], "tag order from %d",
                  st.MPI_SOURCE);
            seen[st.MPI_SOURCE]++;
        }
        free(seen);
    } else {
        for (int t = 0; t < 3; t++) {
            int v = conf_rank * 1000 + t;
            MPI_OK(MPI_Send(&v, 1, MPI_INT, 0, t, MPI_COMM_WORLD));
        }
    }
}

static void test_modes(void)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    int v = conf_rank, got = -1;
    MPI_Request rq;
    /* Ssend completes only once matched: receive is posted by the peer */
    MPI_OK(MPI_Irecv(&got, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &rq));
    MPI_OK(MPI_Ssend(&v, 1, MPI_INT, right, 1, MPI_COMM_WORLD));
    MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
    CHECK(got == left, "Ssend delivered %d", got);
    /* Issend of a large message */
    unsigned char *s = conf_malloc(300000), *r = conf_malloc(300000);
    fill(s, 300000, conf_rank, 2);
    MPI_Request rs;
    MPI_OK(MPI_Irecv(r, 300000, MPI_BYTE, left, 2, MPI_COMM_WORLD, &rq));
    MPI_OK(MPI_Issend(s, 300000, MPI_BYTE, right, 2, MPI_COMM_WORLD, &rs));
    MPI_OK(MPI_Wait(&rs, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
    verify(r, 300000, left, 2);
    /* Rsend after the receiver says it has posted */
    MPI_OK(MPI_Irecv(&got, 1, MPI_INT, left, 3, MPI_COMM_WORLD, &rq));
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    MPI_OK(MPI_Rsend(&v, 1, MPI_INT, right, 3, MPI_COMM_WORLD));
    MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
    CHECK(got == left, "Rsend delivered %d", got);
    /* Bsend: several buffered messages outstanding at once */
    int bsize = 4 * (100000 + MPI_BSEND_OVERHEAD);
    char *bbuf = conf_malloc((size_t)bsize);
    MPI_OK(MPI_Buffer_attach(bbuf, bsize));
    for (int i = 0; i < 3; i++) {
        fill(s, 100000, conf_rank, 40 + i);
        MPI_OK(MPI_Bsend(s, i == 1 ? 10 : 100000, MPI_BYTE, right, 40 + i,
                         MPI_COMM_WORLD));
    }
    for (int i = 0; i < 3; i++) {
        MPI_OK(MPI_Recv(r, 100000, MPI_BYTE, left, 40 + i, MPI_COMM_WORLD,
                        MPI_STATUS_IGNORE));
        verify(r, i == 1 ? 10 : 100000, left, 40 + i);
    }
    void *det;
    int dsize;
    MPI_OK(MPI_Buffer_detach(&det, &dsize));
    CHECK(det == bbuf && dsize == bsize, "Buffer_detach returned the buffer");
    free(bbuf);
    /* PROC_NULL */
    MPI_Status st;
    MPI_OK(MPI_Send(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD));
    MPI_OK(MPI_Recv(&got, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st));
    int c;
    MPI_Get_count(&st, MPI_INT, &c);
    CHECK(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && c == 0,
          "PROC_NULL status");
    /* Sendrecv and Sendrecv_replace around the ring */
    MPI_OK(MPI_Sendrecv(&v, 1, MPI_INT, right, 7, &got, 1, MPI_INT, left, 7,
                        MPI_COMM_WORLD, &st));
    CHECK(got == left && st.MPI_SOURCE == left, "Sendrecv got %d", got);
    fill(s, 70000, conf_rank, 8);
    MPI_OK(MPI_Sendrecv_replace(s, 70000, MPI_BYTE, right, 8, left, 8,
                                MPI_COMM_WORLD, &st));
    verify(s, 70000, left, 8);
    free(s);
    free(r);
}

static void test_probe_truncate(void)
{
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    static const size_t psizes[] = {12, 40000, 400000};
    unsigned char *s = conf_malloc(400000), *r = conf_malloc(400000);
    for (int k = 0; k < 3; k++) {
        size_t n = psizes[k];
        fill(s, n, conf_rank, 60 + k);
        MPI_Request rq;
        MPI_OK(
            MPI_Isend(s, (int)n, MPI_BYTE, right, 60 + k, MPI_COMM_WORLD, &rq));
        MPI_Status st;
        MPI_OK(MPI_Probe(MPI_ANY_SOURCE, 60 + k, MPI_COMM_WORLD, &st));
        int c;
        MPI_OK(MPI_Get_count(&st, MPI_BYTE, &c));
        CHECK(c == (int)n && st.MPI_SOURCE == left, "Probe count %d source %d",
              c, st.MPI_SOURCE);
        MPI_OK(MPI_Get_count(&st, MPI_INT, &c));
        CHECK(n % sizeof(int) != 0 ? c == MPI_UNDEFINED
                                   : c == (int)(n / sizeof(int)),
              "Get_count in ints %d", c);
        int flag = 0;
        MPI_OK(MPI_Iprobe(left, 60 + k, MPI_COMM_WORLD, &flag, &st));
        CHECK(flag, "Iprobe after Probe");
        /* receive into a buffer one element short: MPI_ERR_TRUNCATE */
        int rc = MPI_Recv(r, (int)n - 4, MPI_BYTE, left, 60 + k, MPI_COMM_WORLD,
                          &st);
        int cls;
        MPI_Error_class(rc, &cls);
        CHECK(cls == MPI_ERR_TRUNCATE, "truncation of %zu bytes gave %d", n,
              rc);
        MPI_OK(MPI_Wait(&rq, MPI_STATUS_IGNORE));
    }
    int flag = 1;
    MPI_OK(MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag,
                      MPI_STATUS_IGNORE));
    CHECK(!flag, "Iprobe found a message never sent");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    free(s);
    free(r);
}

/* Nonblocking completion in any order with Wait/Test variants. */
static void test_nonblocking(void)
{
    enum { K = 8 };
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    static const int lens[K] = {1, 100, 3000, 20000, 1, 70000, 5, 250000};
    unsigned char *s[K], *r[K];
    MPI_Request rr[K], sr[K];
    for (int i = 0; i < K; i++) {
        s[i] = conf_malloc((size_t)lens[i]);
        r[i] = conf_malloc((size_t)lens[i]);
        fill(s[i], (size_t)lens[i], conf_rank, 80 + i);
    }
    /* receives posted in reverse order, sends in order */
    for (int i = K - 1; i >= 0; i--)
        MPI_OK(MPI_Irecv(r[i], lens[i], MPI_BYTE, left, 80 + i, MPI_COMM_WORLD,
                         &rr[i]));
    for (int i = 0; i < K; i++)
        MPI_OK(MPI_Isend(s[i], lens[i], MPI_BYTE, right, 80 + i, MPI_COMM_WORLD,
                         &sr[i]));
    int done = 0;
    while (done < K) {
        int idx[K], n;
        MPI_Status st[K];
        MPI_OK(MPI_Waitsome(K, rr, &n, idx, st));
        CHECK(n >= 1, "Waitsome returned %d", n);
        for (int j = 0; j < n; j++) {
            CHECK(st[j].MPI_TAG == 80 + idx[j], "Waitsome status");
            verify(r[idx[j]], (size_t)lens[idx[j]], left, 80 + idx[j]);
        }
        done += n;
    }
    int n;
    MPI_OK(MPI_Waitsome(K, rr, &n, (int[K]){0}, MPI_STATUSES_IGNORE));
    CHECK(n == MPI_UNDEFINED, "Waitsome on null requests");
    for (int i = 0; i < K; i++) {
        int idx;
        MPI_OK(MPI_Waitany(K, sr, &idx, MPI_STATUS_IGNORE));
        CHECK(idx >= 0 && idx < K && sr[idx] == MPI_REQUEST_NULL,
              "Waitany index %d", idx);
    }
    int idx;
    MPI_OK(MPI_Waitany(K, sr, &idx, MPI_STATUS_IGNORE));
    CHECK(idx == MPI_UNDEFINED, "Waitany on null requests");
    /* Test / Testall / Testany */
    for (int i = 0; i < K; i++)
        MPI_OK(MPI_Irecv(r[i], lens[i], MPI_BYTE, left, 80 + i, MPI_COMM_WORLD,
                         &rr[i]));
    for (int i = K - 1; i >= 0; i--)
        MPI_OK(MPI_Isend(s[i], lens[i], MPI_BYTE, right, 80 + i, MPI_COMM_WORLD,
                         &sr[i]));
    int flag = 0;
    while (!flag)
        MPI_OK(MPI_Testall(K, rr, &flag, MPI_STATUSES_IGNORE));
    for (int i = 0; i < K; i++)
        verify(r[i], (size_t)lens[i], left, 80 + i);
    int left_to_do = K;
    while (left_to_do > 0) {
        MPI_OK(MPI_Testany(K, sr, &idx, &flag, MPI_STATUS_IGNORE));
        if (flag && idx != MPI_UNDEFINED)
            left_to_do--;
    }
    MPI_Request one;
    MPI_OK(MPI_Isend(s[0], 1, MPI_BYTE, right, 90, MPI_COMM_WORLD, &one));
    MPI_OK(MPI_Request_free(&one));
    CHECK(one == MPI_REQUEST_NULL, "Request_free sets MPI_REQUEST_NULL");
    MPI_OK(MPI_Recv(r[0], 1, MPI_BYTE, left, 90, MPI_COMM_WORLD,
                    MPI_STATUS_IGNORE));
    MPI_OK(MPI_Irecv(r[0], 1, MPI_BYTE, left, 91, MPI_COMM_WORLD, &one));
    MPI_OK(MPI_Test(&one, &flag, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Send(s[0], 1, MPI_BYTE, right, 91, MPI_COMM_WORLD));
    flag = 0;
    while (!flag)
        MPI_OK(MPI_Test(&one, &flag, MPI_STATUS_IGNORE));
    CHECK(one == MPI_REQUEST_NULL, "Test frees a completed request");
    for (int i = 0; i < K; i++) {
        free(s[i]);
        free(r[i]);
    }
}

/* Small sends to posted receives, done when MPI_Isend returns, may share
 * one handle; each still completes on its own, whichever call finishes
 * it. */
static void test_done_sends(void)
{
    enum { N = 12 };
    int right = (conf_rank + 1) % conf_size,
        left = (conf_rank - 1 + conf_size) % conf_size;
    int s[N], r[N];
    MPI_Request sr[N], rr[N];
    for (int i = 0; i < N; i++)
        MPI_OK(MPI_Irecv(&r[i], 1, MPI_INT, left, 95, MPI_COMM_WORLD, &rr[i]));
    for (int i = 0; i < N; i++) {
        s[i] = conf_rank * 100 + i;
        MPI_OK(MPI_Isend(&s[i], 1, MPI_INT, right, 95, MPI_COMM_WORLD, &sr[i]));
    }
    int flag = 0;
    MPI_Status st;
    while (!flag)
        MPI_OK(MPI_Request_get_status(sr[0], &flag, &st));
    CHECK(sr[0] != MPI_REQUEST_NULL, "Request_get_status keeps the handle");
    MPI_OK(MPI_Wait(&sr[1], &st));
    MPI_OK(MPI_Test_cancelled(&st, &flag));
    CHECK(!flag, "a send done at once reads as cancelled");
    MPI_OK(MPI_Request_free(&sr[2]));
    flag = 0;
    while (!flag)
        MPI_OK(MPI_Test(&sr[3], &flag, MPI_STATUS_IGNORE));
    CHECK(sr[1] == MPI_REQUEST_NULL && sr[2] == MPI_REQUEST_NULL &&
              sr[3] == MPI_REQUEST_NULL,
          "finishing a send leaves its handle null");
    MPI_Status sts[N];
    MPI_OK(MPI_Waitall(N, sr, sts));
    for (int i = 0; i < N; i++)
        CHECK(sr[i] == MPI_REQUEST_NULL, "Waitall leaves send %d null", i);
    MPI_OK(MPI_Waitall(N, rr, MPI_STATUSES_IGNORE));
    for (int i = 0; i < N; i++)
        CHECK(r[i] == left * 100 + i, "send %d of %d arrived as %d", i, left,
              r[i]);
}

static void test_cancel(void)
{
    int left = (conf_rank - 1 + conf_size) % conf_size;
    char buf[64000];
    MPI_Request rq;
    MPI_Status st;
    /* a receive naming its source (write request on mpchar) and one wildcard */
    MPI_OK(
        MPI_Irecv(buf, sizeof buf, MPI_BYTE, left, 123, MPI_COMM_WORLD, &rq));
    MPI_OK(MPI_Cancel(&rq));
    MPI_OK(MPI_Wait(&rq, &st));
    int flag;
    MPI_OK(MPI_Test_cancelled(&st, &flag));
    CHECK(flag, "a receive with no message was not cancelled");
    MPI_OK(MPI_Irecv(buf, sizeof buf, MPI_BYTE, MPI_ANY_SOURCE, 124,
                     MPI_COMM_WORLD, &rq));
    MPI_OK(MPI_Cancel(&rq));
    MPI_OK(MPI_Wait(&rq, &st));
    MPI_OK(MPI_Test_cancelled(&st, &flag));
    CHECK(flag, "a wildcard receive was not cancelled");
    /* after cancelling, a later message of that tag goes to a new receive */
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    int right = (conf_rank + 1) % conf_size;
    MPI_OK(MPI_Sendrecv(buf, 100, MPI_BYTE, right, 123, buf + 100, 100,
                        MPI_BYTE, left, 123, MPI_COMM_WORLD, &st));
    MPI_OK(MPI_Test_cancelled(&st, &flag));
    CHECK(!flag, "a completed receive reads as cancelled");
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    void (*const tests[])(void) = {
        test_sizes,       test_ordering,   test_wildcards_behind_requests,
        test_any_source,  test_modes,      test_probe_truncate,
        test_nonblocking, test_done_sends, test_cancel};
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        tests[i]();
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    }
    return conf_finish("conf_p2p");
}
