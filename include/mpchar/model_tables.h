/* The model's tables as data: cells, row flags and cell marks, built once
 * by the model engine (src/model/tables.c) and read by every consumer, so
 * that `mpchar fit`'s text, Markdown and CSV printers and the report's
 * document show the same numbers without one of them parsing the other's
 * text.  The tables' names, formats and units are those of model.h
 * (mpchar_model_table, mpchar_table_format, mpchar_units). */
#ifndef MPCHAR_MODEL_TABLES_H
#define MPCHAR_MODEL_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mpchar/error.h"
#include "mpchar/model.h"

#define MPCHAR_TABLE_MAX_COLS 16
#define MPCHAR_TABLE_NAME_MAX 32
#define MPCHAR_TABLE_HEADING_MAX (MPCHAR_TABLE_NAME_MAX + 32)

/* What a row shows, beyond its cells (bits of mpchar_table_row.flags). */
typedef enum mpchar_row_flag {
    MPCHAR_ROW_OVERSUBSCRIBED = 1u << 0, /* from oversubscribed points */
} mpchar_row_flag;

/* What a cell is, beyond its text (bits of mpchar_table_cell.marks). */
typedef enum mpchar_cell_mark {
    MPCHAR_CELL_BEST = 1u << 0, /* the best family's validation error */
} mpchar_cell_mark;

/* A column's name and unit: its heading is "name (unit)", or the name
 * alone when unit is NULL. */
typedef struct mpchar_table_column {
    char name[MPCHAR_TABLE_NAME_MAX]; /* "ts", "hockney val", "1 KiB" */
    const char *unit;                 /* "us", "ns/byte"; NULL: none */
} mpchar_table_column;

typedef struct mpchar_table_cell {
    char *text;     /* as printed; "-" when there is no value */
    unsigned marks; /* mpchar_cell_mark bits */
} mpchar_table_cell;

typedef struct mpchar_table_row {
    mpchar_table_cell cell[MPCHAR_TABLE_MAX_COLS]; /* ncols of them */
    unsigned flags;                                /* mpchar_row_flag bits */
} mpchar_table_row;

typedef struct mpchar_table {
    mpchar_model_table which;
    const char *title;
    bool omit_when_empty; /* printed only when it has rows */
    char empty_note[256]; /* why it has no rows, when it has none ("": -) */
    int ncols;
    mpchar_table_column col[MPCHAR_TABLE_MAX_COLS];
    size_t nrows, cap;
    mpchar_table_row *rows;
} mpchar_table;

/* Builds one of the model's tables into *t (free it with
 * mpchar_table_free, also after a failure); fails only when memory runs
 * out or which is not a table. */
int mpchar_model_table_build(const mpchar_model *model,
                             mpchar_model_table which, mpchar_units units,
                             mpchar_table *t, mpchar_error *err);
void mpchar_table_free(mpchar_table *t);

/* Writes column col's heading, "name (unit)" or "name", into buf. */
void mpchar_table_heading(const mpchar_table *t, int col, char *buf,
                          size_t len);

/* Prints a table as `mpchar fit` does: a title line, the headings and the
 * rows, then an empty line; nothing for an empty table that is omitted
 * when empty; "(none)" and its empty_note, if any, for another empty
 * one. */
int mpchar_table_print(const mpchar_table *t, FILE *out,
                       mpchar_table_format fmt, mpchar_error *err);

#endif
