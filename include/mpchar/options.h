/* Table-driven command-line options, shared by mpchar's subcommands and
 * mpchar-bench: a program declares each option once, as an entry of its
 * own table whose entries hold an mpchar_option, and this parses argv
 * against the table and prints the table as help, so that an option's
 * name, value and help text cannot drift apart. */
#ifndef MPCHAR_OPTIONS_H
#define MPCHAR_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "mpchar/error.h"

typedef struct mpchar_option {
    const char *name; /* the long name, without "--" */
    const char *arg;  /* the value's name in the help; NULL: a flag */
    const char *help;
    const char *def; /* the default the help shows; NULL: none shown */
} mpchar_option;

/* A program's table: count entries of stride bytes, the first one's
 * mpchar_option at first (as qsort sees an array). */
typedef struct mpchar_option_table {
    const void *first;
    size_t count, stride;
} mpchar_option_table;

#define MPCHAR_OPTION_TABLE(entries, member)                       \
    ((mpchar_option_table){&(entries)[0].member,                   \
                           sizeof(entries) / sizeof((entries)[0]), \
                           sizeof((entries)[0])})

const mpchar_option *mpchar_option_at(mpchar_option_table t, size_t index);

/* The index of the option called name, or t.count when there is none. */
size_t mpchar_option_find(mpchar_option_table t, const char *name);

/* Receives one option of argv: its index in the table and its value
 * (NULL for a flag). */
typedef int (*mpchar_option_fn)(void *ctx, size_t index, const char *value,
                                mpchar_error *err);

#define MPCHAR_OPTIONS_HELP 1

/* Parses argv[1..] against the table, calling set for each option in
 * order.  Returns MPCHAR_OPTIONS_HELP at --help or -h (nothing after it
 * is read), 0 when every option was set, -1 on an unknown option, a
 * missing value, or set's own error.  argv is permuted so that the
 * operands come last; *operands_p receives the index of the first. */
int mpchar_options_parse(mpchar_option_table t, int argc, char **argv,
                         mpchar_option_fn set, void *ctx, int *operands_p,
                         mpchar_error *err);

/* ---- entries that say where their value goes --------------------------- */

/* Takes an option's value into field; option is the table's entry. */
typedef int (*mpchar_option_setter)(void *field, const char *value,
                                    const mpchar_option *option,
                                    mpchar_error *err);

/* The common kind of entry: the option, the function that takes its
 * value, and the offset of the field it goes to in the program's
 * options (the whole options: 0). */
typedef struct mpchar_option_entry {
    mpchar_option o;
    mpchar_option_setter set;
    size_t field;
} mpchar_option_entry;

/* Setters of the usual fields: a const char * keeps the value; a bool
 * becomes true; an int receives the index of the value among the names
 * of the option's arg ("text|markdown|csv"). */
int mpchar_option_text(void *field, const char *value,
                       const mpchar_option *option, mpchar_error *err);
int mpchar_option_flag(void *field, const char *value,
                       const mpchar_option *option, mpchar_error *err);
int mpchar_option_choice(void *field, const char *value,
                         const mpchar_option *option, mpchar_error *err);

/* mpchar_options_parse for a table of entries: first each default (the
 * help's), then each value given goes to its field of opts; a setter's
 * error gets "--name: " before it. */
int mpchar_options_parse_entries(const mpchar_option_entry *entries,
                                 size_t count, int argc, char **argv,
                                 void *opts, int *operands_p,
                                 mpchar_error *err);

/* Prints "  --name ARG   help (default DEF)" for each option, then
 * --help, the help aligned in one column and wrapped to 79 columns. */
void mpchar_options_usage(FILE *out, mpchar_option_table t);

#endif
