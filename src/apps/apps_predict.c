/* A kernel's communication time predicted from its profile: every call
 * the profiler recorded, with its size n (profile_sizes.c) and the
 * profile's p, is the primitive of the model that the table below names,
 * and a rank's prediction is the sum of their predicted times (seed 000
 * §6 judges the models on applications this way).  The kernels
 * communicate on a duplicate of MPI_COMM_WORLD, so p is the profile's
 * number of processes; a point-to-point message is a ping-pong's one-way
 * time, counted once, at its sender, and a Sendrecv an exchange (a
 * ping-ping: both ranks send and receive at once); a message to oneself
 * is a local copy: pingpong's transfer term alone (SELF_PATTERN). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "mpchar/grow.h"
#include "mpchar/kernel_region.h"

/* The pattern whose transfer term n x tb predicts a message a rank sends
 * to itself: no model measures such a copy, and none of its start-up
 * (matching, synchronisation with a peer) applies. */
#define SELF_PATTERN "pingpong"

typedef enum call_role {
    ROLE_PRIMITIVE, /* predicted by `pattern` */
    ROLE_RECEIVER,  /* its message, if any, is predicted at the sender:
                       receives, completions, probes, a persistent
                       request's creation (its message is posted by
                       Start, which may be a send or a receive: left
                       unmodelled) */
} call_role;

typedef struct call_model {
    const char *call; /* as the profiler names it (src/prof/calls.def) */
    call_role role;
    const char *pattern;  /* src/common/patterns.c */
    bool bytes_times_p;   /* the model's n is the profiled per-process
                            block times p (patterns.c: "n: ...") */
    const char *fallback; /* the pattern when the model lacks `pattern` */
} call_model;

static const call_model call_models[] = {
    {"Send", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Ssend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Rsend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Isend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Issend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Bsend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Irsend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    {"Ibsend", ROLE_PRIMITIVE, "pingpong", false, NULL},
    /* an exchange: both ranks send and receive at once (a halo); a
     * model without pingping falls back to a one-way time */
    {"Sendrecv", ROLE_PRIMITIVE, "pingping", false, "pingpong"},
    {"Sendrecv_replace", ROLE_PRIMITIVE, "pingping", false, "pingpong"},
    {"Recv", ROLE_RECEIVER, NULL, false, NULL},
    {"Irecv", ROLE_RECEIVER, NULL, false, NULL},
    {"Mrecv", ROLE_RECEIVER, NULL, false, NULL},
    {"Imrecv", ROLE_RECEIVER, NULL, false, NULL},
    {"Probe", ROLE_RECEIVER, NULL, false, NULL},
    {"Iprobe", ROLE_RECEIVER, NULL, false, NULL},
    {"Mprobe", ROLE_RECEIVER, NULL, false, NULL},
    {"Improbe", ROLE_RECEIVER, NULL, false, NULL},
    {"Send_init", ROLE_RECEIVER, NULL, false, NULL},
    {"Ssend_init", ROLE_RECEIVER, NULL, false, NULL},
    {"Rsend_init", ROLE_RECEIVER, NULL, false, NULL},
    {"Bsend_init", ROLE_RECEIVER, NULL, false, NULL},
    {"Recv_init", ROLE_RECEIVER, NULL, false, NULL},
    {"Cancel", ROLE_RECEIVER, NULL, false, NULL},
    {"Wait", ROLE_RECEIVER, NULL, false, NULL},
    {"Test", ROLE_RECEIVER, NULL, false, NULL},
    {"Waitall", ROLE_RECEIVER, NULL, false, NULL},
    {"Testall", ROLE_RECEIVER, NULL, false, NULL},
    {"Waitany", ROLE_RECEIVER, NULL, false, NULL},
    {"Testany", ROLE_RECEIVER, NULL, false, NULL},
    {"Waitsome", ROLE_RECEIVER, NULL, false, NULL},
    {"Testsome", ROLE_RECEIVER, NULL, false, NULL},
    {"Barrier", ROLE_PRIMITIVE, "barrier", false, NULL},
    {"Bcast", ROLE_PRIMITIVE, "bcast", false, NULL},
    {"Reduce", ROLE_PRIMITIVE, "reduce", false, NULL},
    {"Allreduce", ROLE_PRIMITIVE, "allreduce", false, NULL},
    {"Alltoall", ROLE_PRIMITIVE, "alltoall", true, NULL},
    {"Allgather", ROLE_PRIMITIVE, "allgather", true, NULL},
    {"Gather", ROLE_PRIMITIVE, "gather", true, NULL},
    {"Scatter", ROLE_PRIMITIVE, "scatter", true, NULL},
    /* the v-forms: a process's own block times p (the model measured them
     * with equal counts); Alltoallv's bytes are already a process's total
     * sent, alltoallv's n (equal counts: uneven ones are predicted as
     * their total spread evenly, docs/apps.md) */
    {"Gatherv", ROLE_PRIMITIVE, "gatherv", true, NULL},
    {"Scatterv", ROLE_PRIMITIVE, "scatterv", true, NULL},
    {"Allgatherv", ROLE_PRIMITIVE, "allgatherv", true, NULL},
    {"Alltoallv", ROLE_PRIMITIVE, "alltoallv", false, NULL},
};

/* name as the profiler's header spells it, "MPI_Send", or without the
 * prefix; NULL: a communication call the table does not model. */
static const call_model *find_call(const char *name)
{
    if (strncmp(name, "MPI_", 4) == 0)
        name += 4;
    for (size_t i = 0; i < sizeof call_models / sizeof call_models[0]; i++)
        if (strcmp(call_models[i].call, name) == 0)
            return &call_models[i];
    return NULL;
}

/* Whether call is one of list's ", "-separated names (MPI_Allgather is
 * not listed by MPI_Allgatherv). */
static bool listed(const char *list, const char *call)
{
    size_t n = strlen(call);
    for (const char *at = list; (at = strstr(at, call)) != NULL; at += n)
        if ((at == list || at[-1] == ' ') && (at[n] == ',' || at[n] == '\0'))
            return true;
    return false;
}

static void note_unmodelled(apps_prediction *out, const char *call,
                            uint64_t calls)
{
    static const char more[] = "...";
    size_t cap = sizeof out->unmodelled - sizeof more + 1;
    out->unmodelled_calls += calls;
    size_t used = strlen(out->unmodelled);
    if (listed(out->unmodelled, call) || used >= cap)
        return; /* named, or the list already ends in "..." */
    int w = snprintf(out->unmodelled + used, cap - used, "%s%s",
                     used ? ", " : "", call);
    if (w < 0 || (size_t)w >= cap - used)
        strcpy(out->unmodelled + cap - 1, more);
}

static bool pair_pattern(const char *pattern)
{
    return strcmp(pattern, "pingpong") == 0 || strcmp(pattern, "pingping") == 0;
}

bool apps_profile_bracketed(const profile *prof)
{
    for (size_t i = 0; i < prof->n_ranks; i++)
        for (size_t k = 0; k < prof->ranks[i].n_sizes; k++)
            if (prof->ranks[i].sizes[k].region == MPCHAR_KERNEL_COMM_REGION)
                return true;
    return false;
}

long apps_profile_reps(const profile *prof, long reps)
{
    return apps_profile_bracketed(prof) && reps > 1 ? reps - 1 : reps;
}

/* Whether s is communication of the kernel: a communication call, inside
 * the brackets when the profile has them. */
static bool kernel_comm(const profile *prof, const profile_size *s,
                        bool bracketed)
{
    return profile_call_is_comm(prof->call_names[s->call]) &&
           (!bracketed || s->region == MPCHAR_KERNEL_COMM_REGION);
}

/* How far a measured n may lie from the n asked: mpchar run rounds a
 * size up to whole elements of the pattern's datatype (a reduction's
 * doubles: IS's Allreduce of 2068 B is measured at 2072). */
#define POINT_ROUNDING_BYTES 16

/* The fit-set point of pattern at p and n (the nearest within the
 * rounding) with the variant and op a model's entry would have by default
 * (mpchar_model_find: "-" or "send", "-" or "sum"), or NULL.  Each
 * pattern has one datatype's series: the run measured its default. */
static const mpchar_measurement *
point_find(const mpchar_measurements *m, const char *pattern, double n, long p)
{
    uint64_t want = (uint64_t)llround(n);
    const mpchar_measurement *best = NULL;
    for (size_t i = 0; i < m->count; i++) {
        const mpchar_point_key *k = &m->rows[i].key;
        if (k->set == MPCHAR_SET_FIT && k->p == p && k->n_bytes >= want &&
            k->n_bytes < want + POINT_ROUNDING_BYTES &&
            (!best || k->n_bytes < best->key.n_bytes) &&
            !strcmp(k->pattern, pattern) &&
            (!strcmp(k->variant, "-") || !strcmp(k->variant, "send")) &&
            (!strcmp(k->op, "-") || !strcmp(k->op, "sum")) &&
            m->rows[i].t_min_us > 0.0)
            best = &m->rows[i];
    }
    return best;
}

const mpchar_measurement *apps_source_point(const apps_source *src,
                                            const char *pattern, double n_bytes,
                                            long p)
{
    return src->points ? point_find(src->points, pattern, n_bytes, p) : NULL;
}

static bool source_has(const apps_source *src, const char *library,
                       const char *pattern)
{
    if (src->model)
        return mpchar_model_find(src->model, library, pattern, NULL, NULL,
                                 NULL) != NULL;
    for (size_t i = 0; i < src->points->count; i++)
        if (!strcmp(src->points->rows[i].key.pattern, pattern))
            return true;
    return false;
}

bool apps_source_time(const apps_source *src, const char *library,
                      const char *pattern, double n_bytes, long p,
                      bool transfer_only, double *t_us)
{
    if (src->model) {
        const mpchar_entry *e =
            mpchar_model_find(src->model, library, pattern, NULL, NULL, NULL);
        mpchar_prediction pred;
        if (!e || mpchar_entry_predict(e, MPCHAR_FAMILY_BEST, n_bytes, p, &pred,
                                       NULL) != 0)
            return false;
        *t_us = transfer_only ? pred.transfer_us : pred.t_us;
        return true;
    }
    const mpchar_measurement *at = point_find(src->points, pattern, n_bytes, p);
    const mpchar_measurement *zero =
        transfer_only ? point_find(src->points, pattern, 0.0, p) : NULL;
    if (!at || (transfer_only && !zero))
        return false;
    *t_us =
        transfer_only ? fmax(0.0, at->t_min_us - zero->t_min_us) : at->t_min_us;
    return true;
}

void apps_predict_size(const profile *prof, const profile_size *s,
                       bool bracketed, const apps_source *src,
                       const char *library, apps_call_prediction *out)
{
    const char *name = prof->call_names[s->call];
    const call_model *cm = find_call(name);
    memset(out, 0, sizeof *out);
    out->t_s = NAN;
    if (!kernel_comm(prof, s, bracketed)) {
        /* start, stop, regions, set-up; the harness's calls */
        out->kind = APPS_CALL_NOT_KERNEL;
        return;
    }
    if (cm && cm->role != ROLE_PRIMITIVE) {
        out->kind = APPS_CALL_AT_SENDER;
        return;
    }
    out->kind = APPS_CALL_UNMODELLED;
    if (!cm)
        return;
    /* (only point-to-point calls record a peer: profile_size's self) */
    out->self = s->self;
    out->pattern = out->self ? SELF_PATTERN : cm->pattern;
    if (src && !out->self && cm->fallback &&
        !source_has(src, library, out->pattern))
        out->pattern = cm->fallback;
    /* the point-to-point patterns are of ranks 0 and 1 */
    out->p = pair_pattern(out->pattern) ? 2 : prof->size;
    out->n_bytes =
        (double)s->bytes * (cm->bytes_times_p ? (double)prof->size : 1.0);
    double t_us;
    if (!src || !apps_source_time(src, library, out->pattern, out->n_bytes,
                                  out->p, out->self, &t_us))
        return;
    out->kind = APPS_CALL_PREDICTED;
    out->t_s = t_us * 1e-6;
}

static double rank_sum(const profile *prof, const profile_rank *r,
                       bool bracketed, const apps_source *src,
                       const char *library, apps_prediction *out)
{
    double sum_s = 0.0;
    for (size_t k = 0; k < r->n_sizes; k++) {
        const profile_size *s = &r->sizes[k];
        apps_call_prediction c;
        apps_predict_size(prof, s, bracketed, src, library, &c);
        if (c.kind == APPS_CALL_PREDICTED)
            sum_s += c.t_s * (double)s->calls;
        else if (c.kind == APPS_CALL_UNMODELLED)
            note_unmodelled(out, prof->call_names[s->call], s->calls);
    }
    return sum_s;
}

int apps_predict(const profile *prof, const apps_source *src,
                 const char *library, apps_prediction *out, mpchar_error *err)
{
    memset(out, 0, sizeof *out);
    if (prof->n_ranks == 0)
        return mpchar_error_set(err, "the profile holds no rank");
    bool bracketed = apps_profile_bracketed(prof);
    for (size_t i = 0; i < prof->n_ranks; i++) {
        double t_s =
            rank_sum(prof, &prof->ranks[i], bracketed, src, library, out);
        if (t_s > out->t_comm_s)
            out->t_comm_s = t_s;
    }
    return 0;
}

/* Adds (pattern, n, p) to the list unless it holds it; -1 out of memory. */
static int point_add(apps_point **list, size_t *count, size_t *cap,
                     const char *pattern, double n_bytes, long p)
{
    for (size_t i = 0; i < *count; i++)
        if (!strcmp((*list)[i].pattern, pattern) &&
            (*list)[i].n_bytes == n_bytes && (*list)[i].p == p)
            return 0;
    apps_point *grown = mpchar_grow(*list, cap, *count + 1, sizeof *grown);
    if (!grown)
        return -1;
    *list = grown;
    grown[(*count)++] = (apps_point){pattern, n_bytes, p};
    return 0;
}

int apps_needed_points(const profile *prof, apps_point **points_p,
                       size_t *count_p, mpchar_error *err)
{
    apps_point *list = NULL;
    size_t count = 0, cap = 0;
    bool bracketed = apps_profile_bracketed(prof);
    int rc = point_add(&list, &count, &cap, SELF_PATTERN, 0.0, 2);
    for (size_t i = 0; rc == 0 && i < prof->n_ranks; i++)
        for (size_t k = 0; rc == 0 && k < prof->ranks[i].n_sizes; k++) {
            apps_call_prediction c;
            apps_predict_size(prof, &prof->ranks[i].sizes[k], bracketed, NULL,
                              NULL, &c);
            if (c.kind == APPS_CALL_UNMODELLED && c.pattern)
                rc = point_add(&list, &count, &cap, c.pattern, c.n_bytes, c.p);
        }
    if (rc != 0) {
        free(list);
        return mpchar_error_set(err, "out of memory");
    }
    *points_p = list;
    *count_p = count;
    return 0;
}

bool apps_comm_split(const profile *prof, double *wait_s, double *sync_s)
{
    *wait_s = *sync_s = NAN;
    if (!prof->waits_aligned)
        return false;
    bool bracketed = apps_profile_bracketed(prof);
    double most_wait_us = 0.0, most_sync_us = 0.0;
    for (size_t i = 0; i < prof->n_ranks; i++) {
        const profile_rank *r = &prof->ranks[i];
        double call_us = 0.0, wait_us = 0.0;
        for (size_t k = 0; k < r->n_sizes; k++)
            if (kernel_comm(prof, &r->sizes[k], bracketed)) {
                call_us += r->sizes[k].call_us;
                wait_us += r->sizes[k].wait_us;
            }
        most_wait_us = fmax(most_wait_us, wait_us);
        most_sync_us = fmax(most_sync_us, call_us - wait_us);
    }
    *wait_s = most_wait_us * 1e-6;
    *sync_s = most_sync_us * 1e-6;
    return true;
}
