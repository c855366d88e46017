/* Files and folders: whole-file reading for the readers of mpchar's
 * files (measurements, failures, model.json), which parse from memory,
 * creating the folders that results and reports are written to, and
 * finding a program on PATH as execvp would. */
#ifndef MPCHAR_FILEIO_H
#define MPCHAR_FILEIO_H

#include <stddef.h>

#include "mpchar/error.h"

/* Reads path into a malloc'ed buffer with a NUL after its *len_p bytes.
 * Fails, naming path, when it cannot be opened or read, when memory runs
 * out, or when it is larger than max_bytes. */
int mpchar_read_file(const char *path, size_t max_bytes, char **text_p,
                     size_t *len_p, mpchar_error *err);

/* Creates path and every missing folder above it, as mkdir -p does;
 * fails naming the folder that cannot be created. */
int mpchar_make_dirs(const char *path, mpchar_error *err);

/* The program argv0 as execvp would run it (a name searched on PATH, or
 * a path), with its links resolved, into out (PATH_MAX bytes or more);
 * -1 when it is not found. */
int mpchar_which(const char *argv0, char *out, size_t len);

#endif
