/* apps.csv: one row per (library, kernel, class, p).  Its columns are one
 * table (name, kind, where the value lives in apps_row) that the header,
 * the writer and the reader all read, so that they cannot disagree; the
 * report and `mpchar apps`'s resume read the file back through it.  The
 * reader goes by the header's names, so that a file an earlier mpchar
 * wrote, without the measured columns added since, still reads (those
 * columns NAN) and says it is not today's, to which `--resume` does not
 * append. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "mpchar/csv.h"
#include "mpchar/grow.h"
#include "mpchar/parse.h"

typedef enum column_kind {
    COL_NAME,    /* char[APPS_NAME_MAX] */
    COL_CLASS,   /* char: one letter */
    COL_LONG,    /* long, >= 1 */
    COL_SECONDS, /* double, "%.9f" (ns); NAN: empty */
    COL_MICROS,  /* double, "%.4f"; NAN: empty */
    COL_COUNT,   /* double holding a count, "%.0f"; NAN: empty */
    COL_YESNO,   /* bool: yes or no */
} column_kind;

typedef struct column {
    const char *name;
    column_kind kind;
    size_t offset;
} column;

#define COL(field, kind)                        \
    {                                           \
#field, kind, offsetof(apps_row, field) \
    }

static const column columns[] = {
    COL(library, COL_NAME),
    COL(kernel, COL_NAME),
    COL(suite, COL_NAME),
    {"class", COL_CLASS, offsetof(apps_row, problem_class)},
    COL(p, COL_LONG),
    COL(reps, COL_LONG),
    COL(t_total_s, COL_SECONDS),
    COL(t_comm_s, COL_SECONDS),
    COL(t_total_min_s, COL_SECONDS),
    COL(t_comm_min_s, COL_SECONDS),
    COL(verified, COL_YESNO),
    COL(oversubscribed, COL_YESNO),
    COL(t_mpi_s, COL_SECONDS),
    COL(calls, COL_COUNT),
    COL(bytes, COL_COUNT),
    COL(overlap_min_s, COL_SECONDS),
    COL(overlap_max_s, COL_SECONDS),
    COL(t_comm_wait_s, COL_SECONDS),
    COL(t_comm_sync_s, COL_SECONDS),
    COL(t_comm_pred_s, COL_SECONDS),
    COL(unmodelled_calls, COL_COUNT),
    COL(probe_us, COL_MICROS),
    COL(model_probe_us, COL_MICROS),
    COL(t_comm_pred_cold_s, COL_SECONDS),
    COL(arrays_bytes, COL_COUNT),
};
#define N_COLUMNS (sizeof columns / sizeof columns[0])

/* Whether a column holds a measurement that may be missing: empty in a
 * row, and absent from the header of an earlier mpchar's file. */
static bool measured(const column *c)
{
    return c->kind == COL_SECONDS || c->kind == COL_MICROS ||
           c->kind == COL_COUNT;
}

void apps_row_init(apps_row *row)
{
    memset(row, 0, sizeof *row);
    for (size_t i = 0; i < N_COLUMNS; i++)
        if (measured(&columns[i]))
            *(double *)((char *)row + columns[i].offset) = NAN;
}

int apps_csv_header(char *buf, size_t len)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < N_COLUMNS && pos < len; i++)
        pos += (size_t)snprintf(buf + pos, len - pos, "%s%s", i ? "," : "",
                                columns[i].name);
    pos += pos < len ? (size_t)snprintf(buf + pos, len - pos, "\n") : 0;
    return pos < len ? 0 : -1;
}

static void format_value(const apps_row *row, const column *c, char *out,
                         size_t len)
{
    const char *at = (const char *)row + c->offset;
    double d;
    switch (c->kind) {
    case COL_NAME: snprintf(out, len, "%s", at); break;
    case COL_CLASS: snprintf(out, len, "%c", *at); break;
    case COL_LONG: snprintf(out, len, "%ld", *(const long *)at); break;
    case COL_YESNO:
        snprintf(out, len, "%s", *(const bool *)at ? "yes" : "no");
        break;
    case COL_SECONDS:
    case COL_MICROS:
    case COL_COUNT:
        memcpy(&d, at, sizeof d);
        if (isnan(d))
            out[0] = '\0';
        else
            snprintf(out, len,
                     c->kind == COL_SECONDS  ? "%.9f"
                     : c->kind == COL_MICROS ? "%.4f"
                                             : "%.0f",
                     d);
        break;
    }
}

int apps_row_format(const apps_row *row, char *buf, size_t len,
                    mpchar_error *err)
{
    size_t pos = 0;
    char value[128];
    for (size_t i = 0; i < N_COLUMNS; i++) {
        format_value(row, &columns[i], value, sizeof value);
        if (mpchar_csv_put(buf, len, &pos, value, err) != 0)
            return -1;
        if (pos + 2 >= len)
            return mpchar_error_set(err, "apps.csv row longer than %zu bytes",
                                    len);
        buf[pos++] = i + 1 < N_COLUMNS ? ',' : '\n';
        buf[pos] = '\0';
    }
    return 0;
}

static int parse_value(const column *c, const char *v, apps_row *row,
                       mpchar_error *err)
{
    char *at = (char *)row + c->offset;
    double d = NAN;
    switch (c->kind) {
    case COL_NAME:
        if (!v[0] || strlen(v) >= APPS_NAME_MAX)
            return mpchar_error_set(err, "empty or too long");
        strcpy(at, v);
        return 0;
    case COL_CLASS:
        *at = v[0];
        return v[0] && !v[1] ? 0 : mpchar_error_set(err, "not one letter");
    case COL_LONG: return mpchar_parse_long(v, 1, 1L << 30, (long *)at, err);
    case COL_YESNO: {
        int yes;
        if (mpchar_parse_choice(v, "no|yes", &yes, err) != 0)
            return -1;
        *(bool *)at = yes;
        return 0;
    }
    case COL_SECONDS:
    case COL_MICROS:
    case COL_COUNT:
        if (v[0] && mpchar_parse_double(v, 0, DBL_MAX, &d, err) != 0)
            return -1;
        memcpy(at, &d, sizeof d);
        return 0;
    }
    return -1;
}

/* A file's layout: the column of each of its fields, in its order. */
typedef struct layout {
    const column *of_field[N_COLUMNS];
    size_t count;
} layout;

static const column *column_named(const char *name)
{
    for (size_t i = 0; i < N_COLUMNS; i++)
        if (strcmp(columns[i].name, name) == 0)
            return &columns[i];
    return NULL;
}

/* The header's names: each a column, none twice, every column that is
 * not a measurement present. */
static int read_layout(char *header, layout *lay, mpchar_error *err)
{
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    bool seen[N_COLUMNS] = {false};
    if (mpchar_csv_split(header, fields, &lay->count, err) != 0)
        return -1;
    if (lay->count > N_COLUMNS)
        return mpchar_error_set(err, "%zu columns, at most %zu", lay->count,
                                N_COLUMNS);
    for (size_t f = 0; f < lay->count; f++) {
        const column *c = column_named(fields[f]);
        if (!c || seen[c - columns])
            return mpchar_error_set(err, "column '%s' %s", fields[f],
                                    c ? "twice" : "unknown");
        seen[c - columns] = true;
        lay->of_field[f] = c;
    }
    for (size_t i = 0; i < N_COLUMNS; i++)
        if (!seen[i] && !measured(&columns[i]))
            return mpchar_error_set(err, "no column %s", columns[i].name);
    return 0;
}

static int parse_row(char *line, const layout *lay, apps_row *row,
                     mpchar_error *err)
{
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count;
    if (mpchar_csv_split(line, fields, &count, err) != 0)
        return -1;
    if (count != lay->count)
        return mpchar_error_set(err, "%zu fields, expected %zu", count,
                                lay->count);
    apps_row_init(row);
    for (size_t f = 0; f < count; f++)
        if (parse_value(lay->of_field[f], fields[f], row, err) != 0)
            return mpchar_error_prefix(err, "field %s", lay->of_field[f]->name);
    return 0;
}

static int read_rows(FILE *f, const char *path, apps_row **rows_p,
                     size_t *count_p, bool *current_p, mpchar_error *err)
{
    char line[4096], today[4096];
    size_t cap = 0, lineno = 1;
    layout lay;
    if (!fgets(line, sizeof line, f))
        return mpchar_error_set(err, "%s:1: empty, not an apps.csv", path);
    if (current_p)
        *current_p = apps_csv_header(today, sizeof today) == 0 &&
                     strcmp(line, today) == 0;
    line[strcspn(line, "\r\n")] = '\0';
    if (read_layout(line, &lay, err) != 0)
        return mpchar_error_prefix(err, "%s:1: not an apps.csv header", path);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f))
            return mpchar_error_set(err, "%s:%zu: longer than %zu bytes", path,
                                    lineno, sizeof line - 2);
        line[strcspn(line, "\r\n")] = '\0';
        apps_row *grown =
            mpchar_grow(*rows_p, &cap, *count_p + 1, sizeof **rows_p);
        if (!grown)
            return mpchar_error_set(err, "out of memory");
        *rows_p = grown;
        if (parse_row(line, &lay, &grown[*count_p], err) != 0)
            return mpchar_error_prefix(err, "%s:%zu", path, lineno);
        (*count_p)++;
    }
    return 0;
}

int apps_csv_read(const char *path, bool missing_ok, apps_row **rows_p,
                  size_t *count_p, bool *current_p, mpchar_error *err)
{
    *rows_p = NULL;
    *count_p = 0;
    if (current_p)
        *current_p = true; /* a missing file is started with today's */
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT && missing_ok)
            return 0;
        return mpchar_error_set(err, "%s: %s", path, strerror(errno));
    }
    int rc = read_rows(f, path, rows_p, count_p, current_p, err);
    fclose(f);
    if (rc != 0) {
        free(*rows_p);
        *rows_p = NULL;
        *count_p = 0;
    }
    return rc;
}

const apps_row *apps_rows_find(const apps_row *rows, size_t count,
                               const char *library, const char *kernel,
                               char problem_class, long p)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(rows[i].library, library) == 0 &&
            strcmp(rows[i].kernel, kernel) == 0 &&
            rows[i].problem_class == problem_class && rows[i].p == p)
            return &rows[i];
    return NULL;
}
