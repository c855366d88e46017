/* Typed assertion helpers shared by the cmocka unit tests, in the spirit of
 * libuv's task.h: on failure they print both values (or the whole message),
 * which cmocka's own assert_true would not.  Include after <cmocka.h>. */
#ifndef MPCHAR_UNIT_ASSERT_H
#define MPCHAR_UNIT_ASSERT_H

#include <math.h>
#include <string.h>

/* |a - b| <= eps, in double precision (cmocka 1.1's assert_float_equal
 * converts to float, which cannot hold 1e9 + 1). */
#define assert_double_near(a, b, eps)                                       \
    do {                                                                    \
        double got_ = (a), want_ = (b);                                     \
        if (!(fabs(got_ - want_) <= (eps)))                                 \
            fail_msg("%s = %.17g, expected %.17g (+- %g)", #a, got_, want_, \
                     (double)(eps));                                        \
    } while (0)

/* The string haystack contains needle. */
#define assert_contains(haystack, needle)                              \
    do {                                                               \
        const char *hay_ = (haystack), *needle_ = (needle);            \
        if (strstr(hay_, needle_) == NULL)                             \
            fail_msg("\"%s\" does not contain \"%s\"", hay_, needle_); \
    } while (0)

#endif
