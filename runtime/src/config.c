/*
 * Run-time configuration: the library's settings (settings.c) loaded from
 * the environment into mpchar__cfg at start-up.
 *
 * A malformed value, or an MPCHAR_RT_* variable that is no setting, ends
 * the job with one line naming it.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

struct rt_config mpchar__cfg;

/* What the launcher sets for each rank, beside the settings. */
static const char *const launcher_vars[] = {"MPCHAR_RT_FD", "MPCHAR_RT_RANK",
                                            "MPCHAR_RT_SIZE"};

static int known_var(const char *name, size_t len)
{
    if (mpchar__setting(name, len))
        return 1;
    for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
        if (strlen(launcher_vars[i]) == len &&
            strncmp(launcher_vars[i], name, len) == 0)
            return 1;
    return 0;
}

/* A misspelt setting would otherwise be ignored without a word. */
static void reject_unknown_vars(void)
{
    extern char **environ;
    for (char **e = environ; *e; e++) {
        const char *eq = strchr(*e, '=');
        size_t len = eq ? (size_t)(eq - *e) : strlen(*e);
        if (strncmp(*e, "MPCHAR_RT_", 10) == 0 && !known_var(*e, len))
            mpchar__fatal("%.*s: not a setting of the runtime (mpchar-exec "
                          "--settings lists them)",
                          (int)len, *e);
    }
}

void mpchar__config_load(void)
{
    reject_unknown_vars();
    for (size_t i = 0; i < mpchar__nsettings; i++) {
        const struct rt_setting *s = &mpchar__settings[i];
        mpchar_error err;
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
