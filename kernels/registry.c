/*
 * kernels/registry.c: the application kernels mpchar-kernels can run, in
 * the order `--list` prints them.  Each kernel file defines one
 * struct kernel_desc; adding a kernel is one declaration and one entry.
 */
#include <stddef.h>

#include "harness.h"

extern const struct kernel_desc kernel_jgf_series;
extern const struct kernel_desc kernel_jgf_crypt;
extern const struct kernel_desc kernel_jgf_lufact;
extern const struct kernel_desc kernel_jgf_sor;
extern const struct kernel_desc kernel_jgf_sparsematmult;
extern const struct kernel_desc kernel_npb_ep;
extern const struct kernel_desc kernel_npb_is;
extern const struct kernel_desc kernel_npb_cg;
extern const struct kernel_desc kernel_npb_mg;
extern const struct kernel_desc kernel_npb_ft;

const struct kernel_desc *const mpchar_kernels[] = {
    &kernel_jgf_series,
    &kernel_jgf_crypt,
    &kernel_jgf_sor,
    &kernel_jgf_sparsematmult,
    &kernel_jgf_lufact,
    &kernel_npb_ep,
    &kernel_npb_is,
    &kernel_npb_cg,
    &kernel_npb_mg,
    &kernel_npb_ft,
    NULL,
};
