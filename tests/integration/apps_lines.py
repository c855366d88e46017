"""The synthetic Hockney lines of apps_model.sh (t_us = a * p / 2 + b * n
at p = 1, 2), and the profiled calls each predicts (src/apps/apps_predict.c's
table, for the calls JGF Series makes)."""
LINES = {"pingpong": (2.0, 0.001), "barrier": (6.0, 0.0),
         "bcast": (3.0, 0.002), "reduce": (4.0, 0.003),
         "allreduce": (5.0, 0.004), "gatherv": (7.0, 0.005)}
PATTERN_OF = {"MPI_Barrier": "barrier", "MPI_Bcast": "bcast",
              "MPI_Reduce": "reduce", "MPI_Allreduce": "allreduce",
              "MPI_Send": "pingpong", "MPI_Isend": "pingpong",
              "MPI_Gatherv": "gatherv"}
# the profiled bytes of these are a process's block: the model's n is p times
TIMES_P = {"MPI_Gatherv"}


def cold_lines():
    """The lines of the model of cold buffers: start-ups 3x, per-byte
    times 2x the warm ones, so that a prediction from the wrong model
    shows."""
    return {pat: (3 * a, 2 * b) for pat, (a, b) in LINES.items()}
