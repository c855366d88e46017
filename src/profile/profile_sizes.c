/* Calls by size: per rank, how many calls of each MPI call moved each
 * size, the input of `mpchar apps --model`'s prediction (a model predicts
 * a primitive's time from its size n and p, so the aggregates by size bin
 * are too coarse for it).  Kept as a small list searched from its end:
 * a kernel calls few distinct (call, size) pairs, and a loop repeats the
 * ones it added last (a program of many distinct sizes pays a search of
 * the list per call, at analysis time only). */
#include <stdlib.h>
#include <string.h>

#include "mpchar/grow.h"
#include "profile.h"

profile_size *profile_sizes_find(profile_rank *r, uint32_t call, uint64_t bytes,
                                 uint32_t region, bool self)
{
    for (size_t k = r->n_sizes; k-- > 0;) {
        profile_size *s = &r->sizes[k];
        if (s->call == call && s->bytes == bytes && s->region == region &&
            s->self == self)
            return s;
    }
    return NULL;
}

int profile_sizes_add(profile_rank *r, uint32_t call, uint64_t bytes,
                      uint32_t region, bool self, double call_us,
                      mpchar_error *err)
{
    profile_size *s = profile_sizes_find(r, call, bytes, region, self);
    if (s) {
        s->calls++;
        s->call_us += call_us;
        return 0;
    }
    profile_size *grown =
        mpchar_grow(r->sizes, &r->cap_sizes, r->n_sizes + 1, sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory");
    r->sizes = grown;
    r->sizes[r->n_sizes++] =
        (profile_size){call, region, bytes, 1, self, call_us, 0.0};
    return 0;
}

json_t *profile_sizes_json(const profile *p, const profile_rank *r)
{
    json_t *list = json_array();
    for (size_t k = 0; k < r->n_sizes; k++) {
        const profile_size *s = &r->sizes[k];
        json_t *o = json_pack(
            "{s:s, s:I, s:I, s:I, s:f}", "call", p->call_names[s->call],
            "bytes", (json_int_t)s->bytes, "region", (json_int_t)s->region,
            "calls", (json_int_t)s->calls, "call_us", s->call_us);
        if (p->waits_aligned)
            json_object_set_new(o, "wait_us", json_real(s->wait_us));
        if (s->self) /* (absent: to another rank, or no message) */
            json_object_set_new(o, "self", json_true());
        json_array_append_new(list, o);
    }
    return list;
}

/* profile_comm_calls.c, generated (CMakeLists.txt): sorted by strcmp */
extern const char *const profile_comm_calls[];
extern const size_t profile_n_comm_calls;

static int by_name(const void *key, const void *elem)
{
    return strcmp(key, *(const char *const *)elem);
}

static bool listed(const char *name)
{
    return bsearch(name, profile_comm_calls, profile_n_comm_calls,
                   sizeof *profile_comm_calls, by_name) != NULL;
}

bool profile_call_is_comm(const char *name)
{
    if (strncmp(name, "MPI_", 4) == 0)
        name += 4;
    if (listed(name))
        return true;
    /* MPI-4's large-count form of a listed call (MPICH: MPI_Send_c),
     * which the profiler records as its int form (gen_wrappers.py,
     * large_count) under its own name */
    char base[MPCHAR_PROF_CALL_NAME_BYTES];
    size_t len = strlen(name);
    if (len < 3 || len >= sizeof base || strcmp(name + len - 2, "_c") != 0)
        return false;
    memcpy(base, name, len - 2);
    base[len - 2] = '\0';
    return listed(base);
}
