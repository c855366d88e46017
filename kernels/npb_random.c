/*
 * kernels/npb_random.c: NPB's linear congruential generator (see
 * npb_random.h).  The 46-bit product is split into 23-bit halves so that
 * every intermediate is an exact integer in a double's 53-bit mantissa;
 * the specification requires exactly these operations, in this order.
 */
#include "npb_random.h"

#define R23 (1.0 / 8388608.0) /* 2^-23 */
#define R46 (R23 * R23)       /* 2^-46 */
#define T23 8388608.0         /* 2^23 */
#define T46 (T23 * T23)       /* 2^46 */

/* One step x <- a * x mod 2^46 with a split as a1 * 2^23 + a2. */
static double lcg_step(double x, double a1, double a2)
{
    double x1 = (double)(int64_t)(R23 * x);
    double x2 = x - T23 * x1;
    double t1 = a1 * x2 + a2 * x1;
    double t2 = (double)(int64_t)(R23 * t1);
    double z = t1 - T23 * t2;
    double t3 = T23 * z + a2 * x2;
    double t4 = (double)(int64_t)(R46 * t3);
    return t3 - T46 * t4;
}

double npb_randlc(double *x, double a)
{
    double a1 = (double)(int64_t)(R23 * a);
    double a2 = a - T23 * a1;
    *x = lcg_step(*x, a1, a2);
    return R46 * *x;
}

void npb_vranlc(int64_t n, double *x, double a, double y[])
{
    double a1 = (double)(int64_t)(R23 * a);
    double a2 = a - T23 * a1;
    double v = *x;
    for (int64_t i = 0; i < n; i++) {
        v = lcg_step(v, a1, a2);
        y[i] = R46 * v;
    }
    *x = v;
}

double npb_pow46(double a, int64_t n)
{
    double result = 1.0;
    double square = a;
    while (n > 0) {
        if (n & 1) {
            (void)npb_randlc(&result, square);
        }
        n >>= 1;
        if (n > 0) {
            (void)npb_randlc(&square, square);
        }
    }
    return result;
}

double npb_jump(double seed, double a, int64_t n)
{
    double x = seed;
    (void)npb_randlc(&x, npb_pow46(a, n));
    return x;
}
