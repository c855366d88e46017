/* The subcommand table of `mpchar`: one {name, function, summary} entry
 * per subcommand, each implemented in its own cmd_<name>.c (as git
 * dispatches its builtins).  A subcommand returns the process exit status:
 * 0 on success, 1 on a failure it has reported, 2 on bad usage. */
#ifndef MPCHAR_CLI_COMMAND_H
#define MPCHAR_CLI_COMMAND_H

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

#endif
