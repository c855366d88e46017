/* The environment of the programs mpchar starts (mpchar/environ.h). */
#include "mpchar/environ.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *mpchar_preload_ahead(const char *preload)
{
    const char *old = getenv("LD_PRELOAD");
    old = old ? old : "";
    char *env = malloc(strlen(preload) + strlen(old) + 2);
    if (env)
        sprintf(env, "%s%s%s", preload, *old ? ":" : "", old);
    return env;
}
