/* The report's document and its renderers (src/report): HTML escaping,
 * inline SVG with unique ids, Markdown tables (pipes, best cells,
 * oversubscribed rows), figures drawn and missing, moving blocks between
 * documents; the model's tables in the document with their row flags and
 * cell marks; and the gnuplot script: empty series left out, a plot
 * without points still valid, quotes escaped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "mpchar/model_tables.h"
#include "report_internal.h"
#include "unit_assert.h"

/* Output of a writer into a malloc'ed string. */
typedef struct capture {
    char *text;
    size_t len;
    FILE *f;
} capture;

static void capture_open(capture *c)
{
    c->text = NULL;
    c->f = open_memstream(&c->text, &c->len);
    assert_non_null(c->f);
}

/* A file's text (free it). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, out);
    fclose(f);
    assert_int_equal(fclose(out), 0);
    return text;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

static char *capture_close(capture *c)
{
    assert_int_equal(fclose(c->f), 0);
    return c->text;
}

static void test_html_escape(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    mpchar__html_escape(c.f, "<b a=\"x\">&'</b>");
    char *s = capture_close(&c);
    assert_string_equal(s, "&lt;b a=&quot;x&quot;&gt;&amp;&#39;&lt;/b&gt;");
    free(s);
}

static void sample_doc(mpchar__doc *d)
{
    static const char *const head[] = {"name", "value|pipe", "p"};
    mpchar__doc_init(d, "T <&> report");
    mpchar__doc_heading(d, 1, "sec", "Section <1>");
    mpchar__doc_para(d, "a <script>alert(1)</script> & b_c*d");
    mpchar__doc_item(d, "first");
    mpchar__doc_item(d, "second");
    mpchar__doc_table(d, "Caption | with pipe", 3, head);
    mpchar__doc_row(d);
    mpchar__doc_cell(d, 0, "x|y");
    mpchar__doc_cell(d, 1, "%d", 42);
    mpchar__doc_cell_best(d, 1);
    mpchar__doc_row(d);
    mpchar__doc_cell(d, 0, "over");
    mpchar__doc_cell(d, 2, "3*");
    mpchar__doc_row_oversub(d);
    mpchar__doc_figure(d, "fig-1", "plots/fig-1.svg", "Caption of <fig>");
    assert_false(d->failed);
}

static void test_html_render(void **state)
{
    (void)state;
    mpchar__doc d;
    sample_doc(&d);
    d.blocks[d.count - 1].missing = strdup("gnuplot missing");
    capture c;
    capture_open(&c);
    mpchar_error err;
    assert_int_equal(mpchar__render_html(&d, "/nonexistent", c.f, &err), 0);
    char *s = capture_close(&c);
    assert_contains(s, "<!-- plots: 1 -->");
    assert_contains(s, "<title>T &lt;&amp;&gt; report</title>");
    assert_contains(s, "<h2 id=\"sec\">Section &lt;1&gt;</h2>");
    assert_contains(s, "a &lt;script&gt;alert(1)&lt;/script&gt; &amp; b_c*d");
    assert_null(strstr(s, "<script"));
    assert_contains(s, "<ul>\n<li>first</li>\n<li>second</li>\n</ul>");
    assert_contains(s, "<td class=\"best\">42</td>");
    assert_contains(s, "<tr class=\"oversub\"><td>over</td>");
    assert_contains(s, "<figure class=\"plot-missing\" id=\"fig-1\">");
    assert_contains(s, "Plot not drawn: gnuplot missing");
    assert_contains(s, "<a href=\"#sec\">Section &lt;1&gt;</a>");
    free(s);
    mpchar__doc_free(&d);
}

/* A drawn plot is inlined (ids prefixed, classes kept), and the page gets
 * the plots' script once, after the last block, wrapped so that the page
 * stays well-formed XML; a page without a drawn plot has no script. */
static void test_html_script(void **state)
{
    (void)state;
    char dir[512], path[600];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mpchar-test-html.XXXXXX", tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.svg", dir);
    write_text(path, "<svg class=\"mpc-plot\" viewBox=\"0 0 9 9\">"
                     "<g id=\"gnuplot_plot_1\" class=\"mpc-key\" "
                     "data-series=\"0\"><title>k</title></g></svg>\n");
    mpchar__doc d;
    mpchar__doc_init(&d, "t");
    mpchar__doc_figure(&d, "fa", "a.svg", "one");
    mpchar__doc_figure(&d, "fb", "b.svg", "two");
    capture c;
    capture_open(&c);
    mpchar_error err;
    assert_int_equal(mpchar__render_html(&d, dir, c.f, &err), 0);
    char *s = capture_close(&c);
    assert_contains(
        s, "<figure class=\"plot\" id=\"fa\">\n<svg class=\"mpc-plot\"");
    assert_contains(s, "<g id=\"fa-gnuplot_plot_1\" class=\"mpc-key\" "
                       "data-series=\"0\">");
    assert_contains(s, "<figure class=\"plot-missing\" id=\"fb\">");
    assert_contains(s, "svg .mpc-hidden{display:none}");
    const char *script = strstr(s, "<script>//<![CDATA[\n");
    assert_non_null(script);
    assert_null(strstr(script + 1, "<script"));
    assert_contains(script, "g.mpc-key");
    assert_contains(script, "//]]>\n</script>\n</body>\n</html>\n");
    assert_ptr_equal(strstr(script, "]]>"), strstr(script, "//]]>") + 2);
    free(s);
    mpchar__doc_free(&d);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(rmdir(dir), 0);
}

static void test_md_render(void **state)
{
    (void)state;
    mpchar__doc d;
    sample_doc(&d);
    capture c;
    capture_open(&c);
    mpchar_error err;
    assert_int_equal(mpchar__render_md(&d, c.f, &err), 0);
    char *s = capture_close(&c);
    assert_contains(s, "# T \\<&\\> report\n");
    assert_contains(s, "## Section \\<1\\>\n");
    assert_contains(s, "- first\n- second\n\n");
    assert_contains(s, "**Caption \\| with pipe**\n\n"
                       "| name | value\\|pipe | p |\n| --- | --- | --- |\n"
                       "| x\\|y | **42** |  |\n"
                       "| over (oversubscribed) |  | 3\\* |\n");
    assert_contains(s, "![fig-1](plots/fig-1.svg)");
    assert_contains(s, "b\\_c\\*d");
    free(s);
    mpchar__doc_free(&d);
}

static void test_svg_inline(void **state)
{
    (void)state;
    const char *svg =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"x\" \"http://x\">\n"
        "<svg viewBox=\"0 0 9 9\">\n<g id=\"canvas\"><path id='gpPt1'/>"
        "<use xlink:href='#gpPt1' id='gpPt2'/>"
        "<rect filter=\"url(#box)\"/></g></svg>\n";
    capture c;
    capture_open(&c);
    mpchar__svg_inline(c.f, svg, "f1-");
    char *s = capture_close(&c);
    assert_true(strncmp(s, "<svg", 4) == 0);
    assert_null(strstr(s, "DOCTYPE"));
    assert_null(strstr(s, "http://x"));
    assert_contains(s, "<g id=\"f1-canvas\">");
    assert_contains(s, "<path id='f1-gpPt1'/>");
    assert_contains(s, "xlink:href='#f1-gpPt1' id='f1-gpPt2'");
    assert_contains(s, "url(#f1-box)");
    free(s);
}

static void test_doc_take_and_count(void **state)
{
    (void)state;
    mpchar__doc a, b;
    mpchar__doc_init(&a, "a");
    mpchar__doc_init(&b, NULL);
    mpchar__doc_para(&a, "one");
    mpchar__doc_figure(&b, "f", "plots/f.svg", "cap");
    mpchar__doc_figure(&b, "g", "plots/g.svg", "cap");
    mpchar__doc_take(&a, &b);
    assert_int_equal(a.count, 3);
    assert_int_equal(b.count, 0);
    assert_int_equal(mpchar__doc_count(&a, MPCHAR__FIGURE), 2);
    assert_string_equal(a.blocks[2].id, "g");
    /* Rows need a table as the last block; elsewhere they do nothing. */
    mpchar__doc_row(&a);
    mpchar__doc_cell(&a, 0, "ignored");
    assert_null(mpchar__doc_last_table(&a));
    assert_false(a.failed);
    mpchar__doc_free(&a);
    mpchar__doc_free(&b);
}

/* One point-to-point entry fitted at p = 2 (t_i best) and at p = 3
 * (oversubscribed, piecewise best). */
static void marked_model(mpchar_model *m)
{
    mpchar_pfit fits[2] = {
        {.p = 2, .best = MPCHAR_FAMILY_TI},
        {.p = 3, .oversubscribed = true, .best = MPCHAR_FAMILY_PIECEWISE}};
    for (int k = 0; k < 2; k++) {
        fits[k].pw.count = 1;
        for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++) {
            fits[k].ok[f] = true;
            fits[k].acc[f] =
                (mpchar_accuracy){0.1 * (f + 1), 0.2, 20, 20, NAN, 0};
        }
    }
    mpchar_entry e = {.kind = MPCHAR_KIND_P2P,
                      .oversubscribed = true,
                      .nfits = 2,
                      .fits = fits};
    snprintf(e.library, sizeof e.library, "lib");
    snprintf(e.pattern, sizeof e.pattern, "pingpong");
    snprintf(e.variant, sizeof e.variant, "send");
    snprintf(e.op, sizeof e.op, "-");
    memset(m, 0, sizeof *m);
    mpchar_error err;
    assert_int_equal(mpchar_model_add_entry(m, &e, &err), 0);
}

/* Each row flag and cell mark of the model's table becomes the document's
 * (oversubscribed row, best cell), and nothing else is marked. */
static void test_model_table_marks(void **state)
{
    (void)state;
    mpchar__report r;
    memset(&r, 0, sizeof r);
    marked_model(&r.model);
    mpchar__doc_init(&r.doc, NULL);
    mpchar_error err;
    assert_int_equal(mpchar__model_table(&r, MPCHAR_TABLE_ACCURACY, &err), 0);
    const mpchar__table *dt = mpchar__doc_last_table(&r.doc);
    assert_non_null(dt);
    mpchar_table t;
    assert_int_equal(mpchar_model_table_build(&r.model, MPCHAR_TABLE_ACCURACY,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     0);
    assert_int_equal(dt->nrows, 2);
    assert_int_equal(dt->ncols, t.ncols);
    static const char *const best_head[] = {"ti val", "piecewise val"};
    for (size_t i = 0; i < t.nrows; i++) {
        unsigned best = 0;
        for (int c = 0; c < t.ncols; c++) {
            assert_string_equal(dt->rows[i].cell[c], t.rows[i].cell[c].text);
            if (t.rows[i].cell[c].marks & MPCHAR_CELL_BEST) {
                assert_string_equal(dt->head[c], best_head[i]);
                assert_int_equal(best, 0);
                best |= 1u << c;
            }
        }
        assert_int_not_equal(best, 0);
        assert_int_equal(dt->rows[i].best, best);
        assert_int_equal(dt->rows[i].oversub, i == 1);
    }
    mpchar_table_free(&t);
    /* The pipelining gain has no stream entry: no table at all. */
    size_t blocks = r.doc.count;
    assert_int_equal(mpchar__model_table(&r, MPCHAR_TABLE_GAIN, &err), 0);
    assert_int_equal(r.doc.count, blocks);
    mpchar__report_free(&r);
}

static void test_plot_script(void **state)
{
    (void)state;
    mpchar__plots ps = {0};
    mpchar__plot_add(&ps, "one", "n (bytes)", "T (us)", true, true,
                     "title with \"quotes\"");
    mpchar__series_add(&ps, "#000000", MPCHAR__FILLED, "empty");
    mpchar__series_add(&ps, "#111111", MPCHAR__LINE, "kept");
    mpchar__point_add(&ps, 0, 5);  /* not on a log axis: skipped */
    mpchar__point_add(&ps, 4, -1); /* idem */
    assert_true(mpchar__point_add(&ps, 8, 2));
    mpchar__series_add(&ps, "#222222", MPCHAR__LINEPOINTS, "marks");
    assert_true(mpchar__point_add(&ps, 16, 3));
    mpchar__mark_add(&ps, 4096);
    mpchar__plot_add(&ps, "two", "p", "T (us)", false, false, "no points");
    assert_false(ps.failed);
    assert_int_equal(ps.v[0].series[1].n, 1);
    char dir[512];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mpchar-test-plot.XXXXXX", tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    capture c;
    capture_open(&c);
    mpchar_error err;
    assert_int_equal(mpchar__plots_script(&ps, "/out", dir, c.f, &err), 0);
    char *s = capture_close(&c);
    assert_contains(s, "set title \"title with \\\"quotes\\\"\"");
    assert_contains(s, "set output \"/out/one.svg\"");
    /* Data without titles, markers as hypertext labels of their number,
     * then the key entries. */
    assert_contains(s, "index 0 using 1:2 w l lw 2 lc rgb \"#111111\" "
                       "notitle, \\\n  ");
    assert_contains(s, "index 1 using 1:2 w l lw 1.5 dt 4 lc rgb \"#222222\" "
                       "notitle, \\\n  ");
    assert_contains(s, "index 1 using 1:2:3 w labels hypertext point pt 2 "
                       "ps 1.2 lc rgb \"#222222\" notitle, \\\n  keyentry "
                       "w l lw 2 lc rgb \"#111111\" title \"kept\", \\\n  "
                       "keyentry w lp lw 1.5 dt 4 pt 2 ps 1.2 lc rgb "
                       "\"#222222\" title \"marks\"\n");
    assert_null(strstr(s, "\"empty\""));
    assert_null(strstr(s, "index 2"));
    assert_contains(s, "print sprintf(");
    size_t series[8];
    bool key[8];
    assert_int_equal(mpchar__plot_elements(&ps.v[0], series, key, 8), 5);
    assert_true(series[0] == 1 && !key[0] && series[1] == 2 && !key[1] &&
                series[2] == 2 && !key[2] && series[3] == 1 && key[3] &&
                series[4] == 2 && key[4]);
    assert_contains(s, "set arrow from 4096, graph 0");
    assert_contains(s, "set output \"/out/two.svg\"");
    assert_contains(s, "\"no data\"");
    free(s);
    char path[256];
    snprintf(path, sizeof path, "%s/0.dat", dir);
    char *data = slurp(path);
    assert_string_equal(data, "# kept\n8 2 0\n\n\n# marks\n16 3 1\n\n\n");
    free(data);
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%d.dat", dir, i);
        assert_int_equal(unlink(path), 0);
    }
    assert_int_equal(rmdir(dir), 0);
    mpchar__plots_free(&ps);
}

/* gnuplot 5.4's SVG of a plot of a marker series (two points, one with
 * its own hover text, each in a style group) and a line: the markers get
 * their texts, the groups their series, the <svg> the axes; empty groups
 * go, the markers' style groups become one. */
static const char gnuplot_svg[] =
    "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
    "<svg \n viewBox=\"0 0 900 520\"\n>\n<title>Gnuplot</title>\n"
    "<g id=\"gnuplot_canvas\">\n"
    "<g fill=\"none\" color=\"black\" stroke-width=\"1.00\">\n</g>\n"
    "<g id=\"kept\">\n</g>\n"
    "\t<g id=\"gnuplot_plot_1\" ><title>gnuplot_plot_1</title>\n"
    "<g fill=\"none\" color=\"black\">\n"
    "\t<g onmousemove=\"gnuplot_svg.showHypertext(evt,'0')\" "
    "onmouseout=\"gnuplot_svg.hideHypertext()\"><title> </title>\n"
    "\t<use xlink:href='#gpPt6'/></g>\n</g>\n"
    "<g fill=\"none\" color=\"black\">\n"
    "\t<g onmousemove=\"gnuplot_svg.showHypertext(evt,'1')\" "
    "onmouseout=\"gnuplot_svg.hideHypertext()\"><title> </title>\n"
    "\t<use xlink:href='#gpPt6'/></g>\n</g>\n\t</g>\n"
    "\t<g id=\"gnuplot_plot_2\" ><title>gnuplot_plot_2</title>\n"
    "<path d='M46.14,460.70 L773.53,18.01'/></g>\n"
    "\t<g id=\"gnuplot_plot_3\" ><title>gnuplot_plot_3</title>"
    "<text>meas</text></g>\n"
    "\t<g id=\"gnuplot_plot_4\" ><title>gnuplot_plot_4</title>"
    "<text>model</text></g>\n</g>\n</svg>\n";

static void test_svg_hover(void **state)
{
    (void)state;
    mpchar__plots ps = {0};
    mpchar__plot_add(&ps, "h", "n (bytes)", "T (us)", true, true, "hover");
    mpchar__series_add(&ps, "#000000", MPCHAR__FILLED, "meas <1>");
    assert_true(mpchar__point_add(&ps, 1024, 2.5));
    mpchar__point_tip(&ps, "n = %d B\nT = %.2f & more", 1024, 2.5);
    assert_true(mpchar__point_add(&ps, 4096, 7.25));
    mpchar__series_add(&ps, "#111111", MPCHAR__LINE, "model");
    assert_true(mpchar__point_add(&ps, 1, 1));
    assert_true(mpchar__point_add(&ps, 4096, 8));
    char dir[512], path[600];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mpchar-test-hover.XXXXXX",
             tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/h.svg", dir);
    write_text(path, gnuplot_svg);
    mpchar__plot_axes axes = {1, 4096, 0.5, 10, 46.14, 773.53, 484, 18.01};
    mpchar_error err;
    assert_int_equal(mpchar__svg_hover(&ps.v[0], &axes, path, &err), 0);
    char *s = slurp(path);
    assert_contains(s, "<svg class=\"mpc-plot\" data-axes=\"1 4096 0.5 10 "
                       "46.14 773.53 484 18.01\" data-log=\"xy\" "
                       "data-xlabel=\"n (bytes)\" data-ylabel=\"T (us)\" \n");
    assert_contains(s, "<g id=\"gnuplot_plot_1\" class=\"mpc-data\" "
                       "data-series=\"0\"><title>meas &lt;1&gt;</title>\n");
    assert_contains(s, "<g class=\"mpc-pt\"><title>n = 1024 B\nT = 2.50 "
                       "&amp; more</title>\n\t<use");
    assert_contains(s, "<g class=\"mpc-pt\"><title>meas &lt;1&gt;\n"
                       "n (bytes): 4096\nT (us): 7.25</title>");
    assert_contains(s, "<g id=\"gnuplot_plot_2\" class=\"mpc-data\" "
                       "data-series=\"1\"><title>model</title>\n<path");
    assert_contains(s, "<g id=\"gnuplot_plot_3\" class=\"mpc-key\" "
                       "data-series=\"0\"><title>meas &lt;1&gt;</title><text>");
    assert_contains(s, "<g id=\"gnuplot_plot_4\" class=\"mpc-key\" "
                       "data-series=\"1\"><title>model</title><text>");
    assert_null(strstr(s, "gnuplot_svg"));
    assert_null(strstr(s, "<title> </title>"));
    /* the markers' style groups, closed and opened again, made one */
    assert_contains(s, "<g fill=\"none\" color=\"black\">\n\t<g class="
                       "\"mpc-pt\"><title>n = 1024 B\nT = 2.50 &amp; more"
                       "</title>\n\t<use xlink:href='#gpPt6'/></g>\n\t<g "
                       "class=\"mpc-pt\"><title>meas &lt;1&gt;\n");
    assert_contains(s, "T (us): 7.25</title>\n\t<use xlink:href='#gpPt6'/>"
                       "</g>\n</g>\n\t</g>\n");
    /* gnuplot's empty style groups dropped, a group with an id kept */
    assert_contains(
        s, "<g id=\"gnuplot_canvas\">\n<g id=\"kept\">\n</g>\n\t<g id");
    free(s);
    /* A marker number that is no point of the plot: refused, the file
     * left as gnuplot wrote it; a missing file (gnuplot did not draw the
     * plot) is no error. */
    char bad[sizeof gnuplot_svg];
    snprintf(bad, sizeof bad, "%s", gnuplot_svg);
    memcpy(strstr(bad, "evt,'1'"), "evt,'7'", 7);
    write_text(path, bad);
    assert_int_equal(mpchar__svg_hover(&ps.v[0], &axes, path, &err), -1);
    assert_contains(err.msg, "h.svg: not the SVG gnuplot 5.4 writes");
    s = slurp(path);
    assert_string_equal(s, bad);
    free(s);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mpchar__svg_hover(&ps.v[0], &axes, path, &err), 0);
    assert_int_equal(rmdir(dir), 0);
    mpchar__plots_free(&ps);
}

static void test_palette(void **state)
{
    (void)state;
    const char *a = mpchar__color_library("openmpi", 5);
    const char *b = mpchar__color_library("mpich", 0);
    assert_string_equal(a, mpchar__color_library("openmpi", 0));
    assert_string_not_equal(a, b);
    assert_string_equal(mpchar__color_library("other", 1),
                        mpchar__color_other(1));
    assert_string_not_equal(mpchar__color_family(MPCHAR_FAMILY_HOCKNEY),
                            mpchar__color_family(MPCHAR_FAMILY_PIECEWISE));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_html_escape),
        cmocka_unit_test(test_html_render),
        cmocka_unit_test(test_html_script),
        cmocka_unit_test(test_md_render),
        cmocka_unit_test(test_svg_inline),
        cmocka_unit_test(test_svg_hover),
        cmocka_unit_test(test_doc_take_and_count),
        cmocka_unit_test(test_model_table_marks),
        cmocka_unit_test(test_plot_script),
        cmocka_unit_test(test_palette),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
