/* Running `mpchar run` from another subcommand (advise --verify, apps
 * --measure-model): the comma-separated lists of its options, built a
 * word at a time, and the child process of this very program. */
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

/* Runs this program (/proc/self/exe) with the arguments args (NULL
 * ended, without the program's name), its output into the file log;
 * fails, naming what and log, unless it exits with status 0. */
int self_run(char *const *args, const char *log, const char *what,
             mpchar_error *err);

#endif
