/* The report's plots and their gnuplot driver.  The sections describe
 * plots as data (series of points with a colour and a style); this file
 * writes all of them as one gnuplot script with one `set output` block per
 * plot, the data in files under a private mkdtemp folder that is removed
 * afterwards, and runs gnuplot once: one process per report, not one per
 * plot, since starting gnuplot costs more than drawing a plot (timing in
 * docs/report.md).
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

void mpchar__point_add(mpchar__plots *ps, double x, double y)
{
    if (ps->failed || ps->count == 0 || ps->v[ps->count - 1].nseries == 0)
        return;
    mpchar__plot *p = &ps->v[ps->count - 1];
    mpchar__series *s = &p->series[p->nseries - 1];
    if (!isfinite(x) || !isfinite(y) || (p->logx && x <= 0) ||
        (p->logy && y <= 0))
        return;
    s->pt = mpchar__grow_one(s->pt, s->n, &s->cap, sizeof *s->pt, &ps->failed);
    if (!ps->failed)
        s->pt[s->n++] = (mpchar__xy){x, y};
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

static const char *style_spec(mpchar__style s)
{
    switch (s) {
    case MPCHAR__FILLED: return "w p pt 7 ps 0.8";
    case MPCHAR__HOLLOW: return "w p pt 6 ps 0.9";
    case MPCHAR__TRIANGLE: return "w p pt 9 ps 0.8";
    case MPCHAR__TRIANGLE_HOLLOW: return "w p pt 8 ps 0.9";
    case MPCHAR__LINE: return "w l lw 2";
    case MPCHAR__DASHED: return "w l lw 2 dt 2";
    case MPCHAR__DOTTED: return "w l lw 2 dt 3";
    case MPCHAR__LINEPOINTS: return "w lp lw 1.5 dt 4 pt 2 ps 1.2";
    }
    return "w p";
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
    for (size_t s = 0; s < p->nseries; s++) {
        const mpchar__series *se = &p->series[s];
        if (se->n == 0)
            continue;
        fprintf(f, "# %s\n", se->title);
        for (size_t i = 0; i < se->n; i++)
            fprintf(f, "%.9g %.9g\n", se->pt[i].x, se->pt[i].y);
        fputs("\n\n", f);
    }
    return fclose(f);
}

static void plot_command(const mpchar__plot *p, const char *data, FILE *f)
{
    int index = 0;
    for (size_t s = 0; s < p->nseries; s++) {
        const mpchar__series *se = &p->series[s];
        if (se->n == 0)
            continue;
        fputs(index ? ", \\\n  " : "plot ", f);
        quoted(f, data);
        fprintf(f, " index %d using 1:2 %s lc rgb \"%s\" title ", index,
                style_spec(se->style), se->rgb);
        quoted(f, se->title);
        index++;
    }
    if (index == 0)
        fputs("set label 99 \"no data\" at graph 0.5, graph 0.5 center\n"
              "plot [1:10] [1:10] 1/0 notitle",
              f);
    fputc('\n', f);
}

int mpchar__plots_script(const mpchar__plots *ps, const char *dir,
                         const char *datadir, FILE *script, mpchar_error *err)
{
    fputs("set terminal svg size 900,520 dynamic noenhanced "
          "font \"sans,12\" background \"#ffffff\"\n",
          script);
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
    rmdir(tmp);
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
    return 0;
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
