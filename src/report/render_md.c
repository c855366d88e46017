/* report.md: the document as Markdown (CommonMark with GitHub tables) for
 * terminals and wikis.  Tables are pipe tables with the best cells in bold
 * and oversubscribed rows marked in their first cell; plots are images of
 * the SVG files beside the report (plots/<id>.svg), or a note where a plot
 * could not be drawn. */
#include <stdio.h>
#include <string.h>

#include "report_internal.h"

void mpchar__md_escape(FILE *out, const char *text, bool in_table)
{
    for (const char *s = text ? text : ""; *s; s++) {
        if (*s == '\n' || *s == '\r') {
            fputs(in_table ? " " : "\n", out);
            continue;
        }
        if (strchr("\\`*_[]<>|#!", *s))
            fputc('\\', out);
        fputc(*s, out);
    }
}

static void cell_md(FILE *out, const char *text, bool best)
{
    fputs(" ", out);
    if (best && text[0])
        fputs("**", out);
    mpchar__md_escape(out, text, true);
    if (best && text[0])
        fputs("**", out);
    fputs(" |", out);
}

static void table_md(const mpchar__block *b, FILE *out)
{
    const mpchar__table *t = &b->table;
    fputs("**", out);
    mpchar__md_escape(out, b->text, true);
    fputs("**\n\n|", out);
    for (int c = 0; c < t->ncols; c++)
        cell_md(out, t->head[c], false);
    fputs("\n|", out);
    for (int c = 0; c < t->ncols; c++)
        fputs(" --- |", out);
    fputc('\n', out);
    for (size_t r = 0; r < t->nrows; r++) {
        const mpchar__row *row = &t->rows[r];
        fputc('|', out);
        for (int c = 0; c < t->ncols; c++) {
            if (c == 0 && row->oversub) {
                char marked[512];
                snprintf(marked, sizeof marked, "%s (oversubscribed)",
                         row->cell[0]);
                cell_md(out, marked, row->best & 1u);
            } else {
                cell_md(out, row->cell[c], row->best & (1u << c));
            }
        }
        fputc('\n', out);
    }
    if (t->nrows == 0)
        fputs("\n(none)\n", out);
    fputc('\n', out);
}

static void figure_md(const mpchar__block *b, FILE *out)
{
    if (b->missing) {
        fputs("> **Plot not drawn** (", out);
        mpchar__md_escape(out, b->id, true);
        fputs("): ", out);
        mpchar__md_escape(out, b->missing, true);
        fputs("\n>\n> ", out);
    } else {
        fputs("![", out);
        mpchar__md_escape(out, b->id, true);
        fprintf(out, "](%s)\n\n", b->svg ? b->svg : "");
    }
    fputc('*', out);
    mpchar__md_escape(out, b->text, true);
    fputs("*\n\n", out);
}

static void block_md(const mpchar__doc *d, size_t i, FILE *out)
{
    const mpchar__block *b = &d->blocks[i];
    bool next_item = i + 1 < d->count && d->blocks[i + 1].kind == MPCHAR__ITEM;
    switch (b->kind) {
    case MPCHAR__HEADING:
        fprintf(out, "%.*s ", b->level + 1, "####");
        mpchar__md_escape(out, b->text, true);
        fputs("\n\n", out);
        break;
    case MPCHAR__PARA:
        mpchar__md_escape(out, b->text, false);
        fputs("\n\n", out);
        break;
    case MPCHAR__NOTE:
        fputs("> **Note:** ", out);
        mpchar__md_escape(out, b->text, true);
        fputs("\n\n", out);
        break;
    case MPCHAR__ITEM:
        fputs("- ", out);
        mpchar__md_escape(out, b->text, true);
        fputs(next_item ? "\n" : "\n\n", out);
        break;
    case MPCHAR__TABLE: table_md(b, out); break;
    case MPCHAR__FIGURE: figure_md(b, out); break;
    }
}

int mpchar__render_md(const mpchar__doc *d, FILE *out, mpchar_error *err)
{
    fprintf(out, "<!-- plots: %zu -->\n\n# ",
            mpchar__doc_count(d, MPCHAR__FIGURE));
    mpchar__md_escape(out, d->title, true);
    fputs("\n\n", out);
    for (size_t i = 0; i < d->count; i++)
        block_md(d, i, out);
    if (ferror(out))
        return mpchar_error_set(err, "write error writing the Markdown report");
    return 0;
}
