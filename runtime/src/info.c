/*
 * Info objects: ordered (key, value) string pairs that programs pass as
 * hints.
 *
 * The runtime takes no hints, so an info object is only stored and read
 * back: a small array in insertion order (MPI numbers keys for
 * Info_get_nthkey, and insertion order keeps the numbering stable while
 * keys are only added).  MPI_INFO_ENV is a predefined, empty object: the
 * launcher passes nothing a program could not read from its own argv.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

struct rt_info_entry {
    char *key, *value;
};

struct mpchar_rt_info {
    int predefined;
    size_t n, cap;
    struct rt_info_entry *ent;
};

struct mpchar_rt_info mpchar_rt_info_env = {.predefined = 1};

static int info_err(int code, const char *func)
{
    return mpchar__err(MPI_COMM_WORLD, code, func);
}

/* MPI_SUCCESS for a key of 1..MPI_MAX_INFO_KEY characters. */
static int key_check(const char *key)
{
    size_t n = key ? strnlen(key, MPI_MAX_INFO_KEY + 1) : 0;
    return n == 0 || n > MPI_MAX_INFO_KEY ? MPI_ERR_INFO_KEY : MPI_SUCCESS;
}

/* The entry of key, or NULL. */
static struct rt_info_entry *find(MPI_Info info, const char *key)
{
    for (size_t i = 0; i < info->n; i++)
        if (strcmp(info->ent[i].key, key) == 0)
            return &info->ent[i];
    return NULL;
}

/* Checks the object and the key every keyed call takes. */
static int keyed_check(MPI_Info info, const char *key)
{
    if (info == MPI_INFO_NULL)
        return MPI_ERR_INFO;
    return key_check(key);
}

int PMPI_Info_create(MPI_Info *info)
{
    if (!info)
        return info_err(MPI_ERR_ARG, "MPI_Info_create");
    *info = calloc(1, sizeof **info);
    return *info ? MPI_SUCCESS : info_err(MPI_ERR_NO_MEM, "MPI_Info_create");
}
MPCHAR_RT_WEAK(Info_create)

/* Adds (or replaces) key = value; MPI_ERR_NO_MEM leaves info unchanged. */
static int info_put(MPI_Info info, const char *key, const char *value)
{
    char *v = strdup(value);
    if (!v)
        return MPI_ERR_NO_MEM;
    struct rt_info_entry *e = find(info, key);
    if (e) {
        free(e->value);
        e->value = v;
        return MPI_SUCCESS;
    }
    char *k = strdup(key);
    struct rt_info_entry *ent =
        k ? mpchar_grow(info->ent, &info->cap, info->n + 1, sizeof *ent) : NULL;
    if (!ent) {
        free(k);
        free(v);
        return MPI_ERR_NO_MEM;
    }
    info->ent = ent;
    info->ent[info->n++] = (struct rt_info_entry){k, v};
    return MPI_SUCCESS;
}

int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    int rc = keyed_check(info, key);
    if (rc == MPI_SUCCESS && info->predefined)
        rc = MPI_ERR_INFO; /* MPI_INFO_ENV is read-only */
    size_t n = value ? strnlen(value, MPI_MAX_INFO_VAL + 1) : 0;
    if (rc == MPI_SUCCESS && (n == 0 || n > MPI_MAX_INFO_VAL))
        rc = MPI_ERR_INFO_VALUE;
    if (rc == MPI_SUCCESS)
        rc = info_put(info, key, value);
    return rc == MPI_SUCCESS ? rc : info_err(rc, "MPI_Info_set");
}
MPCHAR_RT_WEAK(Info_set)

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value,
                  int *flag)
{
    int rc = keyed_check(info, key);
    if (rc == MPI_SUCCESS && (valuelen < 0 || !value || !flag))
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return info_err(rc, "MPI_Info_get");
    const struct rt_info_entry *e = find(info, key);
    *flag = e != NULL;
    if (e) {
        /* at most valuelen characters, then the terminator (MPI: value
         * has room for valuelen + 1) */
        size_t n = strlen(e->value);
        if (n > (size_t)valuelen)
            n = (size_t)valuelen;
        memcpy(value, e->value, n);
        value[n] = '\0';
    }
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_get)

int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen,
                           int *flag)
{
    int rc = keyed_check(info, key);
    if (rc == MPI_SUCCESS && (!valuelen || !flag))
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return info_err(rc, "MPI_Info_get_valuelen");
    const struct rt_info_entry *e = find(info, key);
    *flag = e != NULL;
    if (e)
        *valuelen = (int)strlen(e->value);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_get_valuelen)

int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    if (info == MPI_INFO_NULL || !nkeys)
        return info_err(info ? MPI_ERR_ARG : MPI_ERR_INFO,
                        "MPI_Info_get_nkeys");
    *nkeys = (int)info->n;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_get_nkeys)

int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    if (info == MPI_INFO_NULL)
        return info_err(MPI_ERR_INFO, "MPI_Info_get_nthkey");
    if (n < 0 || (size_t)n >= info->n || !key)
        return info_err(MPI_ERR_ARG, "MPI_Info_get_nthkey");
    strcpy(key, info->ent[n].key); /* checked: at most MPI_MAX_INFO_KEY */
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_get_nthkey)

int PMPI_Info_delete(MPI_Info info, const char *key)
{
    int rc = keyed_check(info, key);
    if (rc == MPI_SUCCESS && info->predefined)
        rc = MPI_ERR_INFO;
    struct rt_info_entry *e = rc == MPI_SUCCESS ? find(info, key) : NULL;
    if (rc == MPI_SUCCESS && !e)
        rc = MPI_ERR_INFO_NOKEY;
    if (rc != MPI_SUCCESS)
        return info_err(rc, "MPI_Info_delete");
    free(e->key);
    free(e->value);
    size_t i = (size_t)(e - info->ent);
    memmove(e, e + 1, (info->n - i - 1) * sizeof *e);
    info->n--;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_delete)

static void info_destroy(MPI_Info info)
{
    for (size_t i = 0; i < info->n; i++) {
        free(info->ent[i].key);
        free(info->ent[i].value);
    }
    free(info->ent);
    free(info);
}

int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    if (info == MPI_INFO_NULL || !newinfo)
        return info_err(info ? MPI_ERR_ARG : MPI_ERR_INFO, "MPI_Info_dup");
    MPI_Info d = calloc(1, sizeof *d);
    int rc = d ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    for (size_t i = 0; rc == MPI_SUCCESS && i < info->n; i++)
        rc = info_put(d, info->ent[i].key, info->ent[i].value);
    if (rc != MPI_SUCCESS) {
        if (d)
            info_destroy(d);
        return info_err(rc, "MPI_Info_dup");
    }
    *newinfo = d;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_dup)

int PMPI_Info_free(MPI_Info *info)
{
    if (!info || *info == MPI_INFO_NULL || (*info)->predefined)
        return info_err(MPI_ERR_INFO, "MPI_Info_free");
    info_destroy(*info);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Info_free)
