/* The list of subcommands, in the order `mpchar help` shows them. */
#include "command.h"

#include <stddef.h>

const mpchar_command mpchar_commands[] = {
    {"run", cmd_run, "measure point-to-point and collective primitives "
                     "with each MPI library"},
    {NULL, NULL, NULL},
};
