/*
 * Message order across send calls and protocols, received by blocking
 * MPI_Recv.  Pairs of ranks (2k, 2k+1): the even rank sends a random
 * sequence of messages with MPI_Send, MPI_Isend or MPI_Ssend, of sizes
 * around every protocol limit (0-9 bytes, 64 B, 4 KiB, 70 KB), and after
 * some of them waits for a small reply, so that small messages and replies
 * alternate (on mpchar's runtime they then travel through the pair's
 * duplex box beside the ring, and blocking receives take the fast path).
 * Now and then it also sends an extra message on another tag that the odd
 * rank receives first, which leaves the earlier ones waiting (unexpected).
 * The odd rank receives in order, with the source named; message i must
 * arrive with message i's size and bytes.  The odd rank of an odd p idles.
 */
#include "conf.h"

enum {
    MSGS = 600,
    PENDING = 8,
    CAP = 70000,
    TAG_DATA = 0,
    TAG_EXTRA = 2,
    TAG_REPLY = 3
};

static const int msg_sizes[] = {0, 1, 4, 7, 8, 9, 64, 4096, 4097, CAP};

static unsigned rng(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

struct step {
    int len, mode, extra, reply; /* mode: 0 Send, 1 Isend, 2 Ssend */
};

static struct step plan(unsigned *seed, int i)
{
    struct step s;
    s.len = msg_sizes[rng(seed) % (sizeof msg_sizes / sizeof msg_sizes[0])];
    s.mode = (int)(rng(seed) % 3);
    s.extra = i % 37 == 11;
    s.reply = rng(seed) % 3 == 0;
    if (s.extra) /* a blocking send may wait for its receive, which waits
                    for the extra message */
        s.mode = 1;
    return s;
}

static void fill(unsigned char *b, int len, int i)
{
    for (int k = 0; k < len; k++)
        b[k] = conf_byte(i, TAG_DATA, (size_t)k);
}

static void sender(int peer, unsigned seed)
{
    unsigned char *bufs = conf_malloc((size_t)PENDING * CAP);
    unsigned char reply[8], extra[8] = {0};
    MPI_Request reqs[PENDING];
    int pending = 0;
    for (int i = 0; i < MSGS; i++) {
        struct step s = plan(&seed, i);
        if (pending == PENDING) {
            MPI_OK(MPI_Waitall(pending, reqs, MPI_STATUSES_IGNORE));
            pending = 0;
        }
        unsigned char *b = bufs + (size_t)pending * CAP;
        fill(b, s.len, i);
        if (s.mode == 1)
            MPI_OK(MPI_Isend(b, s.len, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD,
                             &reqs[pending++]));
        else if (s.mode == 2)
            MPI_OK(
                MPI_Ssend(b, s.len, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD));
        else
            MPI_OK(
                MPI_Send(b, s.len, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD));
        if (s.extra)
            MPI_OK(
                MPI_Send(extra, 8, MPI_BYTE, peer, TAG_EXTRA, MPI_COMM_WORLD));
        if (s.reply) {
            MPI_Status st;
            MPI_OK(MPI_Recv(reply, 8, MPI_BYTE, peer, TAG_REPLY, MPI_COMM_WORLD,
                            &st));
            int n = -1;
            MPI_OK(MPI_Get_count(&st, MPI_BYTE, &n));
            CHECK(n == i % 9 && (n == 0 || reply[0] == (unsigned char)i),
                  "reply to message %d: %d bytes, first %d", i, n, reply[0]);
        }
    }
    MPI_OK(MPI_Waitall(pending, reqs, MPI_STATUSES_IGNORE));
    free(bufs);
}

static void receiver(int peer, unsigned seed)
{
    unsigned char *rb = conf_malloc(CAP), extra[8], reply[8];
    for (int i = 0; i < MSGS; i++) {
        struct step s = plan(&seed, i);
        if (s.extra) /* the later message first: message i waits */
            MPI_OK(MPI_Recv(extra, 8, MPI_BYTE, peer, TAG_EXTRA, MPI_COMM_WORLD,
                            MPI_STATUS_IGNORE));
        MPI_Status st;
        MPI_OK(
            MPI_Recv(rb, CAP, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &st));
        int n = -1;
        MPI_OK(MPI_Get_count(&st, MPI_BYTE, &n));
        CHECK(n == s.len && st.MPI_SOURCE == peer && st.MPI_TAG == TAG_DATA,
              "message %d: %d bytes from %d tag %d, want %d", i, n,
              st.MPI_SOURCE, st.MPI_TAG, s.len);
        for (int k = 0; k < n; k++)
            CHECK(rb[k] == conf_byte(i, TAG_DATA, (size_t)k),
                  "message %d byte %d", i, k);
        if (s.reply) {
            memset(reply, (unsigned char)i, sizeof reply);
            MPI_OK(MPI_Send(reply, i % 9, MPI_BYTE, peer, TAG_REPLY,
                            MPI_COMM_WORLD));
        }
    }
    free(rb);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    int peer = conf_rank ^ 1;
    if (peer < conf_size) {
        unsigned seed = 977u + (unsigned)(conf_rank / 2);
        if (conf_rank % 2 == 0)
            sender(peer, seed);
        else
            receiver(peer, seed);
    }
    return conf_finish("conf_order");
}
