/*
 * Reduction conformance: every predefined operation with every type MPI-3.1
 * allows it on, in Reduce, Allreduce, Scan, Exscan and Reduce_scatter_block,
 * against a serial reference computed in the same C type; MAXLOC/MINLOC on
 * the pair types; a non-commutative user operation (composition of affine
 * maps) checking that operands combine in rank order; MPI_IN_PLACE;
 * MPI_Reduce_local with each pair, on the same counts.
 * Counts include long vectors so that the long-message algorithms run,
 * and 0.
 */
#include "conf.h"

#include <complex.h>
#include <stdint.h>

enum { N_SHORT = 5, N_LONG = 9000 };

/* Element i of rank r's operand: small values keep products exact. */
#define VAL_ARITH(r, i) ((r + (int)(i)) % 3 + 1)
#define VAL_BITS(r, i) (((r)*37 + (int)(i)*11) & 0x7f)
#define VAL_LOGIC(r, i) (((r) + (int)(i)) % 3 == 0)

#define OPF_MAX(a, b) ((a) > (b) ? (a) : (b))
#define OPF_MIN(a, b) ((a) < (b) ? (a) : (b))
#define OPF_SUM(a, b) ((a) + (b))
#define OPF_PROD(a, b) ((a) * (b))
#define OPF_LAND(a, b) ((a) && (b))
#define OPF_LOR(a, b) ((a) || (b))
#define OPF_LXOR(a, b) (!(a) != !(b))
#define OPF_BAND(a, b) ((a) & (b))
#define OPF_BOR(a, b) ((a) | (b))
#define OPF_BXOR(a, b) ((a) ^ (b))

/* One test function per (C type, operation): runs all five collectives. */
#define DEFINE_TEST(OPN, VAL, NAME, ctype, mtype)                                \
    static void test_##NAME##_##OPN(int n)                                       \
    {                                                                            \
        int p = conf_size, r = conf_rank;                                        \
        ctype *in = conf_malloc((size_t)n * p * sizeof(ctype));                  \
        ctype *out = conf_malloc((size_t)n * p * sizeof(ctype));                 \
        ctype *ref = conf_malloc((size_t)n * p * sizeof(ctype));                 \
        ctype *pre = conf_malloc((size_t)n * p * sizeof(ctype));                 \
        for (int i = 0; i < n * p; i++) {                                        \
            in[i] = (ctype)VAL(r, i);                                            \
            ref[i] = (ctype)VAL(0, i);                                           \
            pre[i] = ref[i];                                                     \
        }                                                                        \
        for (int q = 1; q < p; q++)                                              \
            for (int i = 0; i < n * p; i++) {                                    \
                ref[i] = (ctype)OPF_##OPN(ref[i], (ctype)VAL(q, i));             \
                if (q <= r - 1)                                                  \
                    pre[i] = (ctype)OPF_##OPN(pre[i], (ctype)VAL(q, i));         \
            }                                                                    \
        const char *what = #NAME " " #OPN;                                       \
        if (n >= N_LONG) {                                                       \
            MPI_OK(                                                              \
                MPI_Allreduce(in, out, n, mtype, MPI_##OPN, MPI_COMM_WORLD));    \
            for (int i = 0; i < n; i++)                                          \
                CHECK(out[i] == ref[i], "Allreduce %s n=%d element %d", what,    \
                      n, i);                                                     \
        }                                                                        \
        memcpy(out, in, (size_t)n * sizeof(ctype));                              \
        MPI_OK(MPI_Allreduce(MPI_IN_PLACE, out, n, mtype, MPI_##OPN,             \
                             MPI_COMM_WORLD));                                   \
        for (int i = 0; i < n; i++)                                              \
            CHECK(out[i] == ref[i], "Allreduce IN_PLACE %s n=%d element %d",     \
                  what, n, i);                                                   \
        /* IN_PLACE at root 0 only: an MPICH 4.0 bug, docs/runtime.md "Tests" */ \
        for (int root = 0; root < p; root += (p > 1 ? p - 1 : 1)) {              \
            int inplace = root == 0 && r == root;                                \
            if (inplace)                                                         \
                memcpy(out, in, (size_t)n * sizeof(ctype));                      \
            MPI_OK(MPI_Reduce(inplace ? MPI_IN_PLACE : in, out, n, mtype,        \
                              MPI_##OPN, root, MPI_COMM_WORLD));                 \
            for (int i = 0; r == root && i < n; i++)                             \
                CHECK(out[i] == ref[i], "Reduce %s n=%d root=%d element %d",     \
                      what, n, root, i);                                         \
        }                                                                        \
        MPI_OK(MPI_Scan(in, out, n, mtype, MPI_##OPN, MPI_COMM_WORLD));          \
        for (int i = 0; i < n; i++) {                                            \
            ctype want = r == 0 ? in[i] : (ctype)OPF_##OPN(pre[i], in[i]);       \
            CHECK(out[i] == want, "Scan %s n=%d element %d", what, n, i);        \
        }                                                                        \
        MPI_OK(MPI_Exscan(in, out, n, mtype, MPI_##OPN, MPI_COMM_WORLD));        \
        for (int i = 0; r > 0 && i < n; i++) {                                   \
            ctype want = r == 1 ? (ctype)VAL(0, i) : pre[i];                     \
            CHECK(out[i] == want, "Exscan %s n=%d element %d", what, n, i);      \
        }                                                                        \
        MPI_OK(MPI_Reduce_scatter_block(in, out, n, mtype, MPI_##OPN,            \
                                        MPI_COMM_WORLD));                        \
        for (int i = 0; i < n; i++)                                              \
            CHECK(out[i] == ref[r * n + i],                                      \
                  "Reduce_scatter_block %s n=%d element %d", what, n, i);        \
        for (int i = 0; i < n; i++) {                                            \
            ref[i] = (ctype)VAL(0, i);                                           \
            out[i] = (ctype)VAL(1, i);                                           \
        }                                                                        \
        MPI_OK(MPI_Reduce_local(ref, out, n, mtype, MPI_##OPN));                 \
        for (int i = 0; i < n; i++)                                              \
            CHECK(out[i] ==                                                      \
                      (ctype)OPF_##OPN((ctype)VAL(0, i), (ctype)VAL(1, i)),      \
                  "Reduce_local %s n=%d element %d", what, n, i);                \
        free(in);                                                                \
        free(out);                                                               \
        free(ref);                                                               \
        free(pre);                                                               \
    }

/* The operations MPI-3.1 allows on each class of type, with the operand
 * values each is tested on, as X(operation, values, args...). */
#define OPS_ORDER(X, ...) \
    X(MAX, VAL_ARITH, __VA_ARGS__) X(MIN, VAL_ARITH, __VA_ARGS__)
#define OPS_ARITH(X, ...) \
    X(SUM, VAL_ARITH, __VA_ARGS__) X(PROD, VAL_ARITH, __VA_ARGS__)
#define OPS_BOOL(X, ...)            \
    X(LAND, VAL_LOGIC, __VA_ARGS__) \
    X(LOR, VAL_LOGIC, __VA_ARGS__) X(LXOR, VAL_LOGIC, __VA_ARGS__)
#define OPS_BYTE(X, ...)           \
    X(BAND, VAL_BITS, __VA_ARGS__) \
    X(BOR, VAL_BITS, __VA_ARGS__) X(BXOR, VAL_BITS, __VA_ARGS__)
#define OPS_FLOAT(X, ...) OPS_ORDER(X, __VA_ARGS__) OPS_ARITH(X, __VA_ARGS__)
#define OPS_INT(X, ...) \
    OPS_FLOAT(X, __VA_ARGS__) OPS_BOOL(X, __VA_ARGS__) OPS_BYTE(X, __VA_ARGS__)
#define OPS_COMPLEX(X, ...) OPS_ARITH(X, __VA_ARGS__)

/* (name, C type, MPI type, class) */
#define TYPES(X)                                                \
    X(schar, signed char, MPI_SIGNED_CHAR, INT)                 \
    X(uchar, unsigned char, MPI_UNSIGNED_CHAR, INT)             \
    X(short, short, MPI_SHORT, INT)                             \
    X(ushort, unsigned short, MPI_UNSIGNED_SHORT, INT)          \
    X(int, int, MPI_INT, INT)                                   \
    X(unsigned, unsigned, MPI_UNSIGNED, INT)                    \
    X(long, long, MPI_LONG, INT)                                \
    X(ulong, unsigned long, MPI_UNSIGNED_LONG, INT)             \
    X(llong, long long, MPI_LONG_LONG, INT)                     \
    X(ullong, unsigned long long, MPI_UNSIGNED_LONG_LONG, INT)  \
    X(i8, int8_t, MPI_INT8_T, INT)                              \
    X(i16, int16_t, MPI_INT16_T, INT)                           \
    X(i32, int32_t, MPI_INT32_T, INT)                           \
    X(i64, int64_t, MPI_INT64_T, INT)                           \
    X(u8, uint8_t, MPI_UINT8_T, INT)                            \
    X(u16, uint16_t, MPI_UINT16_T, INT)                         \
    X(u32, uint32_t, MPI_UINT32_T, INT)                         \
    X(u64, uint64_t, MPI_UINT64_T, INT)                         \
    X(float, float, MPI_FLOAT, FLOAT)                           \
    X(double, double, MPI_DOUBLE, FLOAT)                        \
    X(ldouble, long double, MPI_LONG_DOUBLE, FLOAT)             \
    X(fcomplex, float _Complex, MPI_C_FLOAT_COMPLEX, COMPLEX)   \
    X(dcomplex, double _Complex, MPI_C_DOUBLE_COMPLEX, COMPLEX) \
    X(cbool, _Bool, MPI_C_BOOL, BOOL)                           \
    X(byte, unsigned char, MPI_BYTE, BYTE)

#define GEN(NAME, ctype, mtype, cls) OPS_##cls(DEFINE_TEST, NAME, ctype, mtype)
TYPES(GEN)

#define CALL_TEST(OPN, VAL, NAME) test_##NAME##_##OPN(n);
#define CALL(NAME, ctype, mtype, cls) OPS_##cls(CALL_TEST, NAME)

/* ---- MAXLOC / MINLOC ---- */

#define PAIR_TEST(NAME, vtype, mtype)                                        \
    static void test_loc_##NAME(int n)                                       \
    {                                                                        \
        struct {                                                             \
            vtype v;                                                         \
            int i;                                                           \
        } *in = conf_malloc((size_t)n * sizeof *in),                         \
          *mx = conf_malloc((size_t)n * sizeof *in),                         \
          *mn = conf_malloc((size_t)n * sizeof *in);                         \
        for (int i = 0; i < n; i++) {                                        \
            in[i].v = (vtype)((conf_rank * 7 + i) % 5);                      \
            in[i].i = conf_rank;                                             \
        }                                                                    \
        MPI_OK(MPI_Allreduce(in, mx, n, mtype, MPI_MAXLOC, MPI_COMM_WORLD)); \
        MPI_OK(MPI_Allreduce(in, mn, n, mtype, MPI_MINLOC, MPI_COMM_WORLD)); \
        for (int i = 0; i < n; i++) {                                        \
            vtype bv = (vtype)(i % 5), sv = bv;                              \
            int bi = 0, si = 0;                                              \
            for (int q = 1; q < conf_size; q++) {                            \
                vtype v = (vtype)((q * 7 + i) % 5);                          \
                if (v > bv) {                                                \
                    bv = v;                                                  \
                    bi = q;                                                  \
                }                                                            \
                if (v < sv) {                                                \
                    sv = v;                                                  \
                    si = q;                                                  \
                }                                                            \
            }                                                                \
            CHECK(mx[i].v == bv && mx[i].i == bi,                            \
                  "MAXLOC " #NAME " element %d", i);                         \
            CHECK(mn[i].v == sv && mn[i].i == si,                            \
                  "MINLOC " #NAME " element %d", i);                         \
        }                                                                    \
        free(in);                                                            \
        free(mx);                                                            \
        free(mn);                                                            \
    }
PAIR_TEST(float_int, float, MPI_FLOAT_INT)
PAIR_TEST(double_int, double, MPI_DOUBLE_INT)
PAIR_TEST(long_int, long, MPI_LONG_INT)
PAIR_TEST(2int, int, MPI_2INT)
PAIR_TEST(short_int, short, MPI_SHORT_INT)
PAIR_TEST(long_double_int, long double, MPI_LONG_DOUBLE_INT)

/* ---- a non-commutative user operation: composing affine maps ---- */

typedef struct {
    unsigned a, b;
} affine; /* x -> a x + b, modulo 2^32 */

static void compose(void *vin, void *vio, int *len, MPI_Datatype *dt)
{
    (void)dt;
    affine *in = vin, *io = vio;
    for (int i = 0; i < *len;
         i++) { /* io = in then io: x -> io.a (in.a x + in.b) + io.b */
        affine r = {io[i].a * in[i].a, io[i].a * in[i].b + io[i].b};
        io[i] = r;
    }
}

static affine affine_of(int rank, int i)
{
    affine f = {(unsigned)(2 * rank + 3 + i), (unsigned)(rank * 5 + i + 1)};
    return f;
}

static void test_noncommutative(int n)
{
    MPI_Datatype pair;
    MPI_Op op;
    MPI_OK(MPI_Type_contiguous(2, MPI_UNSIGNED, &pair));
    MPI_OK(MPI_Type_commit(&pair));
    MPI_OK(MPI_Op_create(compose, 0, &op));
    int p = conf_size, r = conf_rank;
    affine *in = conf_malloc((size_t)n * p * sizeof *in),
           *out = conf_malloc((size_t)n * p * sizeof *in);
    affine *ref = conf_malloc((size_t)n * p * sizeof *in),
           *pre = conf_malloc((size_t)n * p * sizeof *in);
    for (int i = 0; i < n * p; i++) {
        in[i] = affine_of(r, i);
        ref[i] = affine_of(0, i);
        for (int q = 1; q < p; q++) {
            int len = 1;
            affine f = affine_of(q, i);
            if (q == r)
                pre[i] = ref[i];
            compose(&ref[i], &f, &len, &pair);
            ref[i] = f;
        }
    }
    MPI_OK(MPI_Allreduce(in, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; i < n; i++)
        CHECK(out[i].a == ref[i].a && out[i].b == ref[i].b,
              "non-commutative Allreduce n=%d i=%d", n, i);
    for (int root = 0; root<p; root += p> 1 ? p - 1 : 1) {
        MPI_OK(MPI_Reduce(in, out, n, pair, op, root, MPI_COMM_WORLD));
        for (int i = 0; r == root && i < n; i++)
            CHECK(out[i].a == ref[i].a && out[i].b == ref[i].b,
                  "non-commutative Reduce root %d", root);
    }
    MPI_OK(MPI_Reduce_scatter_block(in, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; i < n; i++)
        CHECK(out[i].a == ref[r * n + i].a && out[i].b == ref[r * n + i].b,
              "non-commutative Reduce_scatter_block i=%d", i);
    MPI_OK(MPI_Exscan(in, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; r > 0 && i < n; i++)
        CHECK(out[i].a == pre[i].a && out[i].b == pre[i].b,
              "non-commutative Exscan i=%d", i);
    MPI_OK(MPI_Scan(in, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; i < n; i++) {
        affine want = in[i];
        if (r > 0) {
            int len = 1;
            want = in[i];
            compose(&pre[i], &want, &len, &pair);
        }
        CHECK(out[i].a == want.a && out[i].b == want.b,
              "non-commutative Scan i=%d", i);
    }
    /* MPI_IN_PLACE: the runtime's accumulators start in the result buffer */
    for (int i = 0; i < n; i++)
        out[i] = in[i];
    MPI_OK(MPI_Allreduce(MPI_IN_PLACE, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; i < n; i++)
        CHECK(out[i].a == ref[i].a && out[i].b == ref[i].b,
              "non-commutative Allreduce IN_PLACE n=%d i=%d", n, i);
    for (int i = 0; i < n; i++)
        out[i] = in[i];
    /* IN_PLACE at root 0 only: an MPICH 4.0 bug, docs/runtime.md "Tests" */
    MPI_OK(MPI_Reduce(r == 0 ? MPI_IN_PLACE : in, out, n, pair, op, 0,
                      MPI_COMM_WORLD));
    for (int i = 0; r == 0 && i < n; i++)
        CHECK(out[i].a == ref[i].a && out[i].b == ref[i].b,
              "non-commutative Reduce IN_PLACE n=%d i=%d", n, i);
    for (int i = 0; i < n; i++)
        out[i] = in[i];
    MPI_OK(MPI_Exscan(MPI_IN_PLACE, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; r > 0 && i < n; i++)
        CHECK(out[i].a == pre[i].a && out[i].b == pre[i].b,
              "non-commutative Exscan IN_PLACE i=%d", i);
    for (int i = 0; i < n; i++)
        out[i] = in[i];
    MPI_OK(MPI_Scan(MPI_IN_PLACE, out, n, pair, op, MPI_COMM_WORLD));
    for (int i = 0; i < n; i++) {
        affine want = in[i];
        int len = 1;
        if (r > 0)
            compose(&pre[i], &want, &len, &pair);
        CHECK(out[i].a == want.a && out[i].b == want.b,
              "non-commutative Scan IN_PLACE i=%d", i);
    }
    /* Reduce_local: inoutbuf = inbuf op inoutbuf, in that order */
    for (int i = 0; i < n; i++)
        out[i] = affine_of(1, i);
    MPI_OK(MPI_Reduce_local(in, out, n, pair, op));
    for (int i = 0; i < n; i++) {
        affine want = affine_of(1, i);
        int len = 1;
        compose(&in[i], &want, &len, &pair);
        CHECK(out[i].a == want.a && out[i].b == want.b,
              "non-commutative Reduce_local i=%d", i);
    }
    MPI_OK(MPI_Op_free(&op));
    MPI_OK(MPI_Type_free(&pair));
    CONF_FREE(in, out, ref, pre);
}

/* Scan and Exscan with MPI_SUM, in and out of place: rank r's result is
 * the sum of ranks 0..r (0..r-1). */
static void test_scan_sum(int n)
{
    int r = conf_rank;
    int *in = conf_malloc((size_t)n * sizeof *in),
        *out = conf_malloc((size_t)n * sizeof *out);
    for (int inplace = 0; inplace < 2; inplace++) {
        for (int excl = 0; excl < 2; excl++) {
            for (int i = 0; i < n; i++) {
                in[i] = (r + 1) * 1000 + i;
                out[i] = inplace ? in[i] : -1;
            }
            const void *sb = inplace ? MPI_IN_PLACE : in;
            if (excl)
                MPI_OK(
                    MPI_Exscan(sb, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
            else
                MPI_OK(MPI_Scan(sb, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
            int upto = excl ? r : r + 1; /* ranks 0..upto-1 */
            for (int i = 0; (r > 0 || !excl) && i < n; i++)
                CHECK(out[i] == upto * (upto + 1) / 2 * 1000 + upto * i,
                      "%s%s n=%d element %d", excl ? "Exscan" : "Scan",
                      inplace ? " IN_PLACE" : "", n, i);
        }
    }
    CONF_FREE(in, out);
}

/* Count 0 everywhere: every call succeeds and leaves the buffers alone
 * (the runtime returns without a message, docs/runtime.md). */
static void test_empty(void)
{
    double in[1] = {7}, out[1] = {9};
    int *zeros = conf_malloc((size_t)conf_size * sizeof *zeros);
    for (int i = 0; i < conf_size; i++)
        zeros[i] = 0;
    MPI_OK(MPI_Reduce(in, out, 0, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD));
    MPI_OK(MPI_Allreduce(in, out, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
    MPI_OK(MPI_Reduce_scatter(in, out, zeros, MPI_DOUBLE, MPI_SUM,
                              MPI_COMM_WORLD));
    MPI_OK(MPI_Scan(in, out, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
    MPI_OK(MPI_Reduce_local(in, out, 0, MPI_DOUBLE, MPI_SUM));
    CHECK(in[0] == 7 && out[0] == 9, "empty reductions changed a buffer");
    CONF_FREE(zeros);
}

/* Count 0 with an operation MPI does not define on the type (MPI_BAND
 * on float) fails with MPI_ERR_OP in every reduction, and again when
 * asked again, and after the same type has been reduced by MPI_SUM: a
 * library may remember which pairs it has checked (the runtime does,
 * docs/runtime.md), never a pair it has not. */
static void test_empty_bad_op(void)
{
    float in[1] = {7}, out[1] = {9};
    int zeros[1] = {0};
    MPI_Comm c;
    MPI_OK(MPI_Comm_dup(MPI_COMM_SELF, &c));
    MPI_OK(MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN));
    for (int round = 0; round < 3; round++) {
        if (round == 2) {
            MPI_OK(MPI_Allreduce(in, out, 0, MPI_FLOAT, MPI_SUM, c));
            MPI_OK(MPI_Allreduce(in, out, 0, MPI_FLOAT, MPI_SUM, c));
        }
        EXPECT_CLASS(MPI_Reduce(in, out, 0, MPI_FLOAT, MPI_BAND, 0, c),
                     MPI_ERR_OP);
        EXPECT_CLASS(MPI_Allreduce(in, out, 0, MPI_FLOAT, MPI_BAND, c),
                     MPI_ERR_OP);
        EXPECT_CLASS(MPI_Reduce_scatter(in, out, zeros, MPI_FLOAT, MPI_BAND, c),
                     MPI_ERR_OP);
        EXPECT_CLASS(
            MPI_Reduce_scatter_block(in, out, 0, MPI_FLOAT, MPI_BAND, c),
            MPI_ERR_OP);
        EXPECT_CLASS(MPI_Scan(in, out, 0, MPI_FLOAT, MPI_BAND, c), MPI_ERR_OP);
        EXPECT_CLASS(MPI_Exscan(in, out, 0, MPI_FLOAT, MPI_BAND, c),
                     MPI_ERR_OP);
    }
    CHECK(in[0] == 7 && out[0] == 9, "empty reductions changed a buffer");
    MPI_OK(MPI_Comm_free(&c));
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    static const int counts[] = {1, N_SHORT, N_LONG};
    for (int k = 0; k < 3; k++) {
        int n = counts[k];
        if (n == 1) {
            test_int_SUM(n);
            test_ushort_BAND(n);
            test_float_MAX(n);
        } else if (n == N_LONG) {
            /* the long algorithms: a few representative types suffice */
            test_int_SUM(n);
            test_double_SUM(n);
            /* past the runtime's pair split (256 KiB), an odd count */
            test_double_SUM(4 * n + 1);
            test_u8_BXOR(n);
            test_ldouble_MAX(n);
            test_dcomplex_PROD(n);
            test_cbool_LOR(n);
        } else {
            TYPES(CALL)
        }
        test_loc_float_int(n);
        test_loc_double_int(n);
        test_loc_long_int(n);
        test_loc_2int(n);
        test_loc_short_int(n);
        test_loc_long_double_int(n);
        test_noncommutative(n);
        test_scan_sum(n);
    }
    test_empty();
    test_empty_bad_op();
    return conf_finish("conf_reduce");
}
