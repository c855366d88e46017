/* report.html: the document as one self-contained HTML file.  The style
 * sheet is inline, every drawn plot's SVG is copied in (so the file opens
 * from any file system with nothing fetched), and when a plot is drawn,
 * one small inline script makes the plots interactive: clicking a legend
 * entry hides or shows its series, and a readout under the plot gives the
 * hovered point's text, or the cursor's x and y and every shown model
 * line's value there.  Without the script the page is complete: the SVGs
 * are static pictures whose markers have <title> tooltips (plot_svg.c).
 *
 * The output is also well-formed XML (every element closed, only the five
 * XML entities), which lets tests parse it with any XML parser.  gnuplot
 * gives every SVG the same ids (gpPt0, gnuplot_canvas, ...); inlined, they
 * are prefixed with the figure's id so that each stays unique. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/fileio.h"
#include "report_internal.h"

static const char style_sheet[] =
    "body{font-family:sans-serif;max-width:1000px;margin:1em auto;"
    "padding:0 1em;color:#222;line-height:1.4}\n"
    "h1,h2,h3{color:#134}h2{border-bottom:2px solid #ccd;padding-bottom:2px;"
    "margin-top:2em}\n"
    "table{border-collapse:collapse;margin:1em 0;font-size:0.85em}\n"
    "caption{text-align:left;font-weight:bold;padding:4px 0}\n"
    "th,td{border:1px solid #bbc;padding:2px 6px;text-align:left}\n"
    "th{background:#eef}tr.oversub td{background:#fff4e0;font-style:italic}\n"
    "td.best{font-weight:bold;background:#d8f5d8}\n"
    "p.note{background:#fff8d0;border-left:4px solid #e0b000;"
    "padding:4px 8px}\n"
    "figure{margin:1em 0}figure svg{width:100%;max-width:900px;"
    "height:auto}\n"
    "figcaption{font-size:0.85em;color:#444}\n"
    "div.missing{border:1px dashed #999;padding:2em;color:#666;"
    "max-width:860px}\n"
    "svg .mpc-key{cursor:pointer;pointer-events:bounding-box}"
    "svg .mpc-key:focus:not(:focus-visible){outline:none}"
    "svg .mpc-off{opacity:0.3}svg .mpc-hidden{display:none}\n"
    "div.readout{font-size:0.8em;font-family:monospace;color:#345;"
    "min-height:1.4em}\n";

/* The plots' script (see the top of this file); CDATA keeps the page
 * well-formed XML, the // hide it from JavaScript. */
static const char plot_script[] =
    "(function () {\n"
    "  'use strict';\n"
    "  function num(v) {\n"
    "    var a = Math.abs(v);\n"
    "    return a >= 1e6 || (a > 0 && a < 1e-3) ? v.toExponential(3)\n"
    "                                           : String(+v.toPrecision(4));\n"
    "  }\n"
    "  /* The data value of SVG coordinate v on an axis from lo (at p0) to hi\n"
    "   * (at p1). */\n"
    "  function value(v, lo, hi, p0, p1, log) {\n"
    "    var f = (v - p0) / (p1 - p0);\n"
    "    return log ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo);\n"
    "  }\n"
    "  /* A model line: its path's vertices by x, in SVG coordinates. */\n"
    "  function lineOf(g) {\n"
    "    var pts = [];\n"
    "    g.querySelectorAll('path').forEach(function (p) {\n"
    "      var re = /[ML]\\s*(-?[\\d.]+),(-?[\\d.]+)/g, m;\n"
    "      var d = p.getAttribute('d') || '';\n"
    "      while ((m = re.exec(d))) pts.push([+m[1], +m[2]]);\n"
    "    });\n"
    "    pts.sort(function (u, v) { return u[0] - v[0]; });\n"
    "    return {g: g, name: g.querySelector('title').textContent, pts: pts};\n"
    "  }\n"
    "  function yAt(l, x) {\n"
    "    var p = l.pts;\n"
    "    for (var i = 1; i < p.length; i++) {\n"
    "      if (p[i - 1][0] <= x && x <= p[i][0]) {\n"
    "        var w = p[i][0] - p[i - 1][0];\n"
    "        var f = w > 0 ? (x - p[i - 1][0]) / w : 0;\n"
    "        return p[i - 1][1] + f * (p[i][1] - p[i - 1][1]);\n"
    "      }\n"
    "    }\n"
    "    return null;\n"
    "  }\n"
    "  function toggles(svg) {\n"
    "    svg.querySelectorAll('g.mpc-key').forEach(function (k) {\n"
    "      var sel = 'g.mpc-data[data-series=\"' +\n"
    "                k.getAttribute('data-series') + '\"]';\n"
    "      k.setAttribute('tabindex', '0');\n"
    "      k.setAttribute('role', 'button');\n"
    "      k.setAttribute('aria-pressed', 'true');\n"
    "      function toggle() {\n"
    "        var off = !k.classList.contains('mpc-off');\n"
    "        k.classList.toggle('mpc-off', off);\n"
    "        k.setAttribute('aria-pressed', String(!off));\n"
    "        svg.querySelectorAll(sel).forEach(function (g) {\n"
    "          g.classList.toggle('mpc-hidden', off);\n"
    "        });\n"
    "      }\n"
    "      k.addEventListener('click', toggle);\n"
    "      k.addEventListener('keydown', function (ev) {\n"
    "        if (ev.key === 'Enter' || ev.key === ' ') {\n"
    "          ev.preventDefault();\n"
    "          toggle();\n"
    "        }\n"
    "      });\n"
    "    });\n"
    "  }\n"
    "  function readout(fig, svg) {\n"
    "    var a = (svg.getAttribute('data-axes') || '').split(' ');\n"
    "    a = a.map(Number);\n"
    "    var log = svg.getAttribute('data-log') || '';\n"
    "    var lx = log.indexOf('x') >= 0, ly = log.indexOf('y') >= 0;\n"
    "    var xl = svg.getAttribute('data-xlabel');\n"
    "    var yl = svg.getAttribute('data-ylabel');\n"
    "    var out = document.createElement('div');\n"
    "    out.className = 'readout';\n"
    "    out.textContent = 'Hover a point or the plot for values; click a ' +\n"
    "                      'legend entry to hide or show its series.';\n"
    "    fig.insertBefore(out, fig.querySelector('figcaption'));\n"
    "    var lines = [];\n"
    "    svg.querySelectorAll('g.mpc-data').forEach(function (g) {\n"
    "      if (!g.querySelector('g.mpc-pt') && g.querySelector('path'))\n"
    "        lines.push(lineOf(g));\n"
    "    });\n"
    "    svg.addEventListener('mousemove', function (ev) {\n"
    "      var mark = ev.target.closest('g.mpc-pt');\n"
    "      if (mark) {\n"
    "        out.textContent = mark.querySelector('title').textContent\n"
    "          .replace(/:\\n/g, ': ').replace(/\\n/g, '; ');\n"
    "        return;\n"
    "      }\n"
    "      if (a.length !== 8 || a.some(isNaN)) return;\n"
    "      var pt = svg.createSVGPoint();\n"
    "      pt.x = ev.clientX;\n"
    "      pt.y = ev.clientY;\n"
    "      var c = pt.matrixTransform(svg.getScreenCTM().inverse());\n"
    "      if (c.x < a[4] || c.x > a[5] || c.y > a[6] || c.y < a[7]) return;\n"
    "      var x = value(c.x, a[0], a[1], a[4], a[5], lx);\n"
    "      var y = value(c.y, a[2], a[3], a[6], a[7], ly);\n"
    "      var parts = [xl + ' = ' + num(x), yl + ' = ' + num(y)];\n"
    "      lines.forEach(function (l) {\n"
    "        if (l.g.classList.contains('mpc-hidden')) return;\n"
    "        var y = yAt(l, c.x);\n"
    "        if (y !== null)\n"
    "          parts.push(l.name + ': ' +\n"
    "                     num(value(y, a[2], a[3], a[6], a[7], ly)));\n"
    "      });\n"
    "      out.textContent = 'cursor: ' + parts.join('; ');\n"
    "    });\n"
    "  }\n"
    "  document.querySelectorAll('figure.plot').forEach(function (fig) {\n"
    "    var svg = fig.querySelector('svg.mpc-plot');\n"
    "    if (!svg) return;\n"
    "    toggles(svg);\n"
    "    readout(fig, svg);\n"
    "  });\n"
    "})();\n";

void mpchar__html_escape(FILE *out, const char *text)
{
    for (const char *s = text ? text : ""; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
    }
}

static const char *skip_prolog(const char *svg)
{
    for (;;) {
        while (*svg == ' ' || *svg == '\n' || *svg == '\r' || *svg == '\t')
            svg++;
        if (strncmp(svg, "<?", 2) && strncmp(svg, "<!DOCTYPE", 9) &&
            strncmp(svg, "<!--", 4))
            return svg;
        const char *end = strchr(svg, '>');
        if (!end)
            return svg + strlen(svg);
        svg = end + 1;
    }
}

void mpchar__svg_inline(FILE *out, const char *svg, const char *prefix)
{
    static const char *const marks[] = {" id='", " id=\"", "href='#",
                                        "href=\"#", "url(#"};
    const char *s = skip_prolog(svg);
    while (*s) {
        size_t hit = 0;
        for (size_t k = 0; k < sizeof marks / sizeof marks[0] && !hit; k++)
            if (!strncmp(s, marks[k], strlen(marks[k])))
                hit = strlen(marks[k]);
        if (hit) {
            fwrite(s, 1, hit, out);
            fputs(prefix, out);
            s += hit;
        } else {
            fputc(*s++, out);
        }
    }
}

/* The SVG file gnuplot drew, or NULL when it is missing or unreadable. */
static char *read_svg(const char *path)
{
    char *text;
    size_t len;
    mpchar_error err;
    if (mpchar_read_file(path, (size_t)1 << 28, &text, &len, &err) != 0)
        return NULL;
    return text;
}

/* Returns whether the plot was drawn (its SVG inlined). */
static bool figure_html(const mpchar__block *b, const char *out_dir, FILE *out)
{
    char path[4096], prefix[128];
    snprintf(path, sizeof path, "%s/%s", out_dir, b->svg ? b->svg : "");
    char *svg = b->missing ? NULL : read_svg(path);
    bool drawn = svg != NULL;
    fprintf(out, "<figure class=\"%s\" id=\"", svg ? "plot" : "plot-missing");
    mpchar__html_escape(out, b->id);
    fputs("\">\n", out);
    if (svg) {
        snprintf(prefix, sizeof prefix, "%s-", b->id);
        mpchar__svg_inline(out, svg, prefix);
        free(svg);
    } else {
        fputs("<div class=\"missing\">Plot not drawn: ", out);
        mpchar__html_escape(out, b->missing ? b->missing
                                            : "its SVG file is missing");
        fputs("</div>\n", out);
    }
    fputs("<figcaption>", out);
    mpchar__html_escape(out, b->text);
    fputs("</figcaption>\n</figure>\n", out);
    return drawn;
}

static void table_html(const mpchar__block *b, size_t index, FILE *out)
{
    const mpchar__table *t = &b->table;
    fputs("<table id=\"", out);
    if (b->id)
        mpchar__html_escape(out, b->id);
    else
        fprintf(out, "table-%zu", index);
    fputs("\">\n<caption>", out);
    mpchar__html_escape(out, b->text);
    fputs("</caption>\n<thead><tr>", out);
    for (int c = 0; c < t->ncols; c++) {
        fputs("<th>", out);
        mpchar__html_escape(out, t->head[c]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    for (size_t r = 0; r < t->nrows; r++) {
        const mpchar__row *row = &t->rows[r];
        fputs(row->oversub ? "<tr class=\"oversub\">" : "<tr>", out);
        for (int c = 0; c < t->ncols; c++) {
            fputs(row->best & (1u << c) ? "<td class=\"best\">" : "<td>", out);
            mpchar__html_escape(out, row->cell[c]);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table>\n", out);
}

static void text_html(const char *open, const char *text, const char *close,
                      FILE *out)
{
    fputs(open, out);
    mpchar__html_escape(out, text);
    fputs(close, out);
}

/* Returns whether the block is a drawn plot. */
static bool block_html(const mpchar__doc *d, size_t i, const char *out_dir,
                       FILE *out)
{
    const mpchar__block *b = &d->blocks[i];
    bool prev_item = i > 0 && d->blocks[i - 1].kind == MPCHAR__ITEM;
    bool next_item = i + 1 < d->count && d->blocks[i + 1].kind == MPCHAR__ITEM;
    switch (b->kind) {
    case MPCHAR__HEADING:
        fprintf(out, "<h%d", b->level + 1);
        if (b->id)
            text_html(" id=\"", b->id, "\"", out);
        text_html(">", b->text, "", out);
        fprintf(out, "</h%d>\n", b->level + 1);
        break;
    case MPCHAR__PARA: text_html("<p>", b->text, "</p>\n", out); break;
    case MPCHAR__NOTE:
        text_html("<p class=\"note\">", b->text, "</p>\n", out);
        break;
    case MPCHAR__ITEM:
        text_html(prev_item ? "<li>" : "<ul>\n<li>", b->text,
                  next_item ? "</li>\n" : "</li>\n</ul>\n", out);
        break;
    case MPCHAR__TABLE: table_html(b, i, out); break;
    case MPCHAR__FIGURE: return figure_html(b, out_dir, out);
    }
    return false;
}

static void contents_html(const mpchar__doc *d, FILE *out)
{
    fputs("<nav><ul class=\"contents\">\n", out);
    for (size_t i = 0; i < d->count; i++) {
        const mpchar__block *b = &d->blocks[i];
        if (b->kind != MPCHAR__HEADING || b->level != 1 || !b->id)
            continue;
        text_html("<li><a href=\"#", b->id, "\">", out);
        text_html("", b->text, "</a></li>\n", out);
    }
    fputs("</ul></nav>\n", out);
}

int mpchar__render_html(const mpchar__doc *d, const char *out_dir, FILE *out,
                        mpchar_error *err)
{
    size_t plots = mpchar__doc_count(d, MPCHAR__FIGURE);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" "
          "content=\"width=device-width, initial-scale=1\"/>\n",
          out);
    text_html("<title>", d->title, "</title>\n", out);
    fprintf(out, "<style>\n%s</style>\n</head>\n<body>\n", style_sheet);
    fprintf(out, "<!-- plots: %zu -->\n", plots);
    text_html("<h1>", d->title, "</h1>\n", out);
    contents_html(d, out);
    size_t drawn = 0;
    for (size_t i = 0; i < d->count; i++)
        drawn += block_html(d, i, out_dir, out);
    if (drawn)
        fprintf(out, "<script>//<![CDATA[\n%s//]]>\n</script>\n", plot_script);
    fputs("</body>\n</html>\n", out);
    if (ferror(out))
        return mpchar_error_set(err, "write error writing the HTML report");
    return 0;
}
