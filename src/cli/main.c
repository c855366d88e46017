/* Entry point of `mpchar`: finds the subcommand in the table of
 * commands.c and hands it the remaining arguments. */
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "mpchar/version.h"

static void print_usage(FILE *out)
{
    fprintf(out, "usage: mpchar <command> [options]\n\ncommands:\n");
    for (const mpchar_command *c = mpchar_commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
    fprintf(out, "\n'mpchar <command> --help' describes a command.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "help") == 0) {
        print_usage(stdout);
        return 0;
    }
    if (strcmp(name, "--version") == 0) {
        printf("mpchar %s (%s)\n", MPCHAR_VERSION, MPCHAR_GIT_REVISION);
        return 0;
    }
    for (const mpchar_command *c = mpchar_commands; c->name; c++) {
        if (strcmp(c->name, name) == 0)
            return c->run(argc - 1, argv + 1);
    }
    fprintf(stderr, "mpchar: '%s' is not a command; see 'mpchar --help'\n",
            name);
    return 2;
}
