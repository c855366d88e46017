/* Transfer times of messages by size: interpolation between points from
 * the start-up calibration or from a model.json (`mpchar fit`). */
#include <string.h>

#include "mpchar/model.h"
#include "profile.h"

double profile_xfer_us(const profile_xfer *x, uint64_t bytes)
{
    if (x->n == 0)
        return 0.0;
    if (x->n == 1)
        return x->us[0];
    double n = (double)bytes;
    size_t i = 1;
    while (i + 1 < x->n && n > x->bytes[i])
        i++;
    double slope = (x->us[i] - x->us[i - 1]) / (x->bytes[i] - x->bytes[i - 1]);
    double t = x->us[i - 1] + (n - x->bytes[i - 1]) * slope;
    return t > 0.0 ? t : 0.0;
}

int profile_xfer_from_model(profile_xfer *x, const char *path,
                            const char *library, mpchar_error *err)
{
    mpchar_model model;
    if (mpchar_model_read(path, &model, err) != 0)
        return -1;
    mpchar_query q;
    memset(&q, 0, sizeof q);
    q.library = library;
    q.pattern = "pingpong";
    q.p = 2;
    q.family = MPCHAR_FAMILY_BEST;
    int rc = 0;
    x->n = 0;
    for (int k = -1; rc == 0 && k < PROFILE_XFER_POINTS - 1; k++) {
        mpchar_prediction r;
        q.n_bytes = k < 0 ? 0.0 : (double)(1ULL << k);
        rc = mpchar_model_predict(&model, &q, &r, err);
        x->bytes[x->n] = q.n_bytes;
        x->us[x->n++] = r.t_us;
    }
    mpchar_model_free(&model);
    if (rc != 0)
        return mpchar_error_prefix(err, "--model %s", path);
    snprintf(x->source, sizeof x->source, "model %s (%s ping-pong)", path,
             library);
    return 0;
}
