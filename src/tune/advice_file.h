/* advice.json as libmpchar-tune reads it (docs/data-formats.md): the list
 * `mpchar advise --out` writes, parsed by hand because the library links
 * only MPI and libc.  The reader takes JSON's simplest form: one array of
 * flat objects whose values are strings (no escapes but \" and \\),
 * numbers, true or false.  libc only, so the unit tests run it without
 * MPI. */
#ifndef MPCHAR_TUNE_ADVICE_FILE_H
#define MPCHAR_TUNE_ADVICE_FILE_H

#include <stddef.h>

#include "mpchar/equivalences.h"

#define TUNE_RULES_MAX 256
#define TUNE_WHY_MAX 256

/* One advised region for this library: use `eq` for its primitive at
 * communicator size p when n_from < n <= n_to bytes. */
typedef struct tune_rule {
    const mpchar_equivalence *eq;
    long p;
    double n_from_bytes, n_to_bytes;
    double predicted_gain; /* where regions overlap, the larger wins */
} tune_rule;

typedef struct tune_rules {
    tune_rule rule[TUNE_RULES_MAX];
    size_t count;
    size_t other; /* entries for other libraries or algorithms: skipped */
} tune_rules;

/* Parses text (len bytes, from a file called name) into *out, keeping
 * the entries of `library` whose substitute is in the equivalence table.
 * Returns 0, or -1 with one line in why ("name: line L: field 'p': ..."). */
int tune_advice_parse(const char *text, size_t len, const char *name,
                      const char *library, tune_rules *out, char *why,
                      size_t why_len);

/* Reads and parses the file at path; the same errors, and a file that
 * cannot be read. */
int tune_advice_load(const char *path, const char *library, tune_rules *out,
                     char *why, size_t why_len);

#endif
