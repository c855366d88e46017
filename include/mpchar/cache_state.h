/* The state of a measurement's buffers when an operation starts
 * (`mpchar run --cache`, docs/timing.md, "Cold buffers"): one fact that
 * mpchar-bench, meta.json and `mpchar apps`'s two models share. */
#ifndef MPCHAR_CACHE_STATE_H
#define MPCHAR_CACHE_STATE_H

typedef enum mpchar_cache {
    MPCHAR_CACHE_WARM, /* as the previous repetition left them */
    MPCHAR_CACHE_COLD, /* caches swept, the send buffer written again */
    MPCHAR_CACHE_STATES
} mpchar_cache;

/* "warm", "cold", then NULL: the values of --cache. */
extern const char *const mpchar_cache_names[];

#endif
