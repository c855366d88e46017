/* The model engine's tables (src/model/tables.c: seed 001 Table 1, seed
 * 002's short and long messages, seed 000 Tables 1-4, accuracy,
 * pipelining gain, findings) as document tables, so that the report and
 * `mpchar fit` print the same numbers from one piece of code.  The table
 * is printed as CSV into memory and read back cell by cell; the report
 * then adds what a document can show and a terminal cannot: the best
 * family's validation error highlighted, oversubscribed rows marked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/csv.h"
#include "report_internal.h"

/* Accuracy rows: the best family's validation cell is highlighted, and a
 * p marked "*" (fitted on oversubscribed points) marks the row. */
static void accuracy_marks(mpchar__doc *d, const mpchar__table *t,
                           char **fields, size_t count)
{
    int best_col = -1, p_col = -1, val_col = -1;
    for (int c = 0; c < t->ncols; c++) {
        if (!strcmp(t->head[c], "best"))
            best_col = c;
        if (!strcmp(t->head[c], "p"))
            p_col = c;
    }
    if (best_col >= 0 && (size_t)best_col < count) {
        char want[64];
        snprintf(want, sizeof want, "%s val", fields[best_col]);
        for (int c = 0; c < t->ncols; c++)
            if (!strcmp(t->head[c], want))
                val_col = c;
    }
    if (val_col >= 0 && (size_t)val_col < count && strcmp(fields[val_col], "-"))
        mpchar__doc_cell_best(d, val_col);
    if (p_col >= 0 && (size_t)p_col < count && strchr(fields[p_col], '*'))
        mpchar__doc_row_oversub(d);
}

static int add_row(mpchar__doc *d, char *line, bool accuracy, mpchar_error *err)
{
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count;
    if (mpchar_csv_split(line, fields, &count, err) != 0)
        return -1;
    mpchar__table *t = mpchar__doc_last_table(d);
    if (!t)
        return 0;
    mpchar__doc_row(d);
    for (size_t c = 0; c < count && c < (size_t)t->ncols; c++) {
        mpchar__doc_cell(d, (int)c, "%s", fields[c]);
        if (strstr(fields[c], "(oversub"))
            mpchar__doc_row_oversub(d);
    }
    if (accuracy)
        accuracy_marks(d, t, fields, count);
    return 0;
}

static int add_table(mpchar__doc *d, char *text, bool accuracy,
                     mpchar_error *err)
{
    char *save = NULL, *title = NULL;
    bool have_head = false;
    for (char *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#') {
            title = line + 2;
            have_head = false;
        } else if (!have_head && title) {
            char *fields[MPCHAR_CSV_MAX_FIELDS];
            size_t count;
            if (mpchar_csv_split(line, fields, &count, err) != 0)
                return -1;
            if (count > MPCHAR__MAX_COLS)
                return mpchar_error_set(err, "table '%s': %zu columns", title,
                                        count);
            mpchar__doc_table(d, title, (int)count,
                              (const char *const *)fields);
            have_head = true;
        } else if (have_head && add_row(d, line, accuracy, err) != 0) {
            return -1;
        }
    }
    return 0;
}

int mpchar__model_table(mpchar__report *r, mpchar_model_table which,
                        mpchar_error *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return mpchar_error_set(err, "out of memory");
    int rc = mpchar_model_print_table(&r->model, which, mem, MPCHAR_FORMAT_CSV,
                                      MPCHAR_UNITS_DEFAULT, err);
    if (fclose(mem) != 0 && rc == 0)
        rc = mpchar_error_set(err, "out of memory");
    if (rc == 0)
        rc = add_table(&r->doc, text, which == MPCHAR_TABLE_ACCURACY, err);
    free(text);
    return rc;
}
