/*
 * Helper of the runtime's own tests, run under mpchar-exec.
 *   rt_inspect segment   checks that the job's shared-memory segment is
 *                        mapped with mode 0600 and has no name in /dev/shm
 *   rt_inspect recvfirst receive-first exchange (receives posted, then a
 *                        barrier, then sends): the write protocol's case
 *   rt_inspect heap      prints the page faults of 10 rounds of CoMD's
 *                        buffer use (four 2.6 MB blocks allocated, written
 *                        in part and freed) after a first round
 *   rt_inspect huge      prints the kB of huge pages under a 4 MiB block
 *                        from the heap and a 64 MiB block malloc maps
 *                        apart, both written whole
 *   rt_inspect hello     prints one line per rank
 */
#include <mpi.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

static int check_segment(int rank)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    int found = 0, bad = 0;
    while (f && fgets(line, sizeof line, f)) {
        char *path = strstr(line, "/dev/shm/mpchar-");
        if (!path)
            continue;
        found = 1;
        unsigned long lo, hi;
        sscanf(line, "%lx-%lx", &lo, &hi);
        char mf[128];
        snprintf(mf, sizeof mf, "/proc/self/map_files/%lx-%lx", lo, hi);
        struct stat st;
        if (stat(mf, &st) != 0 || (st.st_mode & 0777) != 0600) {
            fprintf(stderr, "rank %d: segment mode %o\n", rank,
                    (unsigned)(st.st_mode & 0777));
            bad = 1;
        }
        if (!strstr(line, "(deleted)")) {
            fprintf(stderr, "rank %d: segment still has a name: %s", rank,
                    path);
            bad = 1;
        }
    }
    if (f)
        fclose(f);
    DIR *d = opendir("/dev/shm");
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strncmp(e->d_name, "mpchar-", 7) == 0) {
            fprintf(stderr, "rank %d: /dev/shm/%s exists during the job\n",
                    rank, e->d_name);
            bad = 1;
        }
    if (d)
        closedir(d);
    if (!found && rank == 0) {
        int size;
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        if (size > 1 || getenv("MPCHAR_RT_SIZE")) {
            fprintf(stderr, "rank %d: no segment mapping found\n", rank);
            bad = 1;
        }
    }
    return bad;
}

static void recvfirst(int rank, int size)
{
    enum { N = 64, LEN = 131072 }; /* above MPCHAR_RT_WRITE_MIN, 64 KiB + 1 */
    char *rb = malloc((size_t)N * LEN), *sb = malloc(LEN);
    memset(sb, rank, LEN);
    MPI_Request rq[N];
    int peer = rank ^ 1;
    if (peer >= size)
        peer = rank;
    for (int it = 0; it < 5; it++) {
        for (int i = 0; i < N; i++)
            MPI_Irecv(rb + (size_t)i * LEN, LEN, MPI_BYTE, peer, i,
                      MPI_COMM_WORLD, &rq[i]);
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = 0; i < N; i++)
            MPI_Send(sb, LEN, MPI_BYTE, peer, i, MPI_COMM_WORLD);
        MPI_Waitall(N, rq, MPI_STATUSES_IGNORE);
    }
    for (size_t i = 0; i < (size_t)N * LEN; i++)
        if (rb[i] != (char)peer) {
            fprintf(stderr, "rank %d: byte %zu wrong\n", rank, i);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    free(rb);
    free(sb);
}

static void heap_round(void)
{
    enum { BLOCKS = 4, CAP = 2600000, USED = 131072 };
    char *b[BLOCKS];
    for (int i = 0; i < BLOCKS; i++) {
        b[i] = malloc(CAP);
        memset(b[i], i, USED);
    }
    for (int i = BLOCKS - 1; i >= 0; i--)
        free(b[i]);
}

/* gcc says __SANITIZE_ADDRESS__, clang __has_feature(address_sanitizer) */
#if defined(__SANITIZE_ADDRESS__)
#define RT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_ASAN 1
#endif
#endif

/* Says so (rank 0) and returns 1 when malloc is AddressSanitizer's: the
 * heap and huge-page checks are about glibc's. */
static int malloc_is_asan(int rank)
{
#ifdef RT_ASAN
    if (rank == 0)
        printf("malloc is AddressSanitizer's\n");
    return 1;
#else
    (void)rank;
    return 0;
#endif
}

static void heap_faults(int rank)
{
    if (malloc_is_asan(rank))
        return;
    heap_round();
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    for (int r = 0; r < 10; r++)
        heap_round();
    getrusage(RUSAGE_SELF, &after);
    if (rank == 0)
        printf("faults %ld\n", after.ru_minflt - before.ru_minflt);
}

/* The kB of AnonHugePages in the mappings that overlap [p, p + n). */
static long huge_kb(const char *p, size_t n)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    char line[512], perms[8];
    unsigned long lo = 0, hi = 0, from = (unsigned long)p, to = from + n;
    long kb = 0, v;
    while (f && fgets(line, sizeof line, f)) {
        unsigned long a, b;
        if (sscanf(line, "%lx-%lx %7s", &a, &b, perms) == 3) {
            lo = a;
            hi = b;
            continue;
        }
        if (sscanf(line, "AnonHugePages: %ld kB", &v) == 1 && lo < to &&
            hi > from)
            kb += v;
    }
    if (f)
        fclose(f);
    return kb;
}

static void huge_blocks(int rank)
{
    if (malloc_is_asan(rank))
        return;
    size_t heap_n = 4u << 20, mapped_n = 64u << 20;
    char *heap = malloc(heap_n), *mapped = malloc(mapped_n);
    if (!heap || !mapped)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(heap, 1, heap_n);
    memset(mapped, 1, mapped_n);
    if (rank == 0)
        printf("heap %ld kB\nmapped %ld kB\n", huge_kb(heap, heap_n),
               huge_kb(mapped, mapped_n));
    free(mapped);
    free(heap);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, rc = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *mode = argc > 1 ? argv[1] : "hello";
    if (strcmp(mode, "segment") == 0)
        rc = check_segment(rank);
    else if (strcmp(mode, "recvfirst") == 0)
        recvfirst(rank, size);
    else if (strcmp(mode, "heap") == 0)
        heap_faults(rank);
    else if (strcmp(mode, "huge") == 0)
        huge_blocks(rank);
    else
        printf("hello from rank %d of %d\n", rank, size);
    MPI_Finalize();
    return rc;
}
