/*
 * kernels/npb_common.h: what the NPB kernels share beyond the random
 * number generator: the published-value check with NPB's relative
 * tolerance, and the process-count rule most of them impose.
 */
#ifndef MPCHAR_KERNELS_NPB_COMMON_H
#define MPCHAR_KERNELS_NPB_COMMON_H

#include "harness.h"

#include <stdbool.h>

/* Defines the registry entry `var` of an NPB kernel (the NPB twin of
 * JGF_KERNEL; the classes differ per kernel). */
#define NPB_KERNEL(var, kernel_name, class_list, refuse_fn, run_fn) \
    const struct kernel_desc var = {.name = kernel_name,            \
                                    .suite = "npb",                 \
                                    .classes = class_list,          \
                                    .refuse = refuse_fn,            \
                                    .run = run_fn}

/* Fills *result from value against reference: verified when the relative
 * error is at most epsilon (NPB's test, NaN never verifies); otherwise
 * result->detail says what differed, what naming the quantity. */
void npb_check(struct kernel_result *result, const char *what, double value,
               double reference, double epsilon);

/* True when |value - reference| / |reference| <= epsilon (NaN: false). */
bool npb_close(double value, double reference, double epsilon);

/* The smallest k with 2^k >= n (n >= 1): log2 of the process count or of
 * a grid side, which the NPB kernels restrict to powers of two. */
int npb_log2_ceil(int n);

/* NULL when n is a power of two, else NPB's sentence for kernels that
 * split their data in halves (CG, FT, IS, MG). */
const char *npb_refuse_unless_power_of_two(int n);

#endif
