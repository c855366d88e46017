/* `mpchar profile`: runs an MPI program under libmpchar-prof (seed 004's
 * overlap bounds, seed 003's communication characteristics) and writes
 * DIR/profile.json and meta.json; `--show DIR` prints a profile again.
 * docs/profile.md describes what is measured and how. */
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "command.h"
#include "mpchar/fileio.h"
#include "mpchar/parse.h"
#include "mpchar/version.h"
#include "profile.h"
#include "profile_launch.h"

typedef struct profile_args {
    const char *out, *model, *bins, *mpi, *show;
    int format;
    bool events;
} profile_args;

static int set_format(void *field, const char *value, const mpchar_option *o,
                      mpchar_error *err)
{
    (void)o;
    return mpchar_parse_choice_in(value, profile_format_names, field, err);
}

static const mpchar_option_entry options[] = {
    {{"out", "DIR", "folder to write the profile to", "profile-<date>"},
     mpchar_option_text,
     offsetof(profile_args, out)},
    {{"model", "MODEL.json",
      "transfer times from this model (`mpchar fit`) of the same library, "
      "instead of the start-up calibration",
      NULL},
     mpchar_option_text,
     offsetof(profile_args, model)},
    {{"bins", "LIST", "upper edges of the message-size bins, e.g. 1K,64K,1M",
      "1K,10K,100K,1M"},
     mpchar_option_text,
     offsetof(profile_args, bins)},
    {{"events", NULL, "keep the per-rank event files (DIR/rank-*.events)",
      NULL},
     mpchar_option_flag,
     offsetof(profile_args, events)},
    {{"mpi", "LIBRARY",
      "the MPI library the program uses (default: the one whose launcher "
      "starts it)",
      NULL},
     mpchar_option_text,
     offsetof(profile_args, mpi)},
    {{"show", "DIR", "print the profile in DIR instead of running", NULL},
     mpchar_option_text,
     offsetof(profile_args, show)},
    {{"format", "text|markdown|csv|json", "how to print", "text"},
     set_format,
     offsetof(profile_args, format)},
};

static const command_options profile_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar profile [options] -- LAUNCHER ARGS...\n"
    "       mpchar profile --show DIR [--format F]\n"
    "  Runs an MPI program under the profiler and prints, per rank, message\n"
    "  size, Pcontrol region and call, the time in MPI, the computation, the\n"
    "  transfer time and seed 004's bounds on how much of it overlapped\n"
    "  computation (docs/profile.md).\n\n",
    "\nEnvironment: MPCHAR_PROF_REGIONS=name1,name2,... names Pcontrol "
    "levels 1, 2, ...\n",
    "no operands (the program comes after --)",
    0,
    0,
};

static int show(const profile_args *a)
{
    char path[4096];
    profile p;
    mpchar_error err;
    snprintf(path, sizeof path, "%s/profile.json", a->show);
    if (profile_read_json(path, &p, &err) != 0) {
        fprintf(stderr, "mpchar profile: %s\n", err.msg);
        return 1;
    }
    int rc = profile_print(stdout, &p, (profile_format)a->format, path, &err);
    if (rc != 0)
        fprintf(stderr, "mpchar profile: %s\n", err.msg);
    profile_free(&p);
    return rc != 0;
}

static int write_meta(const char *dir, char **cmd, const char *library,
                      const profile *p, int status, mpchar_error *err)
{
    char path[4096], date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    json_t *argv = json_array();
    for (char **c = cmd; *c; c++)
        json_array_append_new(argv, json_string(*c));
    json_t *meta = json_pack("{s:s, s:s, s:o, s:s, s:s, s:s, s:s, s:i, s:s}",
                             "schema", "mpchar-profile-meta/1", "date", date,
                             "command", argv, "library", library, "mpi_version",
                             p->mpi_version, "mpchar_version", MPCHAR_VERSION,
                             "transfer_model", p->xfer.source, "exit_status",
                             status, "profile", "profile.json");
    snprintf(path, sizeof path, "%s/meta.json", dir);
    int rc = meta ? json_dump_file(meta, path, JSON_INDENT(1)) : -1;
    json_decref(meta);
    return rc == 0 ? 0 : mpchar_error_set(err, "%s: cannot write", path);
}

/* The settings that fail before anything runs: one line each. */
static int prepare(const profile_args *a, char **cmd, profile *p, char *lib,
                   size_t lib_len, char *preload, size_t preload_len,
                   mpchar_error *err)
{
    if (profile_pick_library(a->mpi, cmd[0], lib, lib_len, err) != 0 ||
        profile_library_path(lib, preload, preload_len, err) != 0)
        return -1;
    if (a->bins) {
        if (profile_bins_parse(a->bins, &p->bins, err) != 0)
            return -1;
    } else {
        profile_bins_default(&p->bins);
    }
    if (a->model && profile_xfer_from_model(&p->xfer, a->model, lib, err) != 0)
        return -1;
    return profile_set_region_names(p, getenv("MPCHAR_PROF_REGIONS"), err);
}

/* Creates the output folder (default profile-<date>) into dir (absolute)
 * and path (its profile.json), refusing one that holds a profile. */
static int out_dir(const profile_args *a, char *dir, char *path, size_t len,
                   mpchar_error *err)
{
    char def[64];
    time_t now = time(NULL);
    strftime(def, sizeof def, "profile-%Y%m%d-%H%M%S", localtime(&now));
    const char *out = a->out ? a->out : def;
    char resolved[PATH_MAX];
    if (mpchar_make_dirs(out, err) != 0)
        return -1;
    if (!realpath(out, resolved))
        return mpchar_error_set(err, "%s: cannot resolve", out);
    snprintf(dir, len, "%s", resolved);
    snprintf(path, len, "%s/profile.json", resolved);
    if (access(path, F_OK) == 0)
        return mpchar_error_set(err, "%s already holds a profile", dir);
    return 0;
}

static int run(const profile_args *a, char **cmd)
{
    profile p;
    mpchar_error err;
    char lib[64], preload[4096], dir[4096], path[4096];
    memset(&p, 0, sizeof p);
    if (prepare(a, cmd, &p, lib, sizeof lib, preload, sizeof preload, &err) ||
        out_dir(a, dir, path, sizeof dir, &err)) {
        fprintf(stderr, "mpchar profile: %s\n", err.msg);
        profile_free(&p);
        return 2;
    }
    int status = profile_launch(cmd, preload, dir, &err);
    if (status < 0 || profile_analyze_dir(dir, &p, a->model != NULL, &err) ||
        profile_write_json(&p, path, &err) ||
        write_meta(dir, cmd, lib, &p, status, &err) ||
        profile_print(stdout, &p, PROFILE_TEXT, path, &err)) {
        fprintf(stderr, "mpchar profile: %s\n", err.msg);
        profile_free(&p);
        return 1;
    }
    if (!a->events)
        profile_remove_events(dir);
    if (status != 0)
        fprintf(stderr,
                "mpchar profile: the program ended with status %d; "
                "the profile holds the events recorded until then\n",
                status);
    printf("\nProfile written to %s\n", dir);
    profile_free(&p);
    return status != 0;
}

int cmd_profile(int argc, char **argv)
{
    profile_args a;
    int first, rc, dashes = argc;
    memset(&a, 0, sizeof a);
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) {
            dashes = i;
            break;
        }
    if (command_parse(&profile_command, dashes, argv, &a, &first, &rc) != 0)
        return rc;
    if (a.show)
        return show(&a);
    if (dashes + 1 >= argc) {
        fprintf(stderr, "mpchar profile: give the command that starts the "
                        "program after -- (e.g. -- mpirun -np 4 ./app)\n");
        return 2;
    }
    return run(&a, argv + dashes + 1);
}
