/* Runs this program as a child (self_run.h): `mpchar run` measuring the
 * points another subcommand needs, with the word lists of its options. */
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mpchar/grow.h"
#include "self_run.h"

bool word_list_has(const word_list *w, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = w->text; s && *s;) {
        const char *comma = strchr(s, ',');
        size_t k = comma ? (size_t)(comma - s) : strlen(s);
        if (k == n && memcmp(s, word, n) == 0)
            return true;
        if (!comma)
            break;
        s = comma + 1;
    }
    return false;
}

int word_list_add(word_list *w, const char *word)
{
    if (word_list_has(w, word))
        return 0;
    size_t n = strlen(word);
    char *t = mpchar_grow(w->text, &w->cap, w->len + n + 2, 1);
    if (!t)
        return -1;
    w->text = t;
    if (w->len)
        t[w->len++] = ',';
    memcpy(t + w->len, word, n + 1);
    w->len += n;
    return 0;
}

void word_list_free(word_list *w)
{
    free(w->text);
    memset(w, 0, sizeof *w);
}

int format_whole(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, len, fmt, ap);
    va_end(ap);
    return n >= 0 && (size_t)n < len ? 0 : -1;
}

/* Runs this program with args (NULL-ended, without the program's name),
 * its output into the file log; fails unless it exits with status 0. */
static int run_self(char *const *args, const char *log, const char *library,
                    mpchar_error *err)
{
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self);
    if (len <= 0 || (size_t)len >= sizeof self)
        return mpchar_error_set(err, "cannot find the mpchar program "
                                     "(/proc/self/exe)");
    self[len] = '\0';
    size_t argc = 0;
    while (args[argc])
        argc++;
    char **argv = calloc(argc + 2, sizeof *argv);
    if (!argv)
        return mpchar_error_set(err, "out of memory");
    argv[0] = self;
    memcpy(argv + 1, args, argc * sizeof *argv);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
        }
        execv(self, argv);
        _exit(127);
    }
    free(argv);
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return mpchar_error_set(err, "mpchar run of %s failed (see %s)",
                                library, log);
    return 0;
}

int self_run_measure(const self_run_points *r, char *const *extra,
                     mpchar_error *err)
{
    char max[64], log[PATH_MAX + 16];
    if (format_whole(max, sizeof max, "%.0f",
                     r->max_bytes >= 1.0 ? r->max_bytes : 1.0) != 0 ||
        format_whole(log, sizeof log, "%s/run.log", r->out_dir) != 0)
        return mpchar_error_set(err, "%s: path too long", r->out_dir);
    char *argv[24 + SELF_RUN_EXTRA_MAX] = {"run",
                                           "--mpi",
                                           (char *)r->library,
                                           "--patterns",
                                           (char *)r->patterns,
                                           "--p",
                                           (char *)r->ps,
                                           "--sizes",
                                           (char *)r->sizes,
                                           "--max-size",
                                           max,
                                           "--refine",
                                           "0",
                                           "--validation-count",
                                           "0",
                                           "--time-per-point",
                                           (char *)r->time_per_point_ms,
                                           "--out",
                                           (char *)r->out_dir};
    /* counted, not written down: the list above can change without this
     * going stale */
    size_t argc = 0;
    while (argv[argc])
        argc++;
    for (size_t i = 0; extra[i]; i++) {
        if (i == SELF_RUN_EXTRA_MAX)
            return mpchar_error_set(err,
                                    "mpchar run of %s: more than %d "
                                    "further options",
                                    r->library, SELF_RUN_EXTRA_MAX);
        argv[argc++] = extra[i];
    }
    return run_self(argv, log, r->library, err);
}
