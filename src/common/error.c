/* One-line error messages: set once where the fault is found, optionally
 * prefixed with context on the way up, printed once by the CLI. */
#include "mpchar/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int mpchar_error_set(mpchar_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int mpchar_error_prefix(mpchar_error *err, const char *fmt, ...)
{
    if (err) {
        char prefix[512];
        char old[sizeof err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(prefix, sizeof prefix, fmt, ap);
        va_end(ap);
        memcpy(old, err->msg, sizeof old);
        /* Truncating a long message is acceptable: it stays one line. */
        size_t used = strlen(prefix);
        if (used > sizeof err->msg - 3)
            used = sizeof err->msg - 3;
        memcpy(err->msg, prefix, used);
        memcpy(err->msg + used, ": ", 2);
        used += 2;
        size_t rest = strnlen(old, sizeof old - 1);
        if (rest > sizeof err->msg - 1 - used)
            rest = sizeof err->msg - 1 - used;
        memcpy(err->msg + used, old, rest);
        err->msg[used + rest] = '\0';
    }
    return -1;
}
