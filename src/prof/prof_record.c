/* The per-rank event buffer and file: events go into a preallocated
 * buffer (no lock, no system call, no page fault on the call path: its
 * pages are touched once at start-up), and the buffer is written to the
 * rank's file when full, at MPI_Finalize, at exit, at MPI_Abort and when
 * a fatal signal arrives (SIGTERM from a launcher ending the job, SIGSEGV,
 * ...), so that an ended program leaves what it recorded.  Only SIGKILL
 * loses the buffer's unwritten part (at most 1 MiB of events).
 * The file is the header page, rewritten after each flush with the count
 * of events written, then the events. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prof.h"

#define PROF_BUFFER_WORDS (1u << 17) /* 1 MiB */

static uint64_t buffer[PROF_BUFFER_WORDS];
static union {
    mpchar_prof_header h;
    char page[MPCHAR_PROF_HEADER_BYTES];
} header_page;
static uint64_t flushed; /* words in the file */

prof_state prof = {NULL, NULL, NULL, -1, 0};

/* pwrite of all of len bytes; async-signal-safe. */
static int write_at(const void *data, size_t len, uint64_t offset)
{
    const char *p = data;
    while (len > 0) {
        ssize_t n = pwrite(prof.fd, p, len, (off_t)offset);
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
        offset += (uint64_t)n;
    }
    return 0;
}

/* Writes the buffered events, then the header that counts them;
 * async-signal-safe (the signal handlers call it). */
void prof_flush(void)
{
    if (prof.fd < 0)
        return;
    size_t n = (size_t)(prof.next - buffer);
    if (write_at(buffer, n * sizeof *buffer,
                 MPCHAR_PROF_HEADER_BYTES + flushed * sizeof *buffer) != 0) {
        static const char msg[] = "mpchar-prof: cannot write the event file; "
                                  "recording stops\n";
        (void)!write(2, msg, sizeof msg - 1);
        close(prof.fd);
        prof.fd = -1;
        prof.next = prof.end = NULL;
        return;
    }
    flushed += n;
    header_page.h.n_words = flushed;
    write_at(&header_page, sizeof header_page, 0);
    prof.next = buffer;
}

int prof_next_chunk(void)
{
    if (prof.fd < 0)
        return -1;
    prof_flush();
    return prof.fd < 0 ? -1 : 0;
}

/* The fatal signals: flush, then let the signal do what it did before. */
static const int fatal_signals[] = {SIGTERM, SIGINT,  SIGHUP, SIGQUIT,
                                    SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
#define N_FATAL (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous[N_FATAL];

static void on_fatal(int sig)
{
    prof_flush();
    for (size_t i = 0; i < N_FATAL; i++)
        if (fatal_signals[i] == sig)
            sigaction(sig, &previous[i], NULL);
    raise(sig);
}

static void on_exit_flush(void)
{
    prof_flush();
}

int prof_file_open(const char *dir, int rank)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/rank-%06d.events", dir, rank);
    prof.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (prof.fd < 0) {
        fprintf(stderr, "mpchar-prof: cannot create %s: %m\n", path);
        return -1;
    }
    memset(buffer, 0, sizeof buffer); /* its pages present from now on */
    memset(&header_page, 0, sizeof header_page);
    prof.header = &header_page.h;
    prof.next = buffer;
    prof.end = buffer + PROF_BUFFER_WORDS;
    flushed = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_FATAL; i++)
        sigaction(fatal_signals[i], &sa, &previous[i]);
    static int registered;
    if (!registered++)
        atexit(on_exit_flush);
    return 0;
}

void prof_file_close(void)
{
    if (prof.fd < 0)
        return;
    prof_flush();
    for (size_t i = 0; i < N_FATAL; i++)
        sigaction(fatal_signals[i], &previous[i], NULL);
    if (prof.fd >= 0)
        close(prof.fd);
    prof.fd = -1;
    prof.next = prof.end = NULL;
}
