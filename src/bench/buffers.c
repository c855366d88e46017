/* Buffers of a point and the byte patterns --check fills them with.
 * Buffers are touched at allocation so that first-touch page faults never
 * land in a timed repetition: written by this process and then by the
 * kernel, because on some virtual machines the kernel's first access to a
 * page faults apart from the process's, and single-copy transfers
 * (process_vm_readv/writev) reach the buffers from the kernel
 * (docs/timing.md, "One point").  They are not page-aligned, because
 * aligned send and receive buffers slow large messages down and
 * applications get malloc's placement (docs/timing.md, "What the harness
 * costs"). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "buffers.h"
#include "mpchar/datatypes.h"

/* The kernel writes zeros over p (reads from /dev/zero); where there is
 * no /dev/zero the process's own touch has to do. */
static void kernel_touch(unsigned char *p, size_t bytes)
{
    int fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    for (size_t done = 0; done < bytes;) {
        ssize_t n = read(fd, p + done, bytes - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    close(fd);
}

unsigned char *bench_alloc_touched(size_t bytes)
{
    unsigned char *p = malloc(bytes ? bytes : 1);
    if (p) {
        memset(p, 0, bytes ? bytes : 1);
        kernel_touch(p, bytes);
    }
    return p;
}

int bench_buffers_alloc(bench_ctx *c, size_t send_bytes, size_t recv_bytes)
{
    c->sbuf = bench_alloc_touched(send_bytes);
    c->rbuf = bench_alloc_touched(recv_bytes);
    c->sbuf_bytes = send_bytes;
    c->rbuf_bytes = recv_bytes;
    if (!c->sbuf || !c->rbuf) {
        bench_buffers_free(c);
        return -1;
    }
    return 0;
}

/* The MPI datatypes of mpchar_datatypes, in its order (a function: some
 * MPI libraries' handles are not constants). */
#define NTYPES 3
static void mpi_types(MPI_Datatype types[NTYPES])
{
    types[0] = MPI_BYTE;
    types[1] = MPI_INT;
    types[2] = MPI_DOUBLE;
}

MPI_Datatype bench_mpi_datatype(const char *name)
{
    MPI_Datatype types[NTYPES];
    mpi_types(types);
    for (size_t i = 0; i < NTYPES && mpchar_datatypes[i].name; i++)
        if (strcmp(mpchar_datatypes[i].name, name) == 0)
            return types[i];
    return MPI_BYTE;
}

int bench_datatypes_check(mpchar_error *err)
{
    MPI_Datatype types[NTYPES];
    mpi_types(types);
    size_t i = 0;
    for (; mpchar_datatypes[i].name; i++) {
        int bytes = 0;
        if (i < NTYPES)
            MPI_Type_size(types[i], &bytes);
        if (i >= NTYPES || (size_t)bytes != mpchar_datatypes[i].bytes)
            return mpchar_error_set(err,
                                    "datatype '%s': the MPI library's is "
                                    "%d bytes, mpchar_datatypes says %zu",
                                    mpchar_datatypes[i].name, bytes,
                                    mpchar_datatypes[i].bytes);
    }
    if (i != NTYPES)
        return mpchar_error_set(err,
                                "mpchar_datatypes has %zu entries, "
                                "mpchar-bench maps %d",
                                i, NTYPES);
    return 0;
}

int bench_requests_alloc(bench_ctx *c, size_t n)
{
    c->reqs = malloc((n ? n : 1) * sizeof *c->reqs);
    c->nreqs = n;
    return c->reqs ? 0 : -1;
}

void bench_buffers_free(bench_ctx *c)
{
    free(c->sbuf);
    free(c->rbuf);
    free(c->reqs);
    c->sbuf = c->rbuf = NULL;
    c->reqs = NULL;
    c->sbuf_bytes = c->rbuf_bytes = 0;
    c->nreqs = 0;
}

void bench_check_fill(unsigned char *buf, size_t len, long source, long rep)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = bench_check_byte(i, source, rep);
}

void bench_check_poison(unsigned char *buf, size_t len, long source, long rep)
{
    /* Every byte differs from what the check expects, so a receive that
     * writes nothing cannot pass. */
    for (size_t i = 0; i < len; i++)
        buf[i] = (unsigned char)~bench_check_byte(i, source, rep);
}

int bench_check_bytes(const unsigned char *buf, size_t len, long source,
                      long rep, const char *what, char *why, size_t why_len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char want = bench_check_byte(i, source, rep);
        if (buf[i] != want) {
            snprintf(why, why_len,
                     "check failed: %s byte %zu is 0x%02x, "
                     "expected 0x%02x",
                     what, i, buf[i], want);
            return -1;
        }
    }
    return 0;
}

int bench_check_doubles(const double *got, const double *want, size_t n,
                        const char *what, char *why, size_t why_len)
{
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            snprintf(why, why_len,
                     "check failed: %s element %zu is %g, "
                     "expected %g",
                     what, i, got[i], want[i]);
            return -1;
        }
    }
    return 0;
}
