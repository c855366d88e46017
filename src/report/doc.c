/* The report's document: a flat list of blocks (headings, paragraphs,
 * notes, list items, tables, figures) that render_html.c and render_md.c
 * print, so that report.html and report.md come from one description and
 * cannot disagree.
 *
 * Building is written straight through: an allocation failure sets a
 * sticky flag, every later call does nothing, and the report checks the
 * flag once before rendering (as git's strbuf spares its callers an error
 * check per append). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

char *mpchar__vformat(const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (len < 0)
        return NULL;
    char *s = malloc((size_t)len + 1);
    if (s)
        vsnprintf(s, (size_t)len + 1, fmt, ap);
    return s;
}

static char *dup_or_fail(mpchar__doc *d, const char *s)
{
    char *copy = s ? strdup(s) : NULL;
    if (s && !copy)
        d->failed = true;
    return copy;
}

void mpchar__doc_init(mpchar__doc *d, const char *title)
{
    memset(d, 0, sizeof *d);
    d->title = dup_or_fail(d, title);
}

static void block_free(mpchar__block *b)
{
    free(b->id);
    free(b->text);
    free(b->svg);
    free(b->missing);
    for (int c = 0; c < b->table.ncols; c++)
        free(b->table.head[c]);
    for (size_t r = 0; r < b->table.nrows; r++)
        for (int c = 0; c < b->table.ncols; c++)
            free(b->table.rows[r].cell[c]);
    free(b->table.rows);
}

void mpchar__doc_free(mpchar__doc *d)
{
    for (size_t i = 0; i < d->count; i++)
        block_free(&d->blocks[i]);
    free(d->blocks);
    free(d->title);
    memset(d, 0, sizeof *d);
}

void *mpchar__grow_one(void *items, size_t count, size_t *cap, size_t size,
                       bool *failed)
{
    char *grown = *failed ? NULL : mpchar_grow(items, cap, count + 1, size);
    if (!grown) {
        *failed = true;
        return items;
    }
    memset(grown + count * size, 0, size);
    return grown;
}

static mpchar__block *block_add(mpchar__doc *d, mpchar__block_kind kind)
{
    d->blocks = mpchar__grow_one(d->blocks, d->count, &d->cap,
                                 sizeof *d->blocks, &d->failed);
    if (d->failed)
        return NULL;
    d->blocks[d->count].kind = kind;
    return &d->blocks[d->count++];
}

void mpchar__doc_take(mpchar__doc *dst, mpchar__doc *src)
{
    for (size_t i = 0; i < src->count; i++) {
        mpchar__block *b = block_add(dst, MPCHAR__PARA);
        if (!b) {
            block_free(&src->blocks[i]);
            continue;
        }
        *b = src->blocks[i];
    }
    dst->failed |= src->failed;
    src->count = 0;
}

static void text_block(mpchar__doc *d, mpchar__block_kind kind, int level,
                       const char *id, const char *fmt, va_list ap)
    MPCHAR__PRINTF(5, 0);
static void text_block(mpchar__doc *d, mpchar__block_kind kind, int level,
                       const char *id, const char *fmt, va_list ap)
{
    mpchar__block *b = block_add(d, kind);
    if (!b)
        return;
    b->level = level;
    b->id = dup_or_fail(d, id);
    b->text = mpchar__vformat(fmt, ap);
    if (!b->text)
        d->failed = true;
}

#define TEXT_BLOCK(kind, level, id)              \
    do {                                         \
        va_list ap;                              \
        va_start(ap, fmt);                       \
        text_block(d, kind, level, id, fmt, ap); \
        va_end(ap);                              \
    } while (0)

void mpchar__doc_heading(mpchar__doc *d, int level, const char *id,
                         const char *fmt, ...)
{
    TEXT_BLOCK(MPCHAR__HEADING, level, id);
}

void mpchar__doc_para(mpchar__doc *d, const char *fmt, ...)
{
    TEXT_BLOCK(MPCHAR__PARA, 0, NULL);
}

void mpchar__doc_note(mpchar__doc *d, const char *fmt, ...)
{
    TEXT_BLOCK(MPCHAR__NOTE, 0, NULL);
}

void mpchar__doc_item(mpchar__doc *d, const char *fmt, ...)
{
    TEXT_BLOCK(MPCHAR__ITEM, 0, NULL);
}

void mpchar__doc_figure(mpchar__doc *d, const char *id, const char *svg,
                        const char *fmt, ...)
{
    TEXT_BLOCK(MPCHAR__FIGURE, 0, id);
    if (!d->failed)
        d->blocks[d->count - 1].svg = dup_or_fail(d, svg);
}

mpchar__table *mpchar__doc_table(mpchar__doc *d, const char *caption, int ncols,
                                 const char *const *head)
{
    if (ncols < 1 || ncols > MPCHAR__MAX_COLS) {
        d->failed = true;
        return NULL;
    }
    mpchar__block *b = block_add(d, MPCHAR__TABLE);
    if (!b)
        return NULL;
    b->text = dup_or_fail(d, caption);
    b->table.ncols = ncols;
    for (int c = 0; c < ncols; c++)
        b->table.head[c] = dup_or_fail(d, head[c]);
    return d->failed ? NULL : &b->table;
}

void mpchar__doc_table_id(mpchar__doc *d, const char *id)
{
    mpchar__block *b =
        d->failed || d->count == 0 ? NULL : &d->blocks[d->count - 1];
    if (!b || b->kind != MPCHAR__TABLE)
        return;
    free(b->id);
    b->id = dup_or_fail(d, id);
}

mpchar__table *mpchar__doc_last_table(mpchar__doc *d)
{
    if (d->failed || d->count == 0 ||
        d->blocks[d->count - 1].kind != MPCHAR__TABLE)
        return NULL;
    return &d->blocks[d->count - 1].table;
}

void mpchar__doc_row(mpchar__doc *d)
{
    mpchar__table *t = mpchar__doc_last_table(d);
    if (!t)
        return;
    t->rows = mpchar__grow_one(t->rows, t->nrows, &t->cap, sizeof *t->rows,
                               &d->failed);
    if (d->failed)
        return;
    mpchar__row *row = &t->rows[t->nrows++];
    for (int c = 0; c < t->ncols; c++)
        row->cell[c] = dup_or_fail(d, "");
}

static mpchar__row *last_row(mpchar__doc *d, int col)
{
    mpchar__table *t = mpchar__doc_last_table(d);
    if (!t || t->nrows == 0 || col < 0 || col >= t->ncols)
        return NULL;
    return &t->rows[t->nrows - 1];
}

void mpchar__doc_cell(mpchar__doc *d, int col, const char *fmt, ...)
{
    mpchar__row *row = last_row(d, col);
    if (!row)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *text = mpchar__vformat(fmt, ap);
    va_end(ap);
    if (!text) {
        d->failed = true;
        return;
    }
    free(row->cell[col]);
    row->cell[col] = text;
}

void mpchar__doc_cell_best(mpchar__doc *d, int col)
{
    mpchar__row *row = last_row(d, col);
    if (row)
        row->best |= 1u << col;
}

void mpchar__doc_row_oversub(mpchar__doc *d)
{
    mpchar__row *row = last_row(d, 0);
    if (row)
        row->oversub = true;
}

size_t mpchar__doc_count(const mpchar__doc *d, mpchar__block_kind kind)
{
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++)
        n += d->blocks[i].kind == kind;
    return n;
}
