/* Running `mpchar run` from another subcommand (advise --verify, apps
 * --measure-model): the comma-separated lists of its options, built a
 * word at a time, and the run of the points they name, a child process
 * of this very program. */
#ifndef MPCHAR_CLI_SELF_RUN_H
#define MPCHAR_CLI_SELF_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/error.h"

/* A comma-separated list, each word once; it grows with mpchar_grow, so
 * that no word is ever cut off.  Zeroed: empty. */
typedef struct word_list {
    char *text;
    size_t len, cap;
} word_list;

bool word_list_has(const word_list *w, const char *word);
/* Appends word unless the list has it; -1 out of memory. */
int word_list_add(word_list *w, const char *word);
void word_list_free(word_list *w);

/* snprintf that fails (-1) instead of cutting the text short. */
int format_whole(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A `mpchar run` of one library at given points: the cross product of
 * patterns, process counts and sizes (comma lists; sizes up to
 * max_bytes), with no refinement and no validation sizes,
 * time_per_point_ms a point, into out_dir, its output in out_dir/run.log. */
typedef struct self_run_points {
    const char *library, *patterns, *ps, *sizes;
    double max_bytes;
    const char *time_per_point_ms, *out_dir;
} self_run_points;

/* The further options a caller may add to the run (extra: NULL-ended). */
#define SELF_RUN_EXTRA_MAX 32

/* Runs this program (/proc/self/exe) as that `mpchar run` with the
 * options extra added; fails, naming the library and run.log, unless it
 * exits with status 0. */
int self_run_measure(const self_run_points *r, char *const *extra,
                     mpchar_error *err);

#endif
