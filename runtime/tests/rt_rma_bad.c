/*
 * Bad input to the one-sided calls of the built-in runtime: with
 * MPI_ERRORS_RETURN on MPI_COMM_WORLD (which a window's communicator
 * inherits) each call returns its error class and the job goes on; with
 * the argument "fatal" an out-of-range MPI_Put under the default handler
 * ends the job with a line naming the call (runtime.rma checks it).
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void expect(int rc, int want, const char *what)
{
    if (rc != want) {
        fprintf(stderr, "%s: returned %d, want %d\n", what, rc, want);
        failures++;
    }
}

static void user_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in;
    (void)inout;
    (void)len;
    (void)type;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int fatal = argc > 1 && strcmp(argv[1], "fatal") == 0;
    if (!fatal)
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int mem[4] = {0, 0, 0, 0}, x[8] = {0};
    MPI_Win win;
    expect(MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL,
                          MPI_COMM_WORLD, &win),
           MPI_SUCCESS, "Win_create");
    MPI_Win_fence(0, win);
    if (fatal) {
        MPI_Put(x, 8, MPI_INT, 0, 0, 8, MPI_INT, win);
        fprintf(stderr, "an out-of-range MPI_Put returned\n");
        return 1;
    }
    expect(MPI_Put(x, 1, MPI_INT, 0, 4, 1, MPI_INT, win), MPI_ERR_RMA_RANGE,
           "Put past the window");
    expect(MPI_Get(x, 1, MPI_INT, 0, -1, 1, MPI_INT, win), MPI_ERR_RMA_RANGE,
           "Get at a negative displacement");
    expect(MPI_Put(x, 1, MPI_INT, p, 0, 1, MPI_INT, win), MPI_ERR_RANK,
           "Put to a rank outside the window");
    expect(MPI_Put(x, 2, MPI_INT, 0, 0, 1, MPI_INT, win), MPI_ERR_TYPE,
           "Put with differing type signatures");
    expect(MPI_Put(x, -1, MPI_INT, 0, 0, -1, MPI_INT, win), MPI_ERR_COUNT,
           "Put with a negative count");
    expect(MPI_Put(x, 1, MPI_DATATYPE_NULL, 0, 0, 1, MPI_INT, win),
           MPI_ERR_TYPE, "Put of MPI_DATATYPE_NULL");
    expect(MPI_Put(NULL, 1, MPI_INT, 0, 0, 1, MPI_INT, win), MPI_ERR_BUFFER,
           "Put from NULL");
    expect(MPI_Fetch_and_op(x, NULL, MPI_INT, 0, 0, MPI_SUM, win),
           MPI_ERR_BUFFER, "Fetch_and_op into NULL");
    MPI_Op op;
    MPI_Op_create(user_op, 1, &op);
    expect(MPI_Accumulate(x, 1, MPI_INT, 0, 0, 1, MPI_INT, op, win), MPI_ERR_OP,
           "Accumulate with a user operation");
    MPI_Op_free(&op);
    expect(MPI_Accumulate(x, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, win),
           MPI_ERR_OP, "Accumulate with MPI_NO_OP");
    expect(MPI_Accumulate(x, 1, MPI_FLOAT, 0, 0, 1, MPI_INT, MPI_SUM, win),
           MPI_ERR_TYPE, "Accumulate of float into int");
    expect(MPI_Accumulate(x, 1, MPI_FLOAT, 0, 0, 1, MPI_FLOAT, MPI_BAND, win),
           MPI_ERR_OP, "Accumulate of MPI_BAND on float");
    expect(MPI_Allreduce(x, x + 4, 1, MPI_INT, MPI_REPLACE, MPI_COMM_WORLD),
           MPI_ERR_OP, "Allreduce with MPI_REPLACE");
    expect(MPI_Win_unlock(0, win), MPI_ERR_RMA_SYNC, "Unlock without a lock");
    expect(MPI_Win_lock(7, 0, 0, win), MPI_ERR_LOCKTYPE, "Lock of type 7");
    expect(MPI_Win_fence(3, win), MPI_ERR_ASSERT, "Fence with assert 3");
    expect(MPI_Win_complete(win), MPI_ERR_RMA_SYNC, "Complete without Start");
    expect(MPI_Win_wait(win), MPI_ERR_RMA_SYNC, "Wait without Post");
    expect(MPI_Win_post(MPI_GROUP_NULL, 0, win), MPI_ERR_GROUP,
           "Post of MPI_GROUP_NULL");
    expect(MPI_Win_flush(0, win), MPI_ERR_RMA_SYNC, "Flush outside a lock");
    expect(MPI_Put(x, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_WIN_NULL), MPI_ERR_WIN,
           "Put on MPI_WIN_NULL");
    expect(MPI_Win_fence(0, MPI_WIN_NULL), MPI_ERR_WIN,
           "Fence on MPI_WIN_NULL");
    expect(MPI_Win_post(MPI_GROUP_NULL, 0, MPI_WIN_NULL), MPI_ERR_WIN,
           "Post on MPI_WIN_NULL");
    expect(MPI_Win_lock_all(0, MPI_WIN_NULL), MPI_ERR_WIN,
           "Lock_all on MPI_WIN_NULL");
    int flag;
    expect(MPI_Win_get_attr(win, 99, x, &flag), MPI_ERR_KEYVAL,
           "Win_get_attr of key 99");
    MPI_Win_fence(0, win);
    expect(MPI_Win_free(&win), MPI_SUCCESS, "Win_free");
    expect(MPI_Win_free(&win), MPI_ERR_WIN, "Win_free of MPI_WIN_NULL");
    expect(MPI_Win_create(mem, -1, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win),
           MPI_ERR_SIZE, "Win_create of size -1");
    expect(MPI_Win_create(NULL, 4, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win),
           MPI_ERR_BASE, "Win_create of NULL with size 4");
    expect(MPI_Win_create(mem, 4, 0, MPI_INFO_NULL, MPI_COMM_WORLD, &win),
           MPI_ERR_DISP, "Win_create with disp_unit 0");
    char text[MPI_MAX_ERROR_STRING];
    int len;
    expect(MPI_Error_string(MPI_ERR_RMA_RANGE, text, &len), MPI_SUCCESS,
           "Error_string of MPI_ERR_RMA_RANGE");
    if (me == 0 && !failures)
        printf("rt_rma_bad: every error returned\n");
    MPI_Finalize();
    return failures != 0;
}
