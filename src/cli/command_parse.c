/* The option parsing every subcommand but run shares: its option table
 * (mpchar/options.h), help printed from the table between the
 * subcommand's own text, and one error line on stderr. */
#include "command.h"

static int check_operands(const command_options *c, int count, char **operands,
                          mpchar_error *err)
{
    if (count > c->max_operands && c->max_operands == 0)
        return mpchar_error_set(err, "unexpected argument '%s'", operands[0]);
    if (count > c->max_operands)
        return mpchar_error_set(err, "%s, not more ('%s')", c->operands,
                                operands[c->max_operands]);
    if (count < c->min_operands)
        return mpchar_error_set(err, "needs %s (see --help)", c->operands);
    return 0;
}

int command_parse(const command_options *c, int argc, char **argv, void *args,
                  int *first_p, int *exit_p)
{
    mpchar_error err;
    int rc = mpchar_options_parse_entries(c->entries, c->count, argc, argv,
                                          args, first_p, &err);
    if (rc == 0)
        rc = check_operands(c, argc - *first_p, argv + *first_p, &err);
    if (rc == MPCHAR_OPTIONS_HELP) {
        fputs(c->synopsis, stdout);
        mpchar_options_usage(stdout,
                             (mpchar_option_table){&c->entries[0].o, c->count,
                                                   sizeof c->entries[0]});
        fputs(c->epilog ? c->epilog : "", stdout);
        *exit_p = 0;
    } else if (rc != 0) {
        fprintf(stderr, "mpchar %s: %s\n", argv[0], err.msg);
        *exit_p = 2;
    }
    return rc;
}
