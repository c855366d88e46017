/* Strict parsers for user-typed values.  strtoull and friends accept
 * leading blanks, signs and trailing junk; these wrappers do not, because a
 * silently misread "--max-size 1M B" is worse than an error. */
#include "mpchar/parse.h"
#include "mpchar/grow.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_u64(const char *text, const char **end_p, uint64_t *value_p)
{
    char *end;
    if (!isdigit((unsigned char)text[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno == ERANGE)
        return -1;
    *value_p = v;
    *end_p = end;
    return 0;
}

static int size_multiplier(const char *suffix, uint64_t *mult_p)
{
    static const struct {
        const char *name;
        uint64_t mult;
    } units[] = {
        {"", 1},
        {"B", 1},
        {"K", 1ULL << 10},
        {"KiB", 1ULL << 10},
        {"k", 1ULL << 10},
        {"M", 1ULL << 20},
        {"MiB", 1ULL << 20},
        {"G", 1ULL << 30},
        {"GiB", 1ULL << 30},
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(suffix, units[i].name) == 0) {
            *mult_p = units[i].mult;
            return 0;
        }
    }
    return -1;
}

int mpchar_parse_size(const char *text, uint64_t *bytes_p, mpchar_error *err)
{
    const char *end;
    uint64_t value, mult;
    if (parse_u64(text, &end, &value) != 0 || size_multiplier(end, &mult) != 0)
        return mpchar_error_set(err,
                                "'%s' is not a size in bytes "
                                "(examples: 4096, 64K, 1MiB)",
                                text);
    if (value > UINT64_MAX / mult)
        return mpchar_error_set(err, "size '%s' is too large", text);
    *bytes_p = value * mult;
    return 0;
}

int mpchar_parse_long(const char *text, long min, long max, long *value_p,
                      mpchar_error *err)
{
    const char *end;
    uint64_t value;
    if (parse_u64(text, &end, &value) != 0 || *end != '\0')
        return mpchar_error_set(err, "'%s' is not a whole number", text);
    /* Compare as long: casting a negative min to uint64_t would make it
     * huge and reject every value. */
    if (value > (uint64_t)LONG_MAX || (long)value < min || (long)value > max)
        return mpchar_error_set(err, "%s is out of range (%ld to %ld)", text,
                                min, max);
    *value_p = (long)value;
    return 0;
}

int mpchar_parse_double(const char *text, double min, double max,
                        double *value_p, mpchar_error *err)
{
    char *end;
    if (text[0] == '\0' || isspace((unsigned char)text[0]))
        return mpchar_error_set(err, "'%s' is not a number", text);
    errno = 0;
    double v = strtod(text, &end);
    if (*end != '\0' || errno == ERANGE || !isfinite(v))
        return mpchar_error_set(err, "'%s' is not a finite number", text);
    if (v < min || v > max)
        return mpchar_error_set(err, "%s is out of range (%g to %g)", text, min,
                                max);
    *value_p = v;
    return 0;
}

int mpchar_parse_bool(const char *text, bool *value_p, mpchar_error *err)
{
    if (strcmp(text, "true") == 0)
        *value_p = true;
    else if (strcmp(text, "false") == 0)
        *value_p = false;
    else
        return mpchar_error_set(err, "'%s' is not true or false", text);
    return 0;
}

int mpchar_parse_choice(const char *text, const char *names, int *index_p,
                        mpchar_error *err)
{
    size_t len = strlen(text);
    int index = 0;
    for (const char *n = names;; n++, index++) {
        size_t nlen = strcspn(n, "|");
        if (nlen == len && strncmp(n, text, len) == 0) {
            *index_p = index;
            return 0;
        }
        n += nlen;
        if (!*n)
            break;
    }
    return mpchar_error_set(err, "unknown value '%s' (%s)", text, names);
}

int mpchar_parse_choice_in(const char *text, const char *const *names,
                           int *index_p, mpchar_error *err)
{
    char list[256] = "";
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], text) == 0) {
            *index_p = i;
            return 0;
        }
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", i ? "|" : "",
                 names[i]);
    }
    return mpchar_error_set(err, "unknown value '%s' (%s)", text, list);
}

static int compare_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts and drops repeats in place; returns the new count. */
static size_t sort_unique(void *base, size_t count, size_t size,
                          int (*cmp)(const void *, const void *))
{
    char *v = base;
    size_t kept = 0;
    qsort(v, count, size, cmp);
    for (size_t i = 0; i < count; i++) {
        if (kept == 0 || cmp(v + (kept - 1) * size, v + i * size) != 0)
            memmove(v + kept++ * size, v + i * size, size);
    }
    return kept;
}

/* Splits text at commas into a malloc'ed copy; each item is NUL-ended. */
static char *split_commas(const char *text, size_t *items_p)
{
    char *copy = strdup(text);
    if (!copy)
        return NULL;
    *items_p = 1;
    for (char *c = copy; *c; c++) {
        if (*c == ',') {
            *c = '\0';
            (*items_p)++;
        }
    }
    return copy;
}

static int parse_range(const char *item, long min, long max, long *lo_p,
                       long *hi_p, mpchar_error *err)
{
    char buf[64];
    const char *dash = strchr(item, '-');
    if (!dash)
        return mpchar_parse_long(item, min, max, lo_p, err) ||
               mpchar_parse_long(item, min, max, hi_p, err);
    size_t len = (size_t)(dash - item);
    if (len == 0 || len >= sizeof buf)
        return mpchar_error_set(err, "'%s' is not a range like 2-8", item);
    memcpy(buf, item, len);
    buf[len] = '\0';
    if (mpchar_parse_long(buf, min, max, lo_p, err) != 0 ||
        mpchar_parse_long(dash + 1, min, max, hi_p, err) != 0)
        return -1;
    if (*lo_p > *hi_p)
        return mpchar_error_set(err, "range '%s' is empty", item);
    if (*hi_p - *lo_p > 1000000)
        return mpchar_error_set(err, "range '%s' is too long", item);
    return 0;
}

int mpchar_parse_int_list(const char *text, long min, long max, long **values_p,
                          size_t *count_p, mpchar_error *err)
{
    size_t items = 0, count = 0, cap = 0;
    char *copy = split_commas(text, &items);
    long *values = NULL;
    if (!copy)
        goto err_nomem;
    char *item = copy;
    for (size_t i = 0; i < items; i++, item += strlen(item) + 1) {
        long lo, hi;
        if (parse_range(item, min, max, &lo, &hi, err) != 0)
            goto err_free;
        /* Stops at hi before incrementing: v++ past LONG_MAX would
         * overflow when hi is LONG_MAX. */
        for (long v = lo;; v++) {
            long *grown = mpchar_grow(values, &cap, count + 1, sizeof *grown);
            if (!grown)
                goto err_nomem;
            values = grown;
            values[count++] = v;
            if (v == hi)
                break;
        }
    }
    free(copy);
    *count_p = sort_unique(values, count, sizeof *values, compare_long);
    *values_p = values;
    return 0;
err_nomem:
    mpchar_error_set(err, "out of memory parsing '%s'", text);
err_free:
    free(copy);
    free(values);
    return -1;
}

int mpchar_parse_size_list(const char *text, uint64_t **sizes_p,
                           size_t *count_p, mpchar_error *err)
{
    size_t items = 0;
    char *copy = split_commas(text, &items);
    uint64_t *sizes = malloc(items * sizeof *sizes);
    if (!copy || !sizes) {
        free(copy);
        free(sizes);
        return mpchar_error_set(err, "out of memory parsing '%s'", text);
    }
    char *item = copy;
    for (size_t i = 0; i < items; i++, item += strlen(item) + 1) {
        if (mpchar_parse_size(item, &sizes[i], err) != 0) {
            free(copy);
            free(sizes);
            return -1;
        }
    }
    free(copy);
    *count_p = sort_unique(sizes, items, sizeof *sizes, compare_u64);
    *sizes_p = sizes;
    return 0;
}
