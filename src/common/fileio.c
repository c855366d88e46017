/* mpchar_read_file: a whole file into memory; mpchar_make_dirs: a folder
 * and its parents (mpchar/fileio.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpchar/fileio.h"
#include "mpchar/grow.h"

int mpchar_read_file(const char *path, size_t max_bytes, char **text_p,
                     size_t *len_p, mpchar_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return mpchar_error_set(err, "%s: cannot open: %s", path,
                                strerror(errno));
    char *buf = NULL;
    size_t cap = 0, len = 0;
    int rc = 0;
    for (;;) {
        char *grown = mpchar_grow(buf, &cap, len + 65536, 1);
        if (!grown) {
            rc = mpchar_error_set(err, "%s: out of memory reading", path);
            break;
        }
        buf = grown;
        len += fread(buf + len, 1, cap - len - 1, f);
        if (ferror(f)) {
            rc = mpchar_error_set(err, "%s: cannot read: %s", path,
                                  strerror(errno));
            break;
        }
        if (len > max_bytes) {
            rc = mpchar_error_set(err, "%s: larger than %zu bytes", path,
                                  max_bytes);
            break;
        }
        if (feof(f))
            break;
    }
    fclose(f);
    if (rc != 0) {
        free(buf);
        return -1;
    }
    buf[len] = '\0';
    *text_p = buf;
    *len_p = len;
    return 0;
}

static int make_dir(const char *path, mpchar_error *err)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return mpchar_error_set(err, "%s: cannot create: %s", path,
                                strerror(errno));
    return 0;
}

int mpchar_make_dirs(const char *path, mpchar_error *err)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return mpchar_error_set(err, "%.64s...: path too long", path);
    for (char *s = buf + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (make_dir(buf, err) != 0)
            return -1;
        *s = '/';
    }
    return make_dir(buf, err);
}

int mpchar_which(const char *argv0, char *out, size_t len)
{
    char path[PATH_MAX];
    if (len < PATH_MAX)
        return -1;
    if (strchr(argv0, '/'))
        return realpath(argv0, out) ? 0 : -1;
    const char *dirs = getenv("PATH");
    for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d;) {
        size_t n = strcspn(d, ":");
        snprintf(path, sizeof path, "%.*s/%s", (int)n, d, argv0);
        if (access(path, X_OK) == 0 && realpath(path, out))
            return 0;
        d += n + (d[n] == ':');
    }
    return -1;
}
