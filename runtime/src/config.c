/*
 * Run-time configuration: the library's settings (settings.c) loaded from
 * the environment into mpchar__cfg at start-up.
 *
 * A malformed value, or an MPCHAR_RT_* variable that is no setting, ends
 * the job with one line naming it (settings.c checks; mpchar-exec has
 * checked before launching, unless the program runs on its own).
 */
#include "rt.h"

struct rt_config mpchar__cfg;

void mpchar__config_load(void)
{
    mpchar_error err;
    if (mpchar__settings_check(&err) != 0)
        mpchar__fatal("%s", err.msg);
    for (size_t i = 0; i < mpchar__nsettings; i++) {
        const struct rt_setting *s = &mpchar__settings[i];
        if (!s->launcher &&
            mpchar__setting_parse(s, mpchar__setting_value(s),
                                  (char *)&mpchar__cfg + s->offset, &err) != 0)
            mpchar__fatal("%s", err.msg);
    }
    if (mpchar__cfg.frag_bytes < 1024)
        mpchar__cfg.frag_bytes = 1024;
    /* chunks end on line boundaries (engine.c, pipe_chunk) */
    mpchar__cfg.pipe_bytes =
        (mpchar__cfg.pipe_bytes + RT_LINE - 1) / RT_LINE * RT_LINE;
}
