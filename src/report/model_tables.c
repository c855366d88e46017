/* The model engine's tables (mpchar/model_tables.h: seed 001 Table 1,
 * seed 002's short and long messages, seed 000 Tables 1-4, accuracy,
 * pipelining gain, findings) as document tables, so that the report and
 * `mpchar fit` show the same cells from one builder.  The report adds
 * what a document can show and a terminal cannot: each row flag and cell
 * mark of the table becomes the document's way of showing it. */
#include "mpchar/model_tables.h"
#include "report_internal.h"

static void add_row(mpchar__doc *d, const mpchar_table *t,
                    const mpchar_table_row *row)
{
    mpchar__doc_row(d);
    if (row->flags & MPCHAR_ROW_OVERSUBSCRIBED)
        mpchar__doc_row_oversub(d);
    for (int c = 0; c < t->ncols; c++) {
        mpchar__doc_cell(d, c, "%s", row->cell[c].text);
        if (row->cell[c].marks & MPCHAR_CELL_BEST)
            mpchar__doc_cell_best(d, c);
    }
}

static void add_table(mpchar__doc *d, const mpchar_table *t)
{
    char head[MPCHAR_TABLE_MAX_COLS][MPCHAR_TABLE_HEADING_MAX];
    const char *heads[MPCHAR_TABLE_MAX_COLS];
    for (int c = 0; c < t->ncols; c++) {
        mpchar_table_heading(t, c, head[c], sizeof head[c]);
        heads[c] = head[c];
    }
    mpchar__doc_table(d, t->title, t->ncols, heads);
    for (size_t r = 0; r < t->nrows; r++)
        add_row(d, t, &t->rows[r]);
}

int mpchar__model_table(mpchar__report *r, mpchar_model_table which,
                        mpchar_error *err)
{
    mpchar_table t;
    int rc = mpchar_model_table_build(&r->model, which, MPCHAR_UNITS_DEFAULT,
                                      &t, err);
    if (rc == 0 && t.nrows == 0 && t.empty_note[0])
        mpchar__doc_note(&r->doc, "%s: none: %s.", t.title, t.empty_note);
    else if (rc == 0 && !(t.omit_when_empty && t.nrows == 0))
        add_table(&r->doc, &t);
    mpchar_table_free(&t);
    return rc;
}
