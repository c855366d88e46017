/* The registry of benchmark patterns: the families' tables joined in one
 * list and checked once at start-up (unique names, every required
 * operation present, and one entry of the pattern facts table for every
 * pattern and the other way round), as netgauge registers its patterns. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mpchar/datatypes.h"

static const bench_pattern *const families[] = {
    bench_p2p_patterns,
    bench_collective_patterns,
    bench_focal_patterns,
    bench_overlap_patterns,
};
#define NFAMILIES (sizeof families / sizeof families[0])

size_t bench_registry_count(void)
{
    size_t n = 0;
    for (size_t f = 0; f < NFAMILIES; f++)
        for (const bench_pattern *p = families[f]; p->name; p++)
            n++;
    return n;
}

const bench_pattern *bench_registry_get(size_t i)
{
    for (size_t f = 0; f < NFAMILIES; f++)
        for (const bench_pattern *p = families[f]; p->name; p++)
            if (i-- == 0)
                return p;
    return NULL;
}

const bench_pattern *bench_registry_find(const char *name)
{
    for (size_t i = 0; i < bench_registry_count(); i++) {
        const bench_pattern *p = bench_registry_get(i);
        if (strcmp(p->name, name) == 0)
            return p;
    }
    return NULL;
}

const mpchar_pattern_facts *bench_pattern_facts(const bench_pattern *p)
{
    return mpchar_pattern_find(p->name);
}

bool bench_pattern_time_modelled(const bench_pattern *p)
{
    return !bench_pattern_facts(p)->sweeps_compute;
}

bool bench_pattern_full_series(const bench_pattern *p)
{
    return bench_pattern_time_modelled(p) && !p->coarse;
}

uint64_t bench_pattern_bytes(const bench_pattern *pat, const char *datatype,
                             uint64_t n, int p, size_t *count_p)
{
    uint64_t elem = mpchar_datatype_bytes(datatype);
    uint64_t parts = pat->split ? (uint64_t)p : 1;
    uint64_t k = (n + parts * elem / 2) / (parts * elem);
    if (pat->zero_bytes_only)
        k = 0;
    else if (n > 0 && k == 0)
        k = 1;
    *count_p = (size_t)k;
    return k * parts * elem;
}

static int validate_one(const bench_pattern *p, mpchar_error *err)
{
    if (!p->name || !mpchar_name_valid(p->name) || !p->description)
        return mpchar_error_set(err, "registry: a pattern has no valid name "
                                     "or description");
    if (!p->memory_bytes || !p->setup || !p->run || !p->teardown || !p->divisor)
        return mpchar_error_set(err,
                                "registry: pattern '%s' lacks a "
                                "required operation",
                                p->name);
    for (const char *const *v = p->variants; v && *v; v++)
        if (!mpchar_name_valid(*v))
            return mpchar_error_set(err,
                                    "registry: pattern '%s' has an "
                                    "invalid variant name",
                                    p->name);
    return 0;
}

static bool has_facts(const char *name, const mpchar_pattern_facts *facts,
                      size_t nfacts)
{
    for (size_t i = 0; i < nfacts; i++)
        if (strcmp(facts[i].name, name) == 0)
            return true;
    return false;
}

static bool registered(const char *name, const bench_pattern *const *patterns,
                       size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(patterns[i]->name, name) == 0)
            return true;
    return false;
}

int bench_registry_check(const bench_pattern *const *patterns, size_t count,
                         const mpchar_pattern_facts *facts, size_t nfacts,
                         mpchar_error *err)
{
    for (size_t i = 0; i < count; i++) {
        const bench_pattern *p = patterns[i];
        if (validate_one(p, err) != 0)
            return -1;
        if (registered(p->name, patterns, i))
            return mpchar_error_set(err,
                                    "registry: pattern '%s' is "
                                    "registered twice",
                                    p->name);
        if (!has_facts(p->name, facts, nfacts))
            return mpchar_error_set(err,
                                    "registry: pattern '%s' has no entry "
                                    "in the pattern facts "
                                    "(src/common/patterns.c)",
                                    p->name);
    }
    for (size_t i = 0; i < nfacts; i++)
        if (!registered(facts[i].name, patterns, count))
            return mpchar_error_set(err,
                                    "registry: the pattern facts name '%s', "
                                    "which mpchar-bench does not register",
                                    facts[i].name);
    return 0;
}

int bench_registry_validate(mpchar_error *err)
{
    if (mpchar_patterns_check(err) != 0)
        return -1;
    size_t n = bench_registry_count();
    const bench_pattern **all = malloc((n + 1) * sizeof *all);
    if (!all)
        return mpchar_error_set(err, "registry: out of memory");
    for (size_t i = 0; i < n; i++)
        all[i] = bench_registry_get(i);
    int rc = bench_registry_check(all, n, mpchar_pattern_get(0),
                                  mpchar_pattern_count(), err);
    free(all);
    return rc;
}
