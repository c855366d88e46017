/* The machine's state of a kernel run against its model's (apps.h,
 * APPS_STATE_FACTOR): the model's 0-byte ping-pong, and whether the
 * kernels' probe says the machine was at another speed level. */
#include <math.h>
#include <stdio.h>

#include "apps.h"

double apps_model_probe_us(const apps_source *src, const char *library)
{
    /* Not the minimum predictions read: a library whose 0-byte time is
     * near the cache-line floor has a median twice its minimum in the
     * VM's fast state (the runtime: 0.054 against 0.028 us), which alone
     * would read as another state. */
    if (src->points) {
        const mpchar_measurement *m =
            apps_source_point(src, "pingpong", 0.0, 2);
        return m && m->t_median_us > 0 ? m->t_median_us : NAN;
    }
    double t_us;
    if (!apps_source_time(src, library, "pingpong", 0.0, 2, false, &t_us) ||
        !(t_us > 0))
        return NAN;
    return t_us;
}

double apps_state_gap(const apps_row *row)
{
    if (!(row->probe_us > 0 && row->model_probe_us > 0))
        return NAN;
    return fmax(row->probe_us, row->model_probe_us) /
           fmin(row->probe_us, row->model_probe_us);
}

bool apps_state_differs(const apps_row *row)
{
    return apps_state_gap(row) > APPS_STATE_FACTOR;
}

void apps_state_describe(const apps_row *row, char *buf, size_t len)
{
    snprintf(buf, len,
             "a 0-byte ping-pong took %.3f us with the kernels and %.3f us "
             "in the model (%.1fx apart)",
             row->probe_us, row->model_probe_us, apps_state_gap(row));
}
