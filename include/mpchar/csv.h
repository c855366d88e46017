/* A small RFC 4180 reader for one line at a time, and a field quoter for
 * writing.  Lines hold no embedded newlines in mpchar's files. */
#ifndef MPCHAR_CSV_H
#define MPCHAR_CSV_H

#include <stddef.h>

#include "mpchar/error.h"

#define MPCHAR_CSV_MAX_FIELDS 64

/* Splits line (modified in place; no trailing newline) into at most
 * MPCHAR_CSV_MAX_FIELDS fields; quoted fields are unquoted. */
int mpchar_csv_split(char *line, char **fields, size_t *count_p,
                     mpchar_error *err);

/* Appends field to buf (of size len, at offset *pos), quoting it when it
 * holds a comma, quote or newline-like character. */
int mpchar_csv_put(char *buf, size_t len, size_t *pos, const char *field,
                   mpchar_error *err);

#endif
