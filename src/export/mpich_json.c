/* `mpchar export --format mpich-json`: an MPICH 4.0 collective selection
 * file (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE, read by MPICH's
 * src/mpi/coll/src/csel.c).  MPICH takes the file instead of its whole
 * built-in tree and asserts on any call the file does not cover, so the
 * file is MPICH 4.0.2's own default tree (src/export/mpich, compiled in)
 * with the fastest fitted algorithms spliced in: for each collective and
 * communicator size p measured, the message-size regions of
 * mpchar_export_choose; every other size, and every call an algorithm's
 * restrictions exclude, keeps MPICH's default decision. */
#include <jansson.h>
#include <string.h>

#include "export_internal.h"

extern const unsigned char mpchar__mpich_generic_json[];
extern const size_t mpchar__mpich_generic_json_bytes;

/* The collectives whose size MPICH 4.0's selection measures as mpchar's
 * n: the function name's stem and the size key (csel.c's get_avg_msgsize
 * and get_total_msgsize; docs/export.md). */
static const struct {
    const char *pattern, *stem, *size_key;
} colls[] = {
    {"bcast", "Bcast", "avg_msg_size"},
    {"reduce", "Reduce", "avg_msg_size"},
    {"allreduce", "Allreduce", "avg_msg_size"},
    {"alltoall", "Alltoall", "total_msg_size"},
    {"allgather", "Allgather", "total_msg_size"},
    {"reduce_scatter", "Reduce_scatter", "total_msg_size"},
};
#define NCOLLS (sizeof colls / sizeof colls[0])

/* MPICH 4.0.2's restrictions on its algorithms (src/mpi/coll/
 * coll_algorithms.txt), each the pair of selection keys that tests it:
 * the call goes to the algorithm under `pass`, to the default under
 * `fail`; `fail_first` when only the failing key can come first. */
enum {
    R_COMMUTATIVE = 1,
    R_PARENT_COMM = 2,
    R_POWER_OF_TWO = 4,
    R_SIZE_GE_POF2 = 8,
    R_BUILTIN_OP = 16,
    R_INPLACE = 32,
    R_NOINPLACE = 64,
};
static const struct {
    unsigned flag;
    const char *pass, *fail;
    bool fail_first;
} guards[] = {
    {R_PARENT_COMM, "comm_hierarchy=parent", "comm_hierarchy=any", false},
    {R_POWER_OF_TWO, "comm_size=pow2", "comm_size=any", false},
    {R_COMMUTATIVE, "is_commutative=yes", "is_commutative=no", false},
    {R_BUILTIN_OP, "is_op_built_in=yes", "is_op_built_in=no", false},
    {R_SIZE_GE_POF2, "count=any", "count<pow2", true},
    {R_INPLACE, "is_sendbuf_inplace=yes", "is_sendbuf_inplace=no", false},
    {R_NOINPLACE, "is_sendbuf_inplace=no", "is_sendbuf_inplace=yes", false},
};
#define NGUARDS (sizeof guards / sizeof guards[0])

static const struct {
    const char *pattern, *name;
    unsigned restrictions;
} restricted[] = {
    {"bcast", "smp", R_PARENT_COMM},
    {"allgather", "recursive_doubling", R_POWER_OF_TWO},
    {"alltoall", "brucks", R_NOINPLACE},
    {"alltoall", "pairwise", R_NOINPLACE},
    {"alltoall", "pairwise_sendrecv_replace", R_INPLACE},
    {"alltoall", "scattered", R_NOINPLACE},
    {"reduce", "smp", R_COMMUTATIVE | R_PARENT_COMM},
    {"reduce", "reduce_scatter_gather", R_SIZE_GE_POF2 | R_BUILTIN_OP},
    {"allreduce", "smp", R_COMMUTATIVE | R_PARENT_COMM},
    {"allreduce", "reduce_scatter_allgather", R_SIZE_GE_POF2 | R_BUILTIN_OP},
    {"reduce_scatter", "pairwise", R_COMMUTATIVE},
    {"reduce_scatter", "recursive_halving", R_COMMUTATIVE},
};
#define NRESTRICTED (sizeof restricted / sizeof restricted[0])

static unsigned restrictions_of(const mpchar_lib_algorithm *a)
{
    for (size_t i = 0; i < NRESTRICTED; i++)
        if (strcmp(restricted[i].pattern, a->pattern) == 0 &&
            strcmp(restricted[i].name, a->name) == 0)
            return restricted[i].restrictions;
    return 0;
}

/* Sets obj[key] to v, taking v's reference; false when out of memory. */
static bool put(json_t *obj, const char *key, json_t *v)
{
    return v && json_object_set_new(obj, key, v) == 0;
}

/* {k1: v1, k2: v2} in that order, taking both references; NULL when out
 * of memory. */
static json_t *pair(const char *k1, json_t *v1, const char *k2, json_t *v2)
{
    json_t *obj = json_object();
    if (!obj || !put(obj, k1, v1)) {
        if (!obj)
            json_decref(v1);
        json_decref(v2);
        json_decref(obj);
        return NULL;
    }
    if (!put(obj, k2, v2))
        return json_decref(obj), NULL;
    return obj;
}

/* {"algorithm=MPIR_<Stem>_intra_<name>": {}} within the guards of its
 * restrictions, each failing to a copy of MPICH's default subtree. */
static json_t *leaf(const char *stem, const mpchar_lib_algorithm *a,
                    json_t *fallback)
{
    char key[128];
    bool nb = strcmp(a->name, "nb") == 0;
    int len = snprintf(key, sizeof key, "algorithm=MPIR_%s_%s_%s", stem,
                       nb ? "allcomm" : "intra", a->name);
    /* a cut name would be an algorithm MPICH does not have: it asserts */
    if (len < 0 || (size_t)len >= sizeof key)
        return NULL;
    json_t *node = json_object();
    if (!node || !put(node, key, json_object()))
        return json_decref(node), NULL;
    unsigned r = restrictions_of(a);
    for (size_t g = NGUARDS; g-- > 0;) {
        if (!(r & guards[g].flag))
            continue;
        json_t *def = json_deep_copy(fallback);
        node = guards[g].fail_first
                   ? pair(guards[g].fail, def, guards[g].pass, node)
                   : pair(guards[g].pass, node, guards[g].fail, def);
        if (!node)
            return NULL;
    }
    return node;
}

/* One communicator size's message-size regions: "<size_key><=last byte"
 * per region, the last one "<size_key>=any". */
static json_t *regions(size_t c, const mpchar_export_choice *x,
                       json_t *fallback)
{
    json_t *obj = json_object();
    for (size_t r = 0; obj && r < x->nregions; r++) {
        char key[64];
        if (r + 1 < x->nregions)
            snprintf(key, sizeof key, "%s<=%.0f", colls[c].size_key,
                     x->r[r + 1].n_from_bytes - 1.0);
        else
            snprintf(key, sizeof key, "%s=any", colls[c].size_key);
        if (!put(obj, key, leaf(colls[c].stem, x->r[r].alg, fallback)))
            return json_decref(obj), NULL;
    }
    return obj;
}

/* The new "comm_type=intra" subtree: each measured p exactly (sizes
 * below it fall to the default), every other size the default. */
static json_t *spliced(size_t c, const mpchar_export_choice *ch, size_t count,
                       json_t *fallback)
{
    json_t *obj = json_object();
    for (size_t k = 0; obj && k < count; k++) {
        char below[48], at[48];
        snprintf(below, sizeof below, "comm_size<%ld", ch[k].p);
        snprintf(at, sizeof at, "comm_size<=%ld", ch[k].p);
        if (!put(obj, below, json_deep_copy(fallback)) ||
            !put(obj, at, regions(c, &ch[k], fallback)))
            return json_decref(obj), NULL;
    }
    if (obj && !put(obj, "comm_size=any", json_deep_copy(fallback)))
        return json_decref(obj), NULL;
    return obj;
}

static int splice(json_t *root, size_t c, const mpchar_export_choice *ch,
                  size_t count, mpchar_error *err)
{
    char key[64];
    snprintf(key, sizeof key, "collective=%s", colls[c].pattern);
    json_t *coll = json_object_get(root, key);
    json_t *intra = json_object_get(coll, "comm_type=intra");
    if (!json_is_object(intra))
        return mpchar_error_set(err,
                                "MPICH's default tree has no \"%s\" -> "
                                "\"comm_type=intra\"",
                                key);
    json_t *fallback = json_incref(intra);
    int rc = put(coll, "comm_type=intra", spliced(c, ch, count, fallback))
                 ? 0
                 : mpchar_error_set(err,
                                    "%s: out of memory, or an algorithm "
                                    "name too long for its key",
                                    key);
    json_decref(fallback);
    return rc;
}

static int splice_all(const mpchar_model *model, json_t *root, size_t *n_p,
                      mpchar_error *err)
{
    static mpchar_export_choice ch[MPCHAR_EXPORT_PS_MAX];
    *n_p = 0;
    for (size_t c = 0; c < NCOLLS; c++) {
        size_t count;
        if (mpchar_export_choose(model, "mpich", colls[c].pattern, ch,
                                 MPCHAR_EXPORT_PS_MAX, &count, err) != 0)
            return -1;
        if (count == 0)
            continue;
        if (splice(root, c, ch, count, err) != 0)
            return -1;
        (*n_p)++;
    }
    return 0;
}

int mpchar__export_mpich_json(const mpchar_model *model, const char *library,
                              FILE *out, mpchar_error *err)
{
    json_error_t jerr;
    size_t spliced_colls;
    (void)library;
    json_t *root = json_loadb((const char *)mpchar__mpich_generic_json,
                              mpchar__mpich_generic_json_bytes, 0, &jerr);
    if (!root)
        return mpchar_error_set(err, "MPICH's default tree: line %d: %s",
                                jerr.line, jerr.text);
    int rc = splice_all(model, root, &spliced_colls, err);
    if (rc == 0 && spliced_colls == 0)
        rc = mpchar_error_set(err, "no algorithm variant of mpich in the "
                                   "model for bcast, reduce, allreduce, "
                                   "alltoall, allgather or reduce_scatter "
                                   "(measure them with mpchar run "
                                   "--algorithms; docs/export.md)");
    if (rc == 0 &&
        (json_dumpf(root, out, JSON_INDENT(1)) != 0 || fputc('\n', out) == EOF))
        rc = mpchar_error_set(err, "cannot write the selection file");
    json_decref(root);
    return rc;
}
