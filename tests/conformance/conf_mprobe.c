/*
 * Matched probes conformance (MPI-3.1 3.8.2-3.8.3): MPI_Improbe and
 * MPI_Mprobe take a message out of matching, so that a later wildcard
 * receive gets the next message instead; MPI_Mrecv and MPI_Imrecv receive
 * exactly the probed message (small, large past any eager limit, to
 * oneself, into a derived datatype); MPI_MESSAGE_NO_PROC for
 * MPI_PROC_NULL; a probe that finds nothing.
 */
#include "conf.h"

enum { SMALL = 16, LARGE = 300000, TAG_A = 1, TAG_B = 2, TAG_SELF = 3 };

static void fill(int *buf, int n, int owner, int tag)
{
    for (int i = 0; i < n; i++)
        buf[i] = owner * 1000003 + tag * 7919 + i;
}

static void expect(const int *buf, int n, int owner, int tag, const char *what)
{
    for (int i = 0; i < n; i++)
        CHECK(buf[i] == owner * 1000003 + tag * 7919 + i, "%s: element %d",
              what, i);
}

/* The message of tag B is probed first; a wildcard receive then gets the
 * message of tag A, sent before it, and MPI_Mrecv the probed one. */
static void test_probe_then_wildcard(int n)
{
    int right = (conf_rank + 1) % conf_size;
    int left = (conf_rank + conf_size - 1) % conf_size;
    int *a = conf_malloc((size_t)n * sizeof *a);
    int *b = conf_malloc((size_t)n * sizeof *b);
    int *in = conf_malloc((size_t)n * sizeof *in);
    fill(a, n, conf_rank, TAG_A);
    fill(b, n, conf_rank, TAG_B);
    MPI_Request sends[2];
    MPI_OK(MPI_Isend(a, n, MPI_INT, right, TAG_A, MPI_COMM_WORLD, &sends[0]));
    MPI_OK(MPI_Isend(b, n, MPI_INT, right, TAG_B, MPI_COMM_WORLD, &sends[1]));

    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Status st;
    int flag = 0;
    while (!flag)
        MPI_OK(MPI_Improbe(left, TAG_B, MPI_COMM_WORLD, &flag, &m, &st));
    int count = -1;
    MPI_OK(MPI_Get_count(&st, MPI_INT, &count));
    CHECK(st.MPI_SOURCE == left && st.MPI_TAG == TAG_B && count == n,
          "Improbe's status: source %d tag %d count %d", st.MPI_SOURCE,
          st.MPI_TAG, count);
    CHECK(m != MPI_MESSAGE_NULL, "a message handle");

    MPI_OK(MPI_Recv(in, n, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                    &st));
    CHECK(st.MPI_TAG == TAG_A, "the wildcard receive got tag %d, not A",
          st.MPI_TAG);
    expect(in, n, left, TAG_A, "wildcard receive");

    MPI_OK(MPI_Mrecv(in, n, MPI_INT, &m, &st));
    CHECK(m == MPI_MESSAGE_NULL, "Mrecv frees the message handle");
    CHECK(st.MPI_SOURCE == left && st.MPI_TAG == TAG_B, "Mrecv's status");
    expect(in, n, left, TAG_B, "Mrecv");
    MPI_OK(MPI_Waitall(2, sends, MPI_STATUSES_IGNORE));
    CONF_FREE(a, b, in);
}

/* MPI_Mprobe and MPI_Imrecv, the data into every other int. */
static void test_mprobe_imrecv_vector(int n)
{
    int right = (conf_rank + 1) % conf_size;
    int left = (conf_rank + conf_size - 1) % conf_size;
    int *out = conf_malloc((size_t)n * sizeof *out);
    int *in = conf_malloc((size_t)n * 2 * sizeof *in);
    fill(out, n, conf_rank, TAG_A);
    MPI_Datatype every_other;
    MPI_OK(MPI_Type_vector(n, 1, 2, MPI_INT, &every_other));
    MPI_OK(MPI_Type_commit(&every_other));
    MPI_Request send, recv;
    MPI_OK(MPI_Isend(out, n, MPI_INT, right, TAG_A, MPI_COMM_WORLD, &send));
    MPI_Message m;
    MPI_Status st;
    MPI_OK(MPI_Mprobe(MPI_ANY_SOURCE, TAG_A, MPI_COMM_WORLD, &m, &st));
    CHECK(st.MPI_SOURCE == left, "Mprobe's source %d", st.MPI_SOURCE);
    for (int i = 0; i < 2 * n; i++)
        in[i] = -1;
    MPI_OK(MPI_Imrecv(in, 1, every_other, &m, &recv));
    CHECK(m == MPI_MESSAGE_NULL, "Imrecv frees the message handle");
    MPI_OK(MPI_Wait(&recv, &st));
    for (int i = 0; i < n; i++)
        CHECK(in[2 * i] == out[i] - conf_rank * 1000003 + left * 1000003 &&
                  in[2 * i + 1] == -1,
              "Imrecv into a vector: element %d", i);
    MPI_OK(MPI_Wait(&send, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Type_free(&every_other));
    CONF_FREE(out, in);
}

static void test_self(void)
{
    int out[SMALL], in[SMALL];
    fill(out, SMALL, conf_rank, TAG_SELF);
    MPI_Request send;
    MPI_OK(MPI_Isend(out, SMALL, MPI_INT, conf_rank, TAG_SELF, MPI_COMM_WORLD,
                     &send));
    MPI_Message m;
    MPI_Status st;
    MPI_OK(MPI_Mprobe(conf_rank, TAG_SELF, MPI_COMM_WORLD, &m, &st));
    MPI_OK(MPI_Mrecv(in, SMALL, MPI_INT, &m, &st));
    expect(in, SMALL, conf_rank, TAG_SELF, "a message to oneself");
    MPI_OK(MPI_Wait(&send, MPI_STATUS_IGNORE));
}

static void test_proc_null_and_nothing(void)
{
    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Status st;
    MPI_OK(MPI_Mprobe(MPI_PROC_NULL, 5, MPI_COMM_WORLD, &m, &st));
    CHECK(m == MPI_MESSAGE_NO_PROC, "MPI_MESSAGE_NO_PROC");
    CHECK(st.MPI_SOURCE == MPI_PROC_NULL, "probe of MPI_PROC_NULL's source");
    int x = 7, count = -1;
    MPI_OK(MPI_Mrecv(&x, 1, MPI_INT, &m, &st));
    MPI_OK(MPI_Get_count(&st, MPI_INT, &count));
    CHECK(m == MPI_MESSAGE_NULL && st.MPI_SOURCE == MPI_PROC_NULL &&
              count == 0 && x == 7,
          "Mrecv of MPI_MESSAGE_NO_PROC");
    int flag = 1;
    MPI_OK(MPI_Improbe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, &m, &st));
    CHECK(!flag, "Improbe of a tag nobody sent");
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_probe_then_wildcard(SMALL);
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    test_probe_then_wildcard(LARGE);
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    test_mprobe_imrecv_vector(SMALL);
    test_mprobe_imrecv_vector(LARGE);
    test_self();
    test_proc_null_and_nothing();
    return conf_finish("conf_mprobe");
}
