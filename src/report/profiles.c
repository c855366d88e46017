/* The report's "Application profiles" section: each directory written by
 * `mpchar profile` (its profile.json, read by src/profile) as a table per
 * rank -- time in MPI, messages and bytes, seed 003's rates -- and a
 * table per message size with seed 004's overlap bounds. */
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

int mpchar__load_profile(mpchar__report *r, const char *dir, mpchar_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/profile.json", dir);
    profile *grown = realloc(r->profiles, (r->nprofiles + 1) * sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory");
    r->profiles = grown;
    if (profile_read_json(path, &r->profiles[r->nprofiles], err) != 0)
        return -1;
    r->nprofiles++;
    return 0;
}

/* Overlap bounds as a share of the transfer time. */
static void overlap_cells(mpchar__doc *d, int col, const profile_cell *c)
{
    double t = c->transfer_us;
    mpchar__doc_cell(d, col, "%.1f", t);
    mpchar__doc_cell(d, col + 1, "%.1f (%.0f%%)", c->overlap_min_us,
                     t > 0 ? 100.0 * c->overlap_min_us / t : 0.0);
    mpchar__doc_cell(d, col + 2, "%.1f (%.0f%%)", c->overlap_max_us,
                     t > 0 ? 100.0 * c->overlap_max_us / t : 0.0);
}

static void rank_row(mpchar__doc *d, const char *label, const profile_rank *r)
{
    mpchar__doc_row(d);
    mpchar__doc_cell(d, 0, "%s%s", label, r->finalized ? "" : " (killed)");
    mpchar__doc_cell(d, 1, "%.3f", r->elapsed_s);
    mpchar__doc_cell(d, 2, "%.1f%%", 100.0 * profile_rates[3].get(r));
    mpchar__doc_cell(d, 3, "%llu", (unsigned long long)r->total.messages);
    mpchar__doc_cell(d, 4, "%.0f", profile_rates[0].get(r));
    mpchar__doc_cell(d, 5, "%.2f", profile_rates[1].get(r));
    mpchar__doc_cell(d, 6, "%.2f", profile_rates[2].get(r));
    overlap_cells(d, 7, &r->total);
}

static void profile_tables(mpchar__doc *d, const profile *p)
{
    static const char *const rank_head[] = {"rank",
                                            "elapsed (s)",
                                            "time in MPI",
                                            "messages",
                                            "messages/s",
                                            "sent (MB/s)",
                                            "received (MB/s)",
                                            "transfer (us)",
                                            "overlap min (us)",
                                            "overlap max (us)"};
    mpchar__doc_table(d, "Per rank (seed 003's characteristics)", 10,
                      rank_head);
    char label[64];
    for (size_t i = 0; i < p->n_ranks; i++) {
        snprintf(label, sizeof label, "%d", p->ranks[i].rank);
        rank_row(d, label, &p->ranks[i]);
    }
    rank_row(d, "all", &p->total);
    static const char *const bin_head[] = {
        "message size",  "messages",         "bytes",           "measured",
        "transfer (us)", "overlap min (us)", "overlap max (us)"};
    mpchar__doc_table(d, "Per message size, all ranks (seed 004's bins)", 7,
                      bin_head);
    for (size_t b = 0; b <= p->bins.n; b++) {
        const profile_cell *c = &p->total.bins[b];
        profile_bin_label(&p->bins, b, label, sizeof label);
        mpchar__doc_row(d);
        mpchar__doc_cell(d, 0, "%s", label);
        mpchar__doc_cell(d, 1, "%llu", (unsigned long long)c->messages);
        mpchar__doc_cell(d, 2, "%llu", (unsigned long long)c->bytes);
        mpchar__doc_cell(d, 3, "%llu",
                         (unsigned long long)c->measured_messages);
        overlap_cells(d, 4, c);
    }
}

int mpchar__section_profiles(mpchar__report *r, mpchar_error *err)
{
    (void)err;
    for (size_t i = 0; i < r->nprofiles; i++) {
        const profile *p = &r->profiles[i];
        mpchar__doc_heading(&r->doc, 2, NULL, "%s: %s, %d processes", p->path,
                            p->library, p->size);
        mpchar__doc_para(&r->doc, "Transfer times: %s.", p->xfer.source);
        profile_tables(&r->doc, p);
    }
    return 0;
}
