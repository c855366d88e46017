/* Unit tests of the built-in runtime's ring (runtime/src/ring.c), producer
 * and consumer in one thread on one block of memory: packets of many sizes
 * over many laps, early laps (SKIP packets), a consumer that lags, and
 * payloads built to look like the stamps the consumer will expect.  The
 * consumer must read exactly the packets committed, in order: a stale
 * payload word the producer failed to clear would be read as a packet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rt.h"

void mpchar__fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    abort();
}

enum { RING_LINES = 256, LAP_LINES = 48, HEADER = sizeof(struct rt_pkt) };

typedef struct pair {
    void *mem;
    struct rt_ring out, in;
    uint64_t sent, received; /* packets */
} pair;

static void pair_open(pair *p, uint64_t lap_lines)
{
    p->mem = aligned_alloc(RT_LINE, (RING_LINES + 1) * RT_LINE);
    assert_non_null(p->mem);
    memset(p->mem, 0, (RING_LINES + 1) * RT_LINE);
    mpchar__ring_view(&p->out, p->mem, RING_LINES, 1, lap_lines);
    mpchar__ring_view(&p->in, p->mem, RING_LINES, 0, 0);
    p->sent = p->received = 0;
}

static void pair_close(pair *p)
{
    mpchar__ring_free(&p->out);
    free(p->mem);
}

/* Fills a packet's payload so that every word is the stamp the consumer
 * will expect at its line one to four laps later (a line that SKIP
 * packets cover stays unwritten for laps): if the producer ever leaves
 * such a line uncleared where a packet boundary falls, the consumer reads
 * a packet that was never sent. */
static void forge_payload(struct rt_pkt *pkt, size_t payload, uint64_t pos)
{
    unsigned char *at = (unsigned char *)pkt + HEADER;
    for (size_t off = 0; off < payload; off += 8) {
        uint64_t line = pos + (HEADER + off) / RT_LINE;
        uint64_t laps = 1 + (line * 2654435761u >> 7) % 4;
        uint64_t word = line + laps * RING_LINES + 1;
        memcpy(at + off, &word, payload - off < 8 ? payload - off : 8);
    }
}

/* Sends one packet of payload bytes; false when the ring is full. */
static bool send_one(pair *p, size_t payload)
{
    struct rt_pkt *pkt = mpchar__ring_reserve(&p->out, HEADER + payload);
    if (!pkt)
        return false;
    uint64_t pos = p->out.pos;
    pkt->type = PKT_EAGER;
    pkt->len = payload;
    pkt->a = p->sent++;
    forge_payload(pkt, payload, pos);
    mpchar__ring_commit(&p->out, pkt, HEADER + payload);
    return true;
}

/* Receives every packet there is, checking their order. */
static void drain(pair *p)
{
    struct rt_pkt *pkt;
    while ((pkt = mpchar__ring_peek(&p->in)) != NULL) {
        assert_int_equal(pkt->type, PKT_EAGER);
        assert_int_equal(pkt->a, p->received);
        p->received++;
        mpchar__ring_release(&p->in, pkt);
    }
    assert_int_equal(p->received, p->sent);
}

/* A size from a few bytes to half the ring, by a fixed pseudo-random
 * sequence, so that packet boundaries fall everywhere. */
static size_t next_size(uint64_t *state)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    size_t max = RING_LINES / 2 * RT_LINE - HEADER;
    switch ((*state >> 33) % 4) {
    case 0: return (*state >> 40) % 32;                    /* one line */
    case 1: return (*state >> 40) % (4 * RT_LINE);         /* a few lines */
    case 2: return (*state >> 40) % (LAP_LINES * RT_LINE); /* about a lap */
    default: return (*state >> 40) % max;                  /* up to half */
    }
}

/* A consumer that keeps up: every packet is read before the next is
 * sent, so that the producer goes back to line 0 past each lap. */
static void test_early_laps(void **state)
{
    (void)state;
    pair p;
    pair_open(&p, LAP_LINES);
    uint64_t seq = 1;
    for (int i = 0; i < 20000; i++) {
        assert_true(send_one(&p, next_size(&seq)));
        drain(&p);
    }
    assert_true(p.received == 20000);
    pair_close(&p);
}

/* A consumer that lags: the producer fills the ring until it refuses, the
 * consumer then reads all of it; and the same with reads of a few packets
 * at a time. */
static void test_lagging_consumer(void **state)
{
    (void)state;
    pair p;
    pair_open(&p, LAP_LINES);
    uint64_t seq = 7;
    for (int round = 0; round < 3000; round++) {
        int sent = 0;
        while (send_one(&p, next_size(&seq)) && ++sent < 1 + round % 9)
            ;
        drain(&p);
    }
    assert_true(p.received > 3000);
    pair_close(&p);
}

/* Without a lap the producer uses the whole ring every lap. */
static void test_whole_ring_laps(void **state)
{
    (void)state;
    pair p;
    pair_open(&p, 0);
    uint64_t seq = 3;
    for (int i = 0; i < 20000; i++) {
        if (!send_one(&p, next_size(&seq))) {
            drain(&p);
            assert_true(send_one(&p, next_size(&seq)));
        }
        if (i % 3 == 0)
            drain(&p);
    }
    drain(&p);
    pair_close(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_early_laps),
        cmocka_unit_test(test_lagging_consumer),
        cmocka_unit_test(test_whole_ring_laps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
