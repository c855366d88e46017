/*
 * kernels/harness.h: what an application kernel of mpchar is, and what the
 * shared harness (kernels/harness.c, kernels/main.c) does for it: option
 * parsing, repetitions, timing, communication time, fault injection and the
 * one result line `mpchar apps` reads.  Kernels link only MPI and libc.
 */
#ifndef MPCHAR_KERNELS_HARNESS_H
#define MPCHAR_KERNELS_HARNESS_H

#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>

/* What a kernel is asked to compute. */
struct kernel_run {
    char problem_class; /* 'S', 'W', 'A', 'B' (NPB) or 'A', 'B', 'C' (JGF) */
    MPI_Comm comm;      /* a duplicate of MPI_COMM_WORLD */
    int rank;
    int size;
};

/* What it computed, checked against the published value of its class. */
struct kernel_result {
    bool verified;
    double value;     /* the checked quantity (checksum, norm, residual...) */
    double reference; /* its published value for the class */
    char detail[160]; /* what was compared, printed when verification fails */
};

/* One registry entry (kernels/registry.c lists them all). */
struct kernel_desc {
    const char *name;    /* "series", "sor", ..., "ep", "cg", ... */
    const char *suite;   /* "jgf" or "npb" */
    const char *classes; /* the classes it defines, e.g. "ABC" or "SWAB" */
    /* Checks whether the class can run on run->size processes: NULL when
     * it can, else a sentence saying why not (e.g. FT needs a power of 2). */
    const char *(*refuse)(const struct kernel_run *run);
    /* Runs the whole computation once, collectively; fills *result on
     * rank 0 at least: the harness prints rank 0's and broadcasts its
     * verdict, so a kernel need not share a check made on rank 0. */
    void (*run)(const struct kernel_run *run, struct kernel_result *result);
};

extern const struct kernel_desc *const mpchar_kernels[]; /* NULL-terminated */

/* Brackets a kernel's communication so that the harness can report
 * t_comm_s; calls may nest; cost a clock read each. */
void kernel_comm_begin(void);
void kernel_comm_end(void);

/* Index of class c in classes ("SWAB"), or -1: the row of a kernel's
 * table of class parameters (both suites order their tables so). */
int kernel_class_row(const char *classes, char c);

/* Ends the job with one line naming the kernel unless ok: an allocation
 * failed (the class is too large for this machine at this p). */
void kernel_require_memory(bool ok, MPI_Comm comm, const char *kernel);

/* A buffer of bytes that outlives the repetition, as NPB allocates its
 * arrays once before its timer starts: kernel_free returns it to the
 * harness, which hands it back to the next repetition's kernel_alloc of
 * the same size, so that only the first (warm-up) repetition pays the
 * allocation and its page faults (docs/apps.md, FT: half of each
 * Alltoall's time was faults on a freshly allocated receive buffer).
 * Buffers are laid out by the harness, 64-byte aligned, in the order they
 * are first asked for, the same in every library's program
 * (kernels/buffers.c): a kernel takes every array it computes on from
 * here, not from malloc.  A new buffer is zeroed (touching every page), a
 * reused one holds what the last repetition left: initialise what you
 * read, or ask kernel_calloc, which zeroes it every time.  NULL when out
 * of memory; kernel_free(NULL) does nothing. */
void *kernel_alloc(size_t bytes);
void *kernel_calloc(size_t count, size_t size);
void kernel_free(void *buffer);

/* 0, or the perturbation MPCHAR_KERNEL_FAULT asks for: kernels add it to
 * one value of their computation before verification, so that a test can
 * prove a wrong result fails. */
double kernel_fault(void);

#endif
