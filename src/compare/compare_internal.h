/* What the files of the compare module share between themselves: the
 * ordering of point keys and the per-side noise of every row. */
#ifndef MPCHAR_COMPARE_INTERNAL_H
#define MPCHAR_COMPARE_INTERNAL_H

#include <stddef.h>

#include "mpchar/compare.h"

/* Orders keys by library, pattern, variant, op, datatype, p (the series),
 * then n_bytes and set. */
int mpchar__series_cmp(const mpchar_point_key *x, const mpchar_point_key *y);
int mpchar__key_cmp(const mpchar_point_key *x, const mpchar_point_key *y);

/* Row indices of m sorted by mpchar__key_cmp; malloc'ed, NULL when out of
 * memory (or when m is empty). */
size_t *mpchar__sorted_rows(const mpchar_measurements *m);

/* noise_p[i] (malloc'ed, m->count values) is row i's noise: the larger of
 * its spread and the median spread of its window of three in its series.
 * order is mpchar__sorted_rows(m). */
int mpchar__noise_compute(const mpchar_measurements *m, const size_t *order,
                          double **noise_p, mpchar_error *err);

#endif
