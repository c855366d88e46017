/* `mpchar run` inside a Slurm allocation: an environment with SLURM_JOB_ID
 * makes srun the default launcher (without --launcher, --hosts or
 * --hostfile), each library with the PMI its Debian build speaks (the
 * table below; docs/cluster.md, Slurm), and p is checked against the
 * tasks the allocation holds before anything runs.  `--launcher own`
 * keeps the libraries' own launchers inside an allocation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpchar/fileio.h"
#include "mpchar/parse.h"
#include "run.h"

/* How srun starts each library's processes.  Open MPI 4.1 (Debian) is
 * built against PMIx; MPICH 4.0 (Debian, Hydra's simple PMI client)
 * speaks PMI-1, which Slurm's pmi2 plugin serves.  With any other plugin
 * MPICH's processes start as singletons (p copies of rank 0 of 1): the
 * benchmark refuses that, but the plugin must be the right one.  The
 * built-in runtime is shared memory on one node: its own mpchar-exec.
 * A library not named here gets srun with Slurm's MpiDefault. */
typedef struct slurm_pmi {
    const char *base;
    const char *srun_mpi; /* srun --mpi=...; NULL: the library's own
                             launcher */
} slurm_pmi;

static const slurm_pmi pmi_table[] = {
    {"openmpi", "pmix"},
    {"mpich", "pmi2"},
    {"builtin", NULL},
};

/* The launcher value that keeps the libraries' own launchers. */
#define OWN_LAUNCHER "own"

bool run_launcher_is_own(const char *launcher)
{
    return strcmp(launcher, OWN_LAUNCHER) == 0;
}

/* A positive count from an environment variable, 0 when it is unset. */
static int env_count(const char *name, long *value_p, mpchar_error *err)
{
    const char *text = getenv(name);
    mpchar_error e;
    *value_p = 0;
    if (!text || !text[0])
        return 0;
    if (mpchar_parse_long(text, 1, 100000000L, value_p, &e) != 0)
        return mpchar_error_set(err,
                                "%s: '%s' is not a positive whole "
                                "number",
                                name, text);
    return 0;
}

/* The CPUs of SLURM_JOB_CPUS_PER_NODE, e.g. "4(x2),2" for 4+4+2. */
int run_slurm_parse_cpus(const char *text, long *cpus_p, mpchar_error *err)
{
    long total = 0;
    const char *s = text;
    while (*s) {
        char *end;
        long cpus = strtol(s, &end, 10), times = 1;
        if (end == s || cpus < 1)
            break;
        if (strncmp(end, "(x", 2) == 0) {
            s = end + 2;
            times = strtol(s, &end, 10);
            if (end == s || times < 1 || *end != ')')
                break;
            end++;
        }
        total += cpus * times;
        if (*end == '\0') {
            *cpus_p = total;
            return 0;
        }
        if (*end != ',')
            break;
        s = end + 1;
    }
    return mpchar_error_set(err,
                            "SLURM_JOB_CPUS_PER_NODE: '%s' is not a list "
                            "of CPUS or CPUS(xNODES)",
                            text);
}

/* The tasks the allocation holds: SLURM_NTASKS when the job asked for
 * tasks (-n), else every CPU it has. */
static int read_allocation(run_slurm *s, mpchar_error *err)
{
    const char *cpus = getenv("SLURM_JOB_CPUS_PER_NODE");
    if (env_count("SLURM_JOB_NUM_NODES", &s->nodes, err) != 0 ||
        env_count("SLURM_NTASKS", &s->tasks, err) != 0)
        return -1;
    snprintf(s->tasks_from, sizeof s->tasks_from, "SLURM_NTASKS=%ld", s->tasks);
    if (s->tasks == 0 && cpus && cpus[0]) {
        if (run_slurm_parse_cpus(cpus, &s->tasks, err) != 0)
            return -1;
        snprintf(s->tasks_from, sizeof s->tasks_from,
                 "SLURM_JOB_CPUS_PER_NODE=%.40s", cpus);
    }
    if (s->tasks == 0)
        return mpchar_error_set(err,
                                "Slurm allocation %s (SLURM_JOB_ID): neither "
                                "SLURM_NTASKS nor SLURM_JOB_CPUS_PER_NODE "
                                "says how many tasks it holds",
                                s->job_id);
    return 0;
}

int run_slurm_detect(const run_options *o, long most_p, run_slurm *s,
                     mpchar_error *err)
{
    const char *job = getenv("SLURM_JOB_ID");
    memset(s, 0, sizeof *s);
    if (!job || !job[0])
        return 0;
    s->inside = true;
    snprintf(s->job_id, sizeof s->job_id, "%s", job);
    if (run_value(o, "launcher")[0] || run_value(o, "hosts")[0] ||
        run_value(o, "hostfile")[0])
        return 0; /* the user chose the launch */
    s->srun = true;
    if (read_allocation(s, err) != 0)
        return -1;
    if (most_p > s->tasks) {
        char on_nodes[64] = ""; /* SLURM_JOB_NUM_NODES may be unset */
        if (s->nodes > 0)
            snprintf(on_nodes, sizeof on_nodes, " on %ld node%s", s->nodes,
                     s->nodes == 1 ? "" : "s");
        return mpchar_error_set(err,
                                "--p %ld: Slurm allocation %s holds %ld "
                                "task%s%s (%s): ask salloc or sbatch for -n "
                                "%ld, or lower --p",
                                most_p, s->job_id, s->tasks,
                                s->tasks == 1 ? "" : "s", on_nodes,
                                s->tasks_from, most_p);
    }
    if (mpchar_which("srun", s->srun_path, sizeof s->srun_path) != 0)
        return mpchar_error_set(err,
                                "inside Slurm allocation %s (SLURM_JOB_ID) "
                                "but srun is not on PATH: add Slurm's "
                                "commands to PATH, or choose --launcher "
                                "own or --launcher TEMPLATE",
                                s->job_id);
    return 0;
}

static const slurm_pmi *pmi_of(const run_library *lib)
{
    for (size_t i = 0; i < sizeof pmi_table / sizeof pmi_table[0]; i++)
        if (strcmp(pmi_table[i].base, lib->base) == 0)
            return &pmi_table[i];
    return NULL;
}

void run_slurm_assign(const run_slurm *s, run_library *libs, size_t nlibs)
{
    for (size_t i = 0; i < nlibs; i++) {
        const slurm_pmi *pmi = pmi_of(&libs[i]);
        libs[i].srun = s->srun && !libs[i].simulated && (!pmi || pmi->srun_mpi);
        snprintf(libs[i].srun_mpi, sizeof libs[i].srun_mpi, "%s",
                 libs[i].srun && pmi ? pmi->srun_mpi : "");
    }
}

/* srun from PATH, where run_slurm_detect found it. */
void run_slurm_push_srun(run_args *b, const run_library *lib, long p)
{
    char num[32], mpi[64];
    snprintf(num, sizeof num, "%ld", p);
    run_args_push(b, "srun");
    run_args_push(b, "-n");
    run_args_push(b, num);
    if (lib->srun_mpi[0]) {
        snprintf(mpi, sizeof mpi, "--mpi=%s", lib->srun_mpi);
        run_args_push(b, mpi);
    }
    /* a task that fails ends the step at once, as mpirun does */
    run_args_push(b, "--kill-on-bad-exit=1");
}

json_t *run_slurm_json(const run_slurm *s, const run_library *libs,
                       size_t nlibs)
{
    if (!s->inside)
        return json_null();
    json_t *mpi = json_object();
    for (size_t i = 0; i < nlibs; i++)
        if (libs[i].srun)
            json_object_set_new(mpi, libs[i].name,
                                json_string(libs[i].srun_mpi[0]
                                                ? libs[i].srun_mpi
                                                : "MpiDefault"));
    return json_pack("{s:s, s:b, s:I, s:I, s:s, s:s, s:o}", "job_id", s->job_id,
                     "srun", s->srun, "nodes", (json_int_t)s->nodes, "tasks",
                     (json_int_t)s->tasks, "tasks_from", s->tasks_from,
                     "srun_path", s->srun_path, "srun_mpi", mpi);
}
