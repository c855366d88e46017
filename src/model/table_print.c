/* `mpchar fit`'s printers of a table (mpchar/model_tables.h): text with
 * columns aligned by their width in characters (UTF-8 aware: "⌈lp⌉" is
 * four wide), Markdown with the same alignment, and CSV with a "# title"
 * line.  Row flags and cell marks are the report's to show; a terminal
 * sees what the cells' text says (p* for an oversubscribed fit). */
#include <stdio.h>
#include <string.h>

#include "mpchar/model_tables.h"

void mpchar_table_heading(const mpchar_table *t, int col, char *buf, size_t len)
{
    const mpchar_table_column *c = &t->col[col];
    if (c->unit)
        snprintf(buf, len, "%s (%s)", c->name, c->unit);
    else
        snprintf(buf, len, "%s", c->name);
}

static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void pad(FILE *out, const char *s, size_t w)
{
    fputs(s, out);
    for (size_t i = width(s); i < w; i++)
        fputc(' ', out);
}

static void csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* Row r of the printed table: 0 is the headings, r > 0 the row r - 1. */
static const char *text_at(const mpchar_table *t,
                           const char head[][MPCHAR_TABLE_HEADING_MAX],
                           size_t r, int c)
{
    return r == 0 ? head[c] : t->rows[r - 1].cell[c].text;
}

static void print_line(const mpchar_table *t, const char *const *cells,
                       const size_t *w, FILE *out, mpchar_table_format fmt)
{
    for (int c = 0; c < t->ncols; c++) {
        if (fmt == MPCHAR_FORMAT_CSV) {
            if (c)
                fputc(',', out);
            csv_field(out, cells[c]);
        } else if (fmt == MPCHAR_FORMAT_MARKDOWN) {
            fputs(c ? " " : "| ", out);
            pad(out, cells[c], w[c]);
            fputs(" |", out);
        } else {
            fputs("  ", out);
            pad(out, cells[c], c + 1 < t->ncols ? w[c] : 0);
        }
    }
    fputc('\n', out);
}

static void markdown_rule(const mpchar_table *t, const size_t *w, FILE *out)
{
    for (int c = 0; c < t->ncols; c++) {
        fputs(c ? " " : "| ", out);
        for (size_t i = 0; i < (w[c] > 3 ? w[c] : 3); i++)
            fputc('-', out);
        fputs(" |", out);
    }
    fputc('\n', out);
}

int mpchar_table_print(const mpchar_table *t, FILE *out,
                       mpchar_table_format fmt, mpchar_error *err)
{
    char head[MPCHAR_TABLE_MAX_COLS][MPCHAR_TABLE_HEADING_MAX];
    size_t w[MPCHAR_TABLE_MAX_COLS] = {0};
    if (t->omit_when_empty && t->nrows == 0)
        return 0;
    for (int c = 0; c < t->ncols; c++)
        mpchar_table_heading(t, c, head[c], sizeof head[c]);
    for (size_t r = 0; r <= t->nrows; r++)
        for (int c = 0; c < t->ncols; c++)
            if (width(text_at(t, head, r, c)) > w[c])
                w[c] = width(text_at(t, head, r, c));
    if (fmt == MPCHAR_FORMAT_CSV)
        fprintf(out, "# %s\n", t->title);
    else
        fprintf(out, fmt == MPCHAR_FORMAT_MARKDOWN ? "### %s\n\n" : "%s\n",
                t->title);
    for (size_t r = 0; r <= t->nrows; r++) {
        const char *cells[MPCHAR_TABLE_MAX_COLS];
        for (int c = 0; c < t->ncols; c++)
            cells[c] = text_at(t, head, r, c);
        print_line(t, cells, w, out, fmt);
        if (r == 0 && fmt == MPCHAR_FORMAT_MARKDOWN)
            markdown_rule(t, w, out);
    }
    if (t->nrows == 0 && fmt != MPCHAR_FORMAT_CSV)
        fprintf(out, "  (none%s%s)\n", t->empty_note[0] ? ": " : "",
                t->empty_note);
    fputc('\n', out);
    if (ferror(out))
        return mpchar_error_set(err, "write error printing table '%s'",
                                t->title);
    return 0;
}
