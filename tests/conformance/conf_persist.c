/*
 * Persistent point-to-point requests: an iterative 1-D halo exchange with
 * MPI_Send_init / MPI_Ssend_init / MPI_Recv_init started by MPI_Startall
 * and reused every step, checked against a serial computation of the whole
 * domain; MPI_Start one at a time with MPI_Rsend_init and MPI_Bsend_init;
 * the status of a completed persistent receive; MPI_Wait, MPI_Test and
 * MPI_Waitany on inactive requests (at once, empty status, MPI_UNDEFINED);
 * MPI_Request_free of an inactive and of an active request.
 */
#include "conf.h"

#define CELLS 64 /* per rank */
#define STEPS 40
#define MOD 100003u

static unsigned long next_cell(const unsigned long *u, int i)
{
    return (u[i - 1] + 2 * u[i] + u[i + 1] + 1) % MOD;
}

static unsigned long init_cell(int global)
{
    return (unsigned long)(global * 37 % 101);
}

/* The whole domain computed serially, with zero cells beyond both ends. */
static unsigned long *serial_reference(void)
{
    int n = CELLS * conf_size;
    unsigned long *u = conf_malloc((size_t)(n + 2) * sizeof *u);
    unsigned long *v = conf_malloc((size_t)(n + 2) * sizeof *v);
    for (int i = 0; i < n + 2; i++)
        u[i] = v[i] = 0;
    for (int i = 1; i <= n; i++)
        u[i] = init_cell(i - 1);
    for (int s = 0; s < STEPS; s++) {
        for (int i = 1; i <= n; i++)
            v[i] = next_cell(u, i);
        memcpy(u + 1, v + 1, (size_t)n * sizeof *u);
    }
    free(v);
    return u;
}

static void test_halo(void)
{
    int p = conf_size, r = conf_rank;
    int left = r > 0 ? r - 1 : MPI_PROC_NULL;
    int right = r < p - 1 ? r + 1 : MPI_PROC_NULL;
    unsigned long u[CELLS + 2] = {0}, v[CELLS + 2];
    for (int i = 1; i <= CELLS; i++)
        u[i] = init_cell(r * CELLS + i - 1);
    MPI_Request req[4];
    MPI_OK(MPI_Recv_init(&u[0], 1, MPI_UNSIGNED_LONG, left, 1, MPI_COMM_WORLD,
                         &req[0]));
    MPI_OK(MPI_Recv_init(&u[CELLS + 1], 1, MPI_UNSIGNED_LONG, right, 2,
                         MPI_COMM_WORLD, &req[1]));
    MPI_OK(MPI_Send_init(&u[1], 1, MPI_UNSIGNED_LONG, left, 2, MPI_COMM_WORLD,
                         &req[2]));
    MPI_OK(MPI_Ssend_init(&u[CELLS], 1, MPI_UNSIGNED_LONG, right, 1,
                          MPI_COMM_WORLD, &req[3]));
    for (int s = 0; s < STEPS; s++) {
        MPI_OK(MPI_Startall(4, req));
        MPI_OK(MPI_Waitall(4, req, MPI_STATUSES_IGNORE));
        for (int i = 0; i < 4; i++)
            CHECK(req[i] != MPI_REQUEST_NULL, "Waitall freed persistent %d", i);
        for (int i = 1; i <= CELLS; i++)
            v[i] = next_cell(u, i);
        memcpy(u + 1, v + 1, CELLS * sizeof *u);
    }
    for (int i = 0; i < 4; i++)
        MPI_OK(MPI_Request_free(&req[i]));
    unsigned long *ref = serial_reference();
    for (int i = 1; i <= CELLS; i++)
        CHECK(u[i] == ref[r * CELLS + i], "halo cell %d after %d steps", i,
              STEPS);
    free(ref);
}

/* Ready sends need the receive posted first: a barrier orders them. */
static void test_start_modes(void)
{
    int p = conf_size, r = conf_rank;
    int right = (r + 1) % p, left = (r - 1 + p) % p;
    int out[8], in[8];
    int bufsize = 4 * (8 * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
    char *attach = conf_malloc((size_t)bufsize);
    MPI_OK(MPI_Buffer_attach(attach, bufsize));
    MPI_Request rs, bs, rr;
    MPI_OK(MPI_Rsend_init(out, 8, MPI_INT, right, 3, MPI_COMM_WORLD, &rs));
    MPI_OK(MPI_Bsend_init(out, 8, MPI_INT, right, 4, MPI_COMM_WORLD, &bs));
    MPI_OK(MPI_Recv_init(in, 8, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG,
                         MPI_COMM_WORLD, &rr));
    for (int it = 0; it < 6; it++) {
        int bsend = it % 2;
        for (int i = 0; i < 8; i++)
            out[i] = r * 100 + it * 10 + i;
        MPI_OK(MPI_Start(&rr));
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
        MPI_OK(MPI_Start(bsend ? &bs : &rs));
        MPI_Status st;
        MPI_OK(MPI_Wait(&rr, &st));
        MPI_OK(MPI_Wait(bsend ? &bs : &rs, MPI_STATUS_IGNORE));
        int count = -1;
        MPI_OK(MPI_Get_count(&st, MPI_INT, &count));
        CHECK(st.MPI_SOURCE == left && st.MPI_TAG == 3 + bsend && count == 8,
              "persistent receive status: source %d tag %d count %d",
              st.MPI_SOURCE, st.MPI_TAG, count);
        for (int i = 0; i < 8; i++)
            CHECK(in[i] == left * 100 + it * 10 + i, "start %d element %d", it,
                  i);
    }
    MPI_OK(MPI_Request_free(&rs));
    MPI_OK(MPI_Request_free(&bs));
    MPI_OK(MPI_Request_free(&rr));
    void *got;
    int gotsize;
    MPI_OK(MPI_Buffer_detach(&got, &gotsize));
    free(attach);
}

static void check_empty(const MPI_Status *st, const char *what)
{
    int count = -1;
    MPI_OK(MPI_Get_count(st, MPI_INT, &count));
    CHECK(st->MPI_SOURCE == MPI_ANY_SOURCE && st->MPI_TAG == MPI_ANY_TAG &&
              count == 0,
          "%s: status source %d tag %d count %d, not empty", what,
          st->MPI_SOURCE, st->MPI_TAG, count);
}

static void test_inactive(void)
{
    int buf[4] = {0};
    MPI_Request req[2];
    MPI_OK(MPI_Recv_init(buf, 4, MPI_INT, 0, 9, MPI_COMM_WORLD, &req[0]));
    MPI_Status st;
    MPI_OK(MPI_Wait(&req[0], &st));
    check_empty(&st, "Wait on an inactive request");
    CHECK(req[0] != MPI_REQUEST_NULL, "Wait freed an inactive request");
    int flag = 0;
    MPI_OK(MPI_Test(&req[0], &flag, &st));
    CHECK(flag, "Test on an inactive request is not done");
    check_empty(&st, "Test on an inactive request");
    req[1] = MPI_REQUEST_NULL;
    int index = 0;
    MPI_OK(MPI_Waitany(2, req, &index, &st));
    CHECK(index == MPI_UNDEFINED, "Waitany over inactive requests gave %d",
          index);
    /* freed without ever being started */
    MPI_OK(MPI_Request_free(&req[0]));
    CHECK(req[0] == MPI_REQUEST_NULL, "Request_free left the handle");
    MPI_Request sreq;
    MPI_OK(MPI_Send_init(buf, 4, MPI_INT, 0, 9, MPI_COMM_WORLD, &sreq));
    MPI_OK(MPI_Request_free(&sreq));
}

/* Freed while active: the transfer still completes, and the receiver,
 * which waits for it, sees the data. */
static void test_free_active(void)
{
    int p = conf_size, r = conf_rank;
    static int out[1000], in[1000]; /* alive until the end */
    for (int i = 0; i < 1000; i++)
        out[i] = r * 7 + i;
    MPI_Request sreq, rreq;
    MPI_OK(MPI_Send_init(out, 1000, MPI_INT, (r + 1) % p, 11, MPI_COMM_WORLD,
                         &sreq));
    MPI_OK(MPI_Recv_init(in, 1000, MPI_INT, (r - 1 + p) % p, 11, MPI_COMM_WORLD,
                         &rreq));
    MPI_OK(MPI_Start(&rreq));
    MPI_OK(MPI_Start(&sreq));
    MPI_OK(MPI_Request_free(&sreq));
    CHECK(sreq == MPI_REQUEST_NULL, "Request_free left the active handle");
    MPI_OK(MPI_Wait(&rreq, MPI_STATUS_IGNORE));
    for (int i = 0; i < 1000; i++)
        CHECK(in[i] == ((r - 1 + p) % p) * 7 + i, "element %d", i);
    MPI_OK(MPI_Request_free(&rreq));
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_halo();
    test_start_modes();
    test_inactive();
    test_free_active();
    return conf_finish("conf_persist");
}
