/*
 * kernels/jgf_random.c: java.util.Random (see jgf_random.h).  The
 * constants are the Java API specification's: multiplier 0x5DEECE66D,
 * addend 0xB, modulus 2^48; nextDouble() combines 26 and 27 bits.
 */
#include "jgf_random.h"

#define JAVA_MULTIPLIER UINT64_C(0x5DEECE66D)
#define JAVA_ADDEND UINT64_C(0xB)
#define JAVA_MASK ((UINT64_C(1) << 48) - 1)

void jgf_random_init(struct jgf_random *r, int64_t seed)
{
    r->seed = ((uint64_t)seed ^ JAVA_MULTIPLIER) & JAVA_MASK;
}

/* Random.next(bits): the top `bits` of the new state, as a signed int. */
static int32_t java_next(struct jgf_random *r, int bits)
{
    r->seed = (r->seed * JAVA_MULTIPLIER + JAVA_ADDEND) & JAVA_MASK;
    return (int32_t)(uint32_t)(r->seed >> (48 - bits));
}

int32_t jgf_random_int(struct jgf_random *r)
{
    return java_next(r, 32);
}

double jgf_random_double(struct jgf_random *r)
{
    uint64_t high = (uint64_t)java_next(r, 26);
    uint64_t low = (uint64_t)java_next(r, 27);
    return (double)((high << 27) + low) * 0x1.0p-53;
}
