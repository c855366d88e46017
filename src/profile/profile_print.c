/* Printing a profile as text (aligned tables), markdown, CSV (one row per
 * rank and per bin, region and call of the total) or JSON (profile.json
 * itself).  The columns are profile_columns and profile_rates. */
#include <stdlib.h>
#include <string.h>

#include "mpchar/fileio.h"
#include "profile.h"

const char *const profile_format_names[] = {"text", "markdown", "csv", "json",
                                            NULL};

static void row_start(FILE *out, profile_format f, const char *section,
                      const char *label)
{
    if (f == PROFILE_CSV)
        fprintf(out, "%s,%s", section, label);
    else if (f == PROFILE_MARKDOWN)
        fprintf(out, "| %s", label);
    else
        fprintf(out, "%-16s", label);
}

static void value(FILE *out, profile_format f, double v, bool is_count)
{
    const char *sep = f == PROFILE_CSV        ? ","
                      : f == PROFILE_MARKDOWN ? " | "
                                              : " ";
    if (is_count)
        fprintf(out, f == PROFILE_TEXT ? "%s%14.0f" : "%s%.0f", sep, v);
    else
        fprintf(out, f == PROFILE_TEXT ? "%s%14.3f" : "%s%.6g", sep, v);
}

static void row_end(FILE *out, profile_format f)
{
    fputs(f == PROFILE_MARKDOWN ? " |\n" : "\n", out);
}

static void heading(FILE *out, profile_format f, const char *title,
                    const char *label, bool rates)
{
    if (f == PROFILE_CSV)
        return;
    fprintf(out, f == PROFILE_MARKDOWN ? "\n### %s\n\n" : "\n%s\n", title);
    row_start(out, f, "", label);
    for (size_t i = 0; i < profile_n_columns; i++)
        fprintf(out, f == PROFILE_TEXT ? " %14s" : " | %s",
                profile_columns[i].name);
    for (size_t i = 0; rates && i < profile_n_rates; i++)
        fprintf(out, f == PROFILE_TEXT ? " %14s" : " | %s",
                profile_rates[i].name);
    row_end(out, f);
    if (f == PROFILE_MARKDOWN) {
        fputs("|---", out);
        for (size_t i = 0;
             i < profile_n_columns + (rates ? profile_n_rates : 0); i++)
            fputs("|---:", out);
        fputs("|\n", out);
    }
}

static void cell_row(FILE *out, profile_format f, const char *section,
                     const char *label, const profile_cell *c,
                     const profile_rank *rates_of)
{
    row_start(out, f, section, label);
    for (size_t i = 0; i < profile_n_columns; i++)
        value(out, f, profile_cell_get(c, i), profile_columns[i].is_count);
    for (size_t i = 0; rates_of && i < profile_n_rates; i++)
        value(out, f, profile_rates[i].get(rates_of), false);
    row_end(out, f);
}

static void print_tables(FILE *out, const profile *p, profile_format f)
{
    char label[64];
    heading(out, f, "Per rank (rates: seed 003's characteristics)", "rank",
            true);
    if (f == PROFILE_CSV) {
        fputs("section,key", out);
        for (size_t i = 0; i < profile_n_columns; i++)
            fprintf(out, ",%s", profile_columns[i].name);
        for (size_t i = 0; i < profile_n_rates; i++)
            fprintf(out, ",%s", profile_rates[i].name);
        fputs("\n", out);
    }
    for (size_t i = 0; i < p->n_ranks; i++) {
        snprintf(label, sizeof label, "%d%s", p->ranks[i].rank,
                 p->ranks[i].finalized ? "" : " (killed)");
        cell_row(out, f, "rank", label, &p->ranks[i].total, &p->ranks[i]);
    }
    cell_row(out, f, "rank", "total", &p->total.total, &p->total);
    heading(out, f, "Per message size (all ranks)", "size", false);
    for (size_t b = 0; b <= p->bins.n; b++) {
        profile_bin_label(&p->bins, b, label, sizeof label);
        cell_row(out, f, "bin", label, &p->total.bins[b], NULL);
    }
    heading(out, f, "Per region (MPI_Pcontrol level; all ranks)", "region",
            false);
    for (size_t g = 0; g < PROFILE_MAX_REGIONS; g++) {
        const profile_cell *c = &p->total.regions[g];
        if (!c->calls && !(c->compute_us > 0.0))
            continue;
        if (p->region_names[g])
            snprintf(label, sizeof label, "%s", p->region_names[g]);
        else
            snprintf(label, sizeof label, g ? "%zu" : "0 (outside)", g);
        cell_row(out, f, "region", label, c, NULL);
    }
    heading(out, f, "Per call (all ranks)", "call", false);
    for (size_t c = 0; c < p->n_calls; c++)
        if (p->total.calls[c].calls)
            cell_row(out, f, "call", p->call_names[c], &p->total.calls[c],
                     NULL);
}

int profile_print(FILE *out, const profile *p, profile_format f,
                  const char *json_path, mpchar_error *err)
{
    if (f == PROFILE_JSON) {
        char *text;
        size_t len;
        if (mpchar_read_file(json_path, (size_t)1 << 30, &text, &len, err))
            return -1;
        fwrite(text, 1, len, out);
        free(text);
        return 0;
    }
    if (f != PROFILE_CSV) {
        fprintf(out,
                f == PROFILE_MARKDOWN ? "## Profile: %s, %d processes\n\n"
                                      : "Profile: %s, %d processes\n",
                p->library, p->size);
        fprintf(out, "%sTransfer times: %s\n",
                f == PROFILE_MARKDOWN ? "" : "  ", p->xfer.source);
        if (p->total.lost_messages)
            fprintf(out,
                    "  %llu messages were not tracked (too many "
                    "outstanding requests)\n",
                    (unsigned long long)p->total.lost_messages);
    }
    print_tables(out, p, f);
    return 0;
}
