/* The measurement defaults that `mpchar run` passes to mpchar-bench and
 * that mpchar-bench takes when run alone, in one place so that the two
 * never disagree (docs/timing.md gives the reason for each: Budget,
 * Rounds, Level changes, Sizes).  They are integers so that help texts
 * can quote them through MPCHAR_STR. */
#ifndef MPCHAR_MEASURE_DEFAULTS_H
#define MPCHAR_MEASURE_DEFAULTS_H

#define MPCHAR_DEFAULT_TIME_PER_POINT_MS 160
#define MPCHAR_DEFAULT_MIN_REPS 10
#define MPCHAR_DEFAULT_MAX_REPS 1000
#define MPCHAR_DEFAULT_ROUNDS 16
/* The stopping rule (docs/timing.md, Stopping rule): off by default, so
 * that a full run takes every round; --quick turns it on. */
#define MPCHAR_DEFAULT_SETTLE_ROUNDS 0
#define MPCHAR_DEFAULT_SETTLE_TOLERANCE_PCT 1
#define MPCHAR_DEFAULT_MIN_ROUNDS 4
#define MPCHAR_DEFAULT_LEVEL_RETRIES 2
#define MPCHAR_DEFAULT_LEVEL_WAIT_S 60
#define MPCHAR_DEFAULT_REFINE_POINTS 24

#define MPCHAR_STR_(x) #x
#define MPCHAR_STR(x) MPCHAR_STR_(x)

#endif
