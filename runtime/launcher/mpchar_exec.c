/*
 * mpchar-exec: starts an MPI job of the built-in runtime on this node.
 *
 *   mpchar-exec -n N [--bind] [--timeout S] [--tag-output] PROGRAM [ARGS...]
 *   mpchar-exec --settings
 *
 * It creates the job's shared-memory segment (mode 0600, a random name,
 * unlinked at once: the ranks inherit the descriptor, so nothing of the job
 * is ever left in /dev/shm), starts N ranks in a process group of their
 * own (each also dies with the launcher, PR_SET_PDEATHSIG), and watches
 * them through a signalfd.  If a rank is killed by a signal, exits with a
 * non-zero status (or at all, once it had started MPI) before MPI_Finalize,
 * or calls MPI_Abort, or the timeout expires, or the launcher gets
 * SIGINT/SIGTERM/SIGHUP, the whole group is killed at once with SIGKILL and
 * one line names the rank and the cause.  The exit status is the first
 * failing rank's (128+signal for a signal, the code for MPI_Abort), 124 for
 * a timeout, 0 if all ranks succeeded.  A misspelt or malformed
 * MPCHAR_RT_* setting ends it before any rank starts, with one line and
 * status 2, and so does a program that is missing or not executable, with
 * status 127.  With MPCHAR_RT_HUGE_PAGES the ranks' GLIBC_TUNABLES also ask
 * glibc for huge pages (docs/runtime.md, "Huge pages").
 */
#define _GNU_SOURCE
#include "rt.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct opts {
    int n, bind, tag;
    double timeout_s;
    char **argv;
};

struct rank {
    pid_t pid;
    int alive;
    int out[2]; /* tag-output pipes: stdout, stderr (read ends) */
    char *pend[2];
    size_t plen[2];
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpchar-exec -n N [--bind] [--timeout S] [--tag-output] "
            "PROGRAM [ARGS...]\n"
            "  -n, -np N       number of processes (ranks)\n"
            "  --bind          pin rank i to CPU i modulo the CPUs allowed\n"
            "  --timeout S     end the job after S seconds (exit status 124)\n"
            "  --tag-output    prefix every output line with [rank]\n"
            "  --settings      print the MPCHAR_RT_* settings and exit\n");
}

static int parse(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->n = 1;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-n") || !strcmp(a, "-np")) && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1 || v > 4096) {
                fprintf(
                    stderr,
                    "mpchar-exec: -n %s: expected a number of ranks 1..4096\n",
                    argv[i]);
                return -1;
            }
            o->n = (int)v;
        } else if (!strcmp(a, "--bind")) {
            o->bind = 1;
        } else if (!strcmp(a, "--tag-output")) {
            o->tag = 1;
        } else if (!strcmp(a, "--timeout") && i + 1 < argc) {
            char *end;
            o->timeout_s = strtod(argv[++i], &end);
            if (*end || o->timeout_s <= 0) {
                fprintf(stderr,
                        "mpchar-exec: --timeout %s: expected seconds > 0\n",
                        argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--settings")) {
            mpchar__settings_print(stdout);
            exit(0);
        } else if (!strcmp(a, "--")) {
            i++;
            break;
        } else {
            fprintf(stderr, "mpchar-exec: unknown option %s\n", a);
            usage(stderr);
            return -1;
        }
    }
    if (i >= argc) {
        usage(stderr);
        return -1;
    }
    o->argv = argv + i;
    return 0;
}

/* Every rank would end at start-up, each with its own line, on a setting
 * that is misspelt or malformed: one line, before launching. */
static int load_settings(struct rt_config *cfg)
{
    mpchar_error err;
    if (mpchar__settings_load(cfg, &err) != 0) {
        fprintf(stderr, "mpchar-exec: %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* Whether path names a file this process may execute: 0, or an errno. */
static int executable(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return errno;
    if (S_ISDIR(st.st_mode))
        return EISDIR;
    return access(path, X_OK) == 0 ? 0 : errno;
}

/* As execvp looks a name without '/' up in PATH: 0 when some directory
 * holds it executable, else EACCES when one holds it but not executable,
 * else ENOENT. */
static int search_path(const char *prog)
{
    const char *path = getenv("PATH");
    int err = ENOENT;
    for (const char *dir = path ? path : "/bin:/usr/bin";; dir++) {
        size_t len = strcspn(dir, ":");
        char file[4096];
        int n = snprintf(file, sizeof file, "%.*s%s%s", (int)len, dir,
                         len ? "/" : "", prog);
        int e = n < (int)sizeof file ? executable(file) : ENAMETOOLONG;
        if (e == 0)
            return 0;
        if (e == EACCES)
            err = EACCES;
        dir += len;
        if (*dir == '\0')
            return err;
    }
}

/* Every rank would fail to exec a program that is missing or not
 * executable, each with its own line: one line, before launching. */
static int check_program(const char *prog)
{
    int err = strchr(prog, '/') ? executable(prog) : search_path(prog);
    if (err != 0)
        fprintf(stderr, "mpchar-exec: cannot run %s: %s\n", prog,
                strerror(err));
    return err;
}

/* With MPCHAR_RT_HUGE_PAGES, asks the ranks' glibc to mark for huge pages
 * the blocks it maps apart (those above the heap the library marks), unless
 * the user's GLIBC_TUNABLES chose already. */
static int huge_page_tunable(size_t on)
{
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (!on || (tunables && strstr(tunables, "glibc.malloc.hugetlb")))
        return 0;
    const char *ours = "glibc.malloc.hugetlb=1";
    size_t len = (tunables ? strlen(tunables) : 0) + strlen(ours) + 2;
    char *all = malloc(len);
    int rc = -1;
    if (all) {
        snprintf(all, len, "%s%s%s", tunables && *tunables ? tunables : "",
                 tunables && *tunables ? ":" : "", ours);
        rc = setenv("GLIBC_TUNABLES", all, 1);
        free(all);
    }
    if (rc != 0)
        fprintf(stderr, "mpchar-exec: setting GLIBC_TUNABLES: %s\n",
                strerror(errno ? errno : ENOMEM));
    return rc;
}

/* Creates the segment; returns its descriptor (name already unlinked). */
static int make_segment(int n, size_t ring_kib, void **base_p, size_t *len_p)
{
    if (ring_kib == 0)
        ring_kib = mpchar__seg_ring_kib_auto(n);
    int lines = mpchar__seg_ring_lines(ring_kib);
    size_t len = mpchar__seg_bytes(n, lines);
    unsigned char rnd[12];
    if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) {
        perror("mpchar-exec: getrandom");
        return -1;
    }
    char name[64];
    int off = snprintf(name, sizeof name, "/mpchar-");
    for (size_t i = 0; i < sizeof rnd; i++)
        off += snprintf(name + off, sizeof name - (size_t)off, "%02x", rnd[i]);
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0) {
        fprintf(stderr, "mpchar-exec: shm_open %s: %s\n", name,
                strerror(errno));
        return -1;
    }
    shm_unlink(name);
    if (fchmod(fd, 0600) != 0 || ftruncate(fd, (off_t)len) != 0) {
        fprintf(stderr, "mpchar-exec: sizing the segment (%zu bytes): %s\n",
                len, strerror(errno));
        close(fd);
        return -1;
    }
    void *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
        fprintf(stderr, "mpchar-exec: mmap: %s\n", strerror(errno));
        close(fd);
        return -1;
    }
    mpchar__seg_format(base, n, lines);
    *base_p = base;
    *len_p = len;
    return fd;
}

static void bind_cpu(int rank)
{
    cpu_set_t allowed, one;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return;
    int ncpu = CPU_COUNT(&allowed), want = rank % (ncpu ? ncpu : 1), seen = 0;
    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, &allowed))
            continue;
        if (seen++ == want) {
            CPU_ZERO(&one);
            CPU_SET(c, &one);
            sched_setaffinity(0, sizeof one, &one);
            return;
        }
    }
}

static void child(const struct opts *o, int rank, int fd, pid_t pgid,
                  pid_t parent, const sigset_t *oldmask, int outw[2])
{
    setpgid(0, pgid);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
    sigprocmask(SIG_SETMASK, oldmask, NULL);
    char v[32];
    snprintf(v, sizeof v, "%d", rank);
    setenv("MPCHAR_RT_RANK", v, 1);
    snprintf(v, sizeof v, "%d", o->n);
    setenv("MPCHAR_RT_SIZE", v, 1);
    snprintf(v, sizeof v, "%d", fd);
    setenv("MPCHAR_RT_FD", v, 1);
    fcntl(fd, F_SETFD, 0);
    if (o->bind)
        bind_cpu(rank);
    if (o->tag) {
        dup2(outw[0], STDOUT_FILENO);
        dup2(outw[1], STDERR_FILENO);
    }
    if (rank != 0) {
        int dn = open("/dev/null", O_RDONLY);
        if (dn >= 0)
            dup2(dn, STDIN_FILENO);
    }
    execvp(o->argv[0], o->argv);
    fprintf(stderr, "mpchar-exec: cannot run %s: %s\n", o->argv[0],
            strerror(errno));
    _exit(127);
}

static void emit(struct rank *rk, int rank, int s, const char *data, size_t n,
                 int final)
{
    FILE *f = s == 0 ? stdout : stderr;
    char *buf = realloc(rk->pend[s], rk->plen[s] + n + 1);
    if (!buf)
        return;
    memcpy(buf + rk->plen[s], data, n);
    rk->pend[s] = buf;
    rk->plen[s] += n;
    size_t start = 0;
    for (size_t i = 0; i < rk->plen[s]; i++) {
        if (buf[i] == '\n') {
            fprintf(f, "[%d] %.*s\n", rank, (int)(i - start), buf + start);
            start = i + 1;
        }
    }
    if (final && start < rk->plen[s]) {
        fprintf(f, "[%d] %.*s\n", rank, (int)(rk->plen[s] - start),
                buf + start);
        start = rk->plen[s];
    }
    memmove(buf, buf + start, rk->plen[s] - start);
    rk->plen[s] -= start;
    fflush(f);
}

struct job {
    struct opts o;
    struct rank *ranks;
    pid_t pgid;
    void *seg;
    int live;
    int status;   /* exit status to return */
    int failed;   /* a failure was recorded */
    int teardown; /* kill sent */
};

static void kill_all(struct job *j)
{
    if (j->teardown)
        return;
    j->teardown = 1;
    if (j->pgid > 0)
        kill(-j->pgid, SIGKILL);
    for (int i = 0; i < j->o.n; i++)
        if (j->ranks[i].alive)
            kill(j->ranks[i].pid, SIGKILL);
}

static void fail(struct job *j, int status, int stop, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void fail(struct job *j, int status, int stop, const char *fmt, ...)
{
    if (j->teardown)
        return;
    /* one fprintf, so that ranks still writing to the same stderr cannot split the line */
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fprintf(stderr, "mpchar-exec: %s%s\n", what,
            stop ? "; ending the job" : "");
    if (!j->failed) {
        j->failed = 1;
        j->status = status;
    }
    if (stop)
        kill_all(j);
}

static void on_exit_status(struct job *j, int rank, int ws)
{
    struct rt_seg_header *h = j->seg;
    int state = atomic_load(&mpchar__seg_proc(j->seg, rank)->state);
    if (atomic_load(&h->abort_rank) >= 0) {
        int ar = atomic_load(&h->abort_rank),
            code = atomic_load(&h->abort_code);
        fail(j, code & 0xff ? code & 0xff : 1, 1,
             "rank %d called MPI_Abort with error code %d", ar, code);
    } else if (WIFSIGNALED(ws)) {
        int sig = WTERMSIG(ws);
        fail(j, 128 + sig, 1, "rank %d (pid %d) was killed by signal %d (%s)",
             rank, (int)j->ranks[rank].pid, sig, strsignal(sig));
    } else if (WIFEXITED(ws) && WEXITSTATUS(ws) != 0) {
        int st = WEXITSTATUS(ws);
        if (state == RT_STATE_FINAL)
            fail(j, st, 0, "rank %d exited with status %d after MPI_Finalize",
                 rank, st);
        else
            fail(j, st, 1,
                 "rank %d (pid %d) exited with status %d before MPI_Finalize",
                 rank, (int)j->ranks[rank].pid, st);
    } else if (state == RT_STATE_INIT) {
        fail(j, 1, 1, "rank %d (pid %d) exited without calling MPI_Finalize",
             rank, (int)j->ranks[rank].pid);
    }
}

static void reap(struct job *j)
{
    int ws;
    pid_t pid;
    while ((pid = waitpid(-1, &ws, WNOHANG)) > 0) {
        for (int i = 0; i < j->o.n; i++) {
            if (j->ranks[i].pid == pid && j->ranks[i].alive) {
                j->ranks[i].alive = 0;
                j->live--;
                if (!j->teardown)
                    on_exit_status(j, i, ws);
            }
        }
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Forwards tagged output; returns the number of pipes still open. */
static int pump(struct job *j, struct pollfd *pf, int sfd_slot)
{
    (void)sfd_slot;
    int open_pipes = 0;
    char buf[65536];
    for (int i = 0; i < j->o.n; i++) {
        for (int s = 0; s < 2; s++) {
            struct pollfd *p = &pf[1 + 2 * i + s];
            if (p->fd < 0)
                continue;
            if (p->revents & (POLLIN | POLLHUP | POLLERR)) {
                ssize_t n = read(p->fd, buf, sizeof buf);
                if (n > 0) {
                    emit(&j->ranks[i], i, s, buf, (size_t)n, 0);
                } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                    emit(&j->ranks[i], i, s, "", 0, 1);
                    close(p->fd);
                    p->fd = -1;
                    j->ranks[i].out[s] = -1;
                    continue;
                }
            }
            open_pipes++;
        }
    }
    return open_pipes;
}

static int handle_signals(struct job *j, int sfd)
{
    struct signalfd_siginfo si;
    while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si) {
        if (si.ssi_signo == SIGCHLD) {
            reap(j);
        } else {
            fail(j, 128 + (int)si.ssi_signo, 1, "received signal %d (%s)",
                 (int)si.ssi_signo, strsignal((int)si.ssi_signo));
        }
    }
    return 0;
}

static int start(struct job *j, int fd, const sigset_t *oldmask)
{
    pid_t parent = getpid();
    for (int i = 0; i < j->o.n; i++) {
        int pw[2][2] = {{-1, -1}, {-1, -1}};
        if (j->o.tag &&
            (pipe2(pw[0], O_CLOEXEC) != 0 || pipe2(pw[1], O_CLOEXEC) != 0)) {
            perror("mpchar-exec: pipe");
            return -1;
        }
        pid_t pid = fork();
        if (pid < 0) {
            perror("mpchar-exec: fork");
            return -1;
        }
        if (pid == 0) {
            int outw[2] = {pw[0][1], pw[1][1]};
            child(&j->o, i, fd, j->pgid, parent, oldmask, outw);
        }
        if (j->pgid == 0)
            j->pgid = pid;
        setpgid(pid, j->pgid);
        j->ranks[i].pid = pid;
        j->ranks[i].alive = 1;
        j->live++;
        j->ranks[i].out[0] = pw[0][0];
        j->ranks[i].out[1] = pw[1][0];
        if (j->o.tag) {
            close(pw[0][1]);
            close(pw[1][1]);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct job j;
    memset(&j, 0, sizeof j);
    struct rt_config cfg;
    if (parse(argc, argv, &j.o) != 0 || load_settings(&cfg) != 0 ||
        huge_page_tunable(cfg.huge_pages) != 0)
        return 2;
    if (check_program(j.o.argv[0]) != 0)
        return 127; /* as a shell answers a command it cannot run */
    size_t seg_len;
    int fd = make_segment(j.o.n, cfg.ring_kib, &j.seg, &seg_len);
    if (fd < 0)
        return 2;
    j.ranks = calloc((size_t)j.o.n, sizeof *j.ranks);
    struct pollfd *pf = calloc(1 + 2 * (size_t)j.o.n, sizeof *pf);
    if (!j.ranks || !pf) {
        free(j.ranks);
        free(pf);
        fputs("mpchar-exec: out of memory\n", stderr);
        return 2;
    }
    sigset_t mask, oldmask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    sigprocmask(SIG_BLOCK, &mask, &oldmask);
    int sfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
    if (sfd < 0) {
        perror("mpchar-exec: signalfd");
        return 2;
    }
    if (start(&j, fd, &oldmask) != 0) {
        kill_all(&j);
        j.status = 2;
    }
    close(fd);
    double deadline = j.o.timeout_s > 0 ? now_s() + j.o.timeout_s : 0;
    pf[0].fd = sfd;
    pf[0].events = POLLIN;
    for (int i = 0; i < j.o.n; i++)
        for (int s = 0; s < 2; s++) {
            pf[1 + 2 * i + s].fd = j.o.tag ? j.ranks[i].out[s] : -1;
            pf[1 + 2 * i + s].events = POLLIN;
        }
    int open_pipes = j.o.tag ? 2 * j.o.n : 0;
    while (j.live > 0 || open_pipes > 0) {
        int wait_ms = 200;
        if (deadline > 0 && !j.teardown) {
            double left = deadline - now_s();
            if (left <= 0) {
                fail(&j, 124, 1, "the job exceeded its timeout of %g s",
                     j.o.timeout_s);
                continue;
            }
            if (left * 1000 < wait_ms)
                wait_ms = (int)(left * 1000) + 1;
        }
        int nfds = 1 + 2 * j.o.n;
        if (poll(pf, (nfds_t)nfds, wait_ms) < 0 && errno != EINTR)
            break;
        if (pf[0].revents & POLLIN)
            handle_signals(&j, sfd);
        reap(&j);
        if (j.o.tag)
            open_pipes = pump(&j, pf, 0);
    }
    munmap(j.seg, seg_len);
    close(sfd);
    for (int i = 0; i < j.o.n; i++) {
        free(j.ranks[i].pend[0]);
        free(j.ranks[i].pend[1]);
    }
    free(j.ranks);
    free(pf);
    return j.status;
}
