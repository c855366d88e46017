/* The report's document and its renderers (src/report): HTML escaping,
 * inline SVG with unique ids, Markdown tables (pipes, best cells,
 * oversubscribed rows), figures drawn and missing, moving blocks between
 * documents; and the gnuplot script: empty series left out, a plot
 * without points still valid, quotes escaped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

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
    mpchar__point_add(&ps, 8, 2);
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
    assert_contains(s, "index 0 using 1:2 w l lw 2 lc rgb \"#111111\" "
                       "title \"kept\"");
    assert_null(strstr(s, "\"empty\""));
    assert_null(strstr(s, "index 1"));
    assert_contains(s, "set arrow from 4096, graph 0");
    assert_contains(s, "set output \"/out/two.svg\"");
    assert_contains(s, "\"no data\"");
    free(s);
    char path[256];
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%d.dat", dir, i);
        assert_int_equal(unlink(path), 0);
    }
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
        cmocka_unit_test(test_md_render),
        cmocka_unit_test(test_svg_inline),
        cmocka_unit_test(test_doc_take_and_count),
        cmocka_unit_test(test_plot_script),
        cmocka_unit_test(test_palette),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
