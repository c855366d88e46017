/*
 * kernels/jgf_common.h: what the five Java Grande Forum (JGF MPJ 1.0,
 * section 2) kernels share: their size classes A, B, C, the block
 * distribution they all use (equal blocks rounded up to a granule, the
 * last process taking the remainder), and the check of a value against
 * its reference (on rank 0, as JGF validates).
 */
#ifndef MPCHAR_KERNELS_JGF_COMMON_H
#define MPCHAR_KERNELS_JGF_COMMON_H

#include <stdbool.h>

#include "harness.h"

/* The classes every JGF kernel defines, in the order of its size tables:
 * JGF's published A, B, C and mpchar's own S, small enough for CI, whose
 * reference values docs/kernels.md derives and cross-checks. */
#define JGF_CLASSES "SABC"

/* Defines the registry entry `var` of a JGF kernel: suite and classes are
 * the same for all five. */
#define JGF_KERNEL(var, kernel_name, refuse_fn, run_fn)     \
    const struct kernel_desc var = {.name = kernel_name,    \
                                    .suite = "jgf",         \
                                    .classes = JGF_CLASSES, \
                                    .refuse = refuse_fn,    \
                                    .run = run_fn}

/* 0, 1, 2, 3 for class 'S', 'A', 'B', 'C' (the harness checked it). */
int jgf_class_index(char problem_class);

/* One process's share of `total` items cut into p blocks of `block` items
 * (a multiple of the granule), as JGF cuts its arrays: blocks of
 * ceil(total / granule / p) * granule, the last one shorter. */
struct jgf_block {
    long block; /* the items of every process but the last */
    long first; /* this process's first item */
    long count; /* this process's items */
};

/* Fills *b; false when the last process would get fewer than `granule`
 * items (too many processes for the size), which the kernels refuse. */
bool jgf_block_split(long total, long granule, int p, int rank,
                     struct jgf_block *b);

/* Rank 0's counts and displacements (in elements, `unit` per item) of
 * every process's block, for a Gatherv or Scatterv; NULL on other ranks. */
struct jgf_counts {
    int *counts;
    int *displs;
};
void jgf_block_counts(const struct kernel_run *run, long total, long granule,
                      long unit, struct jgf_counts *c);
void jgf_counts_free(struct jgf_counts *c);

/* The refuse() sentence for a split that fails, or NULL when it works for
 * every rank of run. */
const char *jgf_block_refuse(long total, long granule,
                             const struct kernel_run *run);

/* Fills *result from a checked value: verified when |value - reference|
 * <= tolerance; otherwise detail says what differed. */
void jgf_result_check(struct kernel_result *result, const char *what,
                      double value, double reference, double tolerance);

#endif
