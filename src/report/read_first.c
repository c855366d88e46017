/* "What to read first", the report's opening section (report.c places it
 * before the summary): per library, in a few lines, its latency (the
 * pingpong start-up t0 at p = 2 and the measured 0-byte time), its peak
 * measured pingpong bandwidth, its protocol switches (the piecewise
 * model's segment boundaries), the collectives in which it is the slowest
 * library (against the fastest, by the best models) and its findings by
 * kind; first, which directories measured cold buffers.  Everything
 * comes from the model, measurements and meta.json the other sections
 * read; the sections below hold the evidence. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_internal.h"

#define FIRST_P 2          /* point-to-point numbers are those of p = 2 */
#define COLL_N_BYTES 1024. /* collectives compared at this size */
#define SLOWER_RATIO 1.2   /* "slowest" only when this much slower */
#define MAX_NAMED 3        /* slowest collectives named per library */

/* The library's pingpong entry: variant send when it has several. */
static const mpchar_entry *pingpong_of(const mpchar__report *r, const char *lib)
{
    const mpchar_entry *any = NULL;
    for (size_t i = 0; i < r->p2p.n; i++) {
        const mpchar_entry *e = r->p2p.v[i];
        if (strcmp(e->library, lib) || strcmp(e->pattern, "pingpong"))
            continue;
        if (!strcmp(e->variant, "send"))
            return e;
        any = any ? any : e;
    }
    return any;
}

/* "latency t0 = 2.1 us (t_i model, p = 2), T(0) measured 2 us". */
static void latency_text(const mpchar_entry *e, char *buf, size_t len)
{
    const mpchar_pfit *f = e ? mpchar__fit_at(e, FIRST_P) : NULL;
    size_t pos = 0;
    if (f && f->ok[MPCHAR_FAMILY_TI])
        pos = (size_t)snprintf(buf, len, "latency t0 = %.3g us (t_i model)",
                               f->ti.t0_us);
    else if (f && f->ok[MPCHAR_FAMILY_HOCKNEY])
        pos = (size_t)snprintf(buf, len, "latency ts = %.3g us (Hockney)",
                               f->hockney.ts_us);
    else
        pos =
            (size_t)snprintf(buf, len, "no pingpong model at p = %d", FIRST_P);
    if (f && isfinite(f->t_zero_us) && pos < len)
        snprintf(buf + pos, len - pos, ", T(0) measured %.3g us", f->t_zero_us);
}

/* The largest measured n/T (bytes/us = MB/s) of e's rows at p = 2. */
static void bandwidth_text(const mpchar__report *r, const mpchar_entry *e,
                           char *buf, size_t len)
{
    double best_MBps = 0, at_bytes = 0;
    bool median = r->model.opt.stat == MPCHAR_STAT_MEDIAN;
    for (size_t i = 0; e && i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        const mpchar_point_key *k = &m->key;
        double t_us = median ? m->t_median_us : m->t_min_us;
        if (strcmp(k->library, e->library) || strcmp(k->pattern, e->pattern) ||
            strcmp(k->variant, e->variant) || k->p != FIRST_P ||
            k->n_bytes == 0 || !(t_us > 0))
            continue;
        if ((double)k->n_bytes / t_us > best_MBps) {
            best_MBps = (double)k->n_bytes / t_us;
            at_bytes = (double)k->n_bytes;
        }
    }
    char size[32];
    mpchar__bytes_text(at_bytes, size, sizeof size);
    if (best_MBps > 0)
        snprintf(buf, len, "peak bandwidth %.5g MB/s (measured, n = %s)",
                 best_MBps, size);
    else
        snprintf(buf, len, "no measured pingpong bandwidth");
}

static void switches_text(const mpchar_entry *e, char *buf, size_t len)
{
    const mpchar_pfit *f = e ? mpchar__fit_at(e, FIRST_P) : NULL;
    size_t pos = (size_t)snprintf(buf, len, "protocol switches at");
    int count = 0;
    for (int k = 1; f && f->ok[MPCHAR_FAMILY_PIECEWISE] && k < f->pw.count;
         k++, count++)
        if (pos < len)
            pos += (size_t)snprintf(buf + pos, len - pos, "%s %.0f",
                                    k > 1 ? "," : "", f->pw.seg[k].n_lo_bytes);
    if (count == 0)
        snprintf(buf, len, "no protocol switch found");
    else if (pos < len)
        snprintf(buf + pos, len - pos, " bytes");
}

/* lib's time over the fastest library's in one collective (entries
 * es[0..n-1] of one key), at their common real p; NAN when lib is not
 * the slowest of two or more. */
static double slowest_ratio(const mpchar_entry *const *es, size_t n,
                            const char *lib, long *p_p)
{
    long p = mpchar__common_p(es, n);
    double mine = NAN, fastest = INFINITY, slowest = 0;
    for (size_t i = 0; p > 0 && i < n; i++) {
        const mpchar_pfit *f = mpchar__fit_at(es[i], p);
        double n_bytes = f && f->n_max_bytes > 0 ? COLL_N_BYTES : 0;
        double t_us = mpchar__predict_best(es[i], n_bytes, p, NULL);
        if (!(t_us > 0))
            return NAN;
        fastest = fmin(fastest, t_us);
        slowest = fmax(slowest, t_us);
        if (!strcmp(es[i]->library, lib))
            mine = t_us;
    }
    *p_p = p;
    return n >= 2 && mine == slowest ? mine / fastest : NAN;
}

/* "slowest in bcast (3x, p = 2), ...": the collectives where lib is the
 * slowest by SLOWER_RATIO or more, the largest ratios first. */
static void slowest_text(const mpchar__report *r, const char *lib, char *buf,
                         size_t len)
{
    struct {
        const mpchar_entry *e;
        double ratio;
        long p;
    } top[MAX_NAMED] = {{0}};
    size_t ntop = 0;
    const mpchar__entries *c = &r->collectives;
    for (size_t i = 0; i < c->n;) {
        const mpchar_entry *es[32];
        size_t k = 0;
        for (; i < c->n && (k == 0 || mpchar__same_key(es[0], c->v[i])); i++)
            if (k < sizeof es / sizeof es[0])
                es[k++] = c->v[i];
        long p = 0;
        double ratio = slowest_ratio(es, k, lib, &p);
        if (!(ratio >= SLOWER_RATIO))
            continue;
        if (ntop < MAX_NAMED)
            ntop++;
        else if (ratio <= top[MAX_NAMED - 1].ratio)
            continue;
        size_t at = ntop - 1;
        for (; at > 0 && top[at - 1].ratio < ratio; at--)
            top[at] = top[at - 1];
        top[at].e = es[0];
        top[at].ratio = ratio;
        top[at].p = p;
    }
    size_t pos = (size_t)snprintf(buf, len, "%s", ntop ? "slowest in" : "");
    for (size_t i = 0; i < ntop && pos < len; i++) {
        char name[96];
        mpchar__entry_name(top[i].e, name, sizeof name);
        pos += (size_t)snprintf(buf + pos, len - pos,
                                "%s %s (%.2gx the fastest, p = %ld)",
                                i ? "," : "", name, top[i].ratio, top[i].p);
    }
    if (ntop == 0)
        snprintf(buf, len, "the slowest in no collective by %.1fx or more",
                 SLOWER_RATIO);
}

/* "findings: 2 protocol-switch, 1 complexity" (the model's findings of
 * lib by kind, docs/models.md). */
static void findings_text(const mpchar__report *r, const char *lib, char *buf,
                          size_t len)
{
    size_t count[MPCHAR_FINDING_COUNT] = {0}, total = 0;
    for (size_t i = 0; i < r->model.nfindings; i++) {
        const mpchar_finding *f = &r->model.findings[i];
        if (!strcmp(f->library, lib) && f->kind >= 0 &&
            f->kind < MPCHAR_FINDING_COUNT) {
            count[f->kind]++;
            total++;
        }
    }
    size_t pos =
        (size_t)snprintf(buf, len, "findings:%s", total ? "" : " none");
    for (int k = 0, n = 0; k < MPCHAR_FINDING_COUNT && pos < len; k++)
        if (count[k])
            pos += (size_t)snprintf(
                buf + pos, len - pos, "%s %zu %s", n++ ? "," : "", count[k],
                mpchar_finding_kind_name((mpchar_finding_kind)k));
}

static void library_lines(mpchar__report *r, const char *lib)
{
    const mpchar_entry *pp = pingpong_of(r, lib);
    char lat[128], bw[128], sw[192], slow[512], find[256];
    latency_text(pp, lat, sizeof lat);
    bandwidth_text(r, pp, bw, sizeof bw);
    switches_text(pp, sw, sizeof sw);
    if (r->nlibs < 2)
        snprintf(slow, sizeof slow, "no other library to compare with");
    else
        slowest_text(r, lib, slow, sizeof slow);
    findings_text(r, lib, find, sizeof find);
    mpchar__doc_item(&r->doc, "%s: %s; %s; %s; %s; %s.", lib, lat, bw, sw, slow,
                     find);
}

/* A run of cold buffers says so first: its times are above a warm run's
 * by design, and a reader comparing it with one must know. */
static void cold_lines(mpchar__report *r)
{
    for (size_t i = 0; i < r->nsources; i++)
        if (r->sources[i].cache == MPCHAR_CACHE_COLD)
            mpchar__doc_item(
                &r->doc,
                "%s: cold buffers (mpchar run --cache cold): before each "
                "repetition every process swept its caches (--cache-sweep "
                "%s) and wrote its send buffer again, so its times are "
                "above a warm run's by design (docs/timing.md, \"Cold "
                "buffers\").",
                r->sources[i].dir, r->sources[i].cache_sweep);
}

int mpchar__section_read_first(mpchar__report *r, mpchar_error *err)
{
    cold_lines(r);
    for (size_t i = 0; i < r->nlibs; i++)
        library_lines(r, r->libs[i].name);
    return r->doc.failed ? mpchar_error_set(err, "out of memory") : 0;
}
