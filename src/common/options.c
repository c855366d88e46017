/* Parsing argv against an option table and printing the table as help
 * (mpchar/options.h).  getopt_long does the parsing; this builds its
 * table from the program's and words the errors once for every program. */
#include "mpchar/options.h"
#include "mpchar/parse.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define HELP_WIDTH 79
/* "  --name ARG" wider than this goes on a line of its own. */
#define MAX_LEFT_WIDTH 26
/* getopt_long's value of the first table option, above every short
 * option character. */
#define FIRST_VALUE 256

const mpchar_option *mpchar_option_at(mpchar_option_table t, size_t index)
{
    return (const mpchar_option *)((const char *)t.first + index * t.stride);
}

size_t mpchar_option_find(mpchar_option_table t, const char *name)
{
    size_t i = 0;
    while (i < t.count && strcmp(mpchar_option_at(t, i)->name, name) != 0)
        i++;
    return i;
}

/* The error for getopt_long's '?' (unknown option, or a value given to a
 * flag) and ':' (missing value). */
static int bad_option(mpchar_option_table t, int c, char **argv,
                      mpchar_error *err)
{
    if (optopt >= FIRST_VALUE) {
        const char *name =
            mpchar_option_at(t, (size_t)(optopt - FIRST_VALUE))->name;
        return c == ':' ? mpchar_error_set(err, "--%s needs a value", name)
                        : mpchar_error_set(err, "--%s takes no value", name);
    }
    if (optopt > 0)
        return mpchar_error_set(err, "unknown option '-%c' (see --help)",
                                optopt);
    return mpchar_error_set(err, "unknown option '%s' (see --help)",
                            argv[optind - 1]);
}

int mpchar_options_parse(mpchar_option_table t, int argc, char **argv,
                         mpchar_option_fn set, void *ctx, int *operands_p,
                         mpchar_error *err)
{
    struct option *longopts = calloc(t.count + 2, sizeof *longopts);
    if (!longopts)
        return mpchar_error_set(err, "out of memory");
    for (size_t i = 0; i < t.count; i++) {
        const mpchar_option *o = mpchar_option_at(t, i);
        longopts[i] =
            (struct option){o->name, o->arg ? required_argument : no_argument,
                            NULL, FIRST_VALUE + (int)i};
    }
    longopts[t.count] = (struct option){"help", no_argument, NULL, 'h'};
    opterr = 0;
    optind = 0; /* 0, not 1: glibc then starts afresh */
    int c, rc = 0;
    while (rc == 0 &&
           (c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c == 'h')
            rc = MPCHAR_OPTIONS_HELP;
        else if (c == '?' || c == ':')
            rc = bad_option(t, c, argv, err);
        else
            rc = set(ctx, (size_t)(c - FIRST_VALUE), optarg, err);
    }
    free(longopts);
    *operands_p = optind;
    return rc;
}

int mpchar_option_text(void *field, const char *value,
                       const mpchar_option *option, mpchar_error *err)
{
    (void)option, (void)err;
    *(const char **)field = value;
    return 0;
}

int mpchar_option_flag(void *field, const char *value,
                       const mpchar_option *option, mpchar_error *err)
{
    (void)value, (void)option, (void)err;
    *(bool *)field = true;
    return 0;
}

int mpchar_option_choice(void *field, const char *value,
                         const mpchar_option *option, mpchar_error *err)
{
    return mpchar_parse_choice(value, option->arg, field, err);
}

typedef struct entries_ctx {
    const mpchar_option_entry *entries;
    void *opts;
} entries_ctx;

static int set_entry(void *ctx, size_t index, const char *value,
                     mpchar_error *err)
{
    const entries_ctx *c = ctx;
    const mpchar_option_entry *e = &c->entries[index];
    if (e->set((char *)c->opts + e->field, value, &e->o, err) != 0)
        return mpchar_error_prefix(err, "--%s", e->o.name);
    return 0;
}

int mpchar_options_parse_entries(const mpchar_option_entry *entries,
                                 size_t count, int argc, char **argv,
                                 void *opts, int *operands_p, mpchar_error *err)
{
    entries_ctx c = {entries, opts};
    mpchar_option_table t = {&entries[0].o, count, sizeof entries[0]};
    for (size_t i = 0; i < count; i++)
        if (entries[i].o.def && set_entry(&c, i, entries[i].o.def, err) != 0)
            return mpchar_error_prefix(err, "the default");
    return mpchar_options_parse(t, argc, argv, set_entry, &c, operands_p, err);
}

/* Prints a word of len characters after those already on the line
 * (*at: the column reached), on a new line indented to column when it
 * would pass HELP_WIDTH. */
static void put_word(FILE *out, const char *word, size_t len, int column,
                     int *at)
{
    if (*at > column && *at + 1 + (int)len > HELP_WIDTH)
        *at = fprintf(out, "\n%*s", column, "") - 1;
    else if (*at > column)
        *at += fprintf(out, " ");
    *at += fprintf(out, "%.*s", (int)len, word);
}

/* "  --name ARG", the help from column `column` wrapped to HELP_WIDTH,
 * and "(default DEF)" unbroken. */
static void print_entry(FILE *out, const mpchar_option *o, int column)
{
    char def[256];
    int at = fprintf(out, "  --%s%s%s", o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
    if (at + 2 > column)
        at = fprintf(out, "\n") - 1;
    at += fprintf(out, "%*s", column - at, "");
    for (const char *w = o->help + strspn(o->help, " "); *w;
         w += strspn(w, " ")) {
        size_t len = strcspn(w, " ");
        put_word(out, w, len, column, &at);
        w += len;
    }
    if (o->def) {
        int len = snprintf(def, sizeof def, "(default %s)", o->def);
        put_word(out, def, (size_t)len, column, &at);
    }
    fputc('\n', out);
}

/* Where the help starts: past the widest "  --name ARG" but one so wide
 * that it goes on a line of its own. */
static int help_column(mpchar_option_table t)
{
    int widest = 12;
    for (size_t i = 0; i < t.count; i++) {
        const mpchar_option *o = mpchar_option_at(t, i);
        int width =
            4 + (int)strlen(o->name) + (o->arg ? 1 + (int)strlen(o->arg) : 0);
        if (width <= MAX_LEFT_WIDTH && width > widest)
            widest = width;
    }
    return widest + 2;
}

void mpchar_options_usage(FILE *out, mpchar_option_table t)
{
    static const mpchar_option help = {"help", NULL, "this text", NULL};
    int column = help_column(t);
    for (size_t i = 0; i < t.count; i++)
        print_entry(out, mpchar_option_at(t, i), column);
    print_entry(out, &help, column);
}
