/*
 * mpi.h of mpchar's built-in shared-memory MPI (libmpchar-rt).
 *
 * A C binding of the MPI-3.1 subset listed in docs/runtime.md.  Handles are
 * pointers to the library's objects (as in Open MPI), so predefined handles
 * are addresses of exported objects and NULL is the null handle.  Every
 * function exists as PMPI_<name>; MPI_<name> is a weak alias of it, so that
 * PMPI tools can interpose.
 */
#ifndef MPCHAR_RT_MPI_H
#define MPCHAR_RT_MPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MPCHAR_RT 1
#define MPI_VERSION 3
#define MPI_SUBVERSION 1

typedef struct mpchar_rt_comm *MPI_Comm;
typedef struct mpchar_rt_type *MPI_Datatype;
typedef struct mpchar_rt_op *MPI_Op;
typedef struct mpchar_rt_request *MPI_Request;
typedef struct mpchar_rt_errhandler *MPI_Errhandler;
typedef struct mpchar_rt_group *MPI_Group;
typedef struct mpchar_rt_info *MPI_Info;
typedef struct mpchar_rt_message *MPI_Message;
typedef intptr_t MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;

typedef struct MPI_Status {
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
    int mpchar_cancelled;
    long long mpchar_bytes;
} MPI_Status;

typedef void MPI_User_function(void *invec, void *inoutvec, int *len,
                               MPI_Datatype *datatype);

/* ---- error classes ---- */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_NO_MEM 20
#define MPI_ERR_INFO 30
#define MPI_ERR_INFO_KEY 31
#define MPI_ERR_INFO_VALUE 32
#define MPI_ERR_INFO_NOKEY 33
#define MPI_ERR_KEYVAL 34
#define MPI_ERR_LASTCODE 35

/* ---- constants ---- */
#define MPI_ANY_SOURCE (-1)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_UNDEFINED (-32766)
#define MPI_TAG_UB_VALUE 0x3fffffff
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 256
#define MPI_MAX_LIBRARY_VERSION_STRING 256
#define MPI_BSEND_OVERHEAD 64
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

#define MPI_COMM_NULL ((MPI_Comm)0)
#define MPI_DATATYPE_NULL ((MPI_Datatype)0)
#define MPI_OP_NULL ((MPI_Op)0)
#define MPI_REQUEST_NULL ((MPI_Request)0)
#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0)
#define MPI_GROUP_NULL ((MPI_Group)0)
#define MPI_INFO_NULL ((MPI_Info)0)
#define MPI_COMM_TYPE_SHARED 1
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_IN_PLACE ((void *)1)
#define MPI_BOTTOM ((void *)0)

/* ---- predefined objects ---- */
extern struct mpchar_rt_comm mpchar_rt_comm_world, mpchar_rt_comm_self;
#define MPI_COMM_WORLD (&mpchar_rt_comm_world)
#define MPI_COMM_SELF (&mpchar_rt_comm_self)

extern struct mpchar_rt_errhandler mpchar_rt_errors_are_fatal,
    mpchar_rt_errors_return;
#define MPI_ERRORS_ARE_FATAL (&mpchar_rt_errors_are_fatal)
#define MPI_ERRORS_RETURN (&mpchar_rt_errors_return)

/* X-macro of the predefined datatypes: (macro name suffix, object). */
#define MPCHAR_RT_TYPES(X)   \
    X(CHAR)                  \
    X(SIGNED_CHAR)           \
    X(UNSIGNED_CHAR)         \
    X(BYTE)                  \
    X(WCHAR)                 \
    X(SHORT)                 \
    X(UNSIGNED_SHORT)        \
    X(INT)                   \
    X(UNSIGNED)              \
    X(LONG)                  \
    X(UNSIGNED_LONG)         \
    X(LONG_LONG_INT)         \
    X(UNSIGNED_LONG_LONG)    \
    X(FLOAT)                 \
    X(DOUBLE)                \
    X(LONG_DOUBLE)           \
    X(C_BOOL)                \
    X(INT8_T)                \
    X(INT16_T)               \
    X(INT32_T)               \
    X(INT64_T)               \
    X(UINT8_T)               \
    X(UINT16_T)              \
    X(UINT32_T)              \
    X(UINT64_T)              \
    X(AINT)                  \
    X(OFFSET)                \
    X(COUNT)                 \
    X(C_FLOAT_COMPLEX)       \
    X(C_DOUBLE_COMPLEX)      \
    X(C_LONG_DOUBLE_COMPLEX) \
    X(PACKED)                \
    X(FLOAT_INT)             \
    X(DOUBLE_INT)            \
    X(LONG_INT)              \
    X(2INT)                  \
    X(SHORT_INT)             \
    X(LONG_DOUBLE_INT)

#define MPCHAR_RT_DECLARE_TYPE(name) \
    extern struct mpchar_rt_type mpchar_rt_type_##name;
MPCHAR_RT_TYPES(MPCHAR_RT_DECLARE_TYPE)
#undef MPCHAR_RT_DECLARE_TYPE

#define MPI_CHAR (&mpchar_rt_type_CHAR)
#define MPI_SIGNED_CHAR (&mpchar_rt_type_SIGNED_CHAR)
#define MPI_UNSIGNED_CHAR (&mpchar_rt_type_UNSIGNED_CHAR)
#define MPI_BYTE (&mpchar_rt_type_BYTE)
#define MPI_WCHAR (&mpchar_rt_type_WCHAR)
#define MPI_SHORT (&mpchar_rt_type_SHORT)
#define MPI_UNSIGNED_SHORT (&mpchar_rt_type_UNSIGNED_SHORT)
#define MPI_INT (&mpchar_rt_type_INT)
#define MPI_UNSIGNED (&mpchar_rt_type_UNSIGNED)
#define MPI_LONG (&mpchar_rt_type_LONG)
#define MPI_UNSIGNED_LONG (&mpchar_rt_type_UNSIGNED_LONG)
#define MPI_LONG_LONG_INT (&mpchar_rt_type_LONG_LONG_INT)
#define MPI_LONG_LONG (&mpchar_rt_type_LONG_LONG_INT)
#define MPI_UNSIGNED_LONG_LONG (&mpchar_rt_type_UNSIGNED_LONG_LONG)
#define MPI_FLOAT (&mpchar_rt_type_FLOAT)
#define MPI_DOUBLE (&mpchar_rt_type_DOUBLE)
#define MPI_LONG_DOUBLE (&mpchar_rt_type_LONG_DOUBLE)
#define MPI_C_BOOL (&mpchar_rt_type_C_BOOL)
#define MPI_INT8_T (&mpchar_rt_type_INT8_T)
#define MPI_INT16_T (&mpchar_rt_type_INT16_T)
#define MPI_INT32_T (&mpchar_rt_type_INT32_T)
#define MPI_INT64_T (&mpchar_rt_type_INT64_T)
#define MPI_UINT8_T (&mpchar_rt_type_UINT8_T)
#define MPI_UINT16_T (&mpchar_rt_type_UINT16_T)
#define MPI_UINT32_T (&mpchar_rt_type_UINT32_T)
#define MPI_UINT64_T (&mpchar_rt_type_UINT64_T)
#define MPI_AINT (&mpchar_rt_type_AINT)
#define MPI_OFFSET (&mpchar_rt_type_OFFSET)
#define MPI_COUNT (&mpchar_rt_type_COUNT)
#define MPI_C_FLOAT_COMPLEX (&mpchar_rt_type_C_FLOAT_COMPLEX)
#define MPI_C_COMPLEX (&mpchar_rt_type_C_FLOAT_COMPLEX)
#define MPI_C_DOUBLE_COMPLEX (&mpchar_rt_type_C_DOUBLE_COMPLEX)
#define MPI_C_LONG_DOUBLE_COMPLEX (&mpchar_rt_type_C_LONG_DOUBLE_COMPLEX)
#define MPI_PACKED (&mpchar_rt_type_PACKED)
#define MPI_FLOAT_INT (&mpchar_rt_type_FLOAT_INT)
#define MPI_DOUBLE_INT (&mpchar_rt_type_DOUBLE_INT)
#define MPI_LONG_INT (&mpchar_rt_type_LONG_INT)
#define MPI_2INT (&mpchar_rt_type_2INT)
#define MPI_SHORT_INT (&mpchar_rt_type_SHORT_INT)
#define MPI_LONG_DOUBLE_INT (&mpchar_rt_type_LONG_DOUBLE_INT)

#define MPCHAR_RT_OPS(X) \
    X(MAX)               \
    X(MIN)               \
    X(SUM)               \
    X(PROD)              \
    X(LAND)              \
    X(BAND)              \
    X(LOR)               \
    X(BOR)               \
    X(LXOR)              \
    X(BXOR)              \
    X(MAXLOC)            \
    X(MINLOC)
#define MPCHAR_RT_DECLARE_OP(name) \
    extern struct mpchar_rt_op mpchar_rt_op_##name;
MPCHAR_RT_OPS(MPCHAR_RT_DECLARE_OP)
#undef MPCHAR_RT_DECLARE_OP
#define MPI_MAX (&mpchar_rt_op_MAX)
#define MPI_MIN (&mpchar_rt_op_MIN)
#define MPI_SUM (&mpchar_rt_op_SUM)
#define MPI_PROD (&mpchar_rt_op_PROD)
#define MPI_LAND (&mpchar_rt_op_LAND)
#define MPI_BAND (&mpchar_rt_op_BAND)
#define MPI_LOR (&mpchar_rt_op_LOR)
#define MPI_BOR (&mpchar_rt_op_BOR)
#define MPI_LXOR (&mpchar_rt_op_LXOR)
#define MPI_BXOR (&mpchar_rt_op_BXOR)
#define MPI_MAXLOC (&mpchar_rt_op_MAXLOC)
#define MPI_MINLOC (&mpchar_rt_op_MINLOC)

/* ---- functions: MPI_ and PMPI_ prototypes from one list ---- */
#define MPCHAR_RT_FN(ret, name, args) \
    ret MPI_##name args;              \
    ret PMPI_##name args;

MPCHAR_RT_FN(int, Init, (int *argc, char ***argv))
MPCHAR_RT_FN(int, Init_thread,
             (int *argc, char ***argv, int required, int *provided))
MPCHAR_RT_FN(int, Query_thread, (int *provided))
MPCHAR_RT_FN(int, Is_thread_main, (int *flag))
MPCHAR_RT_FN(int, Finalize, (void))
MPCHAR_RT_FN(int, Initialized, (int *flag))
MPCHAR_RT_FN(int, Finalized, (int *flag))
MPCHAR_RT_FN(int, Abort, (MPI_Comm comm, int errorcode))
MPCHAR_RT_FN(double, Wtime, (void))
MPCHAR_RT_FN(double, Wtick, (void))
MPCHAR_RT_FN(int, Get_processor_name, (char *name, int *resultlen))
MPCHAR_RT_FN(int, Get_version, (int *version, int *subversion))
MPCHAR_RT_FN(int, Get_library_version, (char *version, int *resultlen))
MPCHAR_RT_FN(int, Error_string, (int errorcode, char *string, int *resultlen))
MPCHAR_RT_FN(int, Error_class, (int errorcode, int *errorclass))
MPCHAR_RT_FN(int, Comm_set_errhandler,
             (MPI_Comm comm, MPI_Errhandler errhandler))
MPCHAR_RT_FN(int, Comm_get_errhandler,
             (MPI_Comm comm, MPI_Errhandler *errhandler))
/* user error handlers and error codes */
typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *errorcode, ...);
MPCHAR_RT_FN(int, Comm_create_errhandler,
             (MPI_Comm_errhandler_function * function,
              MPI_Errhandler *errhandler))
MPCHAR_RT_FN(int, Comm_call_errhandler, (MPI_Comm comm, int errorcode))
MPCHAR_RT_FN(int, Errhandler_free, (MPI_Errhandler * errhandler))
MPCHAR_RT_FN(int, Add_error_class, (int *errorclass))
MPCHAR_RT_FN(int, Add_error_code, (int errorclass, int *errorcode))
MPCHAR_RT_FN(int, Add_error_string, (int errorcode, const char *string))
MPCHAR_RT_FN(int, Pcontrol, (const int level, ...))

MPCHAR_RT_FN(int, Comm_rank, (MPI_Comm comm, int *rank))
MPCHAR_RT_FN(int, Comm_size, (MPI_Comm comm, int *size))
MPCHAR_RT_FN(int, Comm_dup, (MPI_Comm comm, MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Comm_dup_with_info,
             (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Comm_set_info, (MPI_Comm comm, MPI_Info info))
MPCHAR_RT_FN(int, Comm_get_info, (MPI_Comm comm, MPI_Info *info_used))
MPCHAR_RT_FN(int, Comm_split,
             (MPI_Comm comm, int color, int key, MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Comm_split_type,
             (MPI_Comm comm, int split_type, int key, MPI_Info info,
              MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Comm_free, (MPI_Comm * comm))
MPCHAR_RT_FN(int, Comm_compare, (MPI_Comm comm1, MPI_Comm comm2, int *result))

MPCHAR_RT_FN(int, Send,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm))
MPCHAR_RT_FN(int, Ssend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm))
MPCHAR_RT_FN(int, Rsend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm))
MPCHAR_RT_FN(int, Bsend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm))
MPCHAR_RT_FN(int, Buffer_attach, (void *buffer, int size))
MPCHAR_RT_FN(int, Buffer_detach, (void *buffer_addr, int *size))
MPCHAR_RT_FN(int, Recv,
             (void *buf, int count, MPI_Datatype datatype, int source, int tag,
              MPI_Comm comm, MPI_Status *status))
MPCHAR_RT_FN(int, Isend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Issend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Ibsend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Irsend,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Irecv,
             (void *buf, int count, MPI_Datatype datatype, int source, int tag,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Wait, (MPI_Request * request, MPI_Status *status))
MPCHAR_RT_FN(int, Waitall,
             (int count, MPI_Request requests[], MPI_Status statuses[]))
MPCHAR_RT_FN(int, Waitany,
             (int count, MPI_Request requests[], int *index,
              MPI_Status *status))
MPCHAR_RT_FN(int, Waitsome,
             (int incount, MPI_Request requests[], int *outcount, int indices[],
              MPI_Status statuses[]))
MPCHAR_RT_FN(int, Test, (MPI_Request * request, int *flag, MPI_Status *status))
MPCHAR_RT_FN(int, Testall,
             (int count, MPI_Request requests[], int *flag,
              MPI_Status statuses[]))
MPCHAR_RT_FN(int, Testany,
             (int count, MPI_Request requests[], int *index, int *flag,
              MPI_Status *status))
MPCHAR_RT_FN(int, Testsome,
             (int incount, MPI_Request requests[], int *outcount, int indices[],
              MPI_Status statuses[]))
MPCHAR_RT_FN(int, Request_free, (MPI_Request * request))
MPCHAR_RT_FN(int, Cancel, (MPI_Request * request))
MPCHAR_RT_FN(int, Test_cancelled, (const MPI_Status *status, int *flag))
MPCHAR_RT_FN(int, Request_get_status,
             (MPI_Request request, int *flag, MPI_Status *status))
MPCHAR_RT_FN(int, Status_set_cancelled, (MPI_Status * status, int flag))
#define MPI_MESSAGE_NULL ((MPI_Message)0)
extern struct mpchar_rt_message mpchar_rt_message_no_proc;
#define MPI_MESSAGE_NO_PROC (&mpchar_rt_message_no_proc)
MPCHAR_RT_FN(int, Improbe,
             (int source, int tag, MPI_Comm comm, int *flag,
              MPI_Message *message, MPI_Status *status))
MPCHAR_RT_FN(int, Mprobe,
             (int source, int tag, MPI_Comm comm, MPI_Message *message,
              MPI_Status *status))
MPCHAR_RT_FN(int, Mrecv,
             (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
              MPI_Status *status))
MPCHAR_RT_FN(int, Imrecv,
             (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
              MPI_Request *request))
MPCHAR_RT_FN(int, Probe,
             (int source, int tag, MPI_Comm comm, MPI_Status *status))
MPCHAR_RT_FN(int, Iprobe,
             (int source, int tag, MPI_Comm comm, int *flag,
              MPI_Status *status))
MPCHAR_RT_FN(int, Get_count,
             (const MPI_Status *status, MPI_Datatype datatype, int *count))
MPCHAR_RT_FN(int, Get_elements,
             (const MPI_Status *status, MPI_Datatype datatype, int *count))
MPCHAR_RT_FN(int, Status_set_elements,
             (MPI_Status * status, MPI_Datatype datatype, int count))
MPCHAR_RT_FN(int, Sendrecv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              int dest, int sendtag, void *recvbuf, int recvcount,
              MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
              MPI_Status *status))
MPCHAR_RT_FN(int, Sendrecv_replace,
             (void *buf, int count, MPI_Datatype datatype, int dest,
              int sendtag, int source, int recvtag, MPI_Comm comm,
              MPI_Status *status))

MPCHAR_RT_FN(int, Type_contiguous,
             (int count, MPI_Datatype oldtype, MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_vector,
             (int count, int blocklength, int stride, MPI_Datatype oldtype,
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_indexed,
             (int count, const int blocklengths[], const int displacements[],
              MPI_Datatype oldtype, MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_create_struct,
             (int count, const int blocklengths[],
              const MPI_Aint displacements[], const MPI_Datatype types[],
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_commit, (MPI_Datatype * datatype))
MPCHAR_RT_FN(int, Type_free, (MPI_Datatype * datatype))
MPCHAR_RT_FN(int, Type_size, (MPI_Datatype datatype, int *size))
MPCHAR_RT_FN(int, Type_get_extent,
             (MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent))
MPCHAR_RT_FN(int, Type_get_true_extent,
             (MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent))
MPCHAR_RT_FN(int, Type_set_name, (MPI_Datatype datatype, const char *type_name))
MPCHAR_RT_FN(int, Type_get_name,
             (MPI_Datatype datatype, char *type_name, int *resultlen))
/* MPI_Type_match_size's classes */
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3
MPCHAR_RT_FN(int, Type_match_size,
             (int typeclass, int size, MPI_Datatype *datatype))
MPCHAR_RT_FN(int, Get_address, (const void *location, MPI_Aint *address))

MPCHAR_RT_FN(int, Op_create,
             (MPI_User_function * user_fn, int commute, MPI_Op *op))
MPCHAR_RT_FN(int, Op_free, (MPI_Op * op))
MPCHAR_RT_FN(int, Op_commutative, (MPI_Op op, int *commute))
MPCHAR_RT_FN(int, Reduce_local,
             (const void *inbuf, void *inoutbuf, int count,
              MPI_Datatype datatype, MPI_Op op))

MPCHAR_RT_FN(int, Barrier, (MPI_Comm comm))
MPCHAR_RT_FN(int, Ibarrier, (MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Bcast,
             (void *buffer, int count, MPI_Datatype datatype, int root,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Scatter,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Scatterv,
             (const void *sendbuf, const int sendcounts[], const int displs[],
              MPI_Datatype sendtype, void *recvbuf, int recvcount,
              MPI_Datatype recvtype, int root, MPI_Comm comm))
MPCHAR_RT_FN(int, Gather,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Gatherv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, int root, MPI_Comm comm))
MPCHAR_RT_FN(int, Allgather,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Allgatherv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, MPI_Comm comm))
MPCHAR_RT_FN(int, Alltoall,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Alltoallv,
             (const void *sendbuf, const int sendcounts[], const int sdispls[],
              MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
              const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
MPCHAR_RT_FN(int, Reduce,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm))
MPCHAR_RT_FN(int, Allreduce,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
MPCHAR_RT_FN(int, Reduce_scatter,
             (const void *sendbuf, void *recvbuf, const int recvcounts[],
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
MPCHAR_RT_FN(int, Reduce_scatter_block,
             (const void *sendbuf, void *recvbuf, int recvcount,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
MPCHAR_RT_FN(int, Scan,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
MPCHAR_RT_FN(int, Exscan,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))

/* ---- Fortran support (runtime/fortran/, docs/runtime.md "Compilers and
 * build systems"): handle conversion and the Fortran datatypes ---- */
typedef int MPI_Fint;
MPCHAR_RT_FN(MPI_Fint, Comm_c2f, (MPI_Comm comm))
MPCHAR_RT_FN(MPI_Comm, Comm_f2c, (MPI_Fint comm))
MPCHAR_RT_FN(MPI_Fint, Type_c2f, (MPI_Datatype datatype))
MPCHAR_RT_FN(MPI_Datatype, Type_f2c, (MPI_Fint datatype))
MPCHAR_RT_FN(MPI_Fint, Op_c2f, (MPI_Op op))
MPCHAR_RT_FN(MPI_Op, Op_f2c, (MPI_Fint op))
MPCHAR_RT_FN(MPI_Fint, Request_c2f, (MPI_Request request))
MPCHAR_RT_FN(MPI_Request, Request_f2c, (MPI_Fint request))
MPCHAR_RT_FN(MPI_Fint, Group_c2f, (MPI_Group group))
MPCHAR_RT_FN(MPI_Group, Group_f2c, (MPI_Fint group))
MPCHAR_RT_FN(MPI_Fint, Info_c2f, (MPI_Info info))
MPCHAR_RT_FN(MPI_Info, Info_f2c, (MPI_Fint info))
MPCHAR_RT_FN(MPI_Fint, Errhandler_c2f, (MPI_Errhandler errhandler))
MPCHAR_RT_FN(MPI_Errhandler, Errhandler_f2c, (MPI_Fint errhandler))
MPCHAR_RT_FN(int, Status_c2f, (const MPI_Status *c_status, MPI_Fint *f_status))
MPCHAR_RT_FN(int, Status_f2c, (const MPI_Fint *f_status, MPI_Status *c_status))

/* Fortran's predefined datatypes, usable from C too (as MPI allows). */
#define MPCHAR_RT_FORTRAN_TYPES(X) \
    X(INTEGER)                     \
    X(REAL)                        \
    X(DOUBLE_PRECISION)            \
    X(COMPLEX)                     \
    X(DOUBLE_COMPLEX)              \
    X(LOGICAL)                     \
    X(CHARACTER)                   \
    X(INTEGER1)                    \
    X(INTEGER2)                    \
    X(INTEGER4)                    \
    X(INTEGER8)                    \
    X(REAL4)                       \
    X(REAL8)                       \
    X(2INTEGER)                    \
    X(2REAL)                       \
    X(2DOUBLE_PRECISION)
#define MPCHAR_RT_DECLARE_TYPE(name) \
    extern struct mpchar_rt_type mpchar_rt_type_##name;
MPCHAR_RT_FORTRAN_TYPES(MPCHAR_RT_DECLARE_TYPE)
#undef MPCHAR_RT_DECLARE_TYPE
#define MPI_INTEGER (&mpchar_rt_type_INTEGER)
#define MPI_REAL (&mpchar_rt_type_REAL)
#define MPI_DOUBLE_PRECISION (&mpchar_rt_type_DOUBLE_PRECISION)
#define MPI_COMPLEX (&mpchar_rt_type_COMPLEX)
#define MPI_DOUBLE_COMPLEX (&mpchar_rt_type_DOUBLE_COMPLEX)
#define MPI_LOGICAL (&mpchar_rt_type_LOGICAL)
#define MPI_CHARACTER (&mpchar_rt_type_CHARACTER)
#define MPI_INTEGER1 (&mpchar_rt_type_INTEGER1)
#define MPI_INTEGER2 (&mpchar_rt_type_INTEGER2)
#define MPI_INTEGER4 (&mpchar_rt_type_INTEGER4)
#define MPI_INTEGER8 (&mpchar_rt_type_INTEGER8)
#define MPI_REAL4 (&mpchar_rt_type_REAL4)
#define MPI_REAL8 (&mpchar_rt_type_REAL8)
#define MPI_2INTEGER (&mpchar_rt_type_2INTEGER)
#define MPI_2REAL (&mpchar_rt_type_2REAL)
#define MPI_2DOUBLE_PRECISION (&mpchar_rt_type_2DOUBLE_PRECISION)
/* ---- one-sided communication (docs/runtime.md, "One-sided
 * communication") ---- */
typedef struct mpchar_rt_win *MPI_Win;
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *errorcode, ...);
#define MPI_WIN_NULL ((MPI_Win)0)

/* error classes of windows and epochs */
#define MPI_ERR_WIN 21
#define MPI_ERR_BASE 22
#define MPI_ERR_SIZE 23
#define MPI_ERR_DISP 24
#define MPI_ERR_LOCKTYPE 25
#define MPI_ERR_ASSERT 26
#define MPI_ERR_RMA_CONFLICT 27
#define MPI_ERR_RMA_SYNC 28
#define MPI_ERR_RMA_RANGE 29

#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
/* window attribute keys (MPI_Win_get_attr) */
#define MPI_WIN_BASE 1
#define MPI_WIN_SIZE 2
#define MPI_WIN_DISP_UNIT 3
#define MPI_WIN_CREATE_FLAVOR 4
#define MPI_WIN_MODEL 5
/* MPI_WIN_CREATE_FLAVOR's values (no dynamic windows here) and
 * MPI_WIN_MODEL's: one memory, the unified model */
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

/* MPI_REPLACE and MPI_NO_OP: accumulate-only operations */
extern struct mpchar_rt_op mpchar_rt_op_REPLACE, mpchar_rt_op_NO_OP;
#define MPI_REPLACE (&mpchar_rt_op_REPLACE)
#define MPI_NO_OP (&mpchar_rt_op_NO_OP)

MPCHAR_RT_FN(int, Win_create,
             (void *base, MPI_Aint size, int disp_unit, MPI_Info info,
              MPI_Comm comm, MPI_Win *win))
MPCHAR_RT_FN(int, Win_allocate,
             (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
              void *baseptr, MPI_Win *win))
MPCHAR_RT_FN(int, Win_allocate_shared,
             (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
              void *baseptr, MPI_Win *win))
MPCHAR_RT_FN(int, Win_shared_query,
             (MPI_Win win, int rank, MPI_Aint *size, int *disp_unit,
              void *baseptr))
MPCHAR_RT_FN(int, Win_free, (MPI_Win * win))
MPCHAR_RT_FN(int, Win_get_group, (MPI_Win win, MPI_Group *group))
MPCHAR_RT_FN(int, Win_get_attr,
             (MPI_Win win, int win_keyval, void *attribute_val, int *flag))
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval,
                                       void *extra_state,
                                       void *attribute_val_in,
                                       void *attribute_val_out, int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval,
                                         void *attribute_val,
                                         void *extra_state);
MPI_Win_copy_attr_function mpchar_rt_win_dup_fn;
#define MPI_WIN_NULL_COPY_FN ((MPI_Win_copy_attr_function *)0)
#define MPI_WIN_DUP_FN mpchar_rt_win_dup_fn
#define MPI_WIN_NULL_DELETE_FN ((MPI_Win_delete_attr_function *)0)
MPCHAR_RT_FN(int, Win_create_keyval,
             (MPI_Win_copy_attr_function * win_copy_attr_fn,
              MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval,
              void *extra_state))
MPCHAR_RT_FN(int, Win_free_keyval, (int *win_keyval))
MPCHAR_RT_FN(int, Win_set_attr,
             (MPI_Win win, int win_keyval, void *attribute_val))
MPCHAR_RT_FN(int, Win_delete_attr, (MPI_Win win, int win_keyval))
MPCHAR_RT_FN(int, Win_create_errhandler,
             (MPI_Win_errhandler_function * function,
              MPI_Errhandler *errhandler))
MPCHAR_RT_FN(int, Win_set_errhandler, (MPI_Win win, MPI_Errhandler errhandler))
MPCHAR_RT_FN(int, Win_get_errhandler, (MPI_Win win, MPI_Errhandler *errhandler))
MPCHAR_RT_FN(int, Win_call_errhandler, (MPI_Win win, int errorcode))
MPCHAR_RT_FN(int, Put,
             (const void *origin_addr, int origin_count,
              MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, int target_count,
              MPI_Datatype target_datatype, MPI_Win win))
MPCHAR_RT_FN(int, Get,
             (void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
              int target_rank, MPI_Aint target_disp, int target_count,
              MPI_Datatype target_datatype, MPI_Win win))
MPCHAR_RT_FN(int, Accumulate,
             (const void *origin_addr, int origin_count,
              MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, int target_count,
              MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
MPCHAR_RT_FN(int, Get_accumulate,
             (const void *origin_addr, int origin_count,
              MPI_Datatype origin_datatype, void *result_addr, int result_count,
              MPI_Datatype result_datatype, int target_rank,
              MPI_Aint target_disp, int target_count,
              MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
MPCHAR_RT_FN(int, Fetch_and_op,
             (const void *origin_addr, void *result_addr, MPI_Datatype datatype,
              int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win))
MPCHAR_RT_FN(int, Compare_and_swap,
             (const void *origin_addr, const void *compare_addr,
              void *result_addr, MPI_Datatype datatype, int target_rank,
              MPI_Aint target_disp, MPI_Win win))
MPCHAR_RT_FN(int, Win_fence, (int assert, MPI_Win win))
MPCHAR_RT_FN(int, Win_lock, (int lock_type, int rank, int assert, MPI_Win win))
MPCHAR_RT_FN(int, Win_unlock, (int rank, MPI_Win win))
MPCHAR_RT_FN(int, Win_lock_all, (int assert, MPI_Win win))
MPCHAR_RT_FN(int, Win_unlock_all, (MPI_Win win))
MPCHAR_RT_FN(int, Win_flush, (int rank, MPI_Win win))
MPCHAR_RT_FN(int, Win_flush_all, (MPI_Win win))
MPCHAR_RT_FN(int, Win_flush_local, (int rank, MPI_Win win))
MPCHAR_RT_FN(int, Win_flush_local_all, (MPI_Win win))
MPCHAR_RT_FN(int, Win_sync, (MPI_Win win))
MPCHAR_RT_FN(int, Win_post, (MPI_Group group, int assert, MPI_Win win))
MPCHAR_RT_FN(int, Win_start, (MPI_Group group, int assert, MPI_Win win))
MPCHAR_RT_FN(int, Win_complete, (MPI_Win win))
MPCHAR_RT_FN(int, Win_wait, (MPI_Win win))
MPCHAR_RT_FN(int, Win_test, (MPI_Win win, int *flag))
/* Fortran's INTEGER handles of windows (as MPI_Comm_c2f/f2c above). */
MPCHAR_RT_FN(MPI_Fint, Win_c2f, (MPI_Win win))
MPCHAR_RT_FN(MPI_Win, Win_f2c, (MPI_Fint win))
MPCHAR_RT_FN(MPI_Fint, Message_c2f, (MPI_Message message))
MPCHAR_RT_FN(MPI_Message, Message_f2c, (MPI_Fint message))
/* ---- Nonblocking collectives and persistent requests (issue 21) ----
 * Each I<collective> takes its blocking twin's arguments and a request;
 * it advances inside MPI calls (docs/runtime.md). */
MPCHAR_RT_FN(int, Ibcast,
             (void *buffer, int count, MPI_Datatype datatype, int root,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Ireduce,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Iallreduce,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Igather,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Igatherv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, int root, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Iscatter,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Iscatterv,
             (const void *sendbuf, const int sendcounts[], const int displs[],
              MPI_Datatype sendtype, void *recvbuf, int recvcount,
              MPI_Datatype recvtype, int root, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Iallgather,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Iallgatherv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Ialltoall,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Ialltoallv,
             (const void *sendbuf, const int sendcounts[], const int sdispls[],
              MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
              const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Alltoallw,
             (const void *sendbuf, const int sendcounts[], const int sdispls[],
              const MPI_Datatype sendtypes[], void *recvbuf,
              const int recvcounts[], const int rdispls[],
              const MPI_Datatype recvtypes[], MPI_Comm comm))
MPCHAR_RT_FN(int, Ialltoallw,
             (const void *sendbuf, const int sendcounts[], const int sdispls[],
              const MPI_Datatype sendtypes[], void *recvbuf,
              const int recvcounts[], const int rdispls[],
              const MPI_Datatype recvtypes[], MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Ireduce_scatter,
             (const void *sendbuf, void *recvbuf, const int recvcounts[],
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Ireduce_scatter_block,
             (const void *sendbuf, void *recvbuf, int recvcount,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Iscan,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Iexscan,
             (const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Send_init,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Ssend_init,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Rsend_init,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Bsend_init,
             (const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Recv_init,
             (void *buf, int count, MPI_Datatype datatype, int source, int tag,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Start, (MPI_Request * request))
MPCHAR_RT_FN(int, Startall, (int count, MPI_Request requests[]))

/* ---- groups, topologies, info, memory, stencil datatypes, names ----
 * (docs/runtime.md, "Groups and topologies") */
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_OBJECT_NAME 128
#define MPI_CART 1
#define MPI_DIST_GRAPH 3
#define MPI_ORDER_C 0
#define MPI_ORDER_FORTRAN 1

extern struct mpchar_rt_group mpchar_rt_group_empty;
#define MPI_GROUP_EMPTY (&mpchar_rt_group_empty)
extern struct mpchar_rt_info mpchar_rt_info_env;
#define MPI_INFO_ENV (&mpchar_rt_info_env)

MPCHAR_RT_FN(int, Comm_group, (MPI_Comm comm, MPI_Group *group))
MPCHAR_RT_FN(int, Group_size, (MPI_Group group, int *size))
MPCHAR_RT_FN(int, Group_rank, (MPI_Group group, int *rank))
MPCHAR_RT_FN(int, Group_incl,
             (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_excl,
             (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_range_incl,
             (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_range_excl,
             (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_union,
             (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_intersection,
             (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_difference,
             (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
MPCHAR_RT_FN(int, Group_translate_ranks,
             (MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
              int ranks2[]))
MPCHAR_RT_FN(int, Group_compare,
             (MPI_Group group1, MPI_Group group2, int *result))
MPCHAR_RT_FN(int, Group_free, (MPI_Group * group))
MPCHAR_RT_FN(int, Comm_create,
             (MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Comm_create_group,
             (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Comm_set_name, (MPI_Comm comm, const char *comm_name))
MPCHAR_RT_FN(int, Comm_get_name,
             (MPI_Comm comm, char *comm_name, int *resultlen))

/* ---- attribute caching ---- */
#define MPI_KEYVAL_INVALID (-1)
/* MPI_COMM_WORLD's predefined attribute keys (user keyvals start above
 * them; the window keys MPI_WIN_BASE ... are 1-3) */
#define MPI_TAG_UB 10
#define MPI_HOST 11
#define MPI_IO 12
#define MPI_WTIME_IS_GLOBAL 13
#define MPI_UNIVERSE_SIZE 14
#define MPI_APPNUM 15
#define MPI_LASTUSEDCODE 16

typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval,
                                        void *extra_state,
                                        void *attribute_val_in,
                                        void *attribute_val_out, int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval,
                                          void *attribute_val,
                                          void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype, int type_keyval,
                                        void *extra_state,
                                        void *attribute_val_in,
                                        void *attribute_val_out, int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype,
                                          int type_keyval, void *attribute_val,
                                          void *extra_state);
typedef MPI_Comm_copy_attr_function MPI_Copy_function;
typedef MPI_Comm_delete_attr_function MPI_Delete_function;

/* The predefined callbacks: a NULL copy function copies nothing, a NULL
 * delete function does nothing, a DUP function copies the value. */
MPI_Comm_copy_attr_function mpchar_rt_comm_dup_fn;
MPI_Type_copy_attr_function mpchar_rt_type_dup_fn;
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function *)0)
#define MPI_COMM_DUP_FN mpchar_rt_comm_dup_fn
#define MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function *)0)
#define MPI_NULL_COPY_FN MPI_COMM_NULL_COPY_FN
#define MPI_DUP_FN MPI_COMM_DUP_FN
#define MPI_NULL_DELETE_FN MPI_COMM_NULL_DELETE_FN
#define MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function *)0)
#define MPI_TYPE_DUP_FN mpchar_rt_type_dup_fn
#define MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function *)0)

MPCHAR_RT_FN(int, Comm_create_keyval,
             (MPI_Comm_copy_attr_function * comm_copy_attr_fn,
              MPI_Comm_delete_attr_function *comm_delete_attr_fn,
              int *comm_keyval, void *extra_state))
MPCHAR_RT_FN(int, Comm_free_keyval, (int *comm_keyval))
MPCHAR_RT_FN(int, Comm_set_attr,
             (MPI_Comm comm, int comm_keyval, void *attribute_val))
MPCHAR_RT_FN(int, Comm_get_attr,
             (MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag))
MPCHAR_RT_FN(int, Comm_delete_attr, (MPI_Comm comm, int comm_keyval))
MPCHAR_RT_FN(int, Keyval_create,
             (MPI_Copy_function * copy_fn, MPI_Delete_function *delete_fn,
              int *keyval, void *extra_state))
MPCHAR_RT_FN(int, Keyval_free, (int *keyval))
MPCHAR_RT_FN(int, Attr_put, (MPI_Comm comm, int keyval, void *attribute_val))
MPCHAR_RT_FN(int, Attr_get,
             (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
MPCHAR_RT_FN(int, Attr_delete, (MPI_Comm comm, int keyval))
MPCHAR_RT_FN(int, Type_create_keyval,
             (MPI_Type_copy_attr_function * type_copy_attr_fn,
              MPI_Type_delete_attr_function *type_delete_attr_fn,
              int *type_keyval, void *extra_state))
MPCHAR_RT_FN(int, Type_free_keyval, (int *type_keyval))
MPCHAR_RT_FN(int, Type_set_attr,
             (MPI_Datatype datatype, int type_keyval, void *attribute_val))
MPCHAR_RT_FN(int, Type_get_attr,
             (MPI_Datatype datatype, int type_keyval, void *attribute_val,
              int *flag))
MPCHAR_RT_FN(int, Type_delete_attr, (MPI_Datatype datatype, int type_keyval))

MPCHAR_RT_FN(int, Dims_create, (int nnodes, int ndims, int dims[]))
MPCHAR_RT_FN(int, Cart_create,
             (MPI_Comm comm_old, int ndims, const int dims[],
              const int periods[], int reorder, MPI_Comm *comm_cart))
MPCHAR_RT_FN(int, Cart_coords,
             (MPI_Comm comm, int rank, int maxdims, int coords[]))
MPCHAR_RT_FN(int, Cart_rank, (MPI_Comm comm, const int coords[], int *rank))
MPCHAR_RT_FN(int, Cart_shift,
             (MPI_Comm comm, int direction, int disp, int *rank_source,
              int *rank_dest))
MPCHAR_RT_FN(int, Cart_sub,
             (MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm))
MPCHAR_RT_FN(int, Cart_get,
             (MPI_Comm comm, int maxdims, int dims[], int periods[],
              int coords[]))
MPCHAR_RT_FN(int, Cartdim_get, (MPI_Comm comm, int *ndims))
MPCHAR_RT_FN(int, Topo_test, (MPI_Comm comm, int *status))

/* distributed graphs and the neighbourhood collectives (on them and on
 * Cartesian communicators) */
extern int mpchar_rt_unweighted[1], mpchar_rt_weights_empty[1];
#define MPI_UNWEIGHTED (mpchar_rt_unweighted)
#define MPI_WEIGHTS_EMPTY (mpchar_rt_weights_empty)
MPCHAR_RT_FN(int, Dist_graph_create_adjacent,
             (MPI_Comm comm_old, int indegree, const int sources[],
              const int sourceweights[], int outdegree,
              const int destinations[], const int destweights[], MPI_Info info,
              int reorder, MPI_Comm *comm_dist_graph))
MPCHAR_RT_FN(int, Dist_graph_create,
             (MPI_Comm comm_old, int n, const int sources[],
              const int degrees[], const int destinations[],
              const int weights[], MPI_Info info, int reorder,
              MPI_Comm *comm_dist_graph))
MPCHAR_RT_FN(int, Dist_graph_neighbors_count,
             (MPI_Comm comm, int *indegree, int *outdegree, int *weighted))
MPCHAR_RT_FN(int, Dist_graph_neighbors,
             (MPI_Comm comm, int maxindegree, int sources[],
              int sourceweights[], int maxoutdegree, int destinations[],
              int destweights[]))
MPCHAR_RT_FN(int, Neighbor_allgather,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Ineighbor_allgather,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Neighbor_allgatherv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, MPI_Comm comm))
MPCHAR_RT_FN(int, Ineighbor_allgatherv,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Neighbor_alltoall,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm))
MPCHAR_RT_FN(int, Ineighbor_alltoall,
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm, MPI_Request *request))
MPCHAR_RT_FN(int, Neighbor_alltoallv,
             (const void *sendbuf, const int sendcounts[], const int sdispls[],
              MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
              const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
MPCHAR_RT_FN(int, Ineighbor_alltoallv,
             (const void *sendbuf, const int sendcounts[], const int sdispls[],
              MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
              const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
              MPI_Request *request))
MPCHAR_RT_FN(int, Neighbor_alltoallw,
             (const void *sendbuf, const int sendcounts[],
              const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
              void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
              const MPI_Datatype recvtypes[], MPI_Comm comm))
MPCHAR_RT_FN(int, Ineighbor_alltoallw,
             (const void *sendbuf, const int sendcounts[],
              const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
              void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
              const MPI_Datatype recvtypes[], MPI_Comm comm,
              MPI_Request *request))

MPCHAR_RT_FN(int, Alloc_mem, (MPI_Aint size, MPI_Info info, void *baseptr))
MPCHAR_RT_FN(int, Free_mem, (void *base))
MPCHAR_RT_FN(int, Info_create, (MPI_Info * info))
MPCHAR_RT_FN(int, Info_set, (MPI_Info info, const char *key, const char *value))
MPCHAR_RT_FN(int, Info_get,
             (MPI_Info info, const char *key, int valuelen, char *value,
              int *flag))
MPCHAR_RT_FN(int, Info_get_nkeys, (MPI_Info info, int *nkeys))
MPCHAR_RT_FN(int, Info_get_nthkey, (MPI_Info info, int n, char *key))
MPCHAR_RT_FN(int, Info_get_valuelen,
             (MPI_Info info, const char *key, int *valuelen, int *flag))
MPCHAR_RT_FN(int, Info_delete, (MPI_Info info, const char *key))
MPCHAR_RT_FN(int, Info_dup, (MPI_Info info, MPI_Info *newinfo))
MPCHAR_RT_FN(int, Info_free, (MPI_Info * info))

MPCHAR_RT_FN(int, Type_create_hvector,
             (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_hvector,
             (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_create_hindexed,
             (int count, const int blocklengths[],
              const MPI_Aint displacements[], MPI_Datatype oldtype,
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_create_indexed_block,
             (int count, int blocklength, const int displacements[],
              MPI_Datatype oldtype, MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_create_hindexed_block,
             (int count, int blocklength, const MPI_Aint displacements[],
              MPI_Datatype oldtype, MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_create_subarray,
             (int ndims, const int sizes[], const int subsizes[],
              const int starts[], int order, MPI_Datatype oldtype,
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_create_resized,
             (MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
              MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Type_dup, (MPI_Datatype oldtype, MPI_Datatype *newtype))
MPCHAR_RT_FN(int, Pack,
             (const void *inbuf, int incount, MPI_Datatype datatype,
              void *outbuf, int outsize, int *position, MPI_Comm comm))
MPCHAR_RT_FN(int, Unpack,
             (const void *inbuf, int insize, int *position, void *outbuf,
              int outcount, MPI_Datatype datatype, MPI_Comm comm))
MPCHAR_RT_FN(int, Pack_size,
             (int incount, MPI_Datatype datatype, MPI_Comm comm, int *size))

#undef MPCHAR_RT_FN

#ifdef __cplusplus
}
#endif
#endif /* MPCHAR_RT_MPI_H */
