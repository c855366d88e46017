/* The aggregate cell (one rank, bin, region or call) and its columns, and
 * the message-size bins. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/parse.h"
#include "profile.h"

#define COUNT(f)                            \
    {                                       \
#f, offsetof(profile_cell, f), true \
    }
#define TIME(f)                              \
    {                                        \
#f, offsetof(profile_cell, f), false \
    }
const profile_column profile_columns[] = {
    COUNT(calls),
    COUNT(messages),
    COUNT(bytes),
    COUNT(measured_messages),
    COUNT(unfinished_messages),
    COUNT(sent_messages),
    COUNT(sent_bytes),
    COUNT(recv_messages),
    COUNT(recv_bytes),
    TIME(call_us),
    TIME(compute_us),
    TIME(transfer_us),
    TIME(overlap_min_us),
    TIME(overlap_max_us),
};
#undef COUNT
#undef TIME
const size_t profile_n_columns =
    sizeof profile_columns / sizeof profile_columns[0];

double profile_cell_get(const profile_cell *c, size_t column)
{
    const char *p = (const char *)c + profile_columns[column].offset;
    if (profile_columns[column].is_count) {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        return (double)v;
    }
    double v;
    memcpy(&v, p, sizeof v);
    return v;
}

void profile_cell_add(profile_cell *sum, const profile_cell *c)
{
    for (size_t i = 0; i < profile_n_columns; i++) {
        char *d = (char *)sum + profile_columns[i].offset;
        const char *s = (const char *)c + profile_columns[i].offset;
        if (profile_columns[i].is_count) {
            uint64_t a, b;
            memcpy(&a, d, sizeof a);
            memcpy(&b, s, sizeof b);
            a += b;
            memcpy(d, &a, sizeof a);
        } else {
            double a, b;
            memcpy(&a, d, sizeof a);
            memcpy(&b, s, sizeof b);
            a += b;
            memcpy(d, &a, sizeof a);
        }
    }
}

void profile_bins_default(profile_bins *b)
{
    static const uint64_t upper[] = {1024, 10240, 102400, 1048576};
    b->n = sizeof upper / sizeof upper[0];
    memcpy(b->upper_bytes, upper, sizeof upper);
}

int profile_bins_parse(const char *text, profile_bins *b, mpchar_error *err)
{
    uint64_t *sizes = NULL;
    size_t n = 0;
    if (mpchar_parse_size_list(text, &sizes, &n, err) != 0)
        return mpchar_error_prefix(err, "--bins");
    if (n == 0 || n > PROFILE_MAX_BINS) {
        free(sizes);
        return mpchar_error_set(err, "--bins: give 1 to %d upper bin edges",
                                PROFILE_MAX_BINS);
    }
    memcpy(b->upper_bytes, sizes, n * sizeof *sizes);
    b->n = n;
    free(sizes);
    return 0;
}

size_t profile_bin_of(const profile_bins *b, uint64_t bytes)
{
    size_t i = 0;
    while (i < b->n && bytes > b->upper_bytes[i])
        i++;
    return i;
}

void profile_bin_label(const profile_bins *b, size_t i, char *out, size_t len)
{
    if (i >= b->n)
        snprintf(out, len, ">%" PRIu64 " B", b->upper_bytes[b->n - 1]);
    else if (i == 0)
        snprintf(out, len, "0-%" PRIu64 " B", b->upper_bytes[0]);
    else
        snprintf(out, len, "%" PRIu64 "-%" PRIu64 " B",
                 b->upper_bytes[i - 1] + 1, b->upper_bytes[i]);
}

static double per_s(const profile_rank *r, double v)
{
    return r->elapsed_s > 0.0 ? v / r->elapsed_s : 0.0;
}
static double messages_per_s(const profile_rank *r)
{
    return per_s(r, (double)r->total.messages);
}
static double sent_MBps(const profile_rank *r)
{
    return per_s(r, (double)r->total.sent_bytes * 1e-6);
}
static double recv_MBps(const profile_rank *r)
{
    return per_s(r, (double)r->total.recv_bytes * 1e-6);
}
/* the total's: summed over the ranks, the time of all of them */
static double mpi_time_share(const profile_rank *r)
{
    double all_us = r->total.call_us + r->total.compute_us;
    return all_us > 0.0 ? r->total.call_us / all_us : 0.0;
}

const profile_rate profile_rates[] = {
    {"messages_per_s", messages_per_s},
    {"sent_MBps", sent_MBps},
    {"recv_MBps", recv_MBps},
    {"mpi_time_share", mpi_time_share},
};
const size_t profile_n_rates = sizeof profile_rates / sizeof profile_rates[0];
