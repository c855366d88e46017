/* Strict parsing of the values users type: byte sizes with suffixes,
 * integer lists and ranges, numbers, one of a few names.  Every parser
 * rejects trailing garbage, overflow and negative values, and names the
 * offending text in its error. */
#ifndef MPCHAR_PARSE_H
#define MPCHAR_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpchar/error.h"

/* "1048576", "64K", "64KiB", "1M", "1MiB", "2G": K/M/G are powers of 1024,
 * as message sizes conventionally are. */
int mpchar_parse_size(const char *text, uint64_t *bytes_p, mpchar_error *err);

/* A non-negative integer in [min, max]. */
int mpchar_parse_long(const char *text, long min, long max, long *value_p,
                      mpchar_error *err);

/* A finite number in [min, max]. */
int mpchar_parse_double(const char *text, double min, double max,
                        double *value_p, mpchar_error *err);

/* "2,4,8", "2-8", "2-4,8,16": integers in [min, max], sorted ascending and
 * without duplicates.  *values_p is malloc'ed. */
int mpchar_parse_int_list(const char *text, long min, long max, long **values_p,
                          size_t *count_p, mpchar_error *err);

/* "64K,1M,3": sizes as mpchar_parse_size takes them, sorted ascending and
 * without duplicates.  *sizes_p is malloc'ed. */
int mpchar_parse_size_list(const char *text, uint64_t **sizes_p,
                           size_t *count_p, mpchar_error *err);

/* One of the names in "text|markdown|csv", exactly; *index_p receives
 * its index.  The error lists the names. */
int mpchar_parse_choice(const char *text, const char *names, int *index_p,
                        mpchar_error *err);

/* The same over a NULL-terminated table of names, for choices whose names
 * are also printed (the table is then their one spelling). */
int mpchar_parse_choice_in(const char *text, const char *const *names,
                           int *index_p, mpchar_error *err);

/* "true"/"false" exactly, as measurements.csv writes them. */
int mpchar_parse_bool(const char *text, bool *value_p, mpchar_error *err);

#endif
