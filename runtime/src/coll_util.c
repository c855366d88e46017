/*
 * Building blocks of the collectives: typed temporary buffers.
 */
#include "coll.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Large temporaries are kept for the next collective: memory fresh from
 * malloc costs a page fault per 4 KiB touched, and glibc returns large
 * blocks to the kernel on free (docs/performance.md, "Collective
 * temporaries are kept").  Up to TBUF_KEPT blocks of 64 KiB to 64 MiB are
 * kept, the largest; each carries its capacity in a header. */
#define TBUF_KEEP_MIN ((size_t)64 << 10)
#define TBUF_KEEP_MAX ((size_t)64 << 20)
#define TBUF_KEPT 4
union tbuf_head {
    size_t cap;
    max_align_t align;
};
static union tbuf_head *tbuf_kept[TBUF_KEPT];

static void *tbuf_get(size_t bytes)
{
    int best = -1;
    for (int i = 0; i < TBUF_KEPT; i++)
        if (tbuf_kept[i] && tbuf_kept[i]->cap >= bytes &&
            (best < 0 || tbuf_kept[i]->cap < tbuf_kept[best]->cap))
            best = i;
    union tbuf_head *h;
    if (best >= 0) {
        h = tbuf_kept[best];
        tbuf_kept[best] = NULL;
    } else {
        h = malloc(sizeof *h + bytes);
        if (!h)
            mpchar__fatal("out of memory in a collective");
        h->cap = bytes;
    }
    return h + 1;
}

void mpchar__tbuf_free(void *mem)
{
    union tbuf_head *h = (union tbuf_head *)mem - 1;
    if (h->cap < TBUF_KEEP_MIN || h->cap > TBUF_KEEP_MAX) {
        free(h);
        return;
    }
    /* an empty slot, else the smallest kept block if it is smaller than h */
    int slot = 0;
    for (int i = 0; i < TBUF_KEPT; i++) {
        if (!tbuf_kept[i]) {
            slot = i;
            break;
        }
        if (tbuf_kept[i]->cap < tbuf_kept[slot]->cap)
            slot = i;
    }
    if (tbuf_kept[slot] && tbuf_kept[slot]->cap >= h->cap) {
        free(h);
        return;
    }
    free(tbuf_kept[slot]);
    tbuf_kept[slot] = h;
}

void mpchar__tbuf_cache_free(void)
{
    for (int i = 0; i < TBUF_KEPT; i++) {
        free(tbuf_kept[i]);
        tbuf_kept[i] = NULL;
    }
}

size_t mpchar__tbuf_span(int count, MPI_Datatype type, MPI_Aint *lo_p)
{
    /* element i touches [i ext + lo, i ext + hi): the true bounds, widened to
   * lb/ub because pair-type kernels assign whole structs */
    MPI_Aint lo = type->true_lb < type->lb ? type->true_lb : type->lb;
    MPI_Aint ub = type->lb + type->extent,
             hi = type->true_ub > ub ? type->true_ub : ub;
    size_t span = 1;
    if (count > 0)
        span = (size_t)(hi - lo) + (size_t)(count - 1) * (size_t)type->extent;
    *lo_p = lo;
    return span ? span : 1;
}

void *mpchar__tbuf_alloc(int count, MPI_Datatype type, void **mem_p)
{
    MPI_Aint lo;
    char *mem = tbuf_get(mpchar__tbuf_span(count, type, &lo));
    *mem_p = mem;
    return mem - lo;
}

void mpchar__tbuf_copy(const void *src, int scount, MPI_Datatype stype,
                       void *dst, int rcount, MPI_Datatype rtype)
{
    size_t bytes = (size_t)scount * stype->size;
    if (bytes == 0 || src == dst)
        return;
    if (stype->contig && rtype->contig) {
        size_t cap = (size_t)rcount * rtype->size;
        mpchar__copy_local(dst, src, bytes < cap ? bytes : cap);
        return;
    }
    void *tmp = malloc(bytes);
    if (!tmp)
        mpchar__fatal("out of memory in a collective");
    mpchar__type_pack(src, scount, stype, tmp);
    mpchar__type_unpack(tmp, bytes, rcount, rtype, dst);
    free(tmp);
}

int mpchar__pof2(int n)
{
    int p = 1;
    while (p * 2 <= n)
        p *= 2;
    return p;
}
