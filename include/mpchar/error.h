/* Error reporting shared by every mpchar component.
 *
 * A function that can fail returns 0 on success and -1 on failure, and on
 * failure fills an mpchar_error with one line naming what is at fault
 * (file, line and field where there are such).  Library code never prints
 * and never exits: only the subcommand layer does. */
#ifndef MPCHAR_ERROR_H
#define MPCHAR_ERROR_H

#include <stddef.h>

typedef struct mpchar_error {
    char msg[1024];
} mpchar_error;

/* Formats the message into err (when err is not NULL) and returns -1, so
 * that callers can write `return mpchar_error_set(err, ...)`. */
int mpchar_error_set(mpchar_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prepends "prefix: " to an already set message, for adding context such
 * as a file name where the error is detected deeper down. */
int mpchar_error_prefix(mpchar_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
