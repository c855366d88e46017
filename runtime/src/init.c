/*
 * Start-up, shut-down and the environment calls.
 *
 * Under mpchar-exec a rank finds its rank, the job size and the inherited
 * descriptor of the job's shared-memory segment in MPCHAR_RT_RANK,
 * MPCHAR_RT_SIZE and MPCHAR_RT_FD; it maps the segment and closes the
 * descriptor (the launcher unlinked the name already).  Started without the
 * launcher, a program is a singleton job of size 1 on an anonymous mapping.
 * MPI_Abort records the rank and code in the segment header for the
 * launcher and exits with the code; the launcher then ends the job.
 */
#define _GNU_SOURCE
#include "coll.h"
#include "rma.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int mpchar__initialized, mpchar__finalized;
static void *seg_base;
static size_t seg_len;
static int thread_level;
static pid_t main_thread;

/* One write(2) per message: every rank of a job may fail at once (a bad
 * setting reaches them all), and separate writes would interleave their lines. */
void mpchar__fatal(const char *fmt, ...)
{
    char line[1024];
    int len =
        mpchar__initialized
            ? snprintf(line, sizeof line,
                       "mpchar-rt: rank %d: fatal: ", mpchar__rank_world())
            : snprintf(line, sizeof line, "mpchar-rt: fatal: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + len, sizeof line - (size_t)len - 1, fmt, ap);
    va_end(ap);
    len = (int)strlen(line);
    line[len++] = '\n';
    ssize_t written = write(STDERR_FILENO, line, (size_t)len);
    (void)written; /* a failed write to stderr leaves nowhere to report it */
    PMPI_Abort(MPI_COMM_WORLD, MPI_ERR_INTERN);
    _exit(MPI_ERR_INTERN); /* not reached: PMPI_Abort exits */
}

static int env_int(const char *name, int *out)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    char *end;
    long x = strtol(v, &end, 10);
    if (*end || x < 0 || x > 1 << 20)
        mpchar__fatal("%s=%s is not a valid number", name, v);
    *out = (int)x;
    return 1;
}

static void attach(int *rank_p, int *size_p)
{
    int fd, rank, size;
    if (!env_int("MPCHAR_RT_FD", &fd)) {
        seg_len = mpchar__seg_bytes(1, 1024);
        seg_base = mmap(NULL, seg_len, PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (seg_base == MAP_FAILED)
            mpchar__fatal("mmap of a singleton segment: %s", strerror(errno));
        mpchar__seg_format(seg_base, 1, 1024);
        *rank_p = 0;
        *size_p = 1;
        return;
    }
    if (!env_int("MPCHAR_RT_RANK", &rank) || !env_int("MPCHAR_RT_SIZE", &size))
        mpchar__fatal(
            "MPCHAR_RT_FD is set but MPCHAR_RT_RANK or MPCHAR_RT_SIZE is not");
    struct stat st;
    if (fstat(fd, &st) != 0)
        mpchar__fatal("segment descriptor %d: %s", fd, strerror(errno));
    seg_len = (size_t)st.st_size;
    seg_base = mmap(NULL, seg_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (seg_base == MAP_FAILED)
        mpchar__fatal("mmap of the job segment: %s", strerror(errno));
    close(fd);
    unsetenv("MPCHAR_RT_FD");
    struct rt_seg_header *h = seg_base;
    if (h->magic != RT_MAGIC || h->size != size || rank >= size)
        mpchar__fatal("the job segment does not match rank %d of %d", rank,
                      size);
    atomic_fetch_add(&h->attached, 1);
    *rank_p = rank;
    *size_p = size;
}

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    (void)argc;
    (void)argv;
    if (mpchar__initialized)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Init");
    mpchar__config_load();
    mpchar__heap_keep(mpchar__cfg.heap_keep, (int)mpchar__cfg.huge_pages);
    int rank, size;
    attach(&rank, &size);
    mpchar__initialized = 1;
    mpchar__comm_init_predefined(rank, size);
    mpchar__engine_init(seg_base, rank, size);
    mpchar__eager_tune(rank, size);
    main_thread = gettid();
    thread_level =
        required < MPI_THREAD_FUNNELED ? required : MPI_THREAD_FUNNELED;
    if (thread_level < MPI_THREAD_SINGLE)
        thread_level = MPI_THREAD_SINGLE;
    if (provided)
        *provided = thread_level;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Init_thread)

int PMPI_Init(int *argc, char ***argv)
{
    int provided;
    return PMPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &provided);
}
MPCHAR_RT_WEAK(Init)

/* The thread that called MPI_Init(_thread): with MPI_THREAD_FUNNELED the
 * only one that may call MPI. */
int PMPI_Is_thread_main(int *flag)
{
    *flag = gettid() == main_thread;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Is_thread_main)

int PMPI_Query_thread(int *provided)
{
    *provided = thread_level;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Query_thread)

int PMPI_Finalize(void)
{
    if (!mpchar__initialized || mpchar__finalized)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_OTHER, "MPI_Finalize");
    int rc = mpchar__comm_final_attrs();
    int rc_barrier = mpchar__barrier(MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS)
        rc = rc_barrier;
    mpchar__counters_write();
    mpchar__engine_final();
    mpchar__comm_final();
    mpchar__attr_final();
    mpchar__errors_final();
    mpchar__tbuf_cache_free();
    munmap(seg_base, seg_len);
    seg_base = NULL;
    mpchar__finalized = 1;
    return rc;
}
MPCHAR_RT_WEAK(Finalize)

int PMPI_Initialized(int *flag)
{
    *flag = mpchar__initialized;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Initialized)

int PMPI_Finalized(int *flag)
{
    *flag = mpchar__finalized;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Finalized)

int PMPI_Abort(MPI_Comm comm, int errorcode)
{
    (void)comm;
    if (seg_base && !mpchar__finalized) {
        struct rt_seg_header *h = seg_base;
        int expected = -1;
        atomic_store(&h->abort_code, errorcode);
        atomic_compare_exchange_strong(&h->abort_rank, &expected,
                                       mpchar__rank_world());
    }
    fflush(stdout);
    fflush(stderr);
    _exit(errorcode & 0xff ? errorcode & 0xff : 1);
}
MPCHAR_RT_WEAK(Abort)

double PMPI_Wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
MPCHAR_RT_WEAK(Wtime)

double PMPI_Wtick(void)
{
    struct timespec ts;
    clock_getres(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
MPCHAR_RT_WEAK(Wtick)

int PMPI_Get_processor_name(char *name, int *resultlen)
{
    if (gethostname(name, MPI_MAX_PROCESSOR_NAME) != 0)
        snprintf(name, MPI_MAX_PROCESSOR_NAME, "localhost");
    name[MPI_MAX_PROCESSOR_NAME - 1] = '\0';
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Get_processor_name)

int PMPI_Get_version(int *version, int *subversion)
{
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Get_version)

int PMPI_Get_library_version(char *version, int *resultlen)
{
    *resultlen =
        snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
                 "mpchar-rt (built-in shared-memory MPI of mpchar), MPI %d.%d",
                 MPI_VERSION, MPI_SUBVERSION);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Get_library_version)

int PMPI_Pcontrol(const int level, ...)
{
    (void)level;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Pcontrol)
