/*
 * kernels/jgf_common.c: the size classes, block distribution and result
 * helpers the JGF kernels share (see jgf_common.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "jgf_common.h"

int jgf_class_index(char problem_class)
{
    return kernel_class_row(JGF_CLASSES, problem_class);
}

bool jgf_block_split(long total, long granule, int p, int rank,
                     struct jgf_block *b)
{
    long block = ((total / granule + p - 1) / p) * granule;
    long last = total - block * (p - 1);
    b->block = block;
    b->first = block * rank;
    b->count = rank == p - 1 ? last : block;
    return last >= granule;
}

void jgf_block_counts(const struct kernel_run *run, long total, long granule,
                      long unit, struct jgf_counts *c)
{
    c->counts = NULL;
    c->displs = NULL;
    if (run->rank != 0)
        return;
    c->counts = kernel_calloc((size_t)run->size, sizeof *c->counts);
    c->displs = kernel_calloc((size_t)run->size, sizeof *c->displs);
    kernel_require_memory(c->counts && c->displs, run->comm, "jgf");
    for (int k = 0; k < run->size; k++) {
        struct jgf_block b;
        jgf_block_split(total, granule, run->size, k, &b);
        c->counts[k] = (int)(b.count * unit);
        c->displs[k] = (int)(b.first * unit);
    }
}

void jgf_counts_free(struct jgf_counts *c)
{
    kernel_free(c->counts);
    kernel_free(c->displs);
}

const char *jgf_block_refuse(long total, long granule,
                             const struct kernel_run *run)
{
    static char why[160];
    struct jgf_block b;
    if (jgf_block_split(total, granule, run->size, run->size - 1, &b))
        return NULL;
    snprintf(why, sizeof why,
             "%ld items in blocks of %ld leave the last of %d processes "
             "fewer than %ld; use fewer processes",
             total, b.block, run->size, granule);
    return why;
}

void jgf_result_check(struct kernel_result *result, const char *what,
                      double value, double reference, double tolerance)
{
    double dev = fabs(value - reference);
    result->value = value;
    result->reference = reference;
    result->verified = dev <= tolerance; /* false for NaN too */
    if (!result->verified)
        snprintf(result->detail, sizeof result->detail,
                 "%s = %.15e, reference %.15e, |difference| %.3e > %.1e", what,
                 value, reference, dev, tolerance);
}
