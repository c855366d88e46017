/* The per-rank event file: a header page and chunks of events, mapped
 * shared so that the events are the file's pages themselves.  Nothing is
 * copied or written on the call path; a killed process leaves every event
 * it stored (the kernel owns the pages), and the header's n_events says
 * how many.  Only a full chunk costs system calls (grow, map the next). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "prof.h"

#define PROF_CHUNK_EVENTS (1u << 16) /* 2 MiB of events per mapping */

prof_state prof = {NULL, NULL, NULL, -1, 0};

static size_t chunk_bytes(void)
{
    return (size_t)PROF_CHUNK_EVENTS * sizeof(mpchar_prof_event);
}

static void unmap_chunk(void)
{
    if (prof.end)
        munmap(prof.end - PROF_CHUNK_EVENTS, chunk_bytes());
    prof.next = prof.end = NULL;
}

int prof_next_chunk(void)
{
    if (prof.fd < 0)
        return -1;
    uint64_t offset = prof.end ? prof.chunk_offset + chunk_bytes()
                               : MPCHAR_PROF_HEADER_BYTES;
    unmap_chunk();
    if (ftruncate(prof.fd, (off_t)(offset + chunk_bytes())) != 0)
        goto fail;
    void *p = mmap(NULL, chunk_bytes(), PROT_READ | PROT_WRITE, MAP_SHARED,
                   prof.fd, (off_t)offset);
    if (p == MAP_FAILED)
        goto fail;
    prof.chunk_offset = offset;
    prof.next = p;
    prof.end = prof.next + PROF_CHUNK_EVENTS;
    return 0;
fail:
    /* Out of disk: keep what is recorded, stop recording. */
    perror("mpchar-prof: growing the event file");
    close(prof.fd);
    prof.fd = -1;
    return -1;
}

int prof_file_open(const char *dir, int rank)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/rank-%06d.events", dir, rank);
    prof.fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (prof.fd < 0 || ftruncate(prof.fd, MPCHAR_PROF_HEADER_BYTES) != 0) {
        fprintf(stderr, "mpchar-prof: cannot create %s: %m\n", path);
        return -1;
    }
    void *h = mmap(NULL, MPCHAR_PROF_HEADER_BYTES, PROT_READ | PROT_WRITE,
                   MAP_SHARED, prof.fd, 0);
    if (h == MAP_FAILED) {
        fprintf(stderr, "mpchar-prof: cannot map %s: %m\n", path);
        close(prof.fd);
        prof.fd = -1;
        return -1;
    }
    prof.header = h;
    memset(prof.header, 0, MPCHAR_PROF_HEADER_BYTES);
    return prof_next_chunk();
}

/* Cuts the file to the events written and releases the mappings. */
void prof_file_close(void)
{
    if (prof.fd < 0)
        return;
    uint64_t n = prof.header->n_events;
    unmap_chunk();
    munmap(prof.header, MPCHAR_PROF_HEADER_BYTES);
    if (ftruncate(prof.fd, (off_t)(MPCHAR_PROF_HEADER_BYTES +
                                   n * sizeof(mpchar_prof_event))) != 0)
        perror("mpchar-prof: truncating the event file");
    close(prof.fd);
    prof.fd = -1;
    prof.header = NULL;
}
