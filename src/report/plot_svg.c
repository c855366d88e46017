/* Makes an SVG that gnuplot drew hoverable and its series switchable,
 * without any script in the file: the SVG stays a complete static
 * picture, and a browser shows each marker's <title> as a tooltip.
 *
 * gnuplot's svg terminal (5.4) puts each plot element in a group
 *   <g id="gnuplot_plot_N" ><title>gnuplot_plot_N</title> ...
 * and wraps each hypertext marker in
 *   <g onmousemove="gnuplot_svg.showHypertext(evt,'TEXT')"
 *      onmouseout="gnuplot_svg.hideHypertext()"><title> </title> ...
 * whose handlers call gnuplot's own script (not in the file: its `mouse`
 * option would add 30 KB of script to every SVG, with globals that clash
 * when several SVGs share a page).  This file rewrites both: the element
 * group gets class mpc-data (a series' line or markers) or mpc-key (its
 * key entry), data-series (the series' number in the plot) and the
 * series' title; the marker group loses the handlers and gets class
 * mpc-pt and the point's hover text (TEXT is the point's number, written
 * by plot.c).  Empty groups, which gnuplot writes at every change of
 * style, are dropped, and a style group closed and opened again at once
 * (gnuplot does so around every marker) becomes one.  The <svg> element
 * gets the axes (data-axes, data-log, data-xlabel, data-ylabel) for the
 * report's readout script (render_html.c).  docs/report.md, "Interactive
 * plots", has the format. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpchar/fileio.h"
#include "report_internal.h"

#define GROUP "<g id=\"gnuplot_plot_"
#define HOVER " onmousemove=\"gnuplot_svg.showHypertext(evt,'"

/* What the rewrite needs of the plot: every point of its drawn series in
 * the order plot.c numbered them, and its elements. */
typedef struct hover_map {
    const mpchar__plot *plot;
    const mpchar__xy **point;
    size_t *point_series;
    size_t npoints;
    size_t *elem_series;
    bool *elem_key;
    size_t nelems;
} hover_map;

static void map_free(hover_map *m)
{
    free(m->point);
    free(m->point_series);
    free(m->elem_series);
    free(m->elem_key);
}

static int map_init(hover_map *m, const mpchar__plot *p)
{
    *m = (hover_map){.plot = p};
    size_t total = 0;
    for (size_t s = 0; s < p->nseries; s++)
        total += p->series[s].n;
    size_t max = 3 * p->nseries + 1; /* two data elements and a key each */
    m->point = malloc((total + 1) * sizeof *m->point);
    m->point_series = malloc((total + 1) * sizeof *m->point_series);
    m->elem_series = malloc(max * sizeof *m->elem_series);
    m->elem_key = malloc(max * sizeof *m->elem_key);
    if (!m->point || !m->point_series || !m->elem_series || !m->elem_key) {
        map_free(m);
        return -1;
    }
    for (size_t s = 0; s < p->nseries; s++)
        for (size_t i = 0; i < p->series[s].n; i++) {
            m->point_series[m->npoints] = s;
            m->point[m->npoints++] = &p->series[s].pt[i];
        }
    m->nelems = mpchar__plot_elements(p, m->elem_series, m->elem_key, max);
    return 0;
}

/* A number of at most 9 digits at *s, moving *s past it; -1 if none. */
static long digits(const char **s)
{
    long v = 0;
    int n = 0;
    for (; **s >= '0' && **s <= '9' && n < 9; (*s)++, n++)
        v = v * 10 + (**s - '0');
    return n ? v : -1;
}

/* Past the <title>...</title> at s (gnuplot's), or s itself. */
static const char *skip_title(const char *s)
{
    if (strncmp(s, "<title>", 7))
        return s;
    const char *end = strstr(s, "</title>");
    return end ? end + 8 : s;
}

static void svg_attributes(const mpchar__plot *p, const mpchar__plot_axes *a,
                           FILE *out)
{
    fprintf(out,
            " class=\"mpc-plot\" data-axes=\"%.9g %.9g %.9g %.9g %.6g %.6g "
            "%.6g %.6g\" data-log=\"%s%s\" data-xlabel=\"",
            a->x_min, a->x_max, a->y_min, a->y_max, a->left, a->right,
            a->bottom, a->top, p->logx ? "x" : "", p->logy ? "y" : "");
    mpchar__html_escape(out, p->xlabel);
    fputs("\" data-ylabel=\"", out);
    mpchar__html_escape(out, p->ylabel);
    fputc('"', out);
}

/* The group of element n (1-based) at s, past GROUP; returns where the
 * rest of the text continues, or NULL if it is not gnuplot's. */
static const char *group(const hover_map *m, const char *s, FILE *out)
{
    long n = digits(&s);
    const char *end = strchr(s, '>');
    if (n < 1 || *s != '"' || !end)
        return NULL;
    if ((size_t)n > m->nelems) { /* the "no data" plot's empty element */
        fprintf(out, GROUP "%ld\">", n);
        return skip_title(end + 1);
    }
    size_t series = m->elem_series[n - 1];
    fprintf(out, GROUP "%ld\" class=\"%s\" data-series=\"%zu\"><title>", n,
            m->elem_key[n - 1] ? "mpc-key" : "mpc-data", series);
    mpchar__html_escape(out, m->plot->series[series].title);
    fputs("</title>", out);
    return skip_title(end + 1);
}

static void default_tip(const mpchar__plot *p, const mpchar__series *se,
                        const mpchar__xy *pt, FILE *out)
{
    char text[512];
    snprintf(text, sizeof text, "%s\n%s: %.6g\n%s: %.6g", se->title, p->xlabel,
             pt->x, p->ylabel, pt->y);
    mpchar__html_escape(out, text);
}

/* A hypertext marker at s, past HOVER: the handlers dropped, the point's
 * text as its title. */
static const char *marker(const hover_map *m, const char *s, FILE *out)
{
    long k = digits(&s);
    const char *end = strchr(s, '>');
    if (k < 0 || (size_t)k >= m->npoints || strncmp(s, "')\"", 3) || !end)
        return NULL;
    const mpchar__xy *pt = m->point[k];
    fputs(" class=\"mpc-pt\"><title>", out);
    if (pt->tip)
        mpchar__html_escape(out, pt->tip);
    else
        default_tip(m->plot, &m->plot->series[m->point_series[k]], pt, out);
    fputs("</title>", out);
    return skip_title(end + 1);
}

/* Whether the tag from s to end holds text. */
static bool tag_has(const char *s, const char *end, const char *text)
{
    size_t len = strlen(text);
    for (; s + len <= end; s++)
        if (!strncmp(s, text, len))
            return true;
    return false;
}

/* The end ('>') of a group's opening tag at s ("<g " or "<g>"), or NULL
 * if s opens none. */
static const char *group_tag(const char *s)
{
    if (strncmp(s, "<g", 2) || (s[2] != ' ' && s[2] != '>'))
        return NULL;
    const char *end = strchr(s, '>');
    return end && end[-1] != '/' ? end : NULL;
}

/* Past the empty group at s ("<g ...>", blanks, "</g>", a newline) that
 * gnuplot writes around every style change, or NULL if s is none: it
 * draws nothing, and with a group per marker it would be a fifth of the
 * file.  A group with an id is kept. */
static const char *empty_group(const char *s)
{
    const char *end = group_tag(s);
    if (!end || tag_has(s, end, " id="))
        return NULL;
    end += 1 + strspn(end + 1, " \t\r\n");
    if (strncmp(end, "</g>", 4))
        return NULL;
    return end + 4 + (end[4] == '\n');
}

/* The groups open at a point of the rewrite, their opening tags in the
 * input; deeper ones are counted only (gnuplot nests four). */
#define MAX_DEPTH 32
typedef struct open_groups {
    const char *tag[MAX_DEPTH];
    size_t len[MAX_DEPTH];
    size_t depth;
} open_groups;

static void push(open_groups *g, const char *tag, const char *end)
{
    if (g->depth < MAX_DEPTH) {
        g->tag[g->depth] = tag;
        g->len[g->depth] = (size_t)(end - tag) + 1;
    }
    g->depth++;
}

/* At "</g>" s: past it and the opening tag that follows when that tag is
 * the closed group's own, a style group without id (the two groups become
 * one: gnuplot writes a group of the same style around every marker),
 * else NULL. */
static const char *merged(const open_groups *g, const char *s)
{
    size_t d = g->depth;
    if (d == 0 || d > MAX_DEPTH)
        return NULL;
    const char *tag = g->tag[d - 1];
    size_t len = g->len[d - 1];
    const char *next = s + 4 + (s[4] == '\n');
    if (strncmp(tag, "<g fill=", 8) || tag_has(tag, tag + len, " id=") ||
        strncmp(next, tag, len))
        return NULL;
    return next + len + (next[len] == '\n');
}

static int rewrite(const hover_map *m, const mpchar__plot_axes *a,
                   const char *svg, FILE *out)
{
    bool root = false;
    open_groups g = {.depth = 0};
    for (const char *s = svg; *s;) {
        const char *next = NULL, *end;
        if (!root && !strncmp(s, "<svg", 4) && (s[4] == ' ' || s[4] == '\n')) {
            fputs("<svg", out);
            svg_attributes(m->plot, a, out);
            root = true;
            next = s + 4;
        } else if ((next = empty_group(s)) != NULL) {
            /* dropped */
        } else if (!strncmp(s, "</g>", 4)) {
            next = merged(&g, s);
            if (!next) {
                fputs("</g>", out);
                next = s + 4;
                g.depth -= g.depth > 0;
            }
        } else if ((end = group_tag(s)) != NULL) {
            push(&g, s, end);
            next = !strncmp(s, GROUP, strlen(GROUP))
                       ? group(m, s + strlen(GROUP), out)
                       : (fputs("<g", out), s + 2);
        } else if (!strncmp(s, HOVER, strlen(HOVER))) {
            next = marker(m, s + strlen(HOVER), out);
        } else {
            fputc(*s, out);
            next = s + 1;
        }
        if (!next)
            return -1;
        s = next;
    }
    return root ? 0 : -1;
}

int mpchar__svg_hover(const mpchar__plot *p, const mpchar__plot_axes *axes,
                      const char *path, mpchar_error *err)
{
    char *svg, *text = NULL, tmp[4200];
    size_t len, text_len = 0;
    mpchar_error ignored;
    /* A plot gnuplot did not write stays missing (its figure says so). */
    if (mpchar_read_file(path, (size_t)1 << 28, &svg, &len, &ignored) != 0)
        return 0;
    hover_map m;
    if (map_init(&m, p) != 0) {
        free(svg);
        return mpchar_error_set(err, "out of memory");
    }
    FILE *out = open_memstream(&text, &text_len);
    int rc = out ? rewrite(&m, axes, svg, out) : -1;
    if (out && fclose(out) != 0)
        rc = -1;
    map_free(&m);
    free(svg);
    if (rc == 0 && strstr(text, "gnuplot_svg."))
        rc = -1;
    if (rc != 0) {
        free(text);
        return mpchar_error_set(err, "%s: not the SVG gnuplot 5.4 writes",
                                path);
    }
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    bool ok = f && fwrite(text, 1, text_len, f) == text_len;
    ok = (f && fclose(f) == 0) && ok && rename(tmp, path) == 0;
    int e = errno;
    free(text);
    if (!ok) {
        unlink(tmp);
        return mpchar_error_set(err, "%s: %s", tmp, strerror(e));
    }
    return 0;
}
