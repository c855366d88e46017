/* The writers of `mpchar export`'s formats, one file each, and what they
 * share; the format table is export.c. */
#ifndef MPCHAR_EXPORT_INTERNAL_H
#define MPCHAR_EXPORT_INTERNAL_H

#include <stdio.h>

#include "mpchar/export.h"

typedef int (*mpchar__export_writer)(const mpchar_model *model,
                                     const char *library, FILE *out,
                                     mpchar_error *err);

int mpchar__export_openmpi_rules(const mpchar_model *model, const char *library,
                                 FILE *out, mpchar_error *err);
int mpchar__export_mpich_cvars(const mpchar_model *model, const char *library,
                               FILE *out, mpchar_error *err);
int mpchar__export_mpich_json(const mpchar_model *model, const char *library,
                              FILE *out, mpchar_error *err);
int mpchar__export_smpi(const mpchar_model *model, const char *library,
                        FILE *out, mpchar_error *err);
int mpchar__export_loggp(const mpchar_model *model, const char *library,
                         FILE *out, mpchar_error *err);

#endif
