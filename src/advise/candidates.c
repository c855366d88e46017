/* What `mpchar advise` compares: for each base library of a model, each
 * equivalence of the table whose primitive and components it has models
 * for, and each of its own algorithms (libraries "<base>@<coll>:<alg>")
 * against its default choice.  What cannot be compared becomes a note. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advise_internal.h"

bool mpchar_algorithm_library(const char *library, char *base, char *coll,
                              char *algorithm)
{
    const char *at = strchr(library, '@');
    const char *colon = at ? strchr(at, ':') : NULL;
    if (!at || !colon || at == library || colon == at + 1 || !colon[1] ||
        (size_t)(at - library) >= MPCHAR_NAME_MAX ||
        (size_t)(colon - at - 1) >= MPCHAR_NAME_MAX ||
        strlen(colon + 1) >= MPCHAR_ADVICE_TEXT_MAX)
        return false;
    snprintf(base, MPCHAR_NAME_MAX, "%.*s", (int)(at - library), library);
    snprintf(coll, MPCHAR_NAME_MAX, "%.*s", (int)(colon - at - 1), at + 1);
    snprintf(algorithm, MPCHAR_ADVICE_TEXT_MAX, "%s", colon + 1);
    return true;
}

void mpchar__advice_note(mpchar_advice_list *l, const char *fmt, ...)
{
    char text[sizeof l->notes[0].text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < l->nnotes; i++)
        if (!strcmp(l->notes[i].text, text))
            return;
    if (l->nnotes == l->notes_cap) {
        size_t cap = l->notes_cap ? 2 * l->notes_cap : 8;
        mpchar_advice_note *g = realloc(l->notes, cap * sizeof *g);
        if (!g)
            return; /* a note is lost, not the advice */
        l->notes = g;
        l->notes_cap = cap;
    }
    memcpy(l->notes[l->nnotes++].text, text, sizeof text);
}

/* The entry of a library's pattern (its default variant, op "sum"), or
 * NULL with a note saying what the comparison lacks. */
static const mpchar_entry *need(const mpchar_model *m, const char *library,
                                const char *pattern, const char *what,
                                mpchar_advice_list *l)
{
    mpchar_error err;
    const mpchar_entry *e =
        mpchar_model_find(m, library, pattern, NULL, NULL, &err);
    if (!e)
        mpchar__advice_note(l, "%s: %s not compared: no model of %s (%s)",
                            library, what, pattern, err.msg);
    return e;
}

static int equivalence_candidate(const mpchar_model *m, const char *library,
                                 const mpchar_equivalence *q,
                                 mpchar__candidate *c, mpchar_advice_list *l)
{
    char what[MPCHAR_NAME_MAX + MPCHAR_ADVICE_TEXT_MAX + 8];
    snprintf(what, sizeof what, "%s = %s", q->primitive, q->text);
    memset(c, 0, sizeof *c);
    snprintf(c->library, sizeof c->library, "%s", library);
    snprintf(c->substitute, sizeof c->substitute, "%s", q->substitute);
    snprintf(c->text, sizeof c->text, "%s", q->text);
    c->primitive = need(m, library, q->primitive, what, l);
    c->ncomp = mpchar_equivalence_components(q);
    bool ok = c->primitive != NULL;
    for (size_t k = 0; k < c->ncomp; k++) {
        c->comp[k] = need(m, library, q->components[k].pattern, what, l);
        c->n_per_n[k] = q->components[k].n_per_n;
        ok = ok && c->comp[k];
    }
    return ok ? 0 : -1;
}

static int algorithm_candidate(const mpchar_model *m, const mpchar_entry *alg,
                               const char *base, const char *name,
                               mpchar__candidate *c, mpchar_advice_list *l)
{
    char what[MPCHAR_NAME_MAX + MPCHAR_ADVICE_TEXT_MAX + 16];
    snprintf(what, sizeof what, "%s algorithm %s", alg->pattern, name);
    memset(c, 0, sizeof *c);
    snprintf(c->library, sizeof c->library, "%s", base);
    snprintf(c->substitute, sizeof c->substitute, "algorithm %s", name);
    snprintf(c->text, sizeof c->text, "%s's %s algorithm", base, name);
    c->primitive = need(m, base, alg->pattern, what, l);
    c->ncomp = 1;
    c->comp[0] = alg;
    c->n_per_n[0] = 1.0;
    return c->primitive ? 0 : -1;
}

static bool is_base(const mpchar_model *m, size_t i)
{
    const char *lib = m->entries[i].library;
    if (strchr(lib, '@'))
        return false;
    for (size_t j = 0; j < i; j++)
        if (!strcmp(m->entries[j].library, lib))
            return false;
    return true;
}

static bool wanted(const char *filter, const char *name)
{
    return !filter || !strcmp(filter, name);
}

static int each_equivalence(const mpchar_model *m,
                            const mpchar_advise_options *opt,
                            mpchar__candidate_fn fn, void *ctx,
                            mpchar_advice_list *l, mpchar_error *err)
{
    mpchar__candidate c;
    for (size_t i = 0; i < m->nentries; i++) {
        if (!is_base(m, i) || !wanted(opt->library, m->entries[i].library))
            continue;
        for (size_t k = 0; k < mpchar_equivalence_count(); k++) {
            const mpchar_equivalence *q = mpchar_equivalence_get(k);
            if (wanted(opt->primitive, q->primitive) &&
                equivalence_candidate(m, m->entries[i].library, q, &c, l) ==
                    0 &&
                fn(&c, ctx, err) != 0)
                return -1;
        }
    }
    return 0;
}

static int each_algorithm(const mpchar_model *m,
                          const mpchar_advise_options *opt,
                          mpchar__candidate_fn fn, void *ctx,
                          mpchar_advice_list *l, mpchar_error *err)
{
    mpchar__candidate c;
    char base[MPCHAR_NAME_MAX], coll[MPCHAR_NAME_MAX];
    char alg[MPCHAR_ADVICE_TEXT_MAX];
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        if (!mpchar_algorithm_library(e->library, base, coll, alg) ||
            strcmp(e->pattern, coll) || !wanted(opt->library, base) ||
            !wanted(opt->primitive, coll))
            continue;
        if (algorithm_candidate(m, e, base, alg, &c, l) == 0 &&
            fn(&c, ctx, err) != 0)
            return -1;
    }
    return 0;
}

int mpchar__each_candidate(const mpchar_model *m,
                           const mpchar_advise_options *opt,
                           mpchar__candidate_fn fn, void *ctx,
                           mpchar_advice_list *l, mpchar_error *err)
{
    if (each_equivalence(m, opt, fn, ctx, l, err) != 0)
        return -1;
    return each_algorithm(m, opt, fn, ctx, l, err);
}

/* A library the model holds, itself or through its algorithms. */
static bool known_library(const mpchar_model *m, const char *library)
{
    char base[MPCHAR_NAME_MAX], coll[MPCHAR_NAME_MAX];
    char alg[MPCHAR_ADVICE_TEXT_MAX];
    for (size_t i = 0; i < m->nentries; i++) {
        const char *lib = m->entries[i].library;
        if (!strcmp(lib, library) ||
            (mpchar_algorithm_library(lib, base, coll, alg) &&
             !strcmp(base, library)))
            return true;
    }
    return false;
}

/* A primitive of the table, or a collective some algorithm library
 * measures. */
static bool known_primitive(const mpchar_model *m, const char *primitive)
{
    char base[MPCHAR_NAME_MAX], coll[MPCHAR_NAME_MAX];
    char alg[MPCHAR_ADVICE_TEXT_MAX];
    for (size_t k = 0; k < mpchar_equivalence_count(); k++)
        if (!strcmp(mpchar_equivalence_get(k)->primitive, primitive))
            return true;
    for (size_t i = 0; i < m->nentries; i++)
        if (mpchar_algorithm_library(m->entries[i].library, base, coll, alg) &&
            !strcmp(coll, primitive))
            return true;
    return false;
}

int mpchar__check_filters(const mpchar_model *m,
                          const mpchar_advise_options *opt, mpchar_error *err)
{
    if (opt->library && !known_library(m, opt->library))
        return mpchar_error_set(err,
                                "unknown library '%s': the model has no "
                                "measurement of it",
                                opt->library);
    if (opt->primitive && !known_primitive(m, opt->primitive)) {
        char list[256] = "";
        for (size_t k = 0; k < mpchar_equivalence_count(); k++) {
            const char *p = mpchar_equivalence_get(k)->primitive;
            if (!strstr(list, p))
                snprintf(list + strlen(list), sizeof list - strlen(list),
                         "%s%s", list[0] ? ", " : "", p);
        }
        return mpchar_error_set(err,
                                "unknown primitive '%s': advice exists for "
                                "%s and for collectives measured per "
                                "algorithm",
                                opt->primitive, list);
    }
    return 0;
}

int mpchar__candidate_of(const mpchar_model *m, const mpchar_advice *a,
                         mpchar__candidate *c, mpchar_error *err)
{
    mpchar_advice_list notes = {0};
    const char *alg = strncmp(a->substitute, "algorithm ", 10) == 0
                          ? a->substitute + 10
                          : NULL;
    const mpchar_equivalence *q = mpchar_equivalence_find(a->substitute);
    int rc = -1;
    if (alg) {
        char name[MPCHAR_NAME_MAX];
        int w = snprintf(name, sizeof name, "%s@%s:%s", a->library,
                         a->primitive, alg);
        const mpchar_entry *e =
            w > 0 && (size_t)w < sizeof name
                ? mpchar_model_find(m, name, a->primitive, NULL, NULL, err)
                : NULL;
        rc = e ? algorithm_candidate(m, e, a->library, alg, c, &notes) : -1;
    } else if (q) {
        rc = equivalence_candidate(m, a->library, q, c, &notes);
    } else {
        mpchar_error_set(err, "unknown substitute '%s'", a->substitute);
    }
    if (rc != 0 && notes.nnotes)
        mpchar_error_set(err, "%s", notes.notes[0].text);
    mpchar_advice_list_free(&notes);
    return rc;
}
