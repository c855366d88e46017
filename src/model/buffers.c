/* The state of the buffers a results folder's run measured (`mpchar run
 * --cache`, docs/timing.md "Cold buffers"), which its meta.json keeps and
 * a model fitted to its measurements carries in model.json. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "mpchar/model.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"

int mpchar_run_buffers_parse(const struct json_t *options, const char *path,
                             mpchar_cache *state_p, char *sweep_out,
                             size_t sweep_len, mpchar_error *err)
{
    json_t *given = json_object_get(options, "cache");
    const char *name = json_string_value(given);
    const char *sweep =
        json_string_value(json_object_get(options, "cache_sweep"));
    int state = MPCHAR_CACHE_WARM;
    *state_p = MPCHAR_CACHE_WARM;
    if (given && (!name || mpchar_parse_choice_in(name, mpchar_cache_names,
                                                  &state, err) != 0))
        return mpchar_error_set(err,
                                "%s: field 'options.cache' is not \"warm\" or "
                                "\"cold\"",
                                path);
    if (state == MPCHAR_CACHE_COLD &&
        (!sweep || !mpchar_name_valid(sweep) || strlen(sweep) >= sweep_len))
        return mpchar_error_set(err,
                                "%s: field 'options.cache_sweep' is not the "
                                "sweep of a cold run (auto or a size)",
                                path);
    *state_p = (mpchar_cache)state;
    if (state == MPCHAR_CACHE_COLD)
        snprintf(sweep_out, sweep_len, "%s", sweep);
    return 0;
}

int mpchar_run_buffers_read(const char *dir, mpchar_cache *state_p,
                            char *sweep_out, size_t sweep_len,
                            mpchar_error *err)
{
    char path[4200];
    json_error_t jerr;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_META_FILE);
    *state_p = MPCHAR_CACHE_WARM;
    if (access(path, F_OK) != 0)
        return 0;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root)
        return mpchar_error_set(err, "%s:%d: %s", path, jerr.line, jerr.text);
    int rc = mpchar_run_buffers_parse(json_object_get(root, "options"), path,
                                      state_p, sweep_out, sweep_len, err);
    json_decref(root);
    return rc;
}
