/* The registry of benchmark patterns: the families' tables joined in one
 * list and checked once at start-up (unique names, every required
 * operation present), as netgauge registers its patterns. */
#include <string.h>

#include "bench.h"

static const bench_pattern *const *const families[] = {
    bench_p2p_patterns,
    bench_collective_patterns,
};
#define NFAMILIES (sizeof families / sizeof families[0])

size_t bench_registry_count(void)
{
    size_t n = 0;
    for (size_t f = 0; f < NFAMILIES; f++)
        for (const bench_pattern *const *p = families[f]; *p; p++)
            n++;
    return n;
}

const bench_pattern *bench_registry_get(size_t i)
{
    for (size_t f = 0; f < NFAMILIES; f++)
        for (const bench_pattern *const *p = families[f]; *p; p++)
            if (i-- == 0)
                return *p;
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

static int validate_one(const bench_pattern *p, mpchar_error *err)
{
    if (!p->name || !mpchar_name_valid(p->name) || !p->description)
        return mpchar_error_set(err, "registry: a pattern has no valid name "
                                     "or description");
    if (!p->actual_bytes || !p->memory_bytes || !p->setup || !p->run ||
        !p->teardown || !p->divisor)
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

int bench_registry_validate(mpchar_error *err)
{
    size_t n = bench_registry_count();
    for (size_t i = 0; i < n; i++) {
        const bench_pattern *p = bench_registry_get(i);
        if (validate_one(p, err) != 0)
            return -1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(bench_registry_get(j)->name, p->name) == 0)
                return mpchar_error_set(err,
                                        "registry: pattern '%s' is "
                                        "registered twice",
                                        p->name);
    }
    return 0;
}
