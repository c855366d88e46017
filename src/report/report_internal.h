/* Declarations shared by the files of src/report only (prefix mpchar__).
 *
 * Three parts: the document (doc.c builds it, render_html.c and
 * render_md.c print it, so that both outputs come from one description),
 * the plots (plot.c: a list of plots drawn by one gnuplot process,
 * palette.c: the colours), and the report being built (load.c reads the
 * results directories into it; one file per section adds its blocks). */
#ifndef MPCHAR_REPORT_INTERNAL_H
#define MPCHAR_REPORT_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mpchar/grow.h"
#include "mpchar/model.h"
#include "mpchar/report.h"
#include "mpchar/results.h"
#include "apps.h"
#include "profile.h"

#define MPCHAR__PRINTF(f, a) __attribute__((format(printf, f, a)))

/* ---- the document (doc.c) ------------------------------------------- */

typedef enum mpchar__block_kind {
    MPCHAR__HEADING,
    MPCHAR__PARA,
    MPCHAR__NOTE, /* something missing or worth a warning */
    MPCHAR__ITEM, /* consecutive items form one list */
    MPCHAR__TABLE,
    MPCHAR__FIGURE,
} mpchar__block_kind;

#define MPCHAR__MAX_COLS 16

typedef struct mpchar__row {
    char *cell[MPCHAR__MAX_COLS];
    unsigned best; /* bit c: cell c is highlighted as the best */
    bool oversub;  /* the row shows oversubscribed data */
} mpchar__row;

typedef struct mpchar__table {
    int ncols;
    char *head[MPCHAR__MAX_COLS];
    size_t nrows, cap;
    mpchar__row *rows;
} mpchar__table;

typedef struct mpchar__block {
    mpchar__block_kind kind;
    int level;  /* heading: 1-3 */
    char *id;   /* heading anchor, figure id */
    char *text; /* heading, paragraph, note, item, caption */
    mpchar__table table;
    char *svg;     /* figure: file relative to the output folder */
    char *missing; /* figure: why it was not drawn (NULL: drawn) */
} mpchar__block;

/* Building never fails loudly: an allocation failure sets failed, later
 * calls do nothing, and the caller checks failed once at the end. */
typedef struct mpchar__doc {
    char *title;
    mpchar__block *blocks;
    size_t count, cap;
    bool failed;
} mpchar__doc;

/* items (count elements of size bytes, capacity *cap) with room for one
 * more, that one zeroed; items as they were, with *failed set, when memory
 * runs out or *failed already was (the sticky flag of documents and
 * plots). */
void *mpchar__grow_one(void *items, size_t count, size_t *cap, size_t size,
                       bool *failed);

/* The formatted text, malloc'ed; NULL when memory runs out. */
char *mpchar__vformat(const char *fmt, va_list ap) MPCHAR__PRINTF(1, 0);

void mpchar__doc_init(mpchar__doc *d, const char *title);
void mpchar__doc_free(mpchar__doc *d);
/* Moves every block of src to the end of dst. */
void mpchar__doc_take(mpchar__doc *dst, mpchar__doc *src);
void mpchar__doc_heading(mpchar__doc *d, int level, const char *id,
                         const char *fmt, ...) MPCHAR__PRINTF(4, 5);
void mpchar__doc_para(mpchar__doc *d, const char *fmt, ...)
    MPCHAR__PRINTF(2, 3);
void mpchar__doc_note(mpchar__doc *d, const char *fmt, ...)
    MPCHAR__PRINTF(2, 3);
void mpchar__doc_item(mpchar__doc *d, const char *fmt, ...)
    MPCHAR__PRINTF(2, 3);
void mpchar__doc_figure(mpchar__doc *d, const char *id, const char *svg,
                        const char *fmt, ...) MPCHAR__PRINTF(4, 5);
/* A table with a caption; the pointer is valid until the next block. */
mpchar__table *mpchar__doc_table(mpchar__doc *d, const char *caption, int ncols,
                                 const char *const *head);
/* Names the last table (its HTML id; unnamed tables get "table-" and
 * their block's index). */
void mpchar__doc_table_id(mpchar__doc *d, const char *id);
/* Appends a row (cells "" until set) to the table of the last block. */
void mpchar__doc_row(mpchar__doc *d);
void mpchar__doc_cell(mpchar__doc *d, int col, const char *fmt, ...)
    MPCHAR__PRINTF(3, 4);
void mpchar__doc_cell_best(mpchar__doc *d, int col);
void mpchar__doc_row_oversub(mpchar__doc *d);
/* The table of the last block, NULL if it is not a table. */
mpchar__table *mpchar__doc_last_table(mpchar__doc *d);
size_t mpchar__doc_count(const mpchar__doc *d, mpchar__block_kind kind);

/* HTML (self-contained: CSS inline, drawn plots' SVG read from out_dir and
 * inlined with their ids made unique) and Markdown (plots as images). */
int mpchar__render_html(const mpchar__doc *d, const char *out_dir, FILE *out,
                        mpchar_error *err);
int mpchar__render_md(const mpchar__doc *d, FILE *out, mpchar_error *err);
/* Escapes text for HTML element content and attribute values. */
void mpchar__html_escape(FILE *out, const char *text);
/* Escapes text for Markdown; in_table also keeps it on one line. */
void mpchar__md_escape(FILE *out, const char *text, bool in_table);
/* Copies an SVG document into out as inline SVG: no XML declaration or
 * DOCTYPE, every id and reference to one prefixed with prefix. */
void mpchar__svg_inline(FILE *out, const char *svg, const char *prefix);

/* ---- plots (plot.c, palette.c) --------------------------------------- */

typedef enum mpchar__style {
    MPCHAR__FILLED,   /* measured, fitting set: filled circles */
    MPCHAR__HOLLOW,   /* measured, oversubscribed: hollow circles */
    MPCHAR__TRIANGLE, /* measured, validation set */
    MPCHAR__TRIANGLE_HOLLOW,
    MPCHAR__LINE, /* model curves */
    MPCHAR__DASHED,
    MPCHAR__DOTTED,
    MPCHAR__LINEPOINTS, /* model at a few p */
} mpchar__style;

typedef struct mpchar__xy {
    double x, y;
    char *tip; /* hover text of a marker (malloc'ed; NULL: the default) */
} mpchar__xy;

typedef struct mpchar__series {
    char title[128];
    const char *rgb; /* "#rrggbb" from the palette */
    mpchar__style style;
    size_t n, cap;
    mpchar__xy *pt;
} mpchar__series;

#define MPCHAR__MAX_MARKS 4

typedef struct mpchar__plot {
    char id[96], title[192];
    const char *xlabel, *ylabel;
    bool logx, logy;
    size_t nseries, series_cap;
    mpchar__series *series;
    size_t nmarks;
    double mark[MPCHAR__MAX_MARKS]; /* vertical dashed lines at x */
    const char *mark_word;          /* their label; NULL: "switch" */
} mpchar__plot;

typedef struct mpchar__plots {
    mpchar__plot *v;
    size_t count, cap;
    bool failed; /* out of memory while building */
} mpchar__plots;

void mpchar__plots_free(mpchar__plots *ps);
/* The pointer is valid until the next mpchar__plot_add. */
mpchar__plot *mpchar__plot_add(mpchar__plots *ps, const char *id,
                               const char *xlabel, const char *ylabel,
                               bool logx, bool logy, const char *fmt, ...)
    MPCHAR__PRINTF(7, 8);
/* Series of the last plot. */
void mpchar__series_add(mpchar__plots *ps, const char *rgb, mpchar__style style,
                        const char *fmt, ...) MPCHAR__PRINTF(4, 5);
/* A point of the last series; points a log axis cannot show are skipped
 * (false). */
bool mpchar__point_add(mpchar__plots *ps, double x, double y);
/* The hover text of the last point added: lines apart by '\n'.  A marker
 * without one shows its series' title and x and y with the axis labels. */
void mpchar__point_tip(mpchar__plots *ps, const char *fmt, ...)
    MPCHAR__PRINTF(2, 3);
void mpchar__mark_add(mpchar__plots *ps, double x);
/* The gnuplot script drawing every plot to dir/<id>.svg, data in datadir. */
int mpchar__plots_script(const mpchar__plots *ps, const char *dir,
                         const char *datadir, FILE *script, mpchar_error *err);
/* Draws every plot with one gnuplot process.  Returns 0 when gnuplot ran
 * (a plot may still be missing), -1 with the reason in err otherwise. */
int mpchar__plots_draw(const mpchar__plots *ps, const char *dir,
                       const char *gnuplot, mpchar_error *err);

/* What plot_svg.c needs to know of one gnuplot-drawn plot. */
typedef struct mpchar__plot_axes {
    double x_min, x_max, y_min, y_max; /* the axes' ranges (data) */
    double left, right, bottom, top;   /* the plot area (SVG units) */
} mpchar__plot_axes;

/* The gnuplot plot elements of a plot in order (plot.c writes them, and
 * plot_svg.c maps gnuplot's groups back): for each series with points
 * its data elements (two for MPCHAR__LINEPOINTS: the line and the
 * markers), then one key entry per such series.  series[k] is the index
 * of the series of element k (0-based), key[k] whether it is a key entry;
 * returns the number of elements (at most max). */
size_t mpchar__plot_elements(const mpchar__plot *p, size_t *series, bool *key,
                             size_t max);
/* Makes gnuplot's SVG of p (the file at path) hoverable and its series
 * switchable: hover texts as <title> of every marker, each series' groups
 * classed and numbered, the axes in data- attributes of <svg>
 * (docs/report.md, "Interactive plots"). */
int mpchar__svg_hover(const mpchar__plot *p, const mpchar__plot_axes *axes,
                      const char *path, mpchar_error *err);

const char *mpchar__color_library(const char *name, size_t index);
const char *mpchar__color_family(mpchar_family f);
const char *mpchar__color_variant(const char *variant);
const char *mpchar__color_other(size_t index);

/* ---- the report being built ------------------------------------------ */

typedef struct mpchar__source {
    char dir[1024];
    bool has_meta;
    char host[128], cpu[128], created[40], status[24], options[768];
    long cores;                  /* 0: unknown */
    bool p_above_cores_left_out; /* meta.json says so (docs/timing.md) */
    double steal_max_pct;        /* most CPU time stolen in a launch; NAN */
    char steal_where[64];        /* that launch: library and p */
    const char *model;           /* where its model came from */
    mpchar_cache cache;          /* its run's buffers (meta.json) */
    char cache_sweep[32];
} mpchar__source;

typedef struct mpchar__library {
    char name[MPCHAR_NAME_MAX];     /* as in the report (may be renamed) */
    char original[MPCHAR_NAME_MAX]; /* as in its directory */
    char version[256], mpi_version[16];
    size_t source; /* index into sources */
} mpchar__library;

/* Model entries of one kind in report order: pattern, variant and op as
 * docs/data-formats.md lists them, then library. */
typedef struct mpchar__entries {
    const mpchar_entry **v;
    size_t n;
} mpchar__entries;

typedef struct mpchar__report {
    mpchar__source *sources;
    size_t nsources;
    mpchar__library *libs;
    size_t nlibs;
    mpchar_measurements meas; /* every directory's rows, merged */
    mpchar_failures failed;
    mpchar_process_rows proc; /* every directory's process_times.csv */
    mpchar_model model;       /* every directory's model, merged */
    bool have_model;
    mpchar__entries p2p, collectives; /* of model, sorted once loaded */
    char **notes;                     /* what is missing or damaged */
    size_t nnotes;
    size_t extrapolated; /* table values outside fitted sizes */
    profile *profiles;   /* `mpchar profile` directories (profiles.c) */
    size_t nprofiles;
    apps_row *apps; /* `mpchar apps` directories' rows (apps.c) */
    size_t napps;
    mpchar__doc lead; /* sections placed before the summary */
    mpchar__doc doc;
    mpchar__plots plots;
} mpchar__report;

int mpchar__report_note(mpchar__report *r, const char *fmt, ...)
    MPCHAR__PRINTF(2, 3);
/* Reads the directories (load.c); fails only on a directory that holds
 * no results at all. */
int mpchar__report_load(mpchar__report *r, const char *const *dirs,
                        size_t ndirs, mpchar_error *err);
void mpchar__report_free(mpchar__report *r);

/* Sections (report.c lists them): each appends its blocks to r->doc and
 * its plots to r->plots, after the heading report.c gives it.  The
 * summary comes last (it reports what the others found) and is moved to
 * the front, after the lead sections ("what to read first"). */
int mpchar__section_p2p(mpchar__report *r, mpchar_error *err);
/* Application profiles (profiles.c): a directory holding profile.json. */
int mpchar__load_profile(mpchar__report *r, const char *dir, mpchar_error *err);
int mpchar__section_profiles(mpchar__report *r, mpchar_error *err);
/* Application kernels (apps.c): a directory holding apps.csv. */
int mpchar__load_apps(mpchar__report *r, const char *dir, mpchar_error *err);
bool mpchar__apps_present(const mpchar__report *r);
int mpchar__section_apps(mpchar__report *r, mpchar_error *err);
/* Part of the point-to-point section (send_modes.c). */
void mpchar__send_modes(mpchar__report *r);
/* Seed 003's Table 1 for every library with pingpong (seed003.c). */
void mpchar__seed003_table(mpchar__report *r);
/* Seed 002's asynchronous ping-ping per process, from process_times.csv
 * (process_times.c). */
void mpchar__process_times_table(mpchar__report *r);
int mpchar__section_collectives(mpchar__report *r, mpchar_error *err);
int mpchar__section_accuracy(mpchar__report *r, mpchar_error *err);
/* Two or more libraries have model entries to compare. */
bool mpchar__libraries_compared(const mpchar__report *r);
int mpchar__section_libraries(mpchar__report *r, mpchar_error *err);
/* Some substitute is predicted faster somewhere (advice.c). */
bool mpchar__advice_present(const mpchar__report *r);
int mpchar__section_advice(mpchar__report *r, mpchar_error *err);
/* The rows hold one library in two placements of one p (placements.c). */
bool mpchar__placements_present(const mpchar__report *r);
int mpchar__section_placements(mpchar__report *r, mpchar_error *err);
/* The model has an overlap table (overlap.c). */
bool mpchar__overlap_present(const mpchar__report *r);
int mpchar__section_overlap(mpchar__report *r, mpchar_error *err);
/* "What to read first" per library (read_first.c), before the summary. */
int mpchar__section_read_first(mpchar__report *r, mpchar_error *err);
void mpchar__section_summary(mpchar__report *r, mpchar__doc *d,
                             const char *plot_problem);

/* ---- helpers shared by the sections (figures.c, model_tables.c) ------ */

/* Adds one of tables.c's tables to the document. */
int mpchar__model_table(mpchar__report *r, mpchar_model_table which,
                        mpchar_error *err);
/* Adds the figure of the last plot to the document. */
void mpchar__figure(mpchar__report *r, const char *fmt, ...)
    MPCHAR__PRINTF(2, 3);
/* Largest p fitted on real points by all of es[0..n-1]; 0 if none
 * (libraries.c). */
long mpchar__common_p(const mpchar_entry *const *es, size_t n);
/* The machine's cores, when some directory's meta.json told them; 0. */
long mpchar__machine_cores(const mpchar__report *r);
/* Index of a library in r->libs (its colour), or 0. */
size_t mpchar__library_index(const mpchar__report *r, const char *name);
const char *mpchar__library_color(const mpchar__report *r, const char *name);

/* Measured points of one entry at p into the last plot: fitting and
 * validation sets as two series, hollow when oversubscribed.  bandwidth:
 * y = n/T in MB/s instead of T.  Returns the number of points. */
size_t mpchar__measured_series(mpchar__report *r, const mpchar_entry *e, long p,
                               const char *rgb, const char *label,
                               bool bandwidth);
/* The hover text of the last point added, the measurement m of entry e:
 * what it is, n, its time (bandwidth: n/T) and every fitted family's
 * value at its n and p, the best marked. */
void mpchar__measured_tip(mpchar__report *r, const mpchar_measurement *m,
                          const mpchar_entry *e, bool bandwidth);
/* The curve of a model family (or the best) of an entry at p over the
 * fitted sizes, into the last plot. */
void mpchar__model_series(mpchar__report *r, const mpchar_entry *e, long p,
                          mpchar_family f, const char *rgb, mpchar__style style,
                          const char *label, bool bandwidth);
/* The fit of an entry at p, or NULL. */
const mpchar_pfit *mpchar__fit_at(const mpchar_entry *e, long p);
/* Predicted time of the best family at n and p, NAN when there is none;
 * *extrapolated_p (may be NULL) tells whether n or p lies outside the
 * fitted range. */
double mpchar__predict_best(const mpchar_entry *e, double n, long p,
                            bool *extrapolated_p);
/* Sorts the model's entries into r->p2p and r->collectives; -1 when
 * memory runs out. */
int mpchar__sort_entries(mpchar__report *r);
/* Same pattern, variant and op (any library). */
bool mpchar__same_key(const mpchar_entry *a, const mpchar_entry *b);
/* Label "pattern[/variant][ op=op]" of an entry, without the library. */
void mpchar__entry_name(const mpchar_entry *e, char *buf, size_t len);
/* The same label from the names themselves. */
void mpchar__primitive_name(const char *pattern, const char *variant,
                            const char *op, char *buf, size_t len);
/* "16 B", "4 KiB", "1.5 MiB". */
void mpchar__bytes_text(double n, char *buf, size_t len);
/* "openmpi-pingpong-send": an id made of the entry's names. */
void mpchar__entry_id(const mpchar_entry *e, bool with_library, char *buf,
                      size_t len);

#endif
