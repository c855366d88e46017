/* Running a program under the profiler (profile_launch.h). */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libraries.h"
#include "mpchar/environ.h"
#include "mpchar/fileio.h"
#include "profile_launch.h"

int profile_pick_library(const char *mpi, const char *argv0, char *out,
                         size_t len, mpchar_error *err)
{
    char known[256] = "", launcher[PATH_MAX], built[PATH_MAX];
    if (mpchar_which(argv0, launcher, sizeof launcher) != 0)
        return mpchar_error_set(err, "launcher '%s' not found", argv0);
    for (const mpchar__built_library *b = mpchar__built_libraries; b->name;
         b++) {
        snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
                 known[0] ? ", " : "", b->name);
        bool match =
            mpi ? strcmp(mpi, b->name) == 0
                : mpchar_which(b->launcher, built, sizeof built) == 0 &&
                      strcmp(built, launcher) == 0;
        if (match) {
            snprintf(out, len, "%s", b->name);
            return 0;
        }
    }
    if (mpi)
        return mpchar_error_set(err,
                                "--mpi: '%s' is not an MPI library this "
                                "build knows (built for: %s)",
                                mpi, known);
    return mpchar_error_set(err,
                            "cannot tell which MPI library '%s' starts: "
                            "name it with --mpi (one of: %s)",
                            argv0, known);
}

int profile_library_path(const char *library, char *out, size_t len,
                         mpchar_error *err)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return mpchar_error_set(err, "cannot find the mpchar executable");
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = '\0';
    snprintf(out, len, "%s/../lib/libmpchar-prof-%s.so", self, library);
    if (access(out, R_OK) != 0)
        return mpchar_error_set(err, "%s: %s (the profiler of %s)", out,
                                strerror(errno), library);
    return 0;
}

int profile_env_set(const char *preload, const char *dir, mpchar_error *err)
{
    char *env = mpchar_preload_ahead(preload);
    if (!env)
        return mpchar_error_set(err, "out of memory");
    int rc = setenv("LD_PRELOAD", env, 1) | setenv("MPCHAR_PROF_DIR", dir, 1);
    free(env);
    return rc == 0 ? 0 : mpchar_error_set(err, "out of memory");
}

int profile_launch(char **argv, const char *preload, const char *dir,
                   mpchar_error *err)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return mpchar_error_set(err, "fork: %s", strerror(errno));
    if (pid == 0) {
        if (profile_env_set(preload, dir, err) != 0)
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "mpchar profile: %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return mpchar_error_set(err, "waitpid: %s", strerror(errno));
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
