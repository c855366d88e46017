/* The profiler's program of many call families (tests/prof/profile_calls.sh),
 * run by 2 ranks that do the same (each with the other): whose counts and
 * bytes the test knows, per call, from the sections named by argv[1]:
 *   a  Waitany: 4 Irecv + 4 Isend of 1000 bytes, 8 MPI_Waitany
 *   s  Testsome, Testany, Testall loops: 3, 2, 1 Irecv + Isend of 2000,
 *      3000, 5000 bytes, tested until done
 *   p  persistent: Send_init + Recv_init of 1500 bytes, 3 rounds of
 *      Startall + Waitall, 2 of Start, Start, Wait, Wait; Request_free
 *   i  3 Iallreduce of 1024 doubles, each overlapped with 2 ms of
 *      computation, then Wait; 1 Ibarrier + Wait
 *   v  v-collectives (counts depend on the rank: see profile_calls.sh),
 *      Reduce_scatter(_block), Scan, Exscan
 *   r  one-sided: in a fence epoch, Put 16 ints, Get 8, Accumulate 4
 *   x  Sendrecv_replace of 256 bytes; rank 0 Ssends 100 bytes that rank 1
 *      Probes, then Recvs; rank 0 Isends 8 bytes and frees the request
 *      (its completion unseen: the only unfinished message), then Isends
 *      2000 and Waits (on MPICH, with the freed request's handle), which
 *      rank 1 Recvs
 *   m  management calls, which the table does not list (plain wrappers
 *      generated from mpi.h): Comm_split, Comm_dup, Cart_create (1-D,
 *      periodic: 2 neighbours) and 3 Comm_free; Win_create + Win_free;
 *      on the Cartesian communicator a Neighbor_alltoall of 4 ints; on a
 *      distributed graph of one neighbour (Dist_graph_create_adjacent,
 *      Comm_free) a Neighbor_alltoallv of 5 ints; and where the library
 *      has it (not the built-in runtime) MPI-IO: File_open of
 *      argv[2]/prof_calls.dat, File_write_at of 64 bytes each, File_close
 *   o  MPI-IO data accesses (not on the built-in runtime, which has no
 *      MPI-IO), each of its own count and type, on argv[2]/prof_io.dat:
 *      with a view of the rank's own 4 KiB, the explicit-offset,
 *      individual-pointer, nonblocking and split collective writes, read
 *      back by their reads (the data checked); with a common view, the
 *      shared-pointer and ordered ones from offset 8192 (see io_rw)
 *   z  messages to oneself: a Sendrecv of 64 bytes with itself, an Isend
 *      + Irecv of 32 bytes to itself and their Waitall, and a Sendrecv of
 *      16 bytes with the other rank (not to itself)
 *   l  MPI-4 large-count forms (MPICH): Isend_c of 75 ints, Recv_c of
 *      75, Wait; Sendrecv_c of 5 doubles; Allreduce_c of 10 doubles;
 *      Gatherv_c to 0 of 3 + r ints (MPI_Count counts); File_write_at_c
 *      of 12 ints and File_read_at_c of them on argv[2]/prof_c.dat
 * It checks the data it receives, so that the wrappers are known to pass
 * the arguments through. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int rank, other;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "prof_calls: rank %d: wrong %s\n", rank, what);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

/* Computation that makes no MPI call. */
static void compute_us(double us)
{
    double end = now_us() + us;
    while (now_us() < end)
        ;
}

/* n Irecv from and n Isend to the other rank of bytes each: reqs[0, 2n). */
static void post_pairs(int n, int bytes, char *in, char *out, MPI_Request *reqs)
{
    for (int i = 0; i < n; i++) {
        memset(out + i * bytes, 'a' + rank + i, (size_t)bytes);
        MPI_Irecv(in + i * bytes, bytes, MPI_BYTE, other, i, MPI_COMM_WORLD,
                  &reqs[i]);
        MPI_Isend(out + i * bytes, bytes, MPI_BYTE, other, i, MPI_COMM_WORLD,
                  &reqs[n + i]);
    }
}

static void check_pairs(int n, int bytes, const char *in)
{
    for (int i = 0; i < n; i++)
        check(in[i * bytes] == 'a' + other + i &&
                  in[(i + 1) * bytes - 1] == 'a' + other + i,
              "point-to-point data");
}

static void waitany(char *in, char *out)
{
    MPI_Request reqs[8];
    post_pairs(4, 1000, in, out, reqs);
    for (int i = 0; i < 8; i++) {
        int index;
        MPI_Waitany(8, reqs, &index, MPI_STATUS_IGNORE);
        check(index >= 0 && index < 8, "Waitany index");
    }
    check_pairs(4, 1000, in);
}

static void tests(char *in, char *out)
{
    MPI_Request reqs[6];
    MPI_Status st[6]; /* (gcc takes MPICH's MPI_STATUSES_IGNORE for an
                         array of size 0) */
    int done = 0, indices[6], outcount, index, flag = 0;
    post_pairs(3, 2000, in, out, reqs);
    while (done < 6) {
        MPI_Testsome(6, reqs, &outcount, indices, st);
        done += outcount == MPI_UNDEFINED ? 0 : outcount;
    }
    check_pairs(3, 2000, in);
    post_pairs(2, 3000, in, out, reqs);
    for (done = 0; done < 4;) {
        MPI_Testany(4, reqs, &index, &flag, MPI_STATUS_IGNORE);
        done += flag && index != MPI_UNDEFINED;
    }
    check_pairs(2, 3000, in);
    post_pairs(1, 5000, in, out, reqs);
    for (flag = 0; !flag;)
        MPI_Testall(2, reqs, &flag, st);
    check_pairs(1, 5000, in);
}

static void persistent(char *in, char *out)
{
    MPI_Request reqs[2];
    MPI_Status st[2];
    MPI_Recv_init(in, 1500, MPI_BYTE, other, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(out, 1500, MPI_BYTE, other, 5, MPI_COMM_WORLD, &reqs[1]);
    for (int round = 0; round < 5; round++) {
        memset(out, 'A' + rank + round, 1500);
        if (round < 3) {
            MPI_Startall(2, reqs);
            MPI_Waitall(2, reqs, st);
        } else {
            MPI_Start(&reqs[0]);
            MPI_Start(&reqs[1]);
            MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
            MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
        }
        check(in[0] == 'A' + other + round && in[1499] == 'A' + other + round,
              "persistent data");
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
}

static void nonblocking_collectives(void)
{
    static double x[1024], sum[1024];
    for (int it = 0; it < 3; it++) {
        MPI_Request req;
        for (int i = 0; i < 1024; i++)
            x[i] = rank + it + i;
        MPI_Iallreduce(x, sum, 1024, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
        compute_us(2000.0);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        check(sum[5] == 1 + 2 * (it + 5), "Iallreduce sum");
    }
    MPI_Request req;
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

static void v_collectives(void)
{
    int send[256], recv[256], counts[2], displs[2];
    for (int i = 0; i < 256; i++)
        send[i] = rank * 1000 + i;
    /* Gatherv to 0: rank r sends 100 + 10 r ints */
    counts[0] = 100, counts[1] = 110, displs[0] = 0, displs[1] = 100;
    MPI_Gatherv(send, 100 + 10 * rank, MPI_INT, recv, counts, displs, MPI_INT,
                0, MPI_COMM_WORLD);
    check(rank != 0 || recv[100] == 1000, "Gatherv data");
    /* Scatterv from 0: rank r gets 50 + 10 r ints */
    counts[0] = 50, counts[1] = 60, displs[1] = 50;
    MPI_Scatterv(send, counts, displs, MPI_INT, recv, 50 + 10 * rank, MPI_INT,
                 0, MPI_COMM_WORLD);
    check(recv[0] == (rank ? 50 : 0), "Scatterv data");
    /* Allgatherv: rank r contributes 20 + r ints */
    counts[0] = 20, counts[1] = 21, displs[1] = 20;
    MPI_Allgatherv(send, 20 + rank, MPI_INT, recv, counts, displs, MPI_INT,
                   MPI_COMM_WORLD);
    check(recv[20] == 1000, "Allgatherv data");
    /* Alltoallv: rank r sends 10 (r + 1) + j ints to rank j */
    int scounts[2] = {10 * (rank + 1), 10 * (rank + 1) + 1};
    int rcounts[2] = {10 + rank, 20 + rank}, sdispls[2] = {0, 100};
    int rdispls[2] = {0, 100};
    MPI_Alltoallv(send, scounts, sdispls, MPI_INT, recv, rcounts, rdispls,
                  MPI_INT, MPI_COMM_WORLD);
    check(recv[100] == 1000 + 100 * rank, "Alltoallv data");
    double d[16], r[16];
    for (int i = 0; i < 16; i++)
        d[i] = rank + 1;
    int rs_counts[2] = {3, 5};
    MPI_Reduce_scatter(d, r, rs_counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(r[0] == 3.0, "Reduce_scatter sum");
    MPI_Reduce_scatter_block(d, r, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(r[0] == 3.0, "Reduce_scatter_block sum");
    MPI_Scan(d, r, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(r[0] == (rank ? 3.0 : 1.0), "Scan sum");
    MPI_Exscan(d, r, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(rank == 0 || r[0] == 1.0, "Exscan sum");
}

static void one_sided(void)
{
    int *base, mine[32];
    MPI_Win win;
    MPI_Alloc_mem(64 * sizeof(int), MPI_INFO_NULL, &base);
    for (int i = 0; i < 64; i++)
        base[i] = rank * 100 + i;
    for (int i = 0; i < 32; i++)
        mine[i] = -1 - rank;
    MPI_Win_create(base, 64 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(mine, 16, MPI_INT, other, 0, 16, MPI_INT, win);
    MPI_Get(mine + 16, 8, MPI_INT, other, 32, 8, MPI_INT, win);
    MPI_Accumulate(mine, 4, MPI_INT, other, 48, 4, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    check(base[0] == -1 - other && mine[16] == other * 100 + 32 &&
              base[48] == rank * 100 + 48 - 1 - other,
          "one-sided data");
    MPI_Win_free(&win);
    MPI_Free_mem(base);
}

static void to_self(void)
{
    char a[64], b[64];
    memset(a, 'z' + rank, sizeof a);
    MPI_Sendrecv(a, 64, MPI_BYTE, rank, 5, b, 64, MPI_BYTE, rank, 5,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(b[63] == 'z' + rank, "Sendrecv to self data");
    MPI_Request req[2];
    MPI_Status st[2];
    MPI_Irecv(b, 32, MPI_BYTE, rank, 6, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(a, 32, MPI_BYTE, rank, 6, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, st);
    MPI_Sendrecv(a, 16, MPI_BYTE, other, 7, b, 16, MPI_BYTE, other, 7,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(b[0] == 'z' + other, "Sendrecv data");
}

static void others(char *in)
{
    memset(in, 'r' + rank, 256);
    MPI_Sendrecv_replace(in, 256, MPI_BYTE, other, 3, other, 3, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
    check(in[0] == 'r' + other, "Sendrecv_replace data");
    if (rank == 0) {
        MPI_Ssend(in, 100, MPI_BYTE, 1, 4, MPI_COMM_WORLD);
    } else {
        MPI_Status st;
        int n = 0;
        MPI_Probe(0, 4, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &n);
        check(n == 100, "Probe count");
        MPI_Recv(in, n, MPI_BYTE, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    static char freed[8] = "freed";
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(freed, 8, MPI_BYTE, 1, 6, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        memset(in, 'w', 2000);
        MPI_Isend(in, 2000, MPI_BYTE, 1, 7, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(in, 8, MPI_BYTE, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(strcmp(in, "freed") == 0, "freed Isend data");
        MPI_Recv(in, 2000, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(in[0] == 'w' && in[1999] == 'w', "Isend data");
    }
}

static void neighbours(MPI_Comm cart)
{
    int send[8] = {rank, rank, rank, rank, rank, rank, rank, rank}, recv[8];
    MPI_Neighbor_alltoall(send, 4, MPI_INT, recv, 4, MPI_INT, cart);
    check(recv[0] == other && recv[7] == other, "Neighbor_alltoall data");
    /* one neighbour, fewer than the communicator's size: the bytes sum
     * the out-degree's counts */
    MPI_Comm graph;
    const int nb[1] = {other}, weight[1] = {1}; /* (MPI_UNWEIGHTED: gcc's
                                                   -Wstringop-overread) */
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, nb, weight, 1, nb, weight,
                                   MPI_INFO_NULL, 0, &graph);
    const int counts[1] = {5}, displs[1] = {0};
    MPI_Neighbor_alltoallv(send, counts, displs, MPI_INT, recv, counts, displs,
                           MPI_INT, graph);
    check(recv[4] == other, "Neighbor_alltoallv data");
    MPI_Comm_free(&graph);
}

#ifndef MPCHAR_RT /* the built-in runtime has no MPI-IO */
static void file_io(const char *dir)
{
    char path[4096], data[64];
    snprintf(path, sizeof path, "%s/prof_calls.dat", dir);
    memset(data, 'f' + rank, sizeof data);
    MPI_File fh;
    check(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY,
                        MPI_INFO_NULL, &fh) == MPI_SUCCESS,
          "File_open");
    MPI_File_write_at(fh, rank * (MPI_Offset)sizeof data, data, sizeof data,
                      MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
}

/* The MPI-IO data accesses of one direction (RW: write or read, IRW:
 * iwrite or iread; BUF the buffer's type), as io_write and io_read, at
 * offsets (bytes) of the view: at 0 64 bytes, at 64 16 ints, at 128 10
 * doubles (i-), at 208 4 ints (i-, all); from 224 by the individual
 * pointer 8 ints, 3 doubles (i-), 5 ints (all), 2 doubles (i-, all), 6
 * ints (split); at 340 3 ints (split), to 352; then with the common
 * view from
 * 8192 by the shared pointer 7 bytes, 5 (i-), 9 (ordered), 11 (split
 * ordered). */
#define IO_RW(RW, IRW, BUF)                                                    \
    static void io_##RW(MPI_File fh, BUF *buf)                                 \
    {                                                                          \
        MPI_Request req;                                                       \
        MPI_Status st;                                                         \
        MPI_File_set_view(fh, rank *(MPI_Offset)4096, MPI_BYTE, MPI_BYTE,      \
                          "native", MPI_INFO_NULL);                            \
        MPI_File_##RW##_at(fh, 0, buf, 64, MPI_BYTE, &st);                     \
        MPI_File_##RW##_at_all(fh, 64, buf + 64, 16, MPI_INT, &st);            \
        MPI_File_##IRW##_at(fh, 128, buf + 128, 10, MPI_DOUBLE, &req);         \
        MPI_Wait(&req, &st);                                                   \
        MPI_File_##IRW##_at_all(fh, 208, buf + 208, 4, MPI_INT, &req);         \
        MPI_Wait(&req, &st);                                                   \
        MPI_File_seek(fh, 224, MPI_SEEK_SET);                                  \
        MPI_File_##RW(fh, buf + 224, 8, MPI_INT, &st);                         \
        MPI_File_##IRW(fh, buf + 256, 3, MPI_DOUBLE, &req);                    \
        MPI_Wait(&req, &st);                                                   \
        MPI_File_##RW##_all(fh, buf + 280, 5, MPI_INT, &st);                   \
        MPI_File_##IRW##_all(fh, buf + 300, 2, MPI_DOUBLE, &req);              \
        MPI_Wait(&req, &st);                                                   \
        MPI_File_##RW##_all_begin(fh, buf + 316, 6, MPI_INT);                  \
        MPI_File_##RW##_all_end(fh, buf + 316, &st);                           \
        MPI_File_##RW##_at_all_begin(fh, 340, buf + 340, 3, MPI_INT);          \
        MPI_File_##RW##_at_all_end(fh, buf + 340, &st);                        \
        MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL); \
        MPI_File_seek_shared(fh, 8192, MPI_SEEK_SET);                          \
        MPI_File_##RW##_shared(fh, buf + 512, 7, MPI_BYTE, &st);               \
        MPI_File_##IRW##_shared(fh, buf + 519, 5, MPI_BYTE, &req);             \
        MPI_Wait(&req, &st);                                                   \
        MPI_File_##RW##_ordered(fh, buf + 524, 9, MPI_BYTE, &st);              \
        MPI_File_##RW##_ordered_begin(fh, buf + 533, 11, MPI_BYTE);            \
        MPI_File_##RW##_ordered_end(fh, buf + 533, &st);                       \
    }
IO_RW(write, iwrite, const char)
IO_RW(read, iread, char)

static void file_data(const char *dir)
{
    static char out[1024], in[1024];
    char path[4096];
    snprintf(path, sizeof path, "%s/prof_io.dat", dir);
    for (int i = 0; i < 1024; i++)
        out[i] = (char)(rank * 101 + i);
    MPI_File fh;
    check(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                        MPI_INFO_NULL, &fh) == MPI_SUCCESS,
          "File_open");
    io_write(fh, out);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    io_read(fh, in);
    MPI_File_close(&fh);
    check(memcmp(in, out, 352) == 0, "MPI-IO data read back");
}
#endif

#if MPI_VERSION >= 4
static void large_counts(const char *dir)
{
    int send[75], recv[75], g[16];
    for (int i = 0; i < 75; i++)
        send[i] = rank * 1000 + i;
    MPI_Request req;
    MPI_Isend_c(send, 75, MPI_INT, other, 9, MPI_COMM_WORLD, &req);
    MPI_Recv_c(recv, 75, MPI_INT, other, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check(recv[74] == other * 1000 + 74, "Recv_c data");
    double d[10], r[10];
    for (int i = 0; i < 10; i++)
        d[i] = rank + 1;
    MPI_Sendrecv_c(d, 5, MPI_DOUBLE, other, 10, r, 5, MPI_DOUBLE, other, 10,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(r[4] == other + 1, "Sendrecv_c data");
    MPI_Allreduce_c(d, r, 10, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(r[9] == 3.0, "Allreduce_c sum");
    MPI_Count counts[2] = {3, 4};
    MPI_Aint displs[2] = {0, 3};
    MPI_Gatherv_c(send, 3 + rank, MPI_INT, g, counts, displs, MPI_INT, 0,
                  MPI_COMM_WORLD);
    check(rank != 0 || g[3] == 1000, "Gatherv_c data");
    char path[4096];
    snprintf(path, sizeof path, "%s/prof_c.dat", dir);
    MPI_File fh;
    check(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                        MPI_INFO_NULL, &fh) == MPI_SUCCESS,
          "File_open");
    MPI_File_write_at_c(fh, rank * 48, send, 12, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_read_at_c(fh, rank * 48, recv, 12, MPI_INT, MPI_STATUS_IGNORE);
    check(recv[11] == rank * 1000 + 11, "File_read_at_c data");
    MPI_File_close(&fh);
}
#endif

static void management(const char *dir)
{
    MPI_Comm split, dup, cart;
    MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &split);
    int r = -1, dims[1] = {2}, periods[1] = {1};
    MPI_Comm_rank(split, &r);
    check(r == other, "Comm_split order");
    MPI_Comm_dup(split, &dup);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
    neighbours(cart);
#ifndef MPCHAR_RT
    file_io(dir);
#else
    (void)dir;
#endif
    MPI_Comm_free(&cart);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&split);
    static int base[16];
    MPI_Win win;
    MPI_Win_create(base, sizeof base, sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Win_free(&win);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 2 || size != 2) {
        fprintf(stderr,
                "usage: prof_calls SECTIONS [DIR] (2 ranks; see the top "
                "of prof_calls.c)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    other = 1 - rank;
    static char in[16384], out[16384];
    const char *s = argv[1];
    if (strchr(s, 'a'))
        waitany(in, out);
    if (strchr(s, 's'))
        tests(in, out);
    if (strchr(s, 'p'))
        persistent(in, out);
    if (strchr(s, 'i'))
        nonblocking_collectives();
    if (strchr(s, 'v'))
        v_collectives();
    if (strchr(s, 'r'))
        one_sided();
    if (strchr(s, 'x'))
        others(in);
    if (strchr(s, 'z'))
        to_self();
    const char *dir = argc > 2 ? argv[2] : ".";
    if (strchr(s, 'm'))
        management(dir);
#ifndef MPCHAR_RT
    if (strchr(s, 'o'))
        file_data(dir);
#else
    check(!strchr(s, 'o'), "section o: the built-in runtime has no MPI-IO");
#endif
#if MPI_VERSION >= 4
    if (strchr(s, 'l'))
        large_counts(dir);
#else
    check(!strchr(s, 'l'), "section l: the library has no large-count forms");
#endif
    MPI_Finalize();
    return 0;
}
