/*
 * Conformance of the C side of the Fortran support: MPI_<Kind>_c2f/f2c
 * round trips for every kind of handle (predefined, created, freed),
 * MPI_Status_c2f/f2c, and the Fortran datatypes used from C (sizes,
 * extents, reductions on MPI_INTEGER, MPI_REAL, MPI_DOUBLE_PRECISION,
 * MPI_LOGICAL, MPI_COMPLEX, MAXLOC on MPI_2INTEGER).
 */
#include "conf.h"

#include <complex.h>

static void sum_ints(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static void test_handles(void)
{
    MPI_Comm dup;
    MPI_OK(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_COMM_WORLD,
          "COMM_WORLD");
    CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_SELF)) == MPI_COMM_SELF,
          "COMM_SELF");
    CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_NULL)) == MPI_COMM_NULL,
          "COMM_NULL");
    MPI_Fint fdup = MPI_Comm_c2f(dup);
    CHECK(fdup != MPI_Comm_c2f(MPI_COMM_WORLD), "a dup has its own handle");
    CHECK(MPI_Comm_c2f(dup) == fdup, "c2f is stable");
    MPI_Comm back = MPI_Comm_f2c(fdup);
    int size;
    MPI_OK(MPI_Comm_size(back, &size));
    CHECK(size == conf_size && back == dup, "Comm_f2c");

    MPI_Datatype vec;
    MPI_OK(MPI_Type_vector(3, 1, 2, MPI_INT, &vec));
    MPI_OK(MPI_Type_commit(&vec));
    CHECK(MPI_Type_f2c(MPI_Type_c2f(vec)) == vec, "Type round trip");
    CHECK(MPI_Type_f2c(MPI_Type_c2f(MPI_INTEGER)) == MPI_INTEGER,
          "MPI_INTEGER round trip");
    CHECK(MPI_Type_f2c(MPI_Type_c2f(MPI_DOUBLE)) == MPI_DOUBLE,
          "MPI_DOUBLE round trip");

    MPI_Op op;
    MPI_OK(MPI_Op_create(sum_ints, 1, &op));
    CHECK(MPI_Op_f2c(MPI_Op_c2f(op)) == op, "Op round trip");
    CHECK(MPI_Op_f2c(MPI_Op_c2f(MPI_SUM)) == MPI_SUM, "MPI_SUM round trip");
    int v = conf_rank + 1, s = 0;
    MPI_OK(MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_Op_f2c(MPI_Op_c2f(op)), dup));
    CHECK(s == conf_size * (conf_size + 1) / 2, "user op through f2c: %d", s);

    MPI_Request req;
    int token = 0, got = -1;
    MPI_OK(MPI_Irecv(&got, 1, MPI_INT, conf_rank, 3, dup, &req));
    MPI_Fint freq = MPI_Request_c2f(req);
    CHECK(MPI_Request_f2c(MPI_Request_c2f(MPI_REQUEST_NULL)) ==
              MPI_REQUEST_NULL,
          "REQUEST_NULL");
    MPI_OK(MPI_Send(&token, 1, MPI_INT, conf_rank, 3, dup));
    MPI_Request back_req = MPI_Request_f2c(freq);
    MPI_Status st;
    MPI_OK(MPI_Wait(&back_req, &st));
    CHECK(got == 0 && back_req == MPI_REQUEST_NULL, "request via f2c");

    /* a status through its Fortran form keeps its fields and count */
    MPI_Fint fst[16];
    MPI_OK(MPI_Status_c2f(&st, fst));
    MPI_Status st2;
    MPI_OK(MPI_Status_f2c(fst, &st2));
    int count;
    MPI_OK(MPI_Get_count(&st2, MPI_INT, &count));
    CHECK(st2.MPI_SOURCE == conf_rank && st2.MPI_TAG == 3 && count == 1,
          "status round trip: source %d tag %d count %d", st2.MPI_SOURCE,
          st2.MPI_TAG, count);

    MPI_Errhandler eh;
    MPI_OK(MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN));
    MPI_OK(MPI_Comm_get_errhandler(dup, &eh));
    CHECK(MPI_Errhandler_f2c(MPI_Errhandler_c2f(eh)) == eh, "Errhandler");
    CHECK(MPI_Group_f2c(MPI_Group_c2f(MPI_GROUP_NULL)) == MPI_GROUP_NULL,
          "GROUP_NULL");
    CHECK(MPI_Info_f2c(MPI_Info_c2f(MPI_INFO_NULL)) == MPI_INFO_NULL,
          "INFO_NULL");
    CHECK(MPI_Win_f2c(MPI_Win_c2f(MPI_WIN_NULL)) == MPI_WIN_NULL, "WIN_NULL");
    int cell = 0;
    MPI_Win win;
    MPI_OK(MPI_Win_create(&cell, sizeof cell, sizeof cell, MPI_INFO_NULL, dup,
                          &win));
    MPI_Fint fwin = MPI_Win_c2f(win);
    CHECK(fwin != MPI_Win_c2f(MPI_WIN_NULL) && MPI_Win_c2f(win) == fwin,
          "a window has its own, stable handle");
    CHECK(MPI_Win_f2c(fwin) == win, "Win round trip");
    MPI_OK(MPI_Win_free(&win));

    MPI_OK(MPI_Op_free(&op));
    MPI_OK(MPI_Type_free(&vec));
    MPI_OK(MPI_Comm_free(&dup));
}

static void test_fortran_types(void)
{
    struct {
        MPI_Datatype t;
        int size;
        const char *name;
    } sizes[] = {{MPI_INTEGER, 4, "INTEGER"},
                 {MPI_REAL, 4, "REAL"},
                 {MPI_DOUBLE_PRECISION, 8, "DOUBLE_PRECISION"},
                 {MPI_COMPLEX, 8, "COMPLEX"},
                 {MPI_DOUBLE_COMPLEX, 16, "DOUBLE_COMPLEX"},
                 {MPI_LOGICAL, 4, "LOGICAL"},
                 {MPI_CHARACTER, 1, "CHARACTER"},
                 {MPI_INTEGER8, 8, "INTEGER8"},
                 {MPI_2INTEGER, 8, "2INTEGER"},
                 {MPI_2DOUBLE_PRECISION, 16, "2DOUBLE_PRECISION"}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int s;
        MPI_Aint lb, extent;
        MPI_OK(MPI_Type_size(sizes[i].t, &s));
        MPI_OK(MPI_Type_get_extent(sizes[i].t, &lb, &extent));
        CHECK(s == sizes[i].size && lb == 0 && extent == sizes[i].size,
              "MPI_%s: size %d extent %ld", sizes[i].name, s, (long)extent);
    }
    int iv[2] = {conf_rank, 1}, is[2];
    MPI_OK(MPI_Allreduce(iv, is, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD));
    CHECK(is[0] == conf_size * (conf_size - 1) / 2 && is[1] == conf_size,
          "INTEGER sum");
    float fv = (float)conf_rank, fm;
    MPI_OK(MPI_Allreduce(&fv, &fm, 1, MPI_REAL, MPI_MAX, MPI_COMM_WORLD));
    CHECK(fm == (float)(conf_size - 1), "REAL max");
    double dv = 0.5, ds;
    MPI_OK(MPI_Allreduce(&dv, &ds, 1, MPI_DOUBLE_PRECISION, MPI_SUM,
                         MPI_COMM_WORLD));
    CHECK(ds == 0.5 * conf_size, "DOUBLE PRECISION sum");
    float complex cv = 1.0f + 2.0f * I, cs;
    MPI_OK(MPI_Allreduce(&cv, &cs, 1, MPI_COMPLEX, MPI_SUM, MPI_COMM_WORLD));
    CHECK(crealf(cs) == (float)conf_size && cimagf(cs) == 2.0f * conf_size,
          "COMPLEX sum");
    /* Fortran's .true. and .false. as gfortran stores them: 1 and 0 */
    int lv[2] = {conf_rank == 0, 1}, land[2], lor[2];
    MPI_OK(MPI_Allreduce(lv, land, 2, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD));
    MPI_OK(MPI_Allreduce(lv, lor, 2, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD));
    CHECK((land[0] != 0) == (conf_size == 1) && land[1] != 0, "LOGICAL and");
    CHECK(lor[0] != 0 && lor[1] != 0, "LOGICAL or");
    int pair[2] = {(conf_rank * 5) % 3, conf_rank}, best[2];
    MPI_OK(
        MPI_Allreduce(pair, best, 1, MPI_2INTEGER, MPI_MAXLOC, MPI_COMM_WORLD));
    int want = -1, at = -1;
    for (int r = 0; r < conf_size; r++)
        if ((r * 5) % 3 > want) {
            want = (r * 5) % 3;
            at = r;
        }
    CHECK(best[0] == want && best[1] == at, "MAXLOC 2INTEGER: %d at %d",
          best[0], best[1]);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_handles();
    test_fortran_types();
    return conf_finish("conf_f2c");
}
