/* mpchar-bench: measures the registered patterns over message sizes and
 * process counts with the MPI library it was built against.
 *
 * Run it under any launcher (mpirun, mpiexec, srun); `mpchar run` does so
 * once per library and process count.  For each p, the first p ranks
 * measure every planned series (in rounds, sweep.c) while the others wait
 * without spinning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "mpchar/parse.h"

#ifdef MPCHAR_BENCH_ELF_INTERP
/* Under SMPI this program is a shared object that smpirun loads once per
 * rank (cmake/MpcharSmpi.cmake), which has no entry point of its own:
 * started directly it would jump to address 0.  An interpreter and this
 * entry (linked with -e) make it say how to run it instead; dlopen, as
 * smpirun loads it, reads neither.  Only write and _exit: nothing else of
 * libc is set up here.  x86 enters with the stack one word off a call's
 * alignment. */
#if defined(__x86_64__) || defined(__i386__)
#define BENCH_ENTRY_ALIGN __attribute__((force_align_arg_pointer))
#else
#define BENCH_ENTRY_ALIGN
#endif
const char bench_smpi_interp[] __attribute__((section(".interp"))) =
    MPCHAR_BENCH_ELF_INTERP;
__attribute__((noreturn)) BENCH_ENTRY_ALIGN void bench_smpi_entry(void);
void bench_smpi_entry(void)
{
    static const char msg[] =
        "mpchar-bench-smpi: a SimGrid SMPI program: run it under smpirun "
        "(smpirun -np N -platform FILE mpchar-bench-smpi ...), or through "
        "`mpchar run --mpi smpi --platform ...` (docs/scale.md)\n";
    ssize_t written = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)written;
    _exit(2);
}
#endif

static bool env_rank_zero(void)
{
    /* Before MPI_Init only the launcher's environment tells the rank;
     * errors then come once rather than from every process. */
    const char *vars[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                          "SLURM_PROCID", "MPCHAR_RANK"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v)
            return strcmp(v, "0") == 0;
    }
    return true;
}

/* MPCHAR_BENCH_INJECT_HANG=PATTERN:N makes rank 0 stop responding at that
 * point, =finalize where MPI_Finalize would start, so tests can prove that
 * `mpchar run`'s watchdog ends it. */
static int parse_hang(const char *text, bench_hang *h, mpchar_error *err)
{
    memset(h, 0, sizeof *h);
    if (!text)
        return 0;
    if (strcmp(text, "finalize") == 0) {
        h->in_finalize = true;
        return 0;
    }
    const char *colon = strchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : 0;
    if (!colon || len == 0 || len >= sizeof h->pattern)
        return mpchar_error_set(err,
                                "MPCHAR_BENCH_INJECT_HANG: '%s' is not "
                                "PATTERN:BYTES or finalize",
                                text);
    memcpy(h->pattern, text, len);
    if (!bench_registry_find(h->pattern))
        return mpchar_error_set(err,
                                "MPCHAR_BENCH_INJECT_HANG: unknown "
                                "pattern '%s'",
                                h->pattern);
    if (mpchar_parse_size(colon + 1, &h->n_bytes, err) != 0)
        return mpchar_error_prefix(err, "MPCHAR_BENCH_INJECT_HANG");
    h->set = true;
    return 0;
}

/* Any node with more measuring ranks than cores makes timings unreal;
 * simulated ranks share no cores (their time is the platform's). */
static bool comm_oversubscribed(MPI_Comm comm, const bench_options *opt)
{
    MPI_Comm node;
    int local, over;
    long cores = opt->cores_per_node ? opt->cores_per_node
                                     : sysconf(_SC_NPROCESSORS_ONLN);
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local);
    MPI_Comm_free(&node);
    over = opt->force_oversubscribed || (!BENCH_SIMULATED && local > cores);
    MPI_Allreduce(MPI_IN_PLACE, &over, 1, MPI_INT, MPI_LOR, comm);
    return over != 0;
}

static void measure_p(bench_run *r, long p)
{
    MPI_Comm comm;
    bool member = r->rank < p;
    MPI_Comm_split(MPI_COMM_WORLD, member ? 0 : MPI_UNDEFINED, r->rank, &comm);
    if (member) {
        bool over = comm_oversubscribed(comm, &r->opt);
        r->lp.sync = over ? SYNC_BARRIER : r->opt.sync;
        bench_clock_attach(&r->clock, comm);
        size_t rounds = (size_t)bench_series_rounds(r, over);
        r->progress_done = r->progress_total = 0;
        r->settle_points = 0;
        r->settle_rounds_taken = 0;
        for (size_t i = 0; i < r->plan.count; i++)
            r->progress_total += rounds * (r->plan.points[i].key.p == p &&
                                           !r->plan.points[i].skip);
        for (size_t i = 0, end; i < r->plan.count; i = end) {
            end = bench_series_end(&r->plan, i);
            if (r->plan.points[i].key.p == p)
                bench_sweep_series(r, i, end, comm, over);
        }
        if (!over)
            bench_sweep_report_rounds(r, p);
        bench_clock_detach(&r->clock);
        MPI_Comm_free(&comm);
    }
    bench_idle_barrier(MPI_COMM_WORLD);
}

static void print_point(const mpchar_point_key *k, bool done)
{
    char key[512];
    bench_output_key(k, key, sizeof key);
    printf("%s,%s\n", key, done ? "done" : "pending");
}

static void print_added(void *ctx, uint64_t n_bytes)
{
    mpchar_point_key k = *(const mpchar_point_key *)ctx;
    k.n_bytes = n_bytes;
    print_point(&k, true);
}

/* A series' grid points, then the sizes refinement added so far and, for
 * a series not complete yet, the next one it asks for, as replayed from
 * the results directory. */
static void print_series(const bench_run *r, size_t first, size_t end)
{
    for (size_t i = first; i < end; i++)
        print_point(&r->plan.points[i].key, r->plan.points[i].skip);
    if (bench_series_oversubscribed(&r->plan, first))
        return;
    mpchar_point_key k = r->plan.points[first].key;
    k.set = MPCHAR_SET_FIT;
    bench_series_each_added(&r->plan, first, end, print_added, &k);
    if (bench_series_complete(&r->plan, first, end))
        return;
    bench_refinement rf;
    bench_series_refinement(&r->plan, first, end, &r->refine, &rf);
    if (rf.next_requested) {
        k.n_bytes = rf.next_n_bytes;
        print_point(&k, false);
    }
}

/* --cache cold's sweep, 0 when warm. */
static size_t sweep_bytes(const bench_options *opt)
{
    if (opt->cache != MPCHAR_CACHE_COLD)
        return 0;
    return opt->cache_sweep_bytes ? (size_t)opt->cache_sweep_bytes
                                  : bench_cold_sweep_bytes();
}

/* The most one process holds: the largest point's buffers and the
 * sweep. */
static uint64_t memory_per_process(const bench_run *r)
{
    return bench_plan_memory_bytes(&r->plan, r->opt.window) +
           sweep_bytes(&r->opt);
}

static int print_plan(bench_run *r)
{
    mpchar_error err;
    if (r->opt.out_dir &&
        bench_plan_mark_done(&r->plan, r->opt.out_dir, false, &err) != 0) {
        fprintf(stderr, "mpchar-bench: %s\n", err.msg);
        return 2;
    }
    for (size_t i = 0, end; i < r->plan.count; i = end) {
        end = bench_series_end(&r->plan, i);
        print_series(r, i, end);
    }
    printf("@@mpchar memory_bytes_per_process %llu\n",
           (unsigned long long)memory_per_process(r));
    return 0;
}

/* Rank 0 checks what only it can (directory, earlier rows), then every
 * rank learns the outcome and the points to skip. */
static int prepare_on_root(bench_run *r, mpchar_error *err)
{
    int ok = 1;
    if (r->rank == 0) {
        ok = bench_output_open(&r->out, &r->opt, err) == 0 &&
             (!r->opt.out_dir ||
              bench_plan_mark_done(&r->plan, r->opt.out_dir, true, err) == 0);
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok)
        return -1;
    char *skip = malloc(r->plan.count + 1);
    if (!skip)
        return mpchar_error_set(err, "out of memory");
    for (size_t i = 0; i < r->plan.count; i++)
        skip[i] = r->plan.points[i].skip;
    MPI_Bcast(skip, (int)r->plan.count, MPI_CHAR, 0, MPI_COMM_WORLD);
    for (size_t i = 0; i < r->plan.count; i++)
        r->plan.points[i].skip = skip[i];
    free(skip);
    return 0;
}

static int check_p_and_memory(bench_run *r, mpchar_error *err)
{
    for (size_t i = 0; i < r->opt.p_count; i++)
        if (r->opt.p_list[i] > r->world)
            return mpchar_error_set(err,
                                    "--p %ld is more than the %d "
                                    "processes launched",
                                    r->opt.p_list[i], r->world);
    uint64_t need = memory_per_process(r);
    uint64_t have =
        (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    MPI_Comm node;
    int local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                        &node);
    MPI_Comm_size(node, &local);
    MPI_Comm_free(&node);
    if (need > have / 2 / (uint64_t)local)
        return mpchar_error_set(err,
                                "the largest size needs %llu MiB per "
                                "process (--cache-sweep: %zu MiB of it); %d "
                                "processes on this node have %llu MiB of "
                                "memory: lower --max-size or --cache-sweep",
                                (unsigned long long)(need >> 20),
                                sweep_bytes(&r->opt) >> 20, local,
                                (unsigned long long)(have >> 20));
    return 0;
}

static int start_cold(bench_run *r, mpchar_error *err)
{
    size_t bytes = sweep_bytes(&r->opt);
    bool mine = bench_cold_init(&r->cold, bytes, err) == 0;
    if (!bench_all_agree(mine, MPI_COMM_WORLD)) {
        if (mine)
            mpchar_error_set(err,
                             "--cache cold: another rank is out of memory for "
                             "a sweep of %zu MiB",
                             bytes >> 20);
        bench_cold_free(&r->cold);
        return -1;
    }
    r->lp.cold = &r->cold;
    return 0;
}

static int run_all(bench_run *r, mpchar_error *err)
{
    if (bench_plan_build(&r->opt, r->world, &r->plan, err) != 0 ||
        !bench_all_agree(check_p_and_memory(r, err) == 0, MPI_COMM_WORLD) ||
        prepare_on_root(r, err) != 0)
        return -1;
    double res = 0.0;
    if (r->rank == 0)
        res = bench_timer_resolution();
    MPI_Bcast(&res, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    bench_clock_init(&r->clock, r->rank, r->opt.inject_clock_offset_us);
    r->lp = (bench_loop_params){r->opt.time_per_point_ms / 1e3,
                                r->opt.min_reps,
                                r->opt.max_reps,
                                r->opt.warmup_reps,
                                res,
                                r->opt.sync,
                                &r->clock,
                                NULL};
    if (r->opt.cache == MPCHAR_CACHE_COLD && start_cold(r, err) != 0)
        return -1;
    bool over = comm_oversubscribed(MPI_COMM_WORLD, &r->opt);
    if (r->rank == 0 &&
        bench_output_library_info(&r->out, &r->opt, &r->lp, over, err) != 0)
        return -1;
    bench_ops_create(r->ops);
    long default_p = r->world;
    const long *ps = r->opt.p_list ? r->opt.p_list : &default_p;
    size_t np = r->opt.p_list ? r->opt.p_count : 1;
    for (size_t i = 0; i < np; i++)
        measure_p(r, ps[i]);
    bench_sweep_report_waits(r);
    bench_ops_free(r->ops);
    bench_cold_free(&r->cold);
    return 0;
}

int main(int argc, char **argv)
{
    bench_run r;
    mpchar_error err;
    int exit_code;
    memset(&r, 0, sizeof r);
    if (bench_registry_validate(&err) != 0 ||
        bench_options_parse(argc, argv, &r.opt, &exit_code, &err) != 0 ||
        parse_hang(r.opt.inject_hang, &r.hang, &err) != 0) {
        if (env_rank_zero())
            fprintf(stderr, "mpchar-bench: %s\n", err.msg);
        return 2;
    }
    if (exit_code >= 0)
        return exit_code;
    bench_refine_params_default(&r.refine);
    r.refine.max_points = r.opt.refine_points;
    r.refine.tolerance = r.opt.refine_tolerance;
    r.settle.window_rounds = r.opt.settle_rounds;
    r.settle.tolerance = r.opt.settle_tolerance_pct / 100.0;
    r.settle.min_rounds = r.opt.min_rounds;
    if (r.opt.plan_only) {
        long p = r.opt.p_list ? r.opt.p_list[r.opt.p_count - 1] : 2;
        if (bench_plan_build(&r.opt, p, &r.plan, &err) != 0) {
            fprintf(stderr, "mpchar-bench: %s\n", err.msg);
            return 2;
        }
        exit_code = print_plan(&r);
        bench_plan_free(&r.plan);
        bench_options_free(&r.opt);
        return exit_code;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r.world);
    exit_code = 0;
    if (bench_datatypes_check(&err) != 0 || run_all(&r, &err) != 0) {
        if (r.rank == 0)
            fprintf(stderr, "mpchar-bench: %s\n", err.msg);
        exit_code = 2;
    } else if (r.failures > 0) {
        exit_code = 1;
    }
    if (r.rank == 0)
        bench_output_close(&r.out);
    bench_plan_free(&r.plan);
    bench_options_free(&r.opt);
    /* MPICH over UCX's TCP transport can hang in MPI_Finalize when one rank
     * closes its endpoints while its peer already waits in the PMI barrier
     * (docs/cluster.md): leave together. */
    MPI_Barrier(MPI_COMM_WORLD);
    if (r.rank == 0)
        bench_output_end(&r.out, exit_code);
    if (r.rank == 0 && r.hang.in_finalize)
        bench_hang_forever();
    MPI_Finalize();
    return exit_code;
}
