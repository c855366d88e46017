/* The report's plots and their gnuplot driver.  The sections describe
 * plots as data (series of points with a colour, a style and, for
 * markers, a hover text); this file writes all of them as one gnuplot
 * script with one `set output` block per plot, the data in files under a
 * private mkdtemp folder that is removed afterwards, and runs gnuplot
 * once: one process per report, not one per plot, since starting gnuplot
 * costs more than drawing a plot (timing in docs/report.md).  Then
 * plot_svg.c makes each SVG hoverable and its series switchable.
 *
 * Every series is drawn without a title and its key entry is a separate
 * `keyentry` element, so that hiding a series' data leaves its key entry
 * to click on; markers are gnuplot's hypertext labels, whose text is the
 * point's number, replaced by its hover text in plot_svg.c.
 *
 * A gnuplot script stops at its first error, so nothing that could make
 * one is written: empty series are left out, a plot without any point
 * gets a "no data" label, and every text is quoted and escaped. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report_internal.h"

void mpchar__plots_free(mpchar__plots *ps)
{
    for (size_t i = 0; i < ps->count; i++) {
        for (size_t s = 0; s < ps->v[i].nseries; s++) {
            for (size_t k = 0; k < ps->v[i].series[s].n; k++)
                free(ps->v[i].series[s].pt[k].tip);
            free(ps->v[i].series[s].pt);
        }
        free(ps->v[i].series);
    }
    free(ps->v);
    memset(ps, 0, sizeof *ps);
}

mpchar__plot *mpchar__plot_add(mpchar__plots *ps, const char *id,
                               const char *xlabel, const char *ylabel,
                               bool logx, bool logy, const char *fmt, ...)
{
    ps->v = mpchar__grow_one(ps->v, ps->count, &ps->cap, sizeof *ps->v,
                             &ps->failed);
    if (ps->failed)
        return NULL;
    mpchar__plot *p = &ps->v[ps->count++];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->title, sizeof p->title, fmt, ap);
    va_end(ap);
    snprintf(p->id, sizeof p->id, "%s", id);
    p->xlabel = xlabel;
    p->ylabel = ylabel;
    p->logx = logx;
    p->logy = logy;
    return p;
}

void mpchar__series_add(mpchar__plots *ps, const char *rgb, mpchar__style style,
                        const char *fmt, ...)
{
    if (ps->count == 0)
        return;
    mpchar__plot *p = &ps->v[ps->count - 1];
    p->series = mpchar__grow_one(p->series, p->nseries, &p->series_cap,
                                 sizeof *p->series, &ps->failed);
    if (ps->failed)
        return;
    mpchar__series *s = &p->series[p->nseries++];
    s->rgb = rgb;
    s->style = style;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->title, sizeof s->title, fmt, ap);
    va_end(ap);
}

bool mpchar__point_add(mpchar__plots *ps, double x, double y)
{
    if (ps->failed || ps->count == 0 || ps->v[ps->count - 1].nseries == 0)
        return false;
    mpchar__plot *p = &ps->v[ps->count - 1];
    mpchar__series *s = &p->series[p->nseries - 1];
    if (!isfinite(x) || !isfinite(y) || (p->logx && x <= 0) ||
        (p->logy && y <= 0))
        return false;
    s->pt = mpchar__grow_one(s->pt, s->n, &s->cap, sizeof *s->pt, &ps->failed);
    if (ps->failed)
        return false;
    s->pt[s->n++] = (mpchar__xy){x, y, NULL};
    return true;
}

void mpchar__point_tip(mpchar__plots *ps, const char *fmt, ...)
{
    if (ps->failed || ps->count == 0 || ps->v[ps->count - 1].nseries == 0)
        return;
    mpchar__plot *p = &ps->v[ps->count - 1];
    mpchar__series *s = &p->series[p->nseries - 1];
    if (s->n == 0)
        return;
    char **tip = &s->pt[s->n - 1].tip;
    free(*tip);
    va_list ap;
    va_start(ap, fmt);
    *tip = mpchar__vformat(fmt, ap);
    va_end(ap);
    ps->failed |= *tip == NULL;
}

void mpchar__mark_add(mpchar__plots *ps, double x)
{
    if (ps->failed || ps->count == 0)
        return;
    mpchar__plot *p = &ps->v[ps->count - 1];
    if (p->nmarks < MPCHAR__MAX_MARKS && x > 0 && isfinite(x))
        p->mark[p->nmarks++] = x;
}

/* A gnuplot double-quoted string. */
static void quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if (*s != '\n')
            fputc(*s, f);
    }
    fputc('"', f);
}

/* How a style is drawn: its line and its marker (NULL: none). */
typedef struct style_spec {
    const char *line, *point;
} style_spec;

static style_spec spec_of(mpchar__style s)
{
    switch (s) {
    case MPCHAR__FILLED: return (style_spec){NULL, "pt 7 ps 0.8"};
    case MPCHAR__HOLLOW: return (style_spec){NULL, "pt 6 ps 0.9"};
    case MPCHAR__TRIANGLE: return (style_spec){NULL, "pt 9 ps 0.8"};
    case MPCHAR__TRIANGLE_HOLLOW: return (style_spec){NULL, "pt 8 ps 0.9"};
    case MPCHAR__LINE: return (style_spec){"lw 2", NULL};
    case MPCHAR__DASHED: return (style_spec){"lw 2 dt 2", NULL};
    case MPCHAR__DOTTED: return (style_spec){"lw 2 dt 3", NULL};
    case MPCHAR__LINEPOINTS: return (style_spec){"lw 1.5 dt 4", "pt 2 ps 1.2"};
    }
    return (style_spec){NULL, "pt 7"};
}

size_t mpchar__plot_elements(const mpchar__plot *p, size_t *series, bool *key,
                             size_t max)
{
    size_t count = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t s = 0; s < p->nseries; s++) {
            if (p->series[s].n == 0)
                continue;
            style_spec sp = spec_of(p->series[s].style);
            int parts = pass ? 1 : (sp.line != NULL) + (sp.point != NULL);
            for (int k = 0; k < parts && count < max; k++, count++) {
                series[count] = s;
                key[count] = pass == 1;
            }
        }
    }
    return count;
}

static void plot_settings(const mpchar__plot *p, FILE *f)
{
    fputs("reset\nset title ", f);
    quoted(f, p->title);
    fputs("\nset xlabel ", f);
    quoted(f, p->xlabel);
    fputs("\nset ylabel ", f);
    quoted(f, p->ylabel);
    fputs("\nset grid\nset key outside right top box\n", f);
    if (p->logx)
        fputs("set logscale x\nset format x \"%.0s%c\"\n", f);
    else
        fputs("set xtics 1\nset offsets 0.25, 0.25, 0, 0\n", f);
    if (p->logy)
        fputs("set logscale y\nset format y \"%g\"\n", f);
    else
        fputs("set yrange [0:*]\n", f);
    for (size_t m = 0; m < p->nmarks; m++) {
        fprintf(f,
                "set arrow from %.9g, graph 0 to %.9g, graph 1 nohead "
                "dt 3 lw 1.5 lc rgb \"#888888\"\n",
                p->mark[m], p->mark[m]);
        /* Staggered, so that the labels of close switches do not overlap. */
        fprintf(f,
                "set label \"%s %.0f B\" at %.9g, graph %.2f left "
                "offset 0.4,0 tc rgb \"#555555\"\n",
                p->mark_word ? p->mark_word : "switch", p->mark[m], p->mark[m],
                0.98 - 0.05 * (double)(m % 3));
    }
}

static int write_data(const mpchar__plot *p, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    size_t number = 0; /* of every point in the plot: a marker's hover key */
    for (size_t s = 0; s < p->nseries; s++) {
        const mpchar__series *se = &p->series[s];
        if (se->n == 0)
            continue;
        fprintf(f, "# %s\n", se->title);
        for (size_t i = 0; i < se->n; i++)
            fprintf(f, "%.9g %.9g %zu\n", se->pt[i].x, se->pt[i].y, number++);
        fputs("\n\n", f);
    }
    return fclose(f);
}

/* One element of the plot command: a series' line or markers (hypertext
 * labels whose text is column 3, the marker's number), or its key entry. */
static void element(const mpchar__series *se, int index, const char *data,
                    bool line, bool key, FILE *f)
{
    style_spec sp = spec_of(se->style);
    if (key) {
        fputs("keyentry", f);
        if (sp.line && sp.point)
            fprintf(f, " w lp %s %s", sp.line, sp.point);
        else if (sp.line)
            fprintf(f, " w l %s", sp.line);
        else
            fprintf(f, " w p %s", sp.point);
    } else {
        quoted(f, data);
        if (line)
            fprintf(f, " index %d using 1:2 w l %s", index, sp.line);
        else
            fprintf(f, " index %d using 1:2:3 w labels hypertext point %s",
                    index, sp.point);
    }
    fprintf(f, " lc rgb \"%s\" ", se->rgb);
    if (key) {
        fputs("title ", f);
        quoted(f, se->title);
    } else {
        fputs("notitle", f);
    }
}

/* The elements in mpchar__plot_elements' order: every series' data, then
 * every series' key entry. */
static void plot_command(const mpchar__plot *p, const char *data, FILE *f)
{
    int index = 0, written = 0;
    for (int pass = 0; pass < 2; pass++) {
        index = 0;
        for (size_t s = 0; s < p->nseries; s++) {
            const mpchar__series *se = &p->series[s];
            if (se->n == 0)
                continue;
            style_spec sp = spec_of(se->style);
            for (int line = 1; line >= 0; line--) {
                if (pass == 1 ? !line : !(line ? sp.line : sp.point))
                    continue;
                fputs(written++ ? ", \\\n  " : "plot ", f);
                element(se, index, data, line, pass == 1, f);
            }
            index++;
        }
    }
    if (index == 0)
        fputs("set label 99 \"no data\" at graph 0.5, graph 0.5 center\n"
              "plot [1:10] [1:10] 1/0 notitle",
              f);
    fputc('\n', f);
}

/* Prints the axes of the plot just drawn as plot_svg.c reads them: data
 * ranges, then the plot area in SVG units (gnuplot's y grows upwards). */
static void print_axes(FILE *f)
{
    fputs("print sprintf(\"%.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g\", "
          "GPVAL_X_MIN, GPVAL_X_MAX, GPVAL_Y_MIN, GPVAL_Y_MAX, "
          "GPVAL_TERM_XMIN, GPVAL_TERM_XMAX, "
          "GPVAL_TERM_YSIZE / GPVAL_TERM_SCALE - GPVAL_TERM_YMIN, "
          "GPVAL_TERM_YSIZE / GPVAL_TERM_SCALE - GPVAL_TERM_YMAX)\n",
          f);
}

int mpchar__plots_script(const mpchar__plots *ps, const char *dir,
                         const char *datadir, FILE *script, mpchar_error *err)
{
    char axes[4096];
    snprintf(axes, sizeof axes, "%s/axes.txt", datadir);
    fputs("set terminal svg size 900,520 dynamic noenhanced "
          "font \"sans,12\" background \"#ffffff\"\nset print ",
          script);
    quoted(script, axes);
    fputc('\n', script);
    for (size_t i = 0; i < ps->count; i++) {
        const mpchar__plot *p = &ps->v[i];
        char data[4096], out[4096];
        snprintf(data, sizeof data, "%s/%zu.dat", datadir, i);
        snprintf(out, sizeof out, "%s/%s.svg", dir, p->id);
        if (write_data(p, data) != 0)
            return mpchar_error_set(err, "%s: %s", data, strerror(errno));
        plot_settings(p, script);
        fputs("set output ", script);
        quoted(script, out);
        fputc('\n', script);
        plot_command(p, data, script);
        fputs("unset output\n", script);
        print_axes(script);
    }
    if (ferror(script))
        return mpchar_error_set(err, "write error writing the gnuplot script");
    return 0;
}

/* Runs gnuplot on the script, its output into log; the exit status, 127
 * when the program could not be started. */
static int run_gnuplot(const char *gnuplot, const char *script, const char *log)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 ||
            dup2(out, 2) < 0)
            _exit(126);
        execlp(gnuplot, gnuplot, script, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static void first_line(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    buf[0] = '\0';
    while (f && fgets(buf, (int)len, f))
        if (buf[strspn(buf, " \t\r\n^")] != '\0')
            break;
    if (f)
        fclose(f);
    buf[strcspn(buf, "\r\n")] = '\0';
}

static void remove_temp(const mpchar__plots *ps, const char *tmp)
{
    char path[4096];
    for (size_t i = 0; i < ps->count; i++) {
        snprintf(path, sizeof path, "%s/%zu.dat", tmp, i);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/report.gp", tmp);
    unlink(path);
    snprintf(path, sizeof path, "%s/gnuplot.log", tmp);
    unlink(path);
    snprintf(path, sizeof path, "%s/axes.txt", tmp);
    unlink(path);
    rmdir(tmp);
}

/* Runs plot_svg.c on every SVG gnuplot drew, with the axes it printed. */
static int hover_all(const mpchar__plots *ps, const char *dir, const char *tmp,
                     mpchar_error *err)
{
    char path[4096], svg[4096];
    snprintf(path, sizeof path, "%s/axes.txt", tmp);
    FILE *f = fopen(path, "r");
    if (!f)
        return mpchar_error_set(err, "gnuplot wrote no %s", path);
    int rc = 0;
    for (size_t i = 0; i < ps->count && rc == 0; i++) {
        mpchar__plot_axes a;
        if (fscanf(f, "%lf %lf %lf %lf %lf %lf %lf %lf", &a.x_min, &a.x_max,
                   &a.y_min, &a.y_max, &a.left, &a.right, &a.bottom,
                   &a.top) != 8) {
            rc = mpchar_error_set(err, "%s: line %zu: not 8 numbers", path,
                                  i + 1);
            break;
        }
        snprintf(svg, sizeof svg, "%s/%s.svg", dir, ps->v[i].id);
        rc = mpchar__svg_hover(&ps->v[i], &a, svg, err);
    }
    fclose(f);
    return rc;
}

static int draw_in(const mpchar__plots *ps, const char *dir,
                   const char *gnuplot, const char *tmp, mpchar_error *err)
{
    char script[4096], log[4096], line[512];
    snprintf(script, sizeof script, "%s/report.gp", tmp);
    snprintf(log, sizeof log, "%s/gnuplot.log", tmp);
    FILE *f = fopen(script, "w");
    if (!f)
        return mpchar_error_set(err, "%s: %s", script, strerror(errno));
    int rc = mpchar__plots_script(ps, dir, tmp, f, err);
    if (fclose(f) != 0 && rc == 0)
        rc = mpchar_error_set(err, "%s: write error", script);
    if (rc != 0)
        return -1;
    int status = run_gnuplot(gnuplot, script, log);
    if (status == 127)
        return mpchar_error_set(err,
                                "gnuplot ('%s') was not found; install "
                                "gnuplot or set %s",
                                gnuplot, MPCHAR_REPORT_GNUPLOT_ENV);
    if (status != 0) {
        first_line(log, line, sizeof line);
        return mpchar_error_set(err, "gnuplot ('%s') failed (status %d): %s",
                                gnuplot, status, line);
    }
    return hover_all(ps, dir, tmp, err);
}

int mpchar__plots_draw(const mpchar__plots *ps, const char *dir,
                       const char *gnuplot, mpchar_error *err)
{
    char path[4096];
    for (size_t i = 0; i < ps->count; i++) {
        snprintf(path, sizeof path, "%s/%s.svg", dir, ps->v[i].id);
        unlink(path);
    }
    if (ps->count == 0)
        return 0;
    const char *base = getenv("TMPDIR");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s/mpchar-report.XXXXXX",
             base && *base ? base : "/tmp");
    if (!mkdtemp(tmp))
        return mpchar_error_set(err, "%s: %s", tmp, strerror(errno));
    int rc = draw_in(ps, dir, gnuplot, tmp, err);
    remove_temp(ps, tmp);
    return rc;
}
