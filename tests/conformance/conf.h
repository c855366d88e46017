/*
 * Helpers of the MPI conformance suite: standard MPI C only, so that every
 * test builds and runs on mpchar's runtime, Open MPI and MPICH alike.  A
 * failed check names the rank, file and line and ends the job with
 * MPI_Abort(…, 1).
 */
#ifndef MPCHAR_CONF_H
#define MPCHAR_CONF_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int conf_rank, conf_size;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "rank %d: %s:%d: check failed: %s: ", conf_rank, \
                    __FILE__, __LINE__, #cond);                              \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
            MPI_Abort(MPI_COMM_WORLD, 1);                                    \
        }                                                                    \
    } while (0)

#define MPI_OK(call)                                                       \
    do {                                                                   \
        int conf_rc_ = (call);                                             \
        CHECK(conf_rc_ == MPI_SUCCESS, "%s returned %d", #call, conf_rc_); \
    } while (0)

/* Under MPI_ERRORS_RETURN: call fails with the error class cls. */
#define EXPECT_CLASS(call, cls)                                       \
    do {                                                              \
        int conf_rc_ = (call), conf_cls_ = MPI_SUCCESS;               \
        if (conf_rc_ != MPI_SUCCESS)                                  \
            MPI_Error_class(conf_rc_, &conf_cls_);                    \
        CHECK(conf_cls_ == (cls), "%s gave class %d, want %d", #call, \
              conf_cls_, (cls));                                      \
    } while (0)

/* Frees every buffer named: the end of most tests. */
#define CONF_FREE(...)                                                      \
    do {                                                                    \
        void *conf_bufs_[] = {__VA_ARGS__};                                 \
        for (size_t conf_i_ = 0;                                            \
             conf_i_ < sizeof conf_bufs_ / sizeof conf_bufs_[0]; conf_i_++) \
            free(conf_bufs_[conf_i_]);                                      \
    } while (0)

static void conf_init(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &conf_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &conf_size);
}

static int conf_finish(const char *name)
{
    MPI_Barrier(MPI_COMM_WORLD);
    if (conf_rank == 0)
        printf("%s: passed on %d processes\n", name, conf_size);
    MPI_Finalize();
    return 0;
}

/* A deterministic byte pattern for message checks. */
static unsigned char conf_byte(int src, int tag, size_t i)
{
    return (unsigned char)(src * 31 + tag * 7 + (int)(i % 251));
}

static void *conf_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    CHECK(p != NULL, "out of memory (%zu bytes)", n);
    return p;
}

#endif
