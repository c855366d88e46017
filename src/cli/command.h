/* The subcommand table of `mpchar`: one {name, function, summary} entry
 * per subcommand, each implemented in its own cmd_<name>.c (as git
 * dispatches its builtins).  A subcommand returns the process exit status:
 * 0 on success, 1 on a failure it has reported, 2 on bad usage. */
#ifndef MPCHAR_CLI_COMMAND_H
#define MPCHAR_CLI_COMMAND_H

#include <stddef.h>
#include <stdio.h>

#include "mpchar/options.h"

typedef struct mpchar_command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
    const char *summary;
} mpchar_command;

extern const mpchar_command mpchar_commands[];

int cmd_run(int argc, char **argv);
int cmd_fit(int argc, char **argv);
int cmd_predict(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_advise(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_apps(int argc, char **argv);

/* A subcommand's options: the table, the text of its help above and
 * below the options, and its operands (the arguments that are not
 * options). */
typedef struct command_options {
    const mpchar_option_entry *entries;
    size_t count;
    const char *synopsis, *epilog; /* epilog: NULL for none */
    const char *operands;          /* what they are, for errors */
    int min_operands, max_operands;
} command_options;

/* Parses argv (argv[0]: the subcommand's name) into args.  Returns 0 to
 * go on, *first_p the index of the first operand; otherwise it has
 * printed the help or one error line, and *exit_p holds the exit status
 * (0, or 2: bad usage). */
int command_parse(const command_options *c, int argc, char **argv, void *args,
                  int *first_p, int *exit_p);

#endif
