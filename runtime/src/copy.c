/*
 * Copy mechanisms between address spaces, as a small table of functions.
 *
 * CMA (process_vm_readv/writev) copies once between two processes' private
 * memory; the engine uses it for the rendezvous read and the remote write.
 * Where it is not permitted (ptrace restrictions, seccomp in containers),
 * the engine instead streams fragments through the ring ("copy-through"),
 * which needs no function here.
 */
#define _GNU_SOURCE
#include "rt.h"

#include <errno.h>
#include <sys/uio.h>

static int cma_read(int pid, void *local, uint64_t remote, size_t bytes)
{
  while (bytes > 0) {
    struct iovec l = {local, bytes};
    struct iovec r = {(void *)(uintptr_t)remote, bytes};
    ssize_t n = process_vm_readv(pid, &l, 1, &r, 1, 0);
    if (n <= 0)
      return n < 0 ? errno : EIO;
    local = (char *)local + n;
    remote += (uint64_t)n;
    bytes -= (size_t)n;
  }
  return 0;
}

static int cma_write(int pid, uint64_t remote, const void *local, size_t bytes)
{
  while (bytes > 0) {
    struct iovec l = {(void *)(uintptr_t)local, bytes};
    struct iovec r = {(void *)(uintptr_t)remote, bytes};
    ssize_t n = process_vm_writev(pid, &l, 1, &r, 1, 0);
    if (n <= 0)
      return n < 0 ? errno : EIO;
    local = (const char *)local + n;
    remote += (uint64_t)n;
    bytes -= (size_t)n;
  }
  return 0;
}

const struct rt_copy_ops mpchar__copy_cma = {"cma", cma_read, cma_write};
