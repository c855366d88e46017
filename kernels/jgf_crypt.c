/*
 * kernels/jgf_crypt.c: JGF Crypt (JGF MPJ 1.0, section 2): IDEA encryption
 * then decryption of an N-byte text (byte i = i mod 256) with a 128-bit
 * key from java.util.Random(136506717).  Rank 0 sends each process its
 * block of whole 8-byte IDEA blocks; each process encrypts and decrypts
 * its block; the decrypted blocks are gathered to rank 0, which checks
 * that every byte came back (JGF's validation).  N = 3000000 (A),
 * 20000000 (B), 50000000 (C); mpchar's S is N = 300000.
 *
 * The cipher is JGF's, including its multiplication (a plain product
 * modulo 0x10001, masked to 16 bits), so the work per byte is JGF's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jgf_common.h"
#include "jgf_random.h"

static const long crypt_bytes[] = {300000, 3000000, 20000000, 50000000};
#define CRYPT_SEED 136506717
#define CRYPT_SUBKEYS 52
#define CRYPT_BLOCK 8

/* IDEA's multiplicative inverse modulo 0x10001 (JGF's inv(), extended
 * Euclid unrolled twice). */
static int crypt_inv(int x)
{
    if (x <= 1)
        return x; /* 0 and 1 are their own inverses */
    int t1 = 0x10001 / x;
    int y = 0x10001 % x;
    if (y == 1)
        return (1 - t1) & 0xFFFF;
    int t0 = 1;
    do {
        int q = x / y;
        x = x % y;
        t0 += q * t1;
        if (x == 1)
            return t0;
        q = y / x;
        y = y % x;
        t1 += q * t0;
    } while (y != 1);
    return (1 - t1) & 0xFFFF;
}

/* The 52 encryption subkeys: the user key, then 25-bit rotations. */
static void crypt_encrypt_key(const uint16_t userkey[8], int z[52])
{
    for (int i = 0; i < 8; i++)
        z[i] = userkey[i];
    for (int i = 8; i < CRYPT_SUBKEYS; i++) {
        int j = i % 8;
        int lo = j < 7 ? z[i - 7] : z[i - 15];
        int hi = j < 6 ? z[i - 6] : z[i - 14];
        z[i] = ((lo >> 9) | (hi << 7)) & 0xFFFF;
    }
}

/* The 52 decryption subkeys from the encryption ones (JGF's
 * calcDecryptKey: inverses in reverse order, the middle two swapped in
 * every round but the last). */
static void crypt_decrypt_key(const int z[52], int dk[52])
{
    int k = 4;
    int j = 47;
    dk[48] = crypt_inv(z[0]);
    dk[49] = -z[1] & 0xffff;
    dk[50] = -z[2] & 0xffff;
    dk[51] = crypt_inv(z[3]);
    for (int round = 0; round < 8; round++) {
        int t1 = z[k++];
        dk[j--] = z[k++];
        dk[j--] = t1;
        t1 = crypt_inv(z[k++]);
        int t2 = -z[k++] & 0xffff;
        int t3 = -z[k++] & 0xffff;
        dk[j--] = crypt_inv(z[k++]);
        dk[j--] = round < 7 ? t2 : t3;
        dk[j--] = round < 7 ? t3 : t2;
        dk[j--] = t1;
    }
}

/* JGF's multiplication step: (a * b) mod 0x10001, low 16 bits. */
static int crypt_mul(int a, int b)
{
    return (int)((int64_t)a * b % 0x10001 & 0xffff);
}

/* One 8-byte block through eight rounds and the output transform. */
static void crypt_block(const uint8_t *in, uint8_t *out, const int key[52])
{
    int x1 = in[0] | in[1] << 8;
    int x2 = in[2] | in[3] << 8;
    int x3 = in[4] | in[5] << 8;
    int x4 = in[6] | in[7] << 8;
    const int *k = key;
    for (int r = 0; r < 8; r++, k += 6) {
        x1 = crypt_mul(x1, k[0]);
        x2 = (x2 + k[1]) & 0xffff;
        x3 = (x3 + k[2]) & 0xffff;
        x4 = crypt_mul(x4, k[3]);
        int t2 = crypt_mul(x1 ^ x3, k[4]);
        int t1 = crypt_mul((t2 + (x2 ^ x4)) & 0xffff, k[5]);
        t2 = (t1 + t2) & 0xffff;
        x1 ^= t1;
        x4 ^= t2;
        t2 ^= x2;
        x2 = x3 ^ t1;
        x3 = t2;
    }
    x1 = crypt_mul(x1, k[0]);
    x3 = (x3 + k[1]) & 0xffff;
    x2 = (x2 + k[2]) & 0xffff;
    x4 = crypt_mul(x4, k[3]);
    const int words[4] = {x1, x3, x2, x4}; /* x2, x3 swapped back */
    for (int w = 0; w < 4; w++) {
        out[2 * w] = (uint8_t)words[w];
        out[2 * w + 1] = (uint8_t)(words[w] >> 8);
    }
}

static void crypt_text(const uint8_t *in, uint8_t *out, long bytes,
                       const int key[52])
{
    for (long i = 0; i < bytes; i += CRYPT_BLOCK)
        crypt_block(in + i, out + i, key);
}

/* Both key schedules from JGF's random user key. */
static void crypt_keys(int z[52], int dk[52])
{
    struct jgf_random r;
    jgf_random_init(&r, CRYPT_SEED);
    uint16_t userkey[8];
    for (int i = 0; i < 8; i++)
        userkey[i] = (uint16_t)jgf_random_int(&r); /* Java's (short) */
    crypt_encrypt_key(userkey, z);
    crypt_decrypt_key(z, dk);
}

/* Rank 0's blocks to every process (scatter), or their decrypted blocks
 * back to rank 0 (gather), as JGF's point-to-point messages do. */
static void crypt_move(const struct kernel_run *run, long total, uint8_t *all,
                       uint8_t *mine, bool gather)
{
    struct jgf_counts c;
    jgf_block_counts(run, total, CRYPT_BLOCK, 1, &c);
    struct jgf_block me;
    jgf_block_split(total, CRYPT_BLOCK, run->size, run->rank, &me);
    kernel_comm_begin();
    MPI_Barrier(run->comm);
    if (gather)
        MPI_Gatherv(mine, (int)me.count, MPI_BYTE, all, c.counts, c.displs,
                    MPI_BYTE, 0, run->comm);
    else
        MPI_Scatterv(all, c.counts, c.displs, MPI_BYTE, mine, (int)me.count,
                     MPI_BYTE, 0, run->comm);
    kernel_comm_end();
    jgf_counts_free(&c);
}

static const char *crypt_refuse(const struct kernel_run *run)
{
    return jgf_block_refuse(crypt_bytes[jgf_class_index(run->problem_class)],
                            CRYPT_BLOCK, run);
}

static void crypt_check(struct kernel_result *result, const uint8_t *plain,
                        const uint8_t *back, long bytes)
{
    long wrong = 0;
    long first_wrong = -1;
    for (long i = 0; i < bytes; i++)
        if (plain[i] != back[i] && wrong++ == 0)
            first_wrong = i;
    result->value = (double)wrong;
    result->reference = 0.0;
    result->verified = wrong == 0;
    if (wrong)
        snprintf(result->detail, sizeof result->detail,
                 "%ld of %ld bytes differ after encryption and decryption, "
                 "the first at byte %ld",
                 wrong, bytes, first_wrong);
}

static void crypt_run(const struct kernel_run *run,
                      struct kernel_result *result)
{
    long total = crypt_bytes[jgf_class_index(run->problem_class)];
    int z[52];
    int dk[52];
    crypt_keys(z, dk);
    struct jgf_block me;
    jgf_block_split(total, CRYPT_BLOCK, run->size, run->rank, &me);
    uint8_t *plain = NULL;
    uint8_t *back = NULL;
    if (run->rank == 0) {
        plain = kernel_alloc((size_t)total);
        back = kernel_alloc((size_t)total);
        kernel_require_memory(plain && back, run->comm, "crypt");
        for (long i = 0; i < total; i++)
            plain[i] = (uint8_t)i;
    }
    uint8_t *p_plain = kernel_alloc((size_t)me.count);
    uint8_t *p_crypt = kernel_alloc((size_t)me.count);
    uint8_t *p_back = kernel_alloc((size_t)me.count);
    kernel_require_memory(p_plain && p_crypt && p_back, run->comm, "crypt");
    crypt_move(run, total, plain, p_plain, false);
    crypt_text(p_plain, p_crypt, me.count, z);
    crypt_text(p_crypt, p_back, me.count, dk);
    /* the data are bytes: a fault changes the first decrypted one */
    if (run->rank == 0 && kernel_fault() != 0.0)
        p_back[0] = (uint8_t)(p_back[0] + 1);
    crypt_move(run, total, back, p_back, true);
    if (run->rank == 0)
        crypt_check(result, plain, back, total);
    kernel_free(plain);
    kernel_free(back);
    kernel_free(p_plain);
    kernel_free(p_crypt);
    kernel_free(p_back);
}

JGF_KERNEL(kernel_jgf_crypt, "crypt", crypt_refuse, crypt_run);
