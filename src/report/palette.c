/* The report's colours, in one table, so that a library or a model family
 * has the same colour in every plot: libraries known by name have fixed
 * colours, others take the spare ones in the order they appear; model
 * families and pingpong's send modes have their own.  Colour-blind-safe
 * hues (Okabe-Ito, Tol) where possible. */
#include <string.h>

#include "report_internal.h"

typedef struct color {
    const char *name, *rgb;
} color;

static const color libraries[] = {
    {"openmpi", "#0072b2"},
    {"mpich", "#d55e00"},
    {"builtin", "#009e73"},
};

static const color spare[] = {
    {"", "#cc79a7"}, {"", "#56b4e9"}, {"", "#e69f00"}, {"", "#882255"},
    {"", "#44aa99"}, {"", "#999933"}, {"", "#332288"}, {"", "#aa4499"},
};

static const color families[] = {
    [MPCHAR_FAMILY_HOCKNEY] = {"hockney", "#7f7f7f"},
    [MPCHAR_FAMILY_TI] = {"ti", "#e69f00"},
    [MPCHAR_FAMILY_HOCKNEY_T0] = {"hockney_t0", "#56b4e9"},
    [MPCHAR_FAMILY_PIECEWISE] = {"piecewise", "#222222"},
};

static const color variants[] = {
    {"send", "#0072b2"},  {"ssend", "#d55e00"}, {"bsend", "#009e73"},
    {"rsend", "#cc79a7"}, {"isend", "#e69f00"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *lookup(const color *table, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(table[i].name, name))
            return table[i].rgb;
    return NULL;
}

const char *mpchar__color_library(const char *name, size_t index)
{
    const char *rgb = lookup(libraries, COUNT(libraries), name);
    return rgb ? rgb : spare[index % COUNT(spare)].rgb;
}

const char *mpchar__color_family(mpchar_family f)
{
    if ((int)f < 0 || (size_t)f >= COUNT(families))
        return spare[0].rgb;
    return families[f].rgb;
}

const char *mpchar__color_variant(const char *variant)
{
    const char *rgb = lookup(variants, COUNT(variants), variant);
    return rgb ? rgb : spare[0].rgb;
}

const char *mpchar__color_other(size_t index)
{
    return spare[index % COUNT(spare)].rgb;
}
