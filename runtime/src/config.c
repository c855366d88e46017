/*
 * Run-time configuration: the library's settings (settings.c) loaded from
 * the environment into mpchar__cfg at start-up.
 *
 * A malformed value, or an MPCHAR_RT_* variable that is no setting, ends
 * the job with one line naming it (settings.c parses; mpchar-exec has
 * checked before launching, unless the program runs on its own).
 */
#include "rt.h"

struct rt_config mpchar__cfg;

void mpchar__config_load(void)
{
    mpchar_error err;
    if (mpchar__settings_load(&mpchar__cfg, &err) != 0)
        mpchar__fatal("%s", err.msg);
    if (mpchar__cfg.frag_bytes < 1024)
        mpchar__cfg.frag_bytes = 1024;
    /* chunks end on line boundaries (engine.c, pipe_chunk) */
    mpchar__cfg.pipe_bytes =
        (mpchar__cfg.pipe_bytes + RT_LINE - 1) / RT_LINE * RT_LINE;
}
