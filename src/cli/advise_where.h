/* Where `mpchar advise --verify` measures (advise_where.c): the placement
 * of the advised run, read from its meta.json, as mpchar run options. */
#ifndef MPCHAR_CLI_ADVISE_WHERE_H
#define MPCHAR_CLI_ADVISE_WHERE_H

#include <stddef.h>

#include "mpchar/error.h"

/* --hosts; --platform, --smpi-coll-selector, --rounds, --min-reps and
 * --max-reps: each with its value */
#define ADVISE_WHERE_MAX_WORDS 12

typedef struct advise_where {
    char *argv[ADVISE_WHERE_MAX_WORDS];
    size_t count;
} advise_where;

/* Fills *w with the mpchar run options that place a run where DIR's run
 * ran (none for a run on this machine, or without DIR/meta.json).
 * Returns 0, or -1 with err naming meta.json's field at fault. */
int advise_where_read(const char *dir, advise_where *w, mpchar_error *err);

void advise_where_free(advise_where *w);

#endif
