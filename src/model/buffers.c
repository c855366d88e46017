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
    json_t *options = json_object_get(root, "options");
    const char *name = json_string_value(json_object_get(options, "cache"));
    const char *sweep =
        json_string_value(json_object_get(options, "cache_sweep"));
    int state = MPCHAR_CACHE_WARM, rc = 0;
    if (json_object_get(options, "cache") &&
        (!name ||
         mpchar_parse_choice_in(name, mpchar_cache_names, &state, err) != 0))
        rc = mpchar_error_set(err,
                              "%s: field 'options.cache' is not \"warm\" or "
                              "\"cold\"",
                              path);
    else if (state == MPCHAR_CACHE_COLD &&
             (!sweep || !mpchar_name_valid(sweep) ||
              strlen(sweep) >= sweep_len))
        rc = mpchar_error_set(err,
                              "%s: field 'options.cache_sweep' is not the "
                              "sweep of a cold run (auto or a size)",
                              path);
    if (rc == 0) {
        *state_p = (mpchar_cache)state;
        if (state == MPCHAR_CACHE_COLD)
            snprintf(sweep_out, sweep_len, "%s", sweep);
    }
    json_decref(root);
    return rc;
}

int mpchar_model_read_buffers(mpchar_model *model, const char *dir,
                              mpchar_error *err)
{
    return mpchar_run_buffers_read(dir, &model->cache, model->cache_sweep,
                                   sizeof model->cache_sweep, err);
}
