/* `mpchar export`'s formats on synthetic models with known winners and
 * known parameters: measurements generated from exact lines, fitted by the
 * model engine, exported; the files must be exactly the expected ones
 * (crossovers to the byte), and a model without what a format needs must
 * be refused with one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "model_test_support.h"
#include "mpchar/export.h"
#include "mpchar/model.h"

/* T = ts + tb*n at p on sizes 1..1 MiB (powers of two: fitting; their
 * odd neighbours: validation). */
static void line(mpchar_measurements *m, const char *library,
                 const char *pattern, const char *variant, const char *op,
                 long p, double ts_us, double tb_us_per_byte)
{
    for (uint64_t n = 1; n <= (1u << 20); n *= 2) {
        synth_add(m, library, pattern, variant, op, p, n, MPCHAR_SET_FIT,
                  ts_us + tb_us_per_byte * (double)n);
        uint64_t v = n * 3 / 2 + 1;
        synth_add(m, library, pattern, variant, op, p, v, MPCHAR_SET_VALIDATION,
                  ts_us + tb_us_per_byte * (double)v);
    }
}

/* Two algorithms of each collective whose lines cross at known sizes:
 * bcast at p = 2 where 10 + 0.001n = 50 + 0.0001n (n = 44444.4), at p = 4
 * where 20 + 0.002n = 60 + 0.0002n (22222.2); allreduce at p = 2 where
 * 1 + 0.03n = 5 + 0.0093n (193.2). */
static void collectives(mpchar_measurements *m, const char *base)
{
    char bin[64], pipe[64];
    int mpich = strcmp(base, "mpich") == 0;
    snprintf(bin, sizeof bin, "%s@bcast:binomial", base);
    snprintf(pipe, sizeof pipe, "%s@bcast:%s", base,
             mpich ? "scatter_ring_allgather" : "pipeline");
    line(m, bin, "bcast", "-", "-", 2, 10.0, 0.001);
    line(m, pipe, "bcast", "-", "-", 2, 50.0, 0.0001);
    line(m, bin, "bcast", "-", "-", 4, 20.0, 0.002);
    line(m, pipe, "bcast", "-", "-", 4, 60.0, 0.0002);
    snprintf(bin, sizeof bin, "%s@allreduce:recursive_doubling", base);
    snprintf(pipe, sizeof pipe, "%s@allreduce:%s", base,
             mpich ? "reduce_scatter_allgather" : "ring");
    line(m, bin, "allreduce", "-", "sum", 2, 1.0, 0.03);
    line(m, pipe, "allreduce", "-", "sum", 2, 5.0, 0.0093);
    /* another op of the same variant is not the series exported */
    line(m, pipe, "allreduce", "-", "nop", 2, 0.1, 0.0001);
}

static char *export_text(const mpchar_model *model, const char *format,
                         const char *library, int expect_rc, char *errbuf)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    mpchar_error err = {""};
    int rc = mpchar_export_write(model, format, library, f, &err);
    fclose(f);
    assert_int_equal(rc, expect_rc);
    if (errbuf)
        strcpy(errbuf, err.msg);
    return text;
}

/* The export in format of the model fitted to what build(m, base) wrote. */
static char *fitted_export(void (*build)(mpchar_measurements *, const char *),
                           const char *base, const char *format)
{
    mpchar_measurements m = {0};
    mpchar_model model;
    build(&m, base);
    synth_fit(&m, "synthetic", false, &model);
    char *text = export_text(&model, format, NULL, 0, NULL);
    mpchar_model_free(&model);
    free(m.rows);
    return text;
}

static void test_openmpi_rules(void **state)
{
    (void)state;
    char *text = fitted_export(collectives, "openmpi", "openmpi-rules");
    /* allreduce (id 2) before bcast (7): 3 recursive doubling, 4 ring;
     * 6 binomial, 3 pipeline */
    assert_string_equal(
        text, "# Open MPI coll/tuned dynamic rules from synthetic (mpchar "
              "export,\n# docs/export.md): the fastest fitted algorithm per "
              "communicator\n# size and message size\n"
              "2 # collectives\n"
              "2 # allreduce\n1 # communicator sizes\n"
              "2 # from p = 2\n2 # message sizes\n"
              "0 3 0 0 # recursive_doubling\n194 4 0 0 # ring\n"
              "7 # bcast\n2 # communicator sizes\n"
              "2 # from p = 2\n2 # message sizes\n"
              "0 6 0 0 # binomial\n44445 3 0 0 # pipeline\n"
              "4 # from p = 4\n2 # message sizes\n"
              "0 6 0 0 # binomial\n22223 3 0 0 # pipeline\n");
    free(text);
}

static void test_mpich_cvars(void **state)
{
    (void)state;
    char *text = fitted_export(collectives, "mpich", "mpich-cvars");
    /* binomial wins log2(44445) of log2(1 MiB) at p = 2 and log2(22223)
     * at p = 4; scatter_ring_allgather the rest */
    assert_string_equal(
        text, "# bcast: fastest per communicator size p and size n:\n"
              "#   p = 2: n >= 0 bytes: binomial; n >= 44445 bytes: "
              "scatter_ring_allgather\n"
              "#   p = 4: n >= 0 bytes: binomial; n >= 22223 bytes: "
              "scatter_ring_allgather\n"
              "MPIR_CVAR_DEVICE_COLLECTIVES=none\n"
              "MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial\n"
              "# allreduce: fastest per communicator size p and size n:\n"
              "#   p = 2: n >= 0 bytes: recursive_doubling; n >= 194 bytes: "
              "reduce_scatter_allgather\n"
              "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM=reduce_scatter_allgather\n");
    free(text);
}

/* MPICH 4.0.2's default "comm_type=intra" subtree of collective, as
 * vendored. */
static json_t *mpich_default(json_t **root_p, const char *collective)
{
    json_error_t jerr;
    *root_p = json_load_file(
        MPCHAR_SOURCE_DIR "/src/export/mpich/generic-v4.0.2.json", 0, &jerr);
    assert_non_null(*root_p);
    json_t *coll = json_object_get(*root_p, collective);
    return json_object_get(coll, "comm_type=intra");
}

static json_t *at(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        fail_msg("no key \"%s\"", key);
    return v;
}

/* {"algorithm=NAME": {}} */
static void assert_algorithm(json_t *node, const char *name)
{
    char key[128];
    snprintf(key, sizeof key, "algorithm=%s", name);
    assert_int_equal(json_object_size(node), 1);
    assert_non_null(json_object_get(node, key));
}

static void assert_keys(json_t *obj, const char *const *keys, size_t n)
{
    size_t i = 0;
    const char *key;
    json_t *v;
    assert_int_equal(json_object_size(obj), n);
    json_object_foreach(obj, key, v)
    {
        (void)v;
        assert_string_equal(key, keys[i++]);
    }
}

static void test_mpich_json(void **state)
{
    (void)state;
    char *text = fitted_export(collectives, "mpich", "mpich-json");
    json_error_t jerr;
    json_t *out = json_loads(text, 0, &jerr), *def_root, *ar_root;
    assert_non_null(out);
    json_t *bcast = at(at(out, "collective=bcast"), "comm_type=intra");
    json_t *bcast_def = mpich_default(&def_root, "collective=bcast");
    /* the measured p exactly, MPICH's default around them */
    static const char *const sizes[] = {"comm_size<2", "comm_size<=2",
                                        "comm_size<4", "comm_size<=4",
                                        "comm_size=any"};
    assert_keys(bcast, sizes, 5);
    assert_true(json_equal(at(bcast, "comm_size<2"), bcast_def));
    assert_true(json_equal(at(bcast, "comm_size=any"), bcast_def));
    json_t *p4 = at(bcast, "comm_size<=4");
    static const char *const p4_keys[] = {"avg_msg_size<=22222",
                                          "avg_msg_size=any"};
    assert_keys(p4, p4_keys, 2);
    assert_algorithm(at(p4, "avg_msg_size<=22222"),
                     "MPIR_Bcast_intra_binomial");
    assert_algorithm(at(p4, "avg_msg_size=any"),
                     "MPIR_Bcast_intra_scatter_ring_allgather");
    assert_algorithm(at(at(bcast, "comm_size<=2"), "avg_msg_size<=44444"),
                     "MPIR_Bcast_intra_binomial");
    /* reduce_scatter_allgather only where MPICH allows it: a built-in op
     * and count >= the power of two below p, else the default */
    json_t *ar = at(at(out, "collective=allreduce"), "comm_type=intra");
    json_t *ar_def = mpich_default(&ar_root, "collective=allreduce");
    json_t *p2 = at(ar, "comm_size<=2");
    assert_algorithm(at(p2, "avg_msg_size<=193"),
                     "MPIR_Allreduce_intra_recursive_doubling");
    json_t *g = at(p2, "avg_msg_size=any");
    static const char *const op_keys[] = {"is_op_built_in=yes",
                                          "is_op_built_in=no"};
    static const char *const count_keys[] = {"count<pow2", "count=any"};
    assert_keys(g, op_keys, 2);
    assert_true(json_equal(at(g, "is_op_built_in=no"), ar_def));
    json_t *c = at(g, "is_op_built_in=yes");
    assert_keys(c, count_keys, 2);
    assert_true(json_equal(at(c, "count<pow2"), ar_def));
    assert_algorithm(at(c, "count=any"),
                     "MPIR_Allreduce_intra_reduce_scatter_allgather");
    /* what was not measured is MPICH's default */
    json_t *bar_root;
    assert_non_null(mpich_default(&bar_root, "collective=barrier"));
    assert_true(json_equal(at(out, "collective=barrier"),
                           at(bar_root, "collective=barrier")));
    json_decref(bar_root);
    json_decref(ar_root);
    json_decref(def_root);
    json_decref(out);
    free(text);
}

/* pingpong one-way 0.5 us + 0.1 ns/byte, stream 0.15 us + 0.09 ns/byte
 * per message: L + 2o = 0.5, o = g = 0.15, L = 0.2, G = 0.0001 us/byte. */
static void p2p(mpchar_measurements *m, const char *library)
{
    line(m, library, "pingpong", "send", "-", 2, 0.5, 0.0001);
    line(m, library, "pingpong", "ssend", "-", 2, 3.0, 0.0002);
    line(m, library, "stream", "-", "-", 2, 0.15, 0.00009);
}

static void test_loggp(void **state)
{
    (void)state;
    char *text = fitted_export(p2p, "openmpi", "loggp");
    assert_string_equal(text,
                        "# LogGP of openmpi from synthetic (docs/export.md): "
                        "pingpong one-way start-up 0.5 us = L + 2o\n"
                        "L_us=0.2\no_us=0.15\ng_us=0.15\nG_us_per_byte=0.0001\n"
                        "# LogGOPSim (nanoseconds): -L 200 -o 150 -g 150 "
                        "-G 0.1\n");
    free(text);
}

static void test_smpi(void **state)
{
    (void)state;
    char *text = fitted_export(p2p, "openmpi", "smpi");
    /* one segment each: half the one-way line to the sender and to the
     * receiver, the stream's line to Isend; seconds */
    assert_string_equal(text,
                        "# SimGrid SMPI overheads of openmpi from synthetic "
                        "(docs/export.md);\n# pass each line to smpirun\n"
                        "--cfg=smpi/os:0:2.5e-07:5e-11\n"
                        "--cfg=smpi/or:0:2.5e-07:5e-11\n"
                        "--cfg=smpi/ois:0:1.5e-07:9e-11\n");
    free(text);
}

static void test_refusals(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    mpchar_model model;
    char msg[1024];
    p2p(&m, "openmpi");
    line(&m, "mpich", "pingpong", "send", "-", 2, 0.4, 0.0001);
    synth_fit(&m, "synthetic", false, &model);
    free(export_text(&model, "openmpi-rules", NULL, -1, msg));
    assert_non_null(strstr(msg, "no algorithm variant of openmpi"));
    free(export_text(&model, "mpich-cvars", NULL, -1, msg));
    assert_non_null(strstr(msg, "no algorithm variant of mpich"));
    free(export_text(&model, "mpich-json", NULL, -1, msg));
    assert_non_null(strstr(msg, "no algorithm variant of mpich"));
    assert_non_null(strstr(msg, "mpchar run --algorithms"));
    free(export_text(&model, "loggp", NULL, -1, msg));
    assert_non_null(strstr(msg, "choose one with --library"));
    free(export_text(&model, "smpi", "mpich", -1, msg));
    assert_non_null(strstr(msg, "library mpich: the model has no fitted "
                                "stream"));
    free(export_text(&model, "xml", NULL, -1, msg));
    assert_string_equal(msg, "--format 'xml': use "
                             "openmpi-rules|mpich-cvars|mpich-json|smpi|loggp");
    assert_null(strchr(msg, '\n'));
    mpchar_model_free(&model);
    free(m.rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openmpi_rules),
        cmocka_unit_test(test_mpich_cvars),
        cmocka_unit_test(test_mpich_json),
        cmocka_unit_test(test_loggp),
        cmocka_unit_test(test_smpi),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
