/* The test bed's latency reference (scripts/testbed.sh, docs/cluster.md):
 * a minimal TCP ping-pong of BYTES with TCP_NODELAY, no MPI, compiled by
 * `testbed.sh up`.  The client prints the one-way time in microseconds,
 * half the best round trip of ROUNDS after a warm-up: the floor under any
 * MPI library's t0 between two hosts of the bed.  The receiver polls
 * (MSG_DONTWAIT), as MPI libraries do, since a blocking recv measures the
 * scheduler's wake-up from an idle core too: 11.4 us one way on a quiet
 * machine against 3-4 us polling (docs/cluster.md).
 *   testbed_pingpong server BYTES
 *   testbed_pingpong client BYTES ADDRESS */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define PORT 47913
#define WARMUP 200
#define CONNECT_TRIES 200 /* 50 ms apart: 10 s */

static void die(const char *what)
{
    fprintf(stderr, "testbed_pingpong: %s\n", what);
    exit(1);
}

static void move(int fd, char *buf, size_t bytes, int sending)
{
    size_t done = 0;
    while (done < bytes) {
        ssize_t n = sending ? send(fd, buf + done, bytes - done, 0)
                            : recv(fd, buf + done, bytes - done, MSG_DONTWAIT);
        if (n < 0 && !sending && (errno == EAGAIN || errno == EWOULDBLOCK))
            continue;
        if (n <= 0)
            die("peer closed the connection");
        done += (size_t)n;
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int serve(void)
{
    int one = 1, ls = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(PORT)};
    setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(ls, (struct sockaddr *)&a, sizeof a) != 0 || listen(ls, 1) != 0)
        die("cannot listen");
    int fd = accept(ls, NULL, NULL);
    close(ls);
    return fd;
}

static int dial(const char *address)
{
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(PORT)};
    if (inet_pton(AF_INET, address, &a.sin_addr) != 1)
        die("not an IPv4 address");
    for (int i = 0; i < CONNECT_TRIES; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0)
            return fd;
        close(fd);
        usleep(50000);
    }
    die("the server does not answer");
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[1], "server") != 0 || argc != 3) &&
                        (strcmp(argv[1], "client") != 0 || argc != 4))
        die("usage: testbed_pingpong server BYTES | client BYTES ADDRESS");
    size_t bytes = strtoul(argv[2], NULL, 10);
    int server = strcmp(argv[1], "server") == 0, one = 1;
    long rounds =
        getenv("PINGPONG_ROUNDS") ? atol(getenv("PINGPONG_ROUNDS")) : 2000;
    char *buf = calloc(bytes ? bytes : 1, 1);
    int fd = server ? serve() : dial(argv[3]);
    if (fd < 0 || !buf)
        die("cannot connect");
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    double best = 1e30;
    for (long i = 0; i < WARMUP + rounds; i++) {
        double t = now_s();
        move(fd, buf, bytes, !server);
        move(fd, buf, bytes, server);
        if (i >= WARMUP && now_s() - t < best)
            best = now_s() - t;
    }
    if (!server)
        printf("%.2f\n", best / 2 * 1e6);
    close(fd);
    free(buf);
    return 0;
}
