/*
 * kernels/npb_common.c: the verification test and process-count rule the
 * NPB kernels share (see npb_common.h).
 */
#include "npb_common.h"

#include <math.h>
#include <stdio.h>

bool npb_close(double value, double reference, double epsilon)
{
    double err = fabs((value - reference) / reference);
    return err <= epsilon; /* false for NaN, as NPB's ieee_is_nan test */
}

void npb_check(struct kernel_result *result, const char *what, double value,
               double reference, double epsilon)
{
    result->value = value;
    result->reference = reference;
    result->verified = npb_close(value, reference, epsilon);
    if (!result->verified)
        snprintf(result->detail, sizeof result->detail,
                 "%s = %.15e, published %.15e, relative error %.3e > %.0e",
                 what, value, reference, fabs((value - reference) / reference),
                 epsilon);
}

int npb_log2_ceil(int n)
{
    int k = 0;
    while ((1 << k) < n) {
        k++;
    }
    return k;
}

const char *npb_refuse_unless_power_of_two(int n)
{
    if (n > 0 && (n & (n - 1)) == 0) {
        return NULL;
    }
    return "the NPB kernel splits its data in halves: the number of "
           "processes must be a power of two";
}
