/*
 * Matching order under MPI's non-overtaking rules, randomized.  Pairs of
 * ranks (2k, 2k+1) exchange in both directions; the receiver posts a random
 * sequence of receives (naming the source or MPI_ANY_SOURCE, a tag in 0..2
 * or MPI_ANY_TAG) and the sender sends one message per receive whose tag
 * fits that receive, with sizes crossing every protocol.  Then message i
 * must land in receive i, whatever the timing: every earlier receive was
 * taken by an earlier message.  Some rounds post the receives first (on
 * mpchar's runtime they issue write requests), others after part of the
 * sends (unexpected messages), others interleave small ordinary messages on
 * another tag.  The odd rank of an odd p idles.
 */
#include "conf.h"

enum { ROUNDS = 12, MAXR = 24, CAP = 70000 };

static unsigned rng(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

static const int msg_sizes[] = {0, 8, 100, 3000, 17000, 40000, CAP};

struct plan {
    int n;
    int src[MAXR]; /* 1: names the source, 0: ANY_SOURCE */
    int tag[MAXR]; /* receive tag, -1 ANY_TAG */
    int mtag[MAXR];
    int len[MAXR];
};

static void make_plan(struct plan *pl, unsigned seed, int no_any_tag)
{
    pl->n = 4 + (int)(rng(&seed) % (MAXR - 4));
    for (int i = 0; i < pl->n; i++) {
        pl->src[i] = rng(&seed) % 5 != 0;
        pl->tag[i] =
            rng(&seed) % 4 == 0 && !no_any_tag ? -1 : (int)(rng(&seed) % 3);
        pl->mtag[i] = pl->tag[i] >= 0 ? pl->tag[i] : (int)(rng(&seed) % 3);
        pl->len[i] =
            msg_sizes[rng(&seed) % (sizeof msg_sizes / sizeof msg_sizes[0])];
    }
}

static void fill(unsigned char *b, int len, int round, int i)
{
    for (int k = 0; k < len; k++)
        b[k] = (unsigned char)(round * 13 + i * 7 + k);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    int partner = conf_rank ^ 1;
    int active = partner < conf_size;
    unsigned char *rb = conf_malloc((size_t)MAXR * CAP);
    MPI_Comm sync;
    MPI_OK(MPI_Comm_dup(MPI_COMM_WORLD, &sync));
    for (int round = 0; round < ROUNDS && active; round++) {
        struct plan in, out;   /* what I receive, what my partner receives */
        int style = round % 3; /* 0: receives first, 1: sends first, 2: noise */
        make_plan(&in, 1000u * (unsigned)round + (unsigned)conf_rank,
                  style == 2);
        make_plan(&out, 1000u * (unsigned)round + (unsigned)partner,
                  style == 2);
        MPI_Request rq[MAXR], sq[MAXR], nq[MAXR];
        MPI_Status st[MAXR];
        unsigned char *bufs[MAXR];
        int noise_out[MAXR], noise_in[MAXR], nn = 0,
                                             first = style == 1 ? out.n / 2 : 0;
        for (int i = 0; i < out.n; i++) {
            bufs[i] = conf_malloc((size_t)out.len[i]);
            fill(bufs[i], out.len[i], round, i);
        }
        for (int i = 0; i < first;
             i++) /* part of the messages before any receive */
            MPI_OK(MPI_Isend(bufs[i], out.len[i], MPI_BYTE, partner,
                             out.mtag[i], MPI_COMM_WORLD, &sq[i]));
        for (int i = 0; i < in.n; i++)
            MPI_OK(MPI_Irecv(rb + (size_t)i * CAP, CAP, MPI_BYTE,
                             in.src[i] ? partner : MPI_ANY_SOURCE,
                             in.tag[i] < 0 ? MPI_ANY_TAG : in.tag[i],
                             MPI_COMM_WORLD, &rq[i]));
        if (style ==
            0) /* the partner's receives are posted (on another communicator:
                       an ANY_TAG receive here would take it) */
            MPI_OK(MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, 50, NULL, 0,
                                MPI_BYTE, partner, 50, sync,
                                MPI_STATUS_IGNORE));
        for (int i = first; i < out.n; i++) {
            MPI_OK(MPI_Isend(bufs[i], out.len[i], MPI_BYTE, partner,
                             out.mtag[i], MPI_COMM_WORLD, &sq[i]));
            if (style == 2 &&
                i % 3 == 0) { /* ordinary traffic on a tag no receive takes */
                noise_out[nn] = i;
                MPI_OK(MPI_Isend(&noise_out[nn], 1, MPI_INT, partner, 60,
                                 MPI_COMM_WORLD, &nq[nn]));
                nn++;
            }
        }
        MPI_OK(MPI_Waitall(nn, nq, MPI_STATUSES_IGNORE));
        for (int i = 0, k = 0; style == 2 && i < in.n; i++)
            if (i % 3 == 0) {
                MPI_OK(MPI_Recv(&noise_in[k], 1, MPI_INT, partner, 60,
                                MPI_COMM_WORLD, MPI_STATUS_IGNORE));
                CHECK(noise_in[k] == i, "noise message %d", k);
                k++;
            }
        MPI_OK(MPI_Waitall(out.n, sq, MPI_STATUSES_IGNORE));
        for (int i = 0; i < out.n; i++)
            free(bufs[i]);
        MPI_OK(MPI_Waitall(in.n, rq, st));
        for (int i = 0; i < in.n; i++) {
            int count;
            MPI_Get_count(&st[i], MPI_BYTE, &count);
            CHECK(st[i].MPI_SOURCE == partner && st[i].MPI_TAG == in.mtag[i] &&
                      count == in.len[i],
                  "round %d receive %d: source %d tag %d (want %d) count %d "
                  "(want %d)",
                  round, i, st[i].MPI_SOURCE, st[i].MPI_TAG, in.mtag[i], count,
                  in.len[i]);
            unsigned char *b = rb + (size_t)i * CAP;
            for (int k = 0; k < count; k++)
                CHECK(b[k] == (unsigned char)(round * 13 + i * 7 + k),
                      "round %d receive %d byte %d", round, i, k);
        }
        MPI_OK(MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, 51, NULL, 0, MPI_BYTE,
                            partner, 51, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    }
    free(rb);
    MPI_OK(MPI_Comm_free(&sync));
    return conf_finish("conf_match");
}
