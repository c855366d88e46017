/* One launch of mpchar-bench under its MPI launcher, followed line by
 * line.  The benchmark announces each point ("@@mpchar begin/done/failed
 * KEY"); a point that makes no progress for the per-point timeout (a
 * deadlock in an MPI library) has its whole process group ended, and the
 * caller records it as failed and launches again to finish the rest.
 * The launch runs in its own process group, dies with mpchar
 * (PR_SET_PDEATHSIG), and is ended cleanly on SIGINT or SIGTERM. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run.h"

#define GRACE_S 3.0
#define STARTUP_TIMEOUT_S 300.0

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

void run_launch_trap_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static pid_t spawn(char *const *argv, int out_fd[2], int err_fd[2])
{
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    dup2(out_fd[1], STDOUT_FILENO);
    dup2(err_fd[1], STDERR_FILENO);
    close(out_fd[0]);
    close(err_fd[0]);
    close(out_fd[1]);
    close(err_fd[1]);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    execvp(argv[0], argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

typedef struct line_buf {
    char data[8192];
    size_t len;
} line_buf;

typedef struct monitor {
    const launch_observer *obs;
    launch_result *res;
    double last_progress;
} monitor;

static void on_bench_line(monitor *m, char *line)
{
    size_t index, total;
    int used = 0;
    if (strncmp(line, "@@mpchar ", 9) != 0) {
        if (m->obs->line) { /* a program that reports by its lines */
            m->last_progress = now_s();
            m->obs->line(m->obs->ctx, line);
        } else
            puts(line);
        return;
    }
    char *rest = line + 9;
    m->last_progress = now_s();
    if (sscanf(rest, "begin %zu %zu %n", &index, &total, &used) == 2 &&
        used > 0) {
        snprintf(m->res->open_key, sizeof m->res->open_key, "%s", rest + used);
        m->obs->begin(m->obs->ctx, m->res->open_key);
    } else if (strncmp(rest, "done ", 5) == 0) {
        char *space = strrchr(rest + 5, ' ');
        if (space)
            *space = '\0';
        m->res->open_key[0] = '\0';
        m->res->finished++;
        m->obs->done(m->obs->ctx, rest + 5);
    } else if (strncmp(rest, "failed ", 7) == 0) {
        m->res->open_key[0] = '\0';
        m->res->finished++;
        m->obs->failed(m->obs->ctx, rest + 7);
    } else if (sscanf(rest, "end %d", &m->res->end_code) == 1) {
        m->res->results_written = true;
    }
}

static void on_error_line(monitor *m, const char *line)
{
    fprintf(stderr, "%s\n", line);
    if (line[0])
        snprintf(m->res->last_error, sizeof m->res->last_error, "%s", line);
    if (line[0] && !m->res->first_error[0])
        snprintf(m->res->first_error, sizeof m->res->first_error, "%s", line);
}

/* Reads what is available on fd; returns 0 at end of file. */
static int drain(int fd, line_buf *buf, monitor *m, int is_stdout)
{
    ssize_t n = read(fd, buf->data + buf->len, sizeof buf->data - buf->len - 1);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return 1;
    if (n <= 0) {
        if (buf->len > 0) {
            buf->data[buf->len] = '\0';
            is_stdout ? on_bench_line(m, buf->data)
                      : on_error_line(m, buf->data);
            buf->len = 0;
        }
        return 0;
    }
    buf->len += (size_t)n;
    char *start = buf->data, *nl;
    while ((nl = memchr(start, '\n', buf->len - (size_t)(start - buf->data)))) {
        *nl = '\0';
        is_stdout ? on_bench_line(m, start) : on_error_line(m, start);
        start = nl + 1;
    }
    buf->len -= (size_t)(start - buf->data);
    memmove(buf->data, start, buf->len);
    if (buf->len == sizeof buf->data - 1) {
        /* A line longer than the buffer: pass it on in pieces. */
        buf->data[buf->len] = '\0';
        is_stdout ? on_bench_line(m, buf->data) : on_error_line(m, buf->data);
        buf->len = 0;
    }
    return 1;
}

/* SIGTERM to the launch's process group, SIGKILL after a grace period. */
static void end_group(pid_t pid, int *status)
{
    kill(-pid, SIGTERM);
    double deadline = now_s() + GRACE_S;
    while (now_s() < deadline) {
        if (waitpid(pid, status, WNOHANG) == pid) {
            kill(-pid, SIGKILL); /* stragglers of the group */
            return;
        }
        struct timespec nap = {0, 50000000};
        nanosleep(&nap, NULL);
    }
    kill(-pid, SIGKILL);
    waitpid(pid, status, 0);
}

static int too_quiet(const monitor *m, double point_timeout_s)
{
    double limit = m->res->open_key[0] ? point_timeout_s : STARTUP_TIMEOUT_S;
    if (m->res->finished > 0 && !m->res->open_key[0])
        limit = point_timeout_s + STARTUP_TIMEOUT_S / 10;
    if (m->res->results_written) /* only MPI_Finalize is left */
        limit = RUN_FINALIZE_TIMEOUT_S;
    return now_s() - m->last_progress > limit;
}

int run_launch(char *const *argv, double point_timeout_s,
               const launch_observer *obs, launch_result *res,
               mpchar_error *err)
{
    int out_fd[2], err_fd[2], status = 0;
    memset(res, 0, sizeof *res);
    if (pipe(out_fd) != 0 || pipe(err_fd) != 0)
        return mpchar_error_set(err, "cannot create pipes: %s",
                                strerror(errno));
    fcntl(out_fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(err_fd[0], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = spawn(argv, out_fd, err_fd);
    close(out_fd[1]);
    close(err_fd[1]);
    if (pid < 0) {
        close(out_fd[0]);
        close(err_fd[0]);
        return mpchar_error_set(err, "cannot start %s: %s", argv[0],
                                strerror(errno));
    }
    setpgid(pid, pid);
    monitor m = {obs, res, now_s()};
    line_buf out_buf = {.len = 0}, err_buf = {.len = 0};
    struct pollfd fds[2] = {{out_fd[0], POLLIN, 0}, {err_fd[0], POLLIN, 0}};
    int open_fds = 2;
    bool ended = false;
    while (open_fds > 0) {
        int n = poll(fds, 2, 200);
        for (int i = 0; i < 2 && n > 0; i++) {
            if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP)) &&
                !drain(fds[i].fd, i ? &err_buf : &out_buf, &m, i == 0)) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
            }
        }
        if (!ended && (interrupted || too_quiet(&m, point_timeout_s))) {
            res->interrupted = interrupted;
            res->watchdog_fired = !interrupted;
            end_group(pid, &status);
            ended = true;
            /* Grandchildren may still hold the pipes; stop reading. */
            for (int i = 0; i < 2; i++)
                if (fds[i].fd >= 0)
                    close(fds[i].fd);
            open_fds = 0;
        }
    }
    if (!ended)
        waitpid(pid, &status, 0);
    res->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    res->term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}
