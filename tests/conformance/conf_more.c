/*
 * Conformance of the smaller calls libraries and applications use around
 * the core: MPI_Request_get_status (the request stays), MPI_Ibsend and
 * MPI_Irsend, MPI_Get_elements on a derived type (not on the pair
 * types, whose elements Open MPI counts one a pair and MPICH two),
 * MPI_Status_set_elements and MPI_Status_set_cancelled, datatype names,
 * MPI_Type_match_size, MPI_Is_thread_main, and the communicator info
 * calls (MPI_Comm_dup_with_info keeps attributes as MPI_Comm_dup does).
 */
#include "conf.h"

#include <stdint.h>

static void test_request_get_status(void)
{
    int right = (conf_rank + 1) % conf_size;
    int left = (conf_rank + conf_size - 1) % conf_size;
    int out = conf_rank + 10, in = -1, flag = 0;
    MPI_Request recv, send;
    MPI_OK(MPI_Irecv(&in, 1, MPI_INT, left, 4, MPI_COMM_WORLD, &recv));
    MPI_Status st;
    MPI_OK(MPI_Request_get_status(recv, &flag, &st));
    CHECK(recv != MPI_REQUEST_NULL, "get_status keeps the request");
    MPI_OK(MPI_Isend(&out, 1, MPI_INT, right, 4, MPI_COMM_WORLD, &send));
    while (!flag)
        MPI_OK(MPI_Request_get_status(recv, &flag, &st));
    CHECK(recv != MPI_REQUEST_NULL && st.MPI_SOURCE == left &&
              st.MPI_TAG == 4 && in == left + 10,
          "a completed receive's status, the request kept");
    MPI_OK(MPI_Wait(&recv, &st));
    CHECK(recv == MPI_REQUEST_NULL && st.MPI_SOURCE == left,
          "MPI_Wait completes it after");
    MPI_OK(MPI_Wait(&send, MPI_STATUS_IGNORE));
    MPI_OK(MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &st));
    CHECK(flag, "MPI_REQUEST_NULL is complete");
}

static void test_ibsend_irsend(void)
{
    int right = (conf_rank + 1) % conf_size;
    int left = (conf_rank + conf_size - 1) % conf_size;
    int size = 0;
    MPI_OK(MPI_Pack_size(64, MPI_INT, MPI_COMM_WORLD, &size));
    size += MPI_BSEND_OVERHEAD;
    char *buffer = conf_malloc((size_t)size);
    MPI_OK(MPI_Buffer_attach(buffer, size));
    int out[64], in[64], ready[1] = {0}, go = 0;
    for (int i = 0; i < 64; i++)
        out[i] = conf_rank * 64 + i;
    MPI_Request r[3];
    MPI_OK(MPI_Irecv(in, 64, MPI_INT, left, 5, MPI_COMM_WORLD, &r[0]));
    MPI_OK(MPI_Ibsend(out, 64, MPI_INT, right, 5, MPI_COMM_WORLD, &r[1]));
    /* the data are in the attached buffer: out may change at once */
    MPI_OK(MPI_Wait(&r[1], MPI_STATUS_IGNORE));
    for (int i = 0; i < 64; i++)
        out[i] = -1;
    MPI_OK(MPI_Wait(&r[0], MPI_STATUS_IGNORE));
    for (int i = 0; i < 64; i++)
        CHECK(in[i] == left * 64 + i, "Ibsend data %d", i);
    /* Irsend once the receiver says its receive is posted */
    MPI_OK(MPI_Irecv(in, 1, MPI_INT, left, 6, MPI_COMM_WORLD, &r[0]));
    MPI_OK(MPI_Sendrecv(ready, 1, MPI_INT, left, 7, &go, 1, MPI_INT, right, 7,
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    out[0] = conf_rank + 500;
    MPI_OK(MPI_Irsend(out, 1, MPI_INT, right, 6, MPI_COMM_WORLD, &r[2]));
    MPI_OK(MPI_Wait(&r[2], MPI_STATUS_IGNORE));
    MPI_OK(MPI_Wait(&r[0], MPI_STATUS_IGNORE));
    CHECK(in[0] == left + 500, "Irsend data");
    void *detached;
    MPI_OK(MPI_Buffer_detach(&detached, &size));
    free(buffer);
}

static void test_elements(void)
{
    /* a struct of 2 ints and a double: 3 elements a type, 16 bytes */
    int blocks[2] = {2, 1};
    MPI_Aint displs[2] = {0, 8};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, rec;
    MPI_OK(MPI_Type_create_struct(2, blocks, displs, types, &rec));
    MPI_OK(MPI_Type_commit(&rec));
    /* what is sent: two structs and the two ints of a third */
    int sblocks[2] = {2, 2};
    MPI_Aint sdispls[2] = {0, 32};
    MPI_Datatype stypes[2] = {rec, MPI_INT}, partial;
    MPI_OK(MPI_Type_create_struct(2, sblocks, sdispls, stypes, &partial));
    MPI_OK(MPI_Type_commit(&partial));
    char out[64] = {0}, in[64];
    MPI_Status st;
    MPI_OK(MPI_Sendrecv(out, 1, partial, conf_rank, 8, in, 3, rec, conf_rank, 8,
                        MPI_COMM_WORLD, &st));
    int count = -2, elements = -2;
    MPI_OK(MPI_Get_count(&st, rec, &count));
    MPI_OK(MPI_Get_elements(&st, rec, &elements));
    CHECK(count == MPI_UNDEFINED && elements == 8,
          "Get_count %d and Get_elements %d of 2 2/3 structs", count, elements);
    MPI_OK(MPI_Type_free(&partial));
    /* set_elements, read back (on a basic type: MPICH 4.0 reads a derived
     * type's count as whole elements) */
    MPI_OK(MPI_Status_set_elements(&st, MPI_INT, 6));
    MPI_OK(MPI_Get_count(&st, MPI_INT, &count));
    MPI_OK(MPI_Get_elements(&st, rec, &elements));
    CHECK(count == 6 && elements == 5,
          "6 ints: count %d, %d elements of the struct (one and two ints)",
          count, elements);
    int cancelled = 1;
    MPI_OK(MPI_Status_set_cancelled(&st, 0));
    MPI_OK(MPI_Test_cancelled(&st, &cancelled));
    CHECK(!cancelled, "Status_set_cancelled 0");
    MPI_OK(MPI_Status_set_cancelled(&st, 1));
    MPI_OK(MPI_Test_cancelled(&st, &cancelled));
    CHECK(cancelled, "Status_set_cancelled 1");
    MPI_OK(MPI_Type_free(&rec));
}

static void test_names_and_sizes(void)
{
    char name[MPI_MAX_OBJECT_NAME];
    int len = -1;
    MPI_OK(MPI_Type_get_name(MPI_DOUBLE, name, &len));
    CHECK(strcmp(name, "MPI_DOUBLE") == 0 && len == 10,
          "MPI_DOUBLE's name: '%s'", name);
    MPI_Datatype v;
    MPI_OK(MPI_Type_vector(2, 1, 3, MPI_INT, &v));
    MPI_OK(MPI_Type_get_name(v, name, &len));
    CHECK(len == 0 && name[0] == 0, "an unnamed type: '%s'", name);
    MPI_OK(MPI_Type_set_name(v, "halo column"));
    MPI_OK(MPI_Type_get_name(v, name, &len));
    CHECK(strcmp(name, "halo column") == 0 && len == 11, "set name '%s'", name);
    MPI_OK(MPI_Type_free(&v));
    static const struct {
        int typeclass, size;
    } ask[] = {{MPI_TYPECLASS_REAL, 4},    {MPI_TYPECLASS_REAL, 8},
               {MPI_TYPECLASS_INTEGER, 1}, {MPI_TYPECLASS_INTEGER, 4},
               {MPI_TYPECLASS_INTEGER, 8}, {MPI_TYPECLASS_COMPLEX, 16}};
    for (size_t i = 0; i < sizeof ask / sizeof ask[0]; i++) {
        MPI_Datatype t = MPI_DATATYPE_NULL;
        int size = -1;
        MPI_OK(MPI_Type_match_size(ask[i].typeclass, ask[i].size, &t));
        MPI_OK(MPI_Type_size(t, &size));
        CHECK(size == ask[i].size, "Type_match_size(%d, %d): size %d",
              ask[i].typeclass, ask[i].size, size);
    }
    int main_thread = 0;
    MPI_OK(MPI_Is_thread_main(&main_thread));
    CHECK(main_thread, "MPI_Is_thread_main in the thread that initialized");
}

static void test_comm_info(void)
{
    int keyval;
    MPI_OK(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN,
                                  &keyval, NULL));
    MPI_OK(MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, (void *)42));
    MPI_Info info;
    MPI_OK(MPI_Info_create(&info));
    MPI_OK(MPI_Info_set(info, "mpi_assert_no_any_tag", "true"));
    MPI_Comm dup;
    MPI_OK(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &dup));
    void *v = NULL;
    int flag = 0, size = 0;
    MPI_OK(MPI_Comm_get_attr(dup, keyval, &v, &flag));
    CHECK(flag && (intptr_t)v == 42, "dup_with_info copies attributes");
    MPI_OK(MPI_Comm_size(dup, &size));
    CHECK(size == conf_size, "dup_with_info's size");
    MPI_OK(MPI_Comm_set_info(dup, info));
    MPI_Info used;
    MPI_OK(MPI_Comm_get_info(dup, &used));
    CHECK(used != MPI_INFO_NULL, "Comm_get_info returns an info object");
    int sum = 0;
    MPI_OK(MPI_Allreduce(&conf_rank, &sum, 1, MPI_INT, MPI_SUM, dup));
    CHECK(sum == conf_size * (conf_size - 1) / 2, "the duplicate works");
    MPI_OK(MPI_Info_free(&used));
    MPI_OK(MPI_Info_free(&info));
    MPI_OK(MPI_Comm_free(&dup));
    MPI_OK(MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval));
    MPI_OK(MPI_Comm_free_keyval(&keyval));
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_request_get_status();
    test_ibsend_irsend();
    test_elements();
    test_names_and_sizes();
    test_comm_info();
    return conf_finish("conf_more");
}
