/* `mpchar export`: what a model learned, in the formats other tools read
 * (docs/export.md): an Open MPI coll/tuned dynamic rules file, MPICH
 * control variables and an MPICH selection file choosing, per
 * communicator size and message size, the fastest fitted algorithm
 * variant (mpchar/lib_algorithms.h); SimGrid
 * SMPI's piecewise smpi/os, smpi/or and smpi/ois settings; LogGP
 * parameters.  Formats are entries of one table (src/export/export.c). */
#ifndef MPCHAR_EXPORT_H
#define MPCHAR_EXPORT_H

#include <stddef.h>
#include <stdio.h>

#include "mpchar/error.h"
#include "mpchar/lib_algorithms.h"
#include "mpchar/model.h"

/* ---- the formats ---------------------------------------------------- */

/* Writes model's export in format to out; library names the base library
 * of a point-to-point export (smpi, loggp), NULL: the only one with a
 * pingpong entry. */
int mpchar_export_write(const mpchar_model *model, const char *format,
                        const char *library, FILE *out, mpchar_error *err);

/* The index of a known format, or -1 with err set: checked before any
 * data is read, so that a wrong --format is the error a user sees. */
int mpchar_export_check_format(const char *format, mpchar_error *err);

/* "openmpi-rules|mpich-cvars|mpich-json|smpi|loggp", for help and
 * errors. */
const char *mpchar_export_formats(void);

/* ---- choosing algorithms (src/export/select.c) ------------------------ */

#define MPCHAR_EXPORT_REGIONS_MAX 64
#define MPCHAR_EXPORT_PS_MAX 64

/* From n_from_bytes up to the next region's start, alg is fastest. */
typedef struct mpchar_export_region {
    double n_from_bytes;
    const mpchar_lib_algorithm *alg;
} mpchar_export_region;

/* The winners of one collective at one communicator size. */
typedef struct mpchar_export_choice {
    long p;
    double n_max_bytes; /* the largest size measured there */
    size_t nregions;
    mpchar_export_region r[MPCHAR_EXPORT_REGIONS_MAX];
} mpchar_export_choice;

/* For each p at which some variant of base's pattern was fitted, in
 * increasing p: the fastest variant (best family) from n = 0 to the
 * largest measured n, its switches found to the byte.  *count_p is 0
 * when the model has no variant of that pattern. */
int mpchar_export_choose(const mpchar_model *model, const char *base,
                         const char *pattern, mpchar_export_choice *out,
                         size_t max, size_t *count_p, mpchar_error *err);

/* ---- point-to-point parameters (src/export/loggp.c) ----------------- */

/* LogGP of a library, microseconds (docs/export.md, the derivation). */
typedef struct mpchar_loggp {
    double L_us, o_us, g_us, G_us_per_byte;
    double one_way_us; /* pingpong's start-up: L + 2o */
} mpchar_loggp;

/* The point-to-point fits of a library at p = 2: pingpong (variant send
 * where measured) and stream; base NULL: the only library with a
 * pingpong entry. */
int mpchar_export_p2p(const mpchar_model *model, const char *base,
                      const mpchar_pfit **pingpong_p,
                      const mpchar_pfit **stream_p, const char **library_p,
                      mpchar_error *err);

int mpchar_loggp_derive(const mpchar_pfit *pingpong, const mpchar_pfit *stream,
                        mpchar_loggp *out, mpchar_error *err);

#endif
