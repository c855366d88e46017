/*
 * kernels/registry.c: the application kernels mpchar-kernels can run, in
 * the order `--list` prints them.  Each kernel file defines one
 * struct kernel_desc; adding a kernel is one declaration and one entry.
 */
#include <stddef.h>

#include "harness.h"

extern const struct kernel_desc kernel_jgf_series;

const struct kernel_desc *const mpchar_kernels[] = {
    &kernel_jgf_series,
    NULL,
};
