/*
 * kernels/main.c: mpchar-kernels-<library>, the MPI program that runs one
 * application kernel of the registry (kernels/registry.c):
 *
 *   mpchar-kernels-<lib> --kernel NAME --class C [--reps N]
 *   mpchar-kernels-<lib> --list
 *
 * For each repetition rank 0 prints one result line (the format `mpchar
 * apps` parses, docs/kernels.md).  Exit status: 0 every repetition
 * verified, 1 one failed, 2 bad options or environment, 3 the kernel
 * refuses this number of processes.  Every rank parses the same arguments,
 * so every rank reaches the same decision without communicating.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "harness_state.h"

enum { EXIT_VERIFIED = 0, EXIT_WRONG = 1, EXIT_USAGE = 2, EXIT_REFUSED = 3 };

#define PROGRAM "mpchar-kernels"
#define USAGE "usage: " PROGRAM " --kernel NAME --class C [--reps N] | --list"
#define REPS_MAX 100000

struct options {
    const struct kernel_desc *kernel;
    char problem_class;
    long reps;
    bool list;
};

static const struct kernel_desc *find_kernel(const char *name)
{
    for (size_t i = 0; mpchar_kernels[i]; i++)
        if (strcmp(mpchar_kernels[i]->name, name) == 0)
            return mpchar_kernels[i];
    return NULL;
}

static int parse_reps(const char *text, long *reps, char *msg, size_t len)
{
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 1 || v > REPS_MAX) {
        snprintf(msg, len, "--reps: '%.*s' is not a whole number 1..%d",
                 HARNESS_QUOTE_MAX, text, REPS_MAX);
        return -1;
    }
    *reps = v;
    return 0;
}

/* Checks the class against the kernel once both options are known. */
static int check_class(const struct options *opt, const char *text, char *msg,
                       size_t len)
{
    if (!opt->kernel) {
        snprintf(msg, len, "--kernel NAME is required (" PROGRAM " --list)");
        return -1;
    }
    if (!text) {
        snprintf(msg, len, "--class is required (kernel %s has classes %s)",
                 opt->kernel->name, opt->kernel->classes);
        return -1;
    }
    if (strlen(text) != 1 || !strchr(opt->kernel->classes, text[0])) {
        snprintf(
            msg, len, "--class: kernel %s has no class '%.*s' (classes %s)",
            opt->kernel->name, HARNESS_QUOTE_MAX, text, opt->kernel->classes);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, struct options *opt, char *msg,
                         size_t len)
{
    const char *class_text = NULL;
    *opt = (struct options){.reps = 1};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--list") == 0) {
            opt->list = true;
            continue;
        }
        bool known = strcmp(arg, "--kernel") == 0 ||
                     strcmp(arg, "--class") == 0 || strcmp(arg, "--reps") == 0;
        if (!known) {
            snprintf(msg, len, "unknown option '%.*s' (" USAGE ")",
                     HARNESS_QUOTE_MAX, arg);
            return -1;
        }
        if (i + 1 >= argc) {
            snprintf(msg, len, "%s needs a value (" USAGE ")", arg);
            return -1;
        }
        const char *value = argv[++i];
        if (strcmp(arg, "--kernel") == 0) {
            opt->kernel = find_kernel(value);
            if (!opt->kernel) {
                snprintf(msg, len,
                         "--kernel: unknown kernel '%.*s' (" PROGRAM " --list)",
                         HARNESS_QUOTE_MAX, value);
                return -1;
            }
        } else if (strcmp(arg, "--class") == 0) {
            class_text = value;
        } else if (parse_reps(value, &opt->reps, msg, len) != 0) {
            return -1;
        }
    }
    if (opt->list)
        return 0;
    if (check_class(opt, class_text, msg, len) != 0)
        return -1;
    opt->problem_class = class_text[0];
    return 0;
}

static void print_list(void)
{
    for (size_t i = 0; mpchar_kernels[i]; i++)
        printf("%s %s %s\n", mpchar_kernels[i]->name, mpchar_kernels[i]->suite,
               mpchar_kernels[i]->classes);
}

/* One repetition: all ranks start after a barrier; the times reported are
 * the maxima over ranks.  Returns rank 0's verdict on every rank. */
static bool run_once(const struct kernel_desc *k, const struct kernel_run *run,
                     long rep, long reps)
{
    struct kernel_result res = {0};
    double probe_us = harness_state_probe(run->comm);
    MPI_Barrier(run->comm);
    harness_comm_reset(rep == 1 && reps > 1);
    double t0_s = MPI_Wtime();
    k->run(run, &res);
    double mine[3] = {MPI_Wtime() - t0_s, harness_comm_seconds(),
                      (double)harness_buffers_bytes()};
    double max[3]; /* seconds, seconds, bytes */
    MPI_Reduce(mine, max, 3, MPI_DOUBLE, MPI_MAX, 0, run->comm);
    int verified = res.verified;
    MPI_Bcast(&verified, 1, MPI_INT, 0, run->comm);
    if (run->rank == 0) {
        char probe[32] = ""; /* empty: no peer to probe (p = 1) */
        if (!isnan(probe_us))
            snprintf(probe, sizeof probe, "%.4f", probe_us);
        printf("kernel=%s suite=%s class=%c p=%d rep=%ld t_total_s=%.9f "
               "t_comm_s=%.9f probe_us=%s arrays_bytes=%.0f verified=%s "
               "value=%.15e reference=%.15e\n",
               k->name, k->suite, run->problem_class, run->size, rep, max[0],
               max[1], probe, max[2], verified ? "yes" : "no", res.value,
               res.reference);
        fflush(stdout);
        if (!verified)
            fprintf(stderr, PROGRAM ": %s class %c: verification failed: %s\n",
                    k->name, run->problem_class, res.detail);
    }
    return verified != 0;
}

static int run_kernel(const struct options *opt, MPI_Comm comm)
{
    struct kernel_run run = {.problem_class = opt->problem_class, .comm = comm};
    MPI_Comm_rank(comm, &run.rank);
    MPI_Comm_size(comm, &run.size);
    const char *why = opt->kernel->refuse ? opt->kernel->refuse(&run) : NULL;
    if (why) {
        if (run.rank == 0)
            fprintf(stderr, PROGRAM ": %s class %c at p = %d: %s\n",
                    opt->kernel->name, run.problem_class, run.size, why);
        return EXIT_REFUSED;
    }
    harness_library_warmup(comm);
    bool all_verified = true;
    for (long rep = 1; rep <= opt->reps; rep++)
        all_verified &= run_once(opt->kernel, &run, rep, opt->reps);
    return all_verified ? EXIT_VERIFIED : EXIT_WRONG;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    int rank;
    MPI_Comm_rank(comm, &rank);

    struct options opt;
    char msg[256] = "";
    int status = EXIT_VERIFIED;
    if (parse_options(argc, argv, &opt, msg, sizeof msg) != 0 ||
        harness_fault_parse(getenv("MPCHAR_KERNEL_FAULT"), msg, sizeof msg) !=
            0) {
        if (rank == 0)
            fprintf(stderr, PROGRAM ": %s\n", msg);
        status = EXIT_USAGE;
    } else if (opt.list) {
        if (rank == 0)
            print_list();
    } else {
        status = run_kernel(&opt, comm);
    }
    harness_buffers_release();
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return status;
}
