/*
 * Attribute caching conformance (MPI-3.1 6.7): the predefined attributes
 * of MPI_COMM_WORLD; keyvals on communicators, datatypes and windows with
 * set, get, replace and delete; the copy callbacks on MPI_Comm_dup and
 * MPI_Type_dup (NULL_COPY, DUP and a user function that declines or
 * changes the value); the delete callbacks on replace, delete and free;
 * a keyval freed while attributes still use it; the MPI-1 names; and
 * MPI_COMM_SELF's attributes deleted first thing in MPI_Finalize, last
 * set first.
 */
#include "conf.h"

#include <stdint.h>

/* The MPI-1 names (MPI_Attr_get, MPI_Keyval_create, MPI_DUP_FN ...) are
 * tested on purpose: programs still call them. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* What the callbacks saw: how many deletes, and the values deleted. */
static int n_deleted;
static intptr_t deleted[16];
static int extra_seen;

static int record_delete(void *value, void *extra)
{
    if (extra == &extra_seen)
        extra_seen++;
    if (n_deleted < 16)
        deleted[n_deleted] = (intptr_t)value;
    n_deleted++;
    return MPI_SUCCESS;
}

static int comm_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    return record_delete(value, extra);
}

static int type_delete(MPI_Datatype type, int keyval, void *value, void *extra)
{
    (void)type;
    (void)keyval;
    return record_delete(value, extra);
}

static int win_delete(MPI_Win win, int keyval, void *value, void *extra)
{
    (void)win;
    (void)keyval;
    return record_delete(value, extra);
}

/* Copies value + 1000, and declines values of 7. */
static int comm_copy_plus(MPI_Comm comm, int keyval, void *extra, void *in,
                          void *out, int *flag)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    *flag = (intptr_t)in != 7;
    *(void **)out = (void *)((intptr_t)in + 1000);
    return MPI_SUCCESS;
}

static int type_copy_plus(MPI_Datatype type, int keyval, void *extra, void *in,
                          void *out, int *flag)
{
    (void)type;
    (void)keyval;
    (void)extra;
    *flag = 1;
    *(void **)out = (void *)((intptr_t)in + 1000);
    return MPI_SUCCESS;
}

static void expect_attr(MPI_Comm comm, int keyval, intptr_t want,
                        const char *what)
{
    void *value = NULL;
    int flag = -1;
    MPI_OK(MPI_Comm_get_attr(comm, keyval, &value, &flag));
    CHECK(flag == 1 && (intptr_t)value == want, "%s: flag %d value %ld", what,
          flag, (long)(intptr_t)value);
}

static void expect_no_attr(MPI_Comm comm, int keyval, const char *what)
{
    void *value = NULL;
    int flag = -1;
    MPI_OK(MPI_Comm_get_attr(comm, keyval, &value, &flag));
    CHECK(flag == 0, "%s: flag %d", what, flag);
}

static void test_predefined(void)
{
    int *value = NULL, flag = 0;
    MPI_OK(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag));
    CHECK(flag && *value >= 32767, "MPI_TAG_UB %d", flag ? *value : -1);
    int tag_ub = *value;
    /* the largest tag works */
    int out = 5, in = 0;
    MPI_OK(MPI_Sendrecv(&out, 1, MPI_INT, conf_rank, tag_ub, &in, 1, MPI_INT,
                        conf_rank, tag_ub, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    CHECK(in == 5, "a message tagged MPI_TAG_UB");
    MPI_OK(MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag));
    CHECK(flag && *value == tag_ub, "MPI_Attr_get of MPI_TAG_UB");
    MPI_OK(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &value, &flag));
    CHECK(flag &&
              (*value == MPI_PROC_NULL || (*value >= 0 && *value < conf_size)),
          "MPI_HOST");
    MPI_OK(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_IO, &value, &flag));
    CHECK(flag && (*value == MPI_ANY_SOURCE || *value == MPI_PROC_NULL ||
                   (*value >= 0 && *value < conf_size)),
          "MPI_IO");
    MPI_OK(
        MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag));
    CHECK(!flag || *value == 0 || *value == 1, "MPI_WTIME_IS_GLOBAL");
    MPI_OK(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &value, &flag));
    /* Open MPI counts the slots: 2 here, below an oversubscribed world */
    CHECK(!flag || *value >= 1, "MPI_UNIVERSE_SIZE %d", flag ? *value : -1);
    MPI_OK(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &value, &flag));
    CHECK(!flag || *value == 0, "MPI_APPNUM %d", flag ? *value : -1);
    MPI_OK(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &value, &flag));
    CHECK(flag && *value >= MPI_ERR_LASTCODE, "MPI_LASTUSEDCODE");
    /* predefined attributes cannot be set or deleted (MPICH says
     * MPI_ERR_KEYVAL, Open MPI MPI_ERR_OTHER) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    CHECK(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, &flag) != MPI_SUCCESS,
          "MPI_TAG_UB set");
    CHECK(MPI_Comm_delete_attr(MPI_COMM_WORLD, MPI_TAG_UB) != MPI_SUCCESS,
          "MPI_TAG_UB deleted");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

static void test_comm(void)
{
    int kv_plus, kv_dup, kv_null, kv_old;
    MPI_OK(MPI_Comm_create_keyval(comm_copy_plus, comm_delete, &kv_plus,
                                  &extra_seen));
    MPI_OK(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN,
                                  &kv_dup, NULL));
    MPI_OK(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, comm_delete, &kv_null,
                                  NULL));
    MPI_OK(MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &kv_old, NULL));
    CHECK(kv_plus != kv_dup && kv_dup != kv_null && kv_null != kv_old,
          "distinct keyvals");
    MPI_Comm c;
    MPI_OK(MPI_Comm_dup(MPI_COMM_WORLD, &c));
    expect_no_attr(c, kv_plus, "unset");

    n_deleted = extra_seen = 0;
    MPI_OK(MPI_Comm_set_attr(c, kv_plus, (void *)11));
    expect_attr(c, kv_plus, 11, "set");
    MPI_OK(MPI_Comm_set_attr(c, kv_plus, (void *)12));
    CHECK(n_deleted == 1 && deleted[0] == 11 && extra_seen == 1,
          "replacing deletes the old value (%d deletes)", n_deleted);
    expect_attr(c, kv_plus, 12, "replaced");
    MPI_OK(MPI_Comm_set_attr(c, kv_dup, (void *)21));
    MPI_OK(MPI_Comm_set_attr(c, kv_null, (void *)31));
    MPI_OK(MPI_Attr_put(c, kv_old, (void *)41));
    void *v = NULL;
    int flag = 0;
    MPI_OK(MPI_Attr_get(c, kv_old, &v, &flag));
    CHECK(flag && (intptr_t)v == 41, "MPI_Attr_get");
    /* the attribute is the communicator's, not the keyval's */
    expect_no_attr(MPI_COMM_WORLD, kv_plus, "another communicator");

    MPI_Comm d;
    MPI_OK(MPI_Comm_dup(c, &d));
    expect_attr(d, kv_plus, 1012, "user copy");
    expect_attr(d, kv_dup, 21, "MPI_COMM_DUP_FN");
    expect_no_attr(d, kv_null, "MPI_COMM_NULL_COPY_FN");
    expect_attr(d, kv_old, 41, "MPI_DUP_FN");
    expect_attr(c, kv_plus, 12, "the original after dup");

    /* a declining copy function: no attribute on the new communicator */
    MPI_OK(MPI_Comm_set_attr(c, kv_plus, (void *)7));
    MPI_Comm e;
    MPI_OK(MPI_Comm_dup(c, &e));
    expect_no_attr(e, kv_plus, "declined copy");
    MPI_OK(MPI_Comm_free(&e));

    n_deleted = 0;
    MPI_OK(MPI_Comm_delete_attr(c, kv_null));
    CHECK(n_deleted == 1 && deleted[0] == 31, "delete calls the callback");
    expect_no_attr(c, kv_null, "deleted");
    MPI_OK(MPI_Attr_delete(c, kv_old));
    expect_no_attr(c, kv_old, "MPI_Attr_delete");

    /* a freed keyval: its handle becomes MPI_KEYVAL_INVALID, and the
     * attributes that use it stay until their communicator goes */
    int kv_freed = kv_plus;
    MPI_OK(MPI_Comm_free_keyval(&kv_plus));
    CHECK(kv_plus == MPI_KEYVAL_INVALID, "freed keyval handle");
    n_deleted = 0;
    MPI_OK(MPI_Comm_free(&d));
    CHECK(n_deleted == 1 && deleted[0] == 1012,
          "Comm_free deletes with a freed keyval's callback (%d)", n_deleted);
    n_deleted = 0;
    MPI_OK(MPI_Comm_free(&c));
    CHECK(n_deleted == 1 && deleted[0] == 7, "Comm_free deletes (%d)",
          n_deleted);
    (void)kv_freed;
    MPI_OK(MPI_Comm_free_keyval(&kv_dup));
    MPI_OK(MPI_Comm_free_keyval(&kv_null));
    MPI_OK(MPI_Keyval_free(&kv_old));
}

static void test_type(void)
{
    int kv, kv_dup;
    MPI_OK(MPI_Type_create_keyval(type_copy_plus, type_delete, &kv, NULL));
    MPI_OK(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN,
                                  &kv_dup, NULL));
    MPI_Datatype t, u;
    MPI_OK(MPI_Type_contiguous(3, MPI_INT, &t));
    MPI_OK(MPI_Type_commit(&t));
    MPI_OK(MPI_Type_set_attr(t, kv, (void *)5));
    MPI_OK(MPI_Type_set_attr(t, kv_dup, (void *)6));
    void *v = NULL;
    int flag = 0;
    MPI_OK(MPI_Type_get_attr(t, kv, &v, &flag));
    CHECK(flag && (intptr_t)v == 5, "Type_get_attr");
    MPI_OK(MPI_Type_dup(t, &u));
    MPI_OK(MPI_Type_get_attr(u, kv, &v, &flag));
    CHECK(flag && (intptr_t)v == 1005, "Type_dup's user copy");
    MPI_OK(MPI_Type_get_attr(u, kv_dup, &v, &flag));
    CHECK(flag && (intptr_t)v == 6, "MPI_TYPE_DUP_FN");
    /* a predefined datatype carries attributes too */
    MPI_OK(MPI_Type_set_attr(MPI_DOUBLE, kv_dup, (void *)8));
    MPI_OK(MPI_Type_get_attr(MPI_DOUBLE, kv_dup, &v, &flag));
    CHECK(flag && (intptr_t)v == 8, "an attribute on MPI_DOUBLE");
    MPI_OK(MPI_Type_delete_attr(MPI_DOUBLE, kv_dup));
    MPI_OK(MPI_Type_get_attr(MPI_DOUBLE, kv_dup, &v, &flag));
    CHECK(!flag, "deleted from MPI_DOUBLE");
    n_deleted = 0;
    MPI_OK(MPI_Type_free(&u));
    CHECK(n_deleted == 1 && deleted[0] == 1005, "Type_free deletes (%d)",
          n_deleted);
    n_deleted = 0;
    MPI_OK(MPI_Type_delete_attr(t, kv));
    CHECK(n_deleted == 1 && deleted[0] == 5, "Type_delete_attr");
    MPI_OK(MPI_Type_free(&t));
    MPI_OK(MPI_Type_free_keyval(&kv));
    MPI_OK(MPI_Type_free_keyval(&kv_dup));
    CHECK(kv == MPI_KEYVAL_INVALID, "freed type keyval");
}

static void test_win(void)
{
    int kv;
    MPI_OK(MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, win_delete, &kv, NULL));
    int mem[4] = {0};
    MPI_Win w;
    MPI_OK(MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL,
                          MPI_COMM_WORLD, &w));
    void *v = NULL;
    int flag = 0;
    MPI_OK(MPI_Win_get_attr(w, kv, &v, &flag));
    CHECK(!flag, "unset window attribute");
    MPI_OK(MPI_Win_set_attr(w, kv, (void *)9));
    MPI_OK(MPI_Win_get_attr(w, kv, &v, &flag));
    CHECK(flag && (intptr_t)v == 9, "Win_get_attr");
    MPI_OK(MPI_Win_get_attr(w, MPI_WIN_BASE, &v, &flag));
    CHECK(flag && v == (void *)mem, "MPI_WIN_BASE beside a user attribute");
    n_deleted = 0;
    MPI_OK(MPI_Win_free(&w));
    CHECK(n_deleted == 1 && deleted[0] == 9, "Win_free deletes (%d)",
          n_deleted);
    MPI_OK(MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL,
                          MPI_COMM_WORLD, &w));
    MPI_OK(MPI_Win_set_attr(w, kv, (void *)10));
    n_deleted = 0;
    MPI_OK(MPI_Win_delete_attr(w, kv));
    CHECK(n_deleted == 1 && deleted[0] == 10, "Win_delete_attr");
    MPI_OK(MPI_Win_free(&w));
    MPI_OK(MPI_Win_free_keyval(&kv));
}

static void test_wrong_object(void)
{
    int kv_type;
    MPI_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN,
                                  MPI_TYPE_NULL_DELETE_FN, &kv_type, NULL));
    /* (MPICH: MPI_ERR_KEYVAL, Open MPI: MPI_ERR_OTHER) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    CHECK(MPI_Comm_set_attr(MPI_COMM_WORLD, kv_type, NULL) != MPI_SUCCESS,
          "a datatype keyval on a communicator");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_OK(MPI_Type_free_keyval(&kv_type));
}

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first, while MPI still
 * works, the last set first (MPI-3.1 8.7.1). */
static int finalize_order[2], n_finalize;
static int self_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    int finalized = 1;
    MPI_Finalized(&finalized);
    CHECK(!finalized, "MPI_COMM_SELF's delete callback after finalize");
    if (n_finalize < 2)
        finalize_order[n_finalize] = (int)(intptr_t)value;
    n_finalize++;
    if (n_finalize == 2)
        CHECK(finalize_order[0] == 2 && finalize_order[1] == 1,
              "MPI_COMM_SELF's attributes deleted last set first: %d %d",
              finalize_order[0], finalize_order[1]);
    return MPI_SUCCESS;
}

static void set_self_attributes(void)
{
    int kv1, kv2;
    MPI_OK(
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, self_delete, &kv1, NULL));
    MPI_OK(
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, self_delete, &kv2, NULL));
    MPI_OK(MPI_Comm_set_attr(MPI_COMM_SELF, kv1, (void *)1));
    MPI_OK(MPI_Comm_set_attr(MPI_COMM_SELF, kv2, (void *)2));
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    test_predefined();
    test_comm();
    test_type();
    test_win();
    test_wrong_object();
    set_self_attributes();
    int rc = conf_finish("conf_attr");
    if (n_finalize != 2) {
        fprintf(stderr,
                "rank %d: conf_attr: MPI_Finalize called %d of "
                "MPI_COMM_SELF's 2 delete callbacks\n",
                conf_rank, n_finalize);
        return 1;
    }
    return rc;
}
