/* `mpchar advise --verify` (advise_verify.c): measures every advised
 * region with mpchar run and withdraws the advice the measurements do not
 * confirm. */
#ifndef MPCHAR_CLI_ADVISE_VERIFY_H
#define MPCHAR_CLI_ADVISE_VERIFY_H

#include <stdio.h>

#include "mpchar/advise.h"
#include "mpchar/model.h"

/* Runs the primitive and the substitute of every region of *l at the
 * region's edges and centre (one `mpchar run` per library and p, into a
 * new directory DIR/advise-verify.<random>, made by mkdtemp), prints
 * predicted against measured gain to out and removes from *l the regions
 * whose measured gain at their centre is not positive beyond the points'
 * noise (the rule of docs/compare.md), saying so.  Returns 0, or -1
 * having printed one line on stderr. */
int advise_verify(const char *dir, const mpchar_model *model,
                  mpchar_advice_list *l, FILE *out);

#endif
