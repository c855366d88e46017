/* The list of subcommands, in the order `mpchar help` shows them. */
#include "command.h"

#include <stddef.h>

const mpchar_command mpchar_commands[] = {
    {"run", cmd_run,
     "measure point-to-point and collective primitives "
     "with each MPI library"},
    {"fit", cmd_fit,
     "fit Hockney, t_i and piecewise models to a results "
     "directory"},
    {"predict", cmd_predict, "predict a primitive's time from a model.json"},
    {"report", cmd_report,
     "write report.html and report.md (tables and "
     "plots) from results directories"},
    {"advise", cmd_advise,
     "regions where a substitute of a collective is predicted faster "
     "(seed 000 Table 5)"},
    {"compare", cmd_compare,
     "B/A time ratios of two results directories; "
     "fails on regressions"},
    {"profile", cmd_profile,
     "run an MPI program under the profiler: overlap bounds, "
     "message rates, time in MPI"},
    {"export", cmd_export,
     "write a model's fastest algorithms as Open MPI or MPICH settings, "
     "or its point-to-point models for SimGrid or LogGP"},
    {"apps", cmd_apps,
     "run the application kernels (JGF, NPB) per library and p: times, "
     "speedups, profiles, predicted communication"},
    {NULL, NULL, NULL},
};
