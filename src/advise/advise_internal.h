/* Internal interface of the advice engine: a comparison to make (a
 * primitive's entry and the entries of its substitute's components), the
 * walk over every comparison of a model (candidates.c) and the notes on
 * those that cannot be made. */
#ifndef MPCHAR_ADVISE_INTERNAL_H
#define MPCHAR_ADVISE_INTERNAL_H

#include "mpchar/advise.h"
#include "mpchar/equivalences.h"

typedef struct mpchar__candidate {
    char library[MPCHAR_NAME_MAX];
    char substitute[MPCHAR_ADVICE_TEXT_MAX], text[MPCHAR_ADVICE_TEXT_MAX];
    const mpchar_entry *primitive;
    size_t ncomp;
    const mpchar_entry *comp[MPCHAR_COMPONENTS_MAX];
    double n_per_n[MPCHAR_COMPONENTS_MAX];
} mpchar__candidate;

typedef int (*mpchar__candidate_fn)(const mpchar__candidate *c, void *ctx,
                                    mpchar_error *err);

/* Calls fn for every comparison the model allows under opt's filters,
 * noting in l those it lacks models for; stops at fn's first failure. */
int mpchar__each_candidate(const mpchar_model *m,
                           const mpchar_advise_options *opt,
                           mpchar__candidate_fn fn, void *ctx,
                           mpchar_advice_list *l, mpchar_error *err);

/* The comparison an advised region came from. */
int mpchar__candidate_of(const mpchar_model *m, const mpchar_advice *a,
                         mpchar__candidate *c, mpchar_error *err);

/* One line on an unknown --library or --primitive. */
int mpchar__check_filters(const mpchar_model *m,
                          const mpchar_advise_options *opt, mpchar_error *err);

/* Adds a note (once: repeated texts are dropped). */
void mpchar__advice_note(mpchar_advice_list *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
