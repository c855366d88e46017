/*
 * Datatypes: predefined types and the derived-type constructors.
 *
 * A type is flattened at construction into "runs": n consecutive basic
 * elements at a displacement (stride = the basic type's extent), adjacent
 * runs merged.  Packing walks the runs once per element; a contiguous type
 * is a single memcpy.  The packed form (what travels) holds only the bytes
 * of the basic elements, so a pair type such as MPI_DOUBLE_INT packs to 12
 * bytes although its extent is 16, and Get_count divides by Type_size.
 * Extents follow MPI-3.1: lb/ub from the blocks, and Type_create_struct
 * pads the extent to the largest alignment of its members (as Open MPI and
 * MPICH do).
 */
#include "rt.h"

#include <complex.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* A predefined type: what all share, then (as designated initializers) its
 * size, bounds and layout; fields not named are 0. */
#define DEF_PREDEFINED(NAME, ...)                                     \
    static struct rt_run run_##NAME = {0, &mpchar_rt_type_##NAME, 1}; \
    struct mpchar_rt_type mpchar_rt_type_##NAME = {                   \
        .kind = RT_K_##NAME,                                          \
        .predefined = 1,                                              \
        .committed = 1,                                               \
        .refcount = 1,                                                \
        .homog = &mpchar_rt_type_##NAME,                              \
        .nruns = 1,                                                   \
        .runs = &run_##NAME,                                          \
        .name = "MPI_" #NAME,                                         \
        __VA_ARGS__,                                                  \
    };

#define DEF_BASIC(NAME, ctype, cls)                                      \
    DEF_PREDEFINED(NAME, .size = sizeof(ctype), .extent = sizeof(ctype), \
                   .true_ub = sizeof(ctype), .align = _Alignof(ctype),   \
                   .contig = 1, .value_bytes = sizeof(ctype))
RT_BASIC_TYPES(DEF_BASIC)
#undef DEF_BASIC

#define DEF_PAIR(NAME, vtype, itype)                                           \
    struct pair_##NAME {                                                       \
        vtype v;                                                               \
        itype i;                                                               \
    };                                                                         \
    DEF_PREDEFINED(NAME, .size = sizeof(vtype) + sizeof(itype),                \
                   .extent = sizeof(struct pair_##NAME),                       \
                   .true_ub = offsetof(struct pair_##NAME, i) + sizeof(itype), \
                   .align = _Alignof(struct pair_##NAME),                      \
                   .contig = sizeof(vtype) + sizeof(itype) ==                  \
                                 sizeof(struct pair_##NAME) &&                 \
                             offsetof(struct pair_##NAME, i) == sizeof(vtype), \
                   .value_bytes = sizeof(vtype),                               \
                   .int_off = offsetof(struct pair_##NAME, i),                 \
                   .index_bytes = sizeof(itype))
RT_PAIR_TYPES(DEF_PAIR)
#undef DEF_PAIR
#undef DEF_PREDEFINED

void mpchar__type_retain(MPI_Datatype type)
{
    if (!type->predefined)
        type->refcount++;
}

void mpchar__type_release(MPI_Datatype type)
{
    if (type->predefined || --type->refcount > 0)
        return;
    free(type->runs);
    free(type);
}

/* ---- packing ---- */

/* mem + off as an integer sum: a buffer may be MPI_BOTTOM (NULL) with a
 * type of absolute addresses, and pointer arithmetic on NULL is undefined. */
static char *at(char *mem, MPI_Aint off)
{
    return (char *)((uintptr_t)mem + (uintptr_t)off);
}

/* Copies up to *left bytes of one run between memory and a packed stream. */
static void run_copy(const struct rt_run *run, char *mem, char **stream,
                     size_t *left, int to_stream)
{
    const struct mpchar_rt_type *b = run->basic;
    char *base = at(mem, run->disp);
    if (b->contig) {
        size_t n = run->n * b->size;
        if (n > *left)
            n = *left;
        if (to_stream)
            mpchar__copy_local(*stream, base, n);
        else
            mpchar__copy_local(base, *stream, n);
        *stream += n;
        *left -= n;
        return;
    }
    for (size_t k = 0; k<run->n && * left> 0; k++) {
        char *elem = base + (MPI_Aint)k * b->extent;
        size_t parts[2][2] = {{0, b->value_bytes},
                              {b->int_off, b->index_bytes}};
        for (int p = 0; p < 2 && *left > 0; p++) {
            size_t n = parts[p][1] < *left ? parts[p][1] : *left;
            if (to_stream)
                memcpy(*stream, elem + parts[p][0], n);
            else
                memcpy(elem + parts[p][0], *stream, n);
            *stream += n;
            *left -= n;
        }
    }
}

static void walk(char *mem, int count, MPI_Datatype type, char *stream,
                 size_t bytes, int to_stream)
{
    if (bytes == 0)
        return;
    if (type->contig) {
        if (to_stream)
            mpchar__copy_local(stream, mem, bytes);
        else
            mpchar__copy_local(mem, stream, bytes);
        return;
    }
    size_t left = bytes;
    for (int i = 0; i < count && left > 0; i++) {
        char *elem = at(mem, (MPI_Aint)i * type->extent);
        for (size_t r = 0; r < type->nruns && left > 0; r++)
            run_copy(&type->runs[r], elem, &stream, &left, to_stream);
    }
}

void mpchar__type_pack(const void *buf, int count, MPI_Datatype type, void *out)
{
    walk((char *)(uintptr_t)buf, count, type, out, (size_t)count * type->size,
         1);
}

void mpchar__type_unpack(const void *in, size_t bytes, int count,
                         MPI_Datatype type, void *buf)
{
    size_t cap = (size_t)count * type->size;
    walk(buf, count, type, (char *)(uintptr_t)in, bytes < cap ? bytes : cap, 0);
}

/* ---- construction ---- */

struct builder {
    struct mpchar_rt_type *t;
    size_t cap;
    int any; /* a non-empty block was seen */
    MPI_Aint lb, ub, tlb, tub;
};

static int builder_init(struct builder *b)
{
    memset(b, 0, sizeof *b);
    b->t = calloc(1, sizeof *b->t);
    return b->t ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static int push_run(struct builder *b, MPI_Aint disp,
                    const struct mpchar_rt_type *basic, size_t n)
{
    struct mpchar_rt_type *t = b->t;
    if (t->nruns > 0) {
        struct rt_run *last = &t->runs[t->nruns - 1];
        if (last->basic == basic &&
            last->disp + (MPI_Aint)last->n * basic->extent == disp) {
            last->n += n;
            return MPI_SUCCESS;
        }
    }
    struct rt_run *runs =
        mpchar_grow(t->runs, &b->cap, t->nruns + 1, sizeof *runs);
    if (!runs)
        return MPI_ERR_NO_MEM;
    t->runs = runs;
    t->runs[t->nruns++] = (struct rt_run){disp, basic, n};
    return MPI_SUCCESS;
}

/* Appends blocklen consecutive copies of old at byte displacement disp. */
static int add_block(struct builder *b, MPI_Aint disp, int blocklen,
                     MPI_Datatype old)
{
    if (blocklen <= 0)
        return MPI_SUCCESS;
    MPI_Aint lb = disp + old->lb, ub = lb + (MPI_Aint)blocklen * old->extent;
    MPI_Aint tlb = disp + old->true_lb;
    MPI_Aint tub = disp + (MPI_Aint)(blocklen - 1) * old->extent + old->true_ub;
    if (!b->any || lb < b->lb)
        b->lb = lb;
    if (!b->any || ub > b->ub)
        b->ub = ub;
    if (!b->any || tlb < b->tlb)
        b->tlb = tlb;
    if (!b->any || tub > b->tub)
        b->tub = tub;
    b->any = 1;
    if (old->align > b->t->align)
        b->t->align = old->align;
    b->t->size += (size_t)blocklen * old->size;
    for (int k = 0; k < blocklen; k++) {
        MPI_Aint base = disp + (MPI_Aint)k * old->extent;
        for (size_t r = 0; r < old->nruns; r++) {
            int rc = push_run(b, base + old->runs[r].disp, old->runs[r].basic,
                              old->runs[r].n);
            if (rc != MPI_SUCCESS)
                return rc;
        }
    }
    return MPI_SUCCESS;
}

static void builder_finish(struct builder *b, int pad_to_align,
                           MPI_Datatype *out_p)
{
    struct mpchar_rt_type *t = b->t;
    t->kind = RT_K_DERIVED;
    t->refcount = 1;
    t->name = "derived";
    if (t->align == 0)
        t->align = 1;
    if (b->any) {
        MPI_Aint ext = b->ub - b->lb;
        if (pad_to_align && ext % (MPI_Aint)t->align)
            ext += (MPI_Aint)t->align - ext % (MPI_Aint)t->align;
        t->lb = b->lb;
        t->extent = ext;
        t->true_lb = b->tlb;
        t->true_ub = b->tub;
    }
    t->homog = t->nruns > 0 ? t->runs[0].basic : NULL;
    for (size_t r = 1; r < t->nruns; r++)
        if (t->runs[r].basic != t->homog)
            t->homog = NULL;
    t->contig = t->nruns == 1 && t->runs[0].disp == 0 &&
                t->runs[0].basic->contig && t->lb == 0 &&
                (size_t)t->extent == t->size;
    if (t->nruns == 0)
        t->contig = 1; /* empty: nothing to copy */
    *out_p = t;
}

static int builder_fail(struct builder *b, int rc)
{
    free(b->t->runs);
    free(b->t);
    return rc;
}

/* The error of a datatype call given no valid datatype. */
static int bad_type(const char *func)
{
    return mpchar__err(MPI_COMM_WORLD, MPI_ERR_TYPE, func);
}

/* Ends a type constructor: the new type, or rc through the handler. */
static int builder_done(struct builder *b, int rc, int pad_to_align,
                        MPI_Datatype *out_p, const char *func)
{
    if (rc != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, b->t ? builder_fail(b, rc) : rc,
                           func);
    builder_finish(b, pad_to_align, out_p);
    return MPI_SUCCESS;
}

/* The blocks of a vector or indexed type: block i has lens[i] elements
 * (lens NULL: len) at disps[i] or hdisps[i] (neither: i * stride) units,
 * a unit being one extent of the old type, or one byte for the h-variants
 * (bytes set). */
struct blocks {
    int count;
    const int *lens;
    int len;
    const int *disps;
    const MPI_Aint *hdisps;
    MPI_Aint stride;
    int bytes;
};

static int build_indexed(const struct blocks *bl, MPI_Datatype old,
                         MPI_Datatype *out_p, const char *func)
{
    if (bl->count < 0 || bl->len < 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COUNT, func);
    if (!out_p)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, func);
    for (int i = 0; bl->lens && i < bl->count; i++)
        if (bl->lens[i] < 0)
            return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, func);
    if (old == MPI_DATATYPE_NULL)
        return bad_type(func);
    MPI_Aint unit = bl->bytes ? 1 : old->extent;
    struct builder b;
    int rc = builder_init(&b);
    for (int i = 0; rc == MPI_SUCCESS && i < bl->count; i++) {
        MPI_Aint at = bl->disps    ? (MPI_Aint)bl->disps[i]
                      : bl->hdisps ? bl->hdisps[i]
                                   : (MPI_Aint)i * bl->stride;
        rc = add_block(&b, at * unit, bl->lens ? bl->lens[i] : bl->len, old);
    }
    return builder_done(&b, rc, 0, out_p, func);
}

int PMPI_Type_vector(int count, int blocklength, int stride,
                     MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct blocks bl = {.count = count, .len = blocklength, .stride = stride};
    return build_indexed(&bl, oldtype, newtype, "MPI_Type_vector");
}
MPCHAR_RT_WEAK(Type_vector)

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct blocks bl = {.count = count, .len = 1, .stride = 1};
    return build_indexed(&bl, oldtype, newtype, "MPI_Type_contiguous");
}
MPCHAR_RT_WEAK(Type_contiguous)

int PMPI_Type_indexed(int count, const int blocklengths[],
                      const int displacements[], MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    struct blocks bl = {
        .count = count, .lens = blocklengths, .disps = displacements};
    return build_indexed(&bl, oldtype, newtype, "MPI_Type_indexed");
}
MPCHAR_RT_WEAK(Type_indexed)

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride,
                             MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct blocks bl = {
        .count = count, .len = blocklength, .stride = stride, .bytes = 1};
    return build_indexed(&bl, oldtype, newtype, "MPI_Type_create_hvector");
}
MPCHAR_RT_WEAK(Type_create_hvector)

/* The MPI-1 name (removed in MPI-3, still used by older programs). */
int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride,
                      MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return PMPI_Type_create_hvector(count, blocklength, stride, oldtype,
                                    newtype);
}
MPCHAR_RT_WEAK(Type_hvector)

/* Blocks at byte displacements: hindexed (lens) and hindexed_block (len). */
static int build_hindexed(int count, const int *lens, int len,
                          const MPI_Aint *disps, MPI_Datatype old,
                          MPI_Datatype *out_p, const char *func)
{
    struct blocks bl = {
        .count = count, .lens = lens, .len = len, .hdisps = disps, .bytes = 1};
    return build_indexed(&bl, old, out_p, func);
}

int PMPI_Type_create_hindexed(int count, const int blocklengths[],
                              const MPI_Aint displacements[],
                              MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return build_hindexed(count, blocklengths, 0, displacements, oldtype,
                          newtype, "MPI_Type_create_hindexed");
}
MPCHAR_RT_WEAK(Type_create_hindexed)

int PMPI_Type_create_indexed_block(int count, int blocklength,
                                   const int displacements[],
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct blocks bl = {
        .count = count, .len = blocklength, .disps = displacements};
    return build_indexed(&bl, oldtype, newtype,
                         "MPI_Type_create_indexed_block");
}
MPCHAR_RT_WEAK(Type_create_indexed_block)

int PMPI_Type_create_hindexed_block(int count, int blocklength,
                                    const MPI_Aint displacements[],
                                    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return build_hindexed(count, NULL, blocklength, displacements, oldtype,
                          newtype, "MPI_Type_create_hindexed_block");
}
MPCHAR_RT_WEAK(Type_create_hindexed_block)

/* old's layout with the bounds [lb, lb + extent): create_resized, and
 * Type_dup with old's own bounds. */
static int build_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent,
                         MPI_Datatype *out_p, const char *func)
{
    if (old == MPI_DATATYPE_NULL)
        return bad_type(func);
    if (!out_p)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, func);
    struct builder b;
    int rc = builder_init(&b);
    if (rc == MPI_SUCCESS)
        rc = add_block(&b, 0, 1, old);
    b.any = 1;
    b.lb = lb;
    b.ub = lb + extent;
    return builder_done(&b, rc, 0, out_p, func);
}

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                             MPI_Datatype *newtype)
{
    return build_resized(oldtype, lb, extent, newtype,
                         "MPI_Type_create_resized");
}
MPCHAR_RT_WEAK(Type_create_resized)

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    if (oldtype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_dup");
    int rc = build_resized(oldtype, oldtype->lb, oldtype->extent, newtype,
                           "MPI_Type_dup");
    if (rc != MPI_SUCCESS)
        return rc;
    (*newtype)->committed = oldtype->committed;
    rc = mpchar__attr_copy_all(RT_ATTR_TYPE, oldtype, oldtype->attrs,
                               &(*newtype)->attrs);
    if (rc != MPI_SUCCESS) {
        mpchar__attr_delete_all(RT_ATTR_TYPE, *newtype, &(*newtype)->attrs);
        mpchar__type_release(*newtype);
        *newtype = MPI_DATATYPE_NULL;
        return mpchar__err(MPI_COMM_WORLD, rc, "MPI_Type_dup");
    }
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_dup)

/* Checks a subarray's shape; MPI_SUCCESS or the error class. */
static int subarray_check(int ndims, const int sizes[], const int subsizes[],
                          const int starts[], int order)
{
    if (ndims <= 0 || !sizes || !subsizes || !starts ||
        (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN))
        return MPI_ERR_ARG;
    for (int i = 0; i < ndims; i++)
        if (sizes[i] <= 0 || subsizes[i] < 0 || starts[i] < 0 ||
            subsizes[i] > sizes[i] - starts[i])
            return MPI_ERR_ARG;
    return MPI_SUCCESS;
}

/* A subarray is one block per row of its fastest dimension, at the row's
 * place in the full array, with the bounds of the full array [0, prod
 * sizes * extent), as MPI defines it. */
int PMPI_Type_create_subarray(int ndims, const int sizes[],
                              const int subsizes[], const int starts[],
                              int order, MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    const char *func = "MPI_Type_create_subarray";
    if (oldtype == MPI_DATATYPE_NULL)
        return bad_type(func);
    int rc = subarray_check(ndims, sizes, subsizes, starts, order);
    if (rc == MPI_SUCCESS && !newtype)
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, rc, func);
        /* dimension d in C order (slowest first): Fortran order reversed */
#define DIM(a, d) ((a)[order == MPI_ORDER_C ? (d) : ndims - 1 - (d)])
    MPI_Aint *stride = malloc(2 * (size_t)ndims * sizeof(MPI_Aint));
    struct builder b;
    rc = stride ? builder_init(&b) : MPI_ERR_NO_MEM;
    if (rc != MPI_SUCCESS) {
        free(stride);
        return mpchar__err(MPI_COMM_WORLD, rc, func);
    }
    MPI_Aint *idx = stride + ndims, total = 1, rows = 1;
    for (int d = ndims - 1; d >= 0; d--) {
        stride[d] = total; /* elements of old between neighbours along d */
        total *= DIM(sizes, d);
        idx[d] = 0;
        if (d < ndims - 1)
            rows *= DIM(subsizes, d);
    }
    int len = DIM(subsizes, ndims - 1);
    for (MPI_Aint r = 0; rc == MPI_SUCCESS && len > 0 && r < rows; r++) {
        MPI_Aint at = 0;
        for (int d = 0; d < ndims; d++)
            at += (DIM(starts, d) + idx[d]) * stride[d];
        rc = add_block(&b, at * oldtype->extent, len, oldtype);
        /* next row: odometer over the dimensions but the fastest */
        for (int d = ndims - 2; d >= 0; d--) {
            if (++idx[d] < DIM(subsizes, d))
                break;
            idx[d] = 0;
        }
    }
#undef DIM
    free(stride);
    b.any = 1;
    b.lb = 0;
    b.ub = total * oldtype->extent;
    return builder_done(&b, rc, 0, newtype, func);
}
MPCHAR_RT_WEAK(Type_create_subarray)

int PMPI_Type_create_struct(int count, const int blocklengths[],
                            const MPI_Aint displacements[],
                            const MPI_Datatype types[], MPI_Datatype *newtype)
{
    if (count < 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COUNT,
                           "MPI_Type_create_struct");
    for (int i = 0; i < count; i++)
        if (types[i] == MPI_DATATYPE_NULL)
            return bad_type("MPI_Type_create_struct");
    struct builder b;
    int rc = builder_init(&b);
    for (int i = 0; rc == MPI_SUCCESS && i < count; i++)
        rc = add_block(&b, displacements[i], blocklengths[i], types[i]);
    return builder_done(&b, rc, 1, newtype, "MPI_Type_create_struct");
}
MPCHAR_RT_WEAK(Type_create_struct)

int PMPI_Type_commit(MPI_Datatype *datatype)
{
    if (!datatype || *datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_commit");
    (*datatype)->committed = 1;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_commit)

int PMPI_Type_free(MPI_Datatype *datatype)
{
    if (!datatype || *datatype == MPI_DATATYPE_NULL || (*datatype)->predefined)
        return bad_type("MPI_Type_free");
    int rc =
        mpchar__attr_delete_all(RT_ATTR_TYPE, *datatype, &(*datatype)->attrs);
    if (rc != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, rc, "MPI_Type_free");
    mpchar__type_release(*datatype);
    *datatype = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_free)

int PMPI_Type_set_name(MPI_Datatype datatype, const char *type_name)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_set_name");
    if (!type_name)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_set_name");
    /* longer names are truncated, as MPI allows */
    snprintf(datatype->user_name, sizeof datatype->user_name, "%s", type_name);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_set_name)

/* A predefined type is named by default; a derived one is "" until named. */
int PMPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_get_name");
    if (!type_name || !resultlen)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_get_name");
    const char *name = datatype->user_name[0] ? datatype->user_name
                       : datatype->predefined ? datatype->name
                                              : "";
    snprintf(type_name, MPI_MAX_OBJECT_NAME, "%s", name);
    *resultlen = (int)strlen(type_name);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_get_name)

/* The basic elements of a run's basic type: a pair type (MPI_DOUBLE_INT)
 * holds two, as Open MPI and MPICH count them. */
static long long run_elements(const struct rt_run *run)
{
    return (long long)run->n * (run->basic->index_bytes ? 2 : 1);
}

/* The basic elements in the first `bytes` bytes of a stream of elements of
 * type; -1 when the bytes end inside a basic element. */
static long long elements_in(MPI_Datatype type, long long bytes)
{
    long long per = 0;
    for (size_t r = 0; r < type->nruns; r++)
        per += run_elements(&type->runs[r]);
    if (type->size == 0)
        return 0;
    long long n = bytes / (long long)type->size * per;
    long long rem = bytes % (long long)type->size;
    for (size_t r = 0; rem > 0 && r < type->nruns; r++) {
        const struct rt_run *run = &type->runs[r];
        long long unit = (long long)run->basic->size, k = rem / unit;
        if (k > (long long)run->n)
            k = (long long)run->n;
        n += k * (run->basic->index_bytes ? 2 : 1);
        rem -= k * unit;
        if (k < (long long)run->n)
            break;
    }
    return rem ? -1 : n;
}

/* The bytes of the first `elements` basic elements of such a stream; -1
 * when they end inside a pair. */
static long long bytes_of(MPI_Datatype type, long long elements)
{
    long long per = 0;
    for (size_t r = 0; r < type->nruns; r++)
        per += run_elements(&type->runs[r]);
    if (per == 0)
        return elements ? -1 : 0;
    long long bytes = elements / per * (long long)type->size;
    long long rem = elements % per;
    for (size_t r = 0; rem > 0 && r < type->nruns; r++) {
        const struct rt_run *run = &type->runs[r];
        long long weight = run->basic->index_bytes ? 2 : 1;
        long long k =
            rem / weight < (long long)run->n ? rem / weight : (long long)run->n;
        bytes += k * (long long)run->basic->size;
        rem -= k * weight;
        if (k < (long long)run->n)
            break;
    }
    return rem ? -1 : bytes;
}

int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype,
                      int *count)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Get_elements");
    if (!status || !count)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_elements");
    long long n = elements_in(datatype, status->mpchar_bytes);
    *count = n < 0 || n > INT_MAX ? MPI_UNDEFINED : (int)n;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Get_elements)

/* For generalized requests and layered libraries: the status then says
 * count basic elements of datatype arrived (MPI_Get_elements and
 * MPI_Get_count read it back). */
int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype,
                             int count)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Status_set_elements");
    long long bytes = count < 0 ? -1 : bytes_of(datatype, count);
    if (!status || status == MPI_STATUS_IGNORE || bytes < 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG,
                           "MPI_Status_set_elements");
    status->mpchar_bytes = bytes;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Status_set_elements)

/* The Fortran type of a class and size (MPI-3.1 17.1.9), for programs that
 * declare REAL*8 or selected_real_kind variables. */
int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    static const struct {
        int typeclass, size;
        MPI_Datatype type;
    } match[] = {
        {MPI_TYPECLASS_REAL, 4, MPI_REAL4},
        {MPI_TYPECLASS_REAL, 8, MPI_REAL8},
        {MPI_TYPECLASS_INTEGER, 1, MPI_INTEGER1},
        {MPI_TYPECLASS_INTEGER, 2, MPI_INTEGER2},
        {MPI_TYPECLASS_INTEGER, 4, MPI_INTEGER4},
        {MPI_TYPECLASS_INTEGER, 8, MPI_INTEGER8},
        {MPI_TYPECLASS_COMPLEX, 8, MPI_COMPLEX},
        {MPI_TYPECLASS_COMPLEX, 16, MPI_DOUBLE_COMPLEX},
    };
    if (!datatype)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_match_size");
    for (size_t i = 0; i < sizeof match / sizeof match[0]; i++)
        if (match[i].typeclass == typeclass && match[i].size == size) {
            *datatype = match[i].type;
            return MPI_SUCCESS;
        }
    return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_match_size");
}
MPCHAR_RT_WEAK(Type_match_size)

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_size");
    *size = (int)datatype->size;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_size)

int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_get_extent");
    *lb = datatype->lb;
    *extent = datatype->extent;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_get_extent)

int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb,
                              MPI_Aint *true_extent)
{
    if (datatype == MPI_DATATYPE_NULL)
        return bad_type("MPI_Type_get_true_extent");
    *true_lb = datatype->true_lb;
    *true_extent = datatype->true_ub - datatype->true_lb;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Type_get_true_extent)

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Get_address)
