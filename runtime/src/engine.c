/*
 * Protocol engine: matching, the eager/write/rendezvous protocols, progress.
 *
 * Seed 003's two mechanisms on one node.  Eager: the sender copies header
 * and data into the receiver's ring (memory-based FIFO); a lone payload
 * above MPCHAR_RT_PIPE goes in chunks the receiver copies out as they come
 * (push_piped, eager_copy).  Write: a receive posted before its message,
 * naming its source, sends that source a write request (WREQ) with its
 * buffer address; a send that finds a matching request delivers into that
 * buffer with process_vm_writev (or inline in the completion packet when
 * small) and signals WDONE.  Large messages with no
 * request: the sender posts RTS and the receiver, on matching, reads the
 * sender's buffer with process_vm_readv and answers FIN; without cross-
 * memory attach the receiver answers CTS and the sender streams fragments
 * through the ring (copy-through).
 *
 * Shared copies.  One rank's copy does not use up the machine's memory
 * bandwidth, so two ranks that copy halves at once move a large message
 * sooner (figures in docs/runtime.md, "Shared copies").  The rank that
 * does a single copy (the receiver's rendezvous read, the sender's remote
 * write) owns it: it publishes the copy's chunks in the claim word of its
 * segment slot, sends the peer HELP, and claims chunks from the front.  The peer, if it is in the library and
 * handles HELP in time, claims chunks from the back and copies them the
 * other way (process_vm_writev for a read, process_vm_readv for a write).
 * The owner waits only for chunks the peer has claimed, which the peer is
 * copying at that moment, so a peer busy elsewhere costs nothing but the
 * HELP packet; a HELP that arrives after its copy finds a newer sequence
 * number, or no chunks left, and does nothing.  Two ranks that own copies
 * at once (a full-duplex exchange) cannot help each other, and a split copy
 * costs its owner a system call more.  So an owner copies alone while the
 * peer has an RTS of ours to read (it is about to own that copy), and
 * otherwise raises its owning flag and then reads the peer's (both
 * sequentially consistent, so of two simultaneous owners at least one sees
 * the other), and copies alone if the peer owns a copy too.
 *
 * Validity of write requests.  Delivering message M into the receive R
 * named by a write request is right only if R is the first receive posted
 * at the receiver that M matches.  Per ordered pair and context id the
 * receiver counts the ordinary (EAGER/RTS) messages it has consumed, K, and
 * the requests the sender told it were dropped, E, and puts both into each
 * request; the sender counts ordinary messages sent, L, and drops it sent,
 * D, and remembers the tags of its last 16 ordinary messages.  On arrival a
 * request is accepted unless E < D (issued before the receiver learnt of an
 * earlier drop, so an earlier receive may be missing from the sender's
 * list) or one of the ordinary messages K+1..L, in flight when the request
 * was issued, could match it (or that history is too short); a rejected
 * request is answered WDROP.  The sender then delivers every message that
 * matches an accepted request by write, in list order, so no ordinary
 * message can ever match an accepted request.  The receiver issues a
 * request only if every earlier pending receive that could match the same
 * source has a live one (an earlier ANY_SOURCE receive blocks it), so the
 * sender's list in order stands for the receiver's posted queue for that
 * source; a WDROP marks the receive dead, which blocks later requests while
 * it is pending.  A receive whose request is unresolved (neither WDONE nor
 * WDROP nor a cancel acknowledgement yet) is kept alive even if completed
 * and freed.  Cancelling a receive with a live request is a WCANCEL/ACK
 * exchange.
 *
 * Packets that cannot enter a full ring wait in a per-peer FIFO backlog,
 * flushed by progress; nothing inside progress ever blocks.  One-sided
 * communication (rma*.c) sends PKT_RMA packets through the same rings and
 * backlogs (mpchar__post) and copies with the same shared copies
 * (mpchar__cma); progress hands its packets to mpchar__rma_handle.
 */
#define _GNU_SOURCE
#include "box.h"
#include "rma.h"
#include "rt.h"
#include "xfer_hook.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

struct out_item {
    struct out_item *next;
    struct rt_pkt h; /* header template; stamp/lines unused */
    size_t poff;     /* payload offset in the packet */
    const void *payload;
    size_t plen;
    struct mpchar_rt_request *complete; /* completed once pushed */
    int frag;                           /* copy-through stream */
    int owned;                          /* payload is a copy to free */
    size_t off, total;
};

struct wreq {
    struct wreq *next;
    uint32_t ctx;
    int tag;
    uint64_t rbuf, rreq, cap;
};

struct ux { /* unexpected message */
    struct ux *next, *prev;
    int type; /* PKT_EAGER or PKT_RTS */
    uint32_t ctx;
    int src, tag, world;
    size_t len;
    void *data;
    unsigned flags; /* the packet's PKT_F_* */
    uint64_t sreq, saddr;
};

/* The engine's queues are intrusive FIFO lists, with head and tail, of
 * different node types; these are their one implementation.  Unlinking a
 * node of a singly linked list takes its predecessor (NULL: the head). */
#define LIST_APPEND(head, tail, node) \
    do {                              \
        (node)->next = NULL;          \
        if (tail)                     \
            (tail)->next = (node);    \
        else                          \
            (head) = (node);          \
        (tail) = (node);              \
    } while (0)
#define LIST_UNLINK(head, tail, prev_node, node) \
    do {                                         \
        if (prev_node)                           \
            (prev_node)->next = (node)->next;    \
        else                                     \
            (head) = (node)->next;               \
        if ((tail) == (node))                    \
            (tail) = (prev_node);                \
    } while (0)
#define DLIST_APPEND(head, tail, node) \
    do {                               \
        (node)->prev = (tail);         \
        LIST_APPEND(head, tail, node); \
    } while (0)
#define DLIST_UNLINK(head, tail, node)               \
    do {                                             \
        if ((node)->next)                            \
            (node)->next->prev = (node)->prev;       \
        LIST_UNLINK(head, tail, (node)->prev, node); \
    } while (0)

/* Counts of ordinary messages per (peer, context id): a message on another
 * communicator can never match a receive, so only its own context matters. */
#define RT_HIST 16
struct ctxcount {
    uint32_t ctx;
    uint64_t consumed;     /* K: ordinary messages consumed from the peer */
    uint64_t sent;         /* L: ordinary messages sent to the peer */
    uint64_t drops_sent;   /* D: WDROPs sent to the peer */
    uint64_t drops_got;    /* E: WDROPs received from the peer */
    int hist_tag[RT_HIST]; /* tags of ordinary messages L-15..L, by seq % 16 */
};

struct peer {
    struct rt_ring out, in;
    struct out_item *bl_head, *bl_tail;
    struct wreq *wr_head, *wr_tail;
    struct ctxcount *cc;    /* per context id: K, L, live requests */
    struct rt_box_pair box; /* the duplex box shared with the peer */
    int rts_unread;         /* our RTS the peer has not answered FIN (CMA) */
    unsigned pushed_in_row; /* payloads pushed since we last consumed a
                               packet of the peer's */
    int sent_since_recv;    /* pushed anything since we last consumed from it */
    unsigned box_skip;      /* sends left that avoid the box after a crossing */
    int in_dry;             /* our last look at its ring found nothing */
    int in_fresh;           /* the packet just found came after such a look */
    size_t ncc, capcc, last_cc;
    int pid;
};

/* C_SELF: messages a rank sent to itself (one copy, no ring) */
enum { C_EAGER, C_WRITE, C_RNDV, C_COPY, C_SELF, C_NPROTO };
static const char *const proto_name[C_NPROTO] = {"eager", "write", "rndv_read",
                                                 "copy_through", "self"};

/* PKT_FIN's b: the FIN ends a rendezvous read (else a synchronous eager send) */
#define FIN_RNDV 1

/* Chunks of a shared copy: halves up to 2 * RT_SHARE_CHUNK bytes, then
 * chunks of RT_SHARE_CHUNK up to RT_SHARE_CHUNKS of them.  Each chunk is
 * one system call, whose fixed cost (docs/runtime.md, "Shared copies") is
 * paid again. */
#define RT_SHARE_CHUNKS 8
#define RT_SHARE_CHUNK ((size_t)128 << 10)

static struct {
    void *seg;
    struct rt_seg_header *hdr;
    int rank, size;
    struct peer *peers;
    int cma;
    int cpu_each;     /* every rank has a CPU of its own */
    size_t share_min; /* 0: copies are never shared */
    int backlog;      /* items in all backlogs */
    struct mpchar_rt_request *posted_head, *posted_tail;
    struct ux *ux_head, *ux_tail;
    uint64_t msgs[C_NPROTO], bytes[C_NPROTO];
    uint64_t wreq_sent, wreq_dropped;
    uint64_t helped_bytes; /* bytes copied for a peer's shared copy */
    uint64_t box_msgs;     /* messages sent through duplex boxes */
    uint64_t piped_msgs;   /* eager payloads published chunk by chunk */
    uint32_t share_seq;    /* sequence number of our last shared copy */
    int unresolved;        /* our receives whose write request is unresolved */
    uint64_t completions;  /* requests completed so far */
} E;

static void complete(struct mpchar_rt_request *req);
static struct ux *match_ux(uint32_t ctx, int src, int tag);

static struct ctxcount *ctx_counts(struct peer *pr, uint32_t ctx)
{
    if (pr->ncc && pr->cc[pr->last_cc].ctx == ctx)
        return &pr->cc[pr->last_cc];
    for (size_t i = 0; i < pr->ncc; i++)
        if (pr->cc[i].ctx == ctx) {
            pr->last_cc = i;
            return &pr->cc[i];
        }
    struct ctxcount *cc =
        mpchar_grow(pr->cc, &pr->capcc, pr->ncc + 1, sizeof *cc);
    if (!cc)
        mpchar__fatal("out of memory counting messages");
    pr->cc = cc;
    memset(&pr->cc[pr->ncc], 0, sizeof pr->cc[pr->ncc]);
    pr->cc[pr->ncc].ctx = ctx;
    return &pr->cc[pr->ncc++];
}

/* ---------------- outgoing packets ---------------- */

/* A piped packet's payload starts on its second line, so that chunks end
 * on line boundaries and the header line holds the count of bytes in. */
#define RT_PIPE_HEADER 64
#define RT_PIPE_CHUNKS 4

/* The largest lone payload whose lines are demoted once written: 512 B
 * to 4 KiB ping-pongs took 6-15% less time, 8-64 KiB (whole or piped)
 * none or more (docs/performance.md, "Issue 21: demoted lines"). */
#define RT_DEMOTE_MAX 4096

/* The chunk in which an eager payload of plen bytes is published, or 0 to
 * publish it whole.  Only a lone payload (a ping-pong's, an exchange's) is
 * piped, as its receiver is likely waiting for it: a stream's receiver is
 * copying an earlier packet meanwhile, and its polls of the count would
 * only take the header line from the sender.  With more ranks than CPUs
 * the receiver would wait for a sender that may not run.  At most
 * RT_PIPE_CHUNKS chunks: in 4 KiB chunks a 64 KiB exchange took 13% longer
 * than whole, in quarters as long (docs/performance.md, "Issue 21: eager
 * payloads in chunks"). */
static size_t pipe_chunk(const struct peer *pr, const struct rt_pkt *h,
                         size_t plen)
{
    size_t chunk = mpchar__cfg.pipe_bytes; /* whole lines (config.c) */
    if (h->type != PKT_EAGER || !E.cpu_each || !chunk || plen <= chunk ||
        pr->pushed_in_row > 0)
        return 0;
    size_t quarter = (plen / RT_PIPE_CHUNKS + RT_LINE - 1) / RT_LINE * RT_LINE;
    return quarter > chunk ? quarter : chunk;
}

/* Writes a piped packet reserved at p: the first chunk, the header (which
 * the receiver may then see), and each further chunk followed by the count
 * of bytes in, so that the receiver copies chunk k out while we copy chunk
 * k + 1 in: an 8 KiB ping-pong took 2.05 us one way in two chunks against
 * 2.45 us whole (two threads, docs/performance.md). */
static void push_piped(struct peer *pr, struct rt_pkt *p,
                       const struct rt_pkt *h, size_t poff, const void *payload,
                       size_t plen, size_t chunk)
{
    char *dst = (char *)p + RT_PIPE_HEADER;
    const char *src = payload;
    memcpy(dst, src, chunk);
    memcpy((char *)p + 8, (const char *)h + 8, poff - 8);
    p->flags |= PKT_F_PIPE;
    E.piped_msgs++;
    __atomic_store_n(&p->d, chunk, __ATOMIC_RELAXED);
    mpchar__ring_commit(&pr->out, p, RT_PIPE_HEADER + plen);
    for (size_t done = chunk; done < plen;) {
        size_t n = plen - done < chunk ? plen - done : chunk;
        memcpy(dst + done, src + done, n);
        done += n;
        __atomic_store_n(&p->d, done, __ATOMIC_RELEASE);
    }
}

static int try_push(struct peer *pr, const struct rt_pkt *h, size_t poff,
                    const void *payload, size_t plen)
{
    /* A large payload that follows one the peer has not answered, and has
     * not even read yet, is part of a stream, which the peer reads later:
     * bypassing our cache spares both sides the line-by-line ownership
     * traffic (mpchar__cfg.stream_copy_min).  Smaller ones cycle through
     * the ring's lap, which stays in both caches; a lone payload, as in a
     * ping-pong, and one the peer keeps up with (a reduce's operands,
     * sent time after time without an answer) stay in ours, where the
     * peer reads them soonest.  Control packets do not count: a FIN or
     * HELP sent before a reply leaves the reply lone. */
    int stream = plen >= mpchar__cfg.stream_copy_min && pr->pushed_in_row > 0 &&
                 !mpchar__ring_drained(&pr->out);
    size_t chunk = pipe_chunk(pr, h, plen);
    struct rt_pkt *p =
        mpchar__ring_reserve(&pr->out, (chunk ? RT_PIPE_HEADER : poff) + plen);
    if (!p)
        return 0;
    pr->pushed_in_row += plen > 0;
    if (chunk) {
        push_piped(pr, p, h, poff, payload, plen, chunk);
        return 1;
    }
    /* The payload past the first line first, then the line the peer polls
     * all at once (mpchar__ring_reserve): written in the other order, a
     * peer polling all along took the line between the header and the
     * stamp, each payload line widening the window; 64 B after the peer
     * had polled for 2 us cost 0.87 us round trip where 0 B cost 0.42
     * (slow state, docs/performance.md, "The polled line last"). */
    size_t head = poff < RT_LINE ? RT_LINE - poff : 0;
    head = plen < head ? plen : head;
    if (stream)
        mpchar__copy_streaming((char *)p + poff + head,
                               (const char *)payload + head, plen - head);
    else if (plen > head)
        memcpy((char *)p + poff + head, (const char *)payload + head,
               plen - head);
    memcpy((char *)p + 8, (const char *)h + 8, poff - 8);
    if (head)
        memcpy((char *)p + poff, payload, head);
    mpchar__ring_commit(&pr->out, p, poff + plen);
    /* A stream's next packets will take the lines ahead: owning them
     * before we write them spares each packet a wait for the peer to give
     * its copy up.  A lone message, as in a ping-pong, is not followed
     * soon, and there the peer would take the lines back first; it goes
     * to the shared cache instead, where the peer reads it sooner. */
    if (pr->sent_since_recv)
        mpchar__ring_prefetch(&pr->out, poff + plen);
    else if (plen <= RT_DEMOTE_MAX)
        mpchar__cache_demote_range(p, poff + plen);
    return 1;
}

/* A small eager message goes through the duplex box when it answers the
 * peer (we consumed from it since we last sent: a ping-pong's reply, where
 * the shared line saves a cache-line transfer), the peer has taken our
 * last box message, and our ring to it is drained, so that the box
 * message cannot overtake a ring packet.  A stream, which answers
 * nothing, never looks at the box or rereads the ring's head. */
static int box_fits(struct peer *pr, const struct rt_pkt *h, size_t plen)
{
    return h->type == PKT_EAGER && h->flags == 0 && plen <= RT_BOX_MAX &&
           !pr->sent_since_recv && !pr->box_skip &&
           mpchar__box_free(&pr->box) && mpchar__ring_drained(&pr->out);
}

/* Pushes a packet now, through the box or the ring; 0 if the ring is
 * full. */
static int push_now(struct peer *pr, const struct rt_pkt *h, size_t poff,
                    const void *payload, size_t plen)
{
    if (box_fits(pr, h, plen)) {
        mpchar__box_push(&pr->box, h, payload);
        E.box_msgs++;
    } else if (try_push(pr, h, poff, payload, plen)) {
        mpchar__box_ack(&pr->box);
        pr->box_skip -= pr->box_skip > 0;
    } else {
        return 0;
    }
    pr->sent_since_recv = 1;
    return 1;
}

static void backlog_append(struct peer *pr, struct out_item *it)
{
    LIST_APPEND(pr->bl_head, pr->bl_tail, it);
    E.backlog++;
}

/* Sends a packet now or queues it behind earlier ones. */
static void post_pkt(int peer, const struct rt_pkt *h, size_t poff,
                     const void *payload, size_t plen,
                     struct mpchar_rt_request *complete_req)
{
    struct peer *pr = &E.peers[peer];
    if (!pr->bl_head && push_now(pr, h, poff, payload, plen)) {
        if (complete_req)
            complete(complete_req);
        return;
    }
    struct out_item *it = calloc(1, sizeof *it);
    if (!it)
        mpchar__fatal("out of memory queueing a packet");
    it->h = *h;
    it->poff = poff;
    it->payload = payload;
    it->plen = plen;
    it->complete = complete_req;
    backlog_append(pr, it);
}

void mpchar__post(int peer, const struct rt_pkt *h, const void *payload,
                  size_t plen, int copy)
{
    struct peer *pr = &E.peers[peer];
    struct out_item *tail = pr->bl_tail;
    post_pkt(peer, h, sizeof *h, payload, plen, NULL);
    if (copy && plen && pr->bl_tail != tail) {
        /* it waits in the backlog: with a copy of its own payload */
        void *dup = malloc(plen);
        if (!dup)
            mpchar__fatal("out of memory queueing a one-sided packet");
        memcpy(dup, payload, plen);
        pr->bl_tail->payload = dup;
        pr->bl_tail->owned = 1;
    }
}

static void post_ctl(int peer, int type, uint64_t a, uint64_t b, uint64_t c)
{
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = (uint8_t)type;
    h.a = a;
    h.b = b;
    h.c = c;
    post_pkt(peer, &h, sizeof h, NULL, 0, NULL);
}

/* Pushes copy-through fragments; returns 1 when the stream is done. */
static int push_frags(struct peer *pr, struct out_item *it)
{
    struct mpchar_rt_request *sreq = it->complete;
    while (it->off < it->total) {
        size_t chunk = it->total - it->off;
        if (chunk > mpchar__cfg.frag_bytes)
            chunk = mpchar__cfg.frag_bytes;
        struct rt_pkt *p = mpchar__ring_reserve(&pr->out, 48 + chunk);
        if (!p)
            return 0;
        memcpy((char *)p + 48, (const char *)sreq->data + it->off, chunk);
        p->type = PKT_FRAG;
        p->flags = 0;
        p->len = chunk;
        p->a = it->h.a;
        p->b = it->off;
        mpchar__ring_commit(&pr->out, p, 48 + chunk);
        it->off += chunk;
    }
    return 1;
}

static int flush_backlog(struct peer *pr)
{
    int did = 0;
    while (pr->bl_head) {
        struct out_item *it = pr->bl_head;
        if (it->frag) {
            if (!push_frags(pr, it))
                break;
        } else if (!push_now(pr, &it->h, it->poff, it->payload, it->plen)) {
            break;
        }
        pr->bl_head = it->next;
        if (!pr->bl_head)
            pr->bl_tail = NULL;
        E.backlog--;
        if (it->complete)
            complete(it->complete);
        if (it->owned)
            free((void *)(uintptr_t)it->payload);
        free(it);
        did = 1;
    }
    return did;
}

/* ---------------- requests ---------------- */

static void set_status(struct mpchar_rt_request *req, int src, int tag,
                       size_t len)
{
    size_t n = len < req->bytes ? len : req->bytes;
    req->status.MPI_SOURCE = src;
    req->status.MPI_TAG = tag;
    req->status.mpchar_bytes = (long long)n;
    req->status.MPI_ERROR = len > req->bytes ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
}

static void complete(struct mpchar_rt_request *req)
{
    E.completions++;
    free(req->tmp);
    req->tmp = NULL;
    if (req->type) {
        mpchar__type_release(req->type);
        req->type = NULL;
    }
    atomic_store_explicit(&req->done, 1, memory_order_release);
    if (req->bsend_seg) {
        mpchar__bsend_release(req->bsend_seg);
        req->bsend_seg = NULL;
    }
    if ((req->internal || req->user_freed) && !req->cancel_pending &&
        !req->wreq_pending)
        mpchar__req_dispose(req);
}

void mpchar__req_free(struct mpchar_rt_request *req)
{
    if (atomic_load(&req->done) && !req->cancel_pending && !req->wreq_pending)
        mpchar__req_dispose(req);
    else
        req->user_freed = 1;
}

static void posted_remove(struct mpchar_rt_request *req)
{
    if (!req->posted)
        return;
    DLIST_UNLINK(E.posted_head, E.posted_tail, req);
    req->posted = 0;
    req->prev = req->next = NULL;
}

static void consumed_ordinary(int world, uint32_t ctx)
{
    ctx_counts(&E.peers[world], ctx)->consumed++;
}

/* The write request of req is resolved (written, dropped or cancelled). */
static void wreq_resolved(struct mpchar_rt_request *req)
{
    if (!req->wreq_pending)
        return;
    req->wreq_pending = 0;
    E.unresolved--;
    if (atomic_load(&req->done) && req->user_freed && !req->cancel_pending)
        mpchar__req_dispose(req);
}

static void posted_append(struct mpchar_rt_request *req)
{
    DLIST_APPEND(E.posted_head, E.posted_tail, req);
    req->posted = 1;
}

static int matches(uint32_t rctx, int rsrc, int rtag, uint32_t ctx, int src,
                   int tag)
{
    return rctx == ctx && (rsrc == MPI_ANY_SOURCE || rsrc == src) &&
           (rtag == MPI_ANY_TAG || rtag == tag);
}

static struct mpchar_rt_request *match_posted(uint32_t ctx, int src, int tag)
{
    for (struct mpchar_rt_request *r = E.posted_head; r; r = r->next)
        if (matches(r->ctx, r->peer, r->tag, ctx, src, tag))
            return r;
    return NULL;
}

/* Copies a contiguous byte stream into a receive's buffer. */
static void deliver(struct mpchar_rt_request *req, const void *data, size_t len)
{
    mpchar__type_unpack(data, len, req->count, req->type, req->buf);
}

/* ---------------- shared copies ---------------- */

struct share {       /* one side of a shared copy */
    int peer;        /* world rank of the other side */
    int to_peer;     /* 1: process_vm_writev into the peer, 0: readv from it */
    char *local;     /* this rank's buffer */
    uint64_t remote; /* the peer's buffer */
    size_t n, chunk;
    int solo; /* 1: never shared (the receiver reads the data next) */
};

static uint64_t claim_word(uint32_t seq, unsigned front, unsigned end)
{
    return (uint64_t)seq << 32 | (uint64_t)front << 16 | end;
}

/* Takes one unclaimed chunk, from the front or from the back; 0 if none is
 * left or the word belongs to another copy. */
static int claim_chunk(_Atomic uint64_t *word, uint32_t seq, int from_back,
                       unsigned *idx)
{
    uint64_t w = atomic_load_explicit(word, memory_order_acquire);
    for (;;) {
        unsigned front = (unsigned)(w >> 16) & 0xffffu,
                 end = (unsigned)w & 0xffffu;
        if ((uint32_t)(w >> 32) != seq || front >= end)
            return 0;
        uint64_t next = from_back ? claim_word(seq, front, end - 1)
                                  : claim_word(seq, front + 1, end);
        if (atomic_compare_exchange_weak_explicit(
                word, &w, next, memory_order_acq_rel, memory_order_acquire)) {
            *idx = from_back ? end - 1 : front;
            return 1;
        }
    }
}

/* Copies chunk idx; returns its length. */
static size_t copy_chunk(const struct share *s, unsigned idx)
{
    size_t off = (size_t)idx * s->chunk;
    size_t len = s->n - off < s->chunk ? s->n - off : s->chunk;
    int pid = E.peers[s->peer].pid;
    int rc =
        s->to_peer
            ? mpchar__copy_cma.write(pid, s->remote + off, s->local + off, len)
            : mpchar__copy_cma.read(pid, s->local + off, s->remote + off, len);
    if (rc != 0)
        mpchar__fatal("%s rank %d: %s",
                      s->to_peer ? "process_vm_writev to"
                                 : "process_vm_readv from",
                      s->peer, strerror(rc));
    return len;
}

/* The owner's side: publishes the chunks, offers help, copies from the
 * front and returns when every chunk is in place. */
static void share_copy(struct share s)
{
    size_t half = (s.n / 2 + 4095) & ~(size_t)4095;
    size_t eighth = (s.n / RT_SHARE_CHUNKS + 4095) & ~(size_t)4095;
    s.chunk = half < RT_SHARE_CHUNK     ? half
              : eighth > RT_SHARE_CHUNK ? eighth
                                        : RT_SHARE_CHUNK;
    unsigned chunks = (unsigned)((s.n + s.chunk - 1) / s.chunk);
    uint32_t seq = ++E.share_seq;
    struct rt_proc_info *me = mpchar__seg_proc(E.seg, E.rank);
    atomic_store_explicit(&me->share_helped, 0, memory_order_relaxed);
    atomic_store_explicit(&me->share_claim, claim_word(seq, 0, chunks),
                          memory_order_release);
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = PKT_HELP;
    h.tag = s.to_peer;
    h.len = s.n;
    h.a = (uint64_t)(uintptr_t)s.local;
    h.b = s.remote;
    h.c = seq;
    h.d = s.chunk;
    post_pkt(s.peer, &h, sizeof h, NULL, 0, NULL);
    unsigned idx, mine = 0;
    while (claim_chunk(&me->share_claim, seq, 0, &idx)) {
        copy_chunk(&s, idx);
        mine++;
    }
    unsigned idle = 0;
    while (atomic_load_explicit(&me->share_helped, memory_order_acquire) !=
           chunks - mine)
        mpchar__idle(&idle);
    atomic_store(&me->share_owning, 0);
}

/* Raises our owning flag unless the peer owns a copy or is about to: then
 * it could not help. */
static int may_share(int peer)
{
    if (E.peers[peer].rts_unread)
        return 0;
    struct rt_proc_info *me = mpchar__seg_proc(E.seg, E.rank);
    atomic_store(&me->share_owning, 1);
    if (!atomic_load(&mpchar__seg_proc(E.seg, peer)->share_owning))
        return 1;
    atomic_store(&me->share_owning, 0);
    return 0;
}

/* Copies with process_vm_readv/writev, shared with the peer when large. */
static void cma_copy(struct share s)
{
    mpchar__xfer(1, s.peer, s.n);
    if (!s.solo && E.share_min && s.n >= E.share_min && may_share(s.peer)) {
        share_copy(s);
    } else {
        s.chunk = s.n;
        if (s.n)
            copy_chunk(&s, 0);
    }
    mpchar__xfer(0, s.peer, s.n);
}

int mpchar__engine_cma(void)
{
    return E.cma;
}

/* The ring's pages, written in place with their own values (or asked for
 * with MADV_POPULATE_WRITE), so nothing a peer reads changes. */
static void prefault_ring(const struct rt_ring *ring)
{
    char *start = (char *)ring->ctl;
    size_t len = (size_t)(ring->lines + 1) * RT_LINE;
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t first = (uintptr_t)start / (uintptr_t)page * (uintptr_t)page;
#ifdef MADV_POPULATE_WRITE
    if (madvise((void *)first, (uintptr_t)start + len - first,
                MADV_POPULATE_WRITE) == 0)
        return;
#endif
    for (uintptr_t p = first; p < (uintptr_t)start + len; p += (uintptr_t)page)
        __atomic_fetch_add(
            (char *)(p < (uintptr_t)start ? (uintptr_t)start : p), 0,
            __ATOMIC_RELAXED);
}

void mpchar__engine_prefault(int peer)
{
    prefault_ring(&E.peers[peer].out);
    prefault_ring(&E.peers[peer].in);
}

int mpchar__engine_cpu_each(void)
{
    return E.cpu_each;
}

void mpchar__cma(int peer, int to_peer, void *local, uint64_t remote, size_t n,
                 int solo)
{
    cma_copy((struct share){peer, to_peer, local, remote, n, 0, solo});
}

/* The helper's side: the copy runs the other way from here, and the
 * owner's buffer is the remote one. */
static void on_help(int world, struct rt_pkt *p)
{
    struct rt_proc_info *owner = mpchar__seg_proc(E.seg, world);
    struct share s = {world, !p->tag,        (char *)(uintptr_t)p->b,
                      p->a,  (size_t)p->len, (size_t)p->d,
                      0};
    unsigned idx;
    while (claim_chunk(&owner->share_claim, (uint32_t)p->c, 1, &idx)) {
        E.helped_bytes += copy_chunk(&s, idx);
        atomic_fetch_add_explicit(&owner->share_helped, 1,
                                  memory_order_release);
    }
}

/* ---------------- rendezvous ---------------- */

/* flags: the RTS's; PKT_F_THROUGH asks for copy-through even with CMA. */
static void start_rndv(struct mpchar_rt_request *req, int world, int src,
                       int tag, size_t len, uint64_t saddr, uint64_t sreq,
                       unsigned flags)
{
    set_status(req, src, tag, len);
    size_t n = (size_t)req->status.mpchar_bytes;
    if (E.cma && !(flags & PKT_F_THROUGH)) {
        if (req->type->contig) {
            cma_copy(
                (struct share){world, 0, req->buf, saddr, n, 0, req->solo});
        } else if (n > 0) {
            char *tmp = malloc(n);
            if (!tmp)
                mpchar__fatal("out of memory in rendezvous");
            cma_copy((struct share){world, 0, tmp, saddr, n, 0, req->solo});
            deliver(req, tmp, n);
            free(tmp);
        }
        post_ctl(world, PKT_FIN, sreq, FIN_RNDV, 0);
        complete(req);
        return;
    }
    req->expect = n;
    req->got = 0;
    if (n > 0 && !req->type->contig) {
        req->tmp = malloc(n);
        if (!req->tmp)
            mpchar__fatal("out of memory in copy-through receive");
    }
    post_ctl(world, PKT_CTS, sreq, (uint64_t)(uintptr_t)req, n);
    if (n == 0)
        complete(req);
}

/* ---------------- incoming packets ---------------- */

/* Asks for a payload's lines all at once before it is copied out of the
 * ring, for a packet that came while we were waiting for it (its lines
 * are all in the sender's cache, and a copy would load them one after
 * another): for a receive posted before (a Gather's root) always, for
 * one matched as the packet came (MPI_Recv, an unexpected message) only
 * while we wait for an answer to what we sent, as in a ping-pong; a
 * stream's receiver that keeps up lost 7-25% at 128-512 B
 * (docs/performance.md, "Payload lines asked for at once"). */
static void prefetch_payload(int world, const void *payload, size_t bytes,
                             int posted)
{
    const struct peer *pr = &E.peers[world];
    if (pr->in_fresh && (posted || pr->sent_since_recv))
        mpchar__prefetch_read(payload, bytes);
}

static const char *eager_payload(const struct rt_pkt *p)
{
    if (p->flags & PKT_F_PIPE)
        return (const char *)p + RT_PIPE_HEADER;
    return (const char *)p + (p->flags & PKT_F_SYNC ? 40 : RT_PKT_HEADER);
}

/* Waits until more than done bytes of piped packet p's payload are in;
 * returns how many are.  The sender is writing them as we wait. */
static size_t pipe_wait(const struct rt_pkt *p, size_t done)
{
    unsigned idle = 0;
    size_t in;
    while ((in = __atomic_load_n(&p->d, __ATOMIC_ACQUIRE)) <= done)
        mpchar__idle(&idle);
    return in;
}

/* Copies the first n bytes of eager packet p's payload to dst; a piped
 * one chunk by chunk, as the sender publishes them.  The rest of a piped
 * payload need not be awaited before the packet is released: its sender
 * reserves no more lines until it has written it. */
static void eager_copy(int world, const struct rt_pkt *p, void *dst, size_t n,
                       int awaited)
{
    const char *src = eager_payload(p);
    size_t done = 0;
    while (done < n) {
        size_t in = p->flags & PKT_F_PIPE ? pipe_wait(p, done) : n;
        in = in < n ? in : n;
        prefetch_payload(world, src + done, in - done, awaited);
        memcpy((char *)dst + done, src + done, in - done);
        done = in;
    }
}

/* Delivers eager packet p's first n bytes to req; a non-contiguous
 * datatype unpacks them once all are in. */
static void eager_deliver(int world, struct mpchar_rt_request *req,
                          const struct rt_pkt *p, size_t n)
{
    if (req->type->contig) {
        eager_copy(world, p, req->buf, n, 1);
        return;
    }
    for (size_t in = 0; in < n && (p->flags & PKT_F_PIPE);)
        in = pipe_wait(p, in);
    prefetch_payload(world, eager_payload(p), n, 1);
    deliver(req, eager_payload(p), n);
}

/* Queues packet p's message as unexpected, at the tail: matching must see
 * messages from one source in the order they were sent.  An eager
 * message's payload is copied. */
static struct ux *ux_add(int world, const struct rt_pkt *p)
{
    struct ux *u = calloc(1, sizeof *u);
    int eager = p->type == PKT_EAGER && p->len;
    if (!u || (eager && !(u->data = malloc(p->len))))
        mpchar__fatal("out of memory buffering an unexpected message");
    if (eager)
        eager_copy(world, p, u->data, p->len, 0);
    u->type = p->type;
    u->ctx = p->ctx;
    u->src = p->src;
    u->tag = p->tag;
    u->world = world;
    u->len = p->len;
    u->flags = p->flags;
    DLIST_APPEND(E.ux_head, E.ux_tail, u);
    return u;
}

static void on_eager(int world, struct rt_pkt *p)
{
    int sync = (p->flags & PKT_F_SYNC) != 0;
    uint64_t sreq = sync ? p->a : 0;
    consumed_ordinary(world, p->ctx);
    struct mpchar_rt_request *req = match_posted(p->ctx, p->src, p->tag);
    /* a profiler's XFER events bound the copy out of the ring only (into
     * the receive's buffer, or the unexpected message's), not the
     * matching, the FIN or the completion around it */
    size_t len = (size_t)p->len;
    if (req) {
        posted_remove(req);
        set_status(req, p->src, p->tag, p->len);
        mpchar__xfer(1, world, len);
        eager_deliver(world, req, p, (size_t)req->status.mpchar_bytes);
        mpchar__xfer(0, world, len);
        if (sync)
            post_ctl(world, PKT_FIN, sreq, 0, 0);
        complete(req);
        return;
    }
    mpchar__xfer(1, world, len);
    struct ux *u = ux_add(world, p);
    mpchar__xfer(0, world, len);
    u->sreq = sreq;
}

static void on_rts(int world, struct rt_pkt *p)
{
    consumed_ordinary(world, p->ctx);
    struct mpchar_rt_request *req = match_posted(p->ctx, p->src, p->tag);
    if (req) {
        posted_remove(req);
        start_rndv(req, world, p->src, p->tag, p->len, p->a, p->b, p->flags);
        return;
    }
    struct ux *u = ux_add(world, p);
    u->saddr = p->a;
    u->sreq = p->b;
}

static void on_cts(int world, struct rt_pkt *p)
{
    struct mpchar_rt_request *sreq =
        (struct mpchar_rt_request *)(uintptr_t)p->a;
    if (p->c == 0) {
        complete(sreq);
        return;
    }
    struct out_item *it = calloc(1, sizeof *it);
    if (!it)
        mpchar__fatal("out of memory starting a copy-through stream");
    it->frag = 1;
    it->h.a = p->b;
    it->total = p->c;
    it->complete = sreq;
    backlog_append(&E.peers[world], it);
}

static void on_frag(struct rt_pkt *p)
{
    struct mpchar_rt_request *req = (struct mpchar_rt_request *)(uintptr_t)p->a;
    char *dst = req->tmp ? (char *)req->tmp : (char *)req->buf;
    memcpy(dst + p->b, (const char *)p + 48, p->len);
    req->got += p->len;
    if (req->got == req->expect) {
        if (req->tmp)
            deliver(req, req->tmp, req->expect);
        req->expect = 0;
        complete(req);
    }
}

static void on_fin(int world, struct rt_pkt *p)
{
    if (p->b == FIN_RNDV)
        E.peers[world].rts_unread--;
    complete((struct mpchar_rt_request *)(uintptr_t)p->a);
}

static void on_wreq(int world, struct rt_pkt *p)
{
    struct peer *pr = &E.peers[world];
    struct ctxcount *c = ctx_counts(pr, p->ctx);
    int stale = p->d < c->drops_sent || c->sent - p->len > RT_HIST;
    for (uint64_t seq = p->len + 1; !stale && seq <= c->sent; seq++) {
        int tag = c->hist_tag[seq % RT_HIST];
        stale = p->tag == MPI_ANY_TAG || p->tag == tag;
    }
    if (stale) {
        E.wreq_dropped++;
        c->drops_sent++;
        post_ctl(world, PKT_WDROP, p->b, p->ctx, 0);
        return;
    }
    struct wreq *w = malloc(sizeof *w);
    if (!w)
        mpchar__fatal("out of memory storing a write request");
    *w = (struct wreq){NULL, p->ctx, p->tag, p->a, p->b, p->c};
    LIST_APPEND(pr->wr_head, pr->wr_tail, w);
}

static void on_wdone(struct rt_pkt *p)
{
    struct mpchar_rt_request *req = (struct mpchar_rt_request *)(uintptr_t)p->a;
    posted_remove(req);
    set_status(req, p->src, p->tag, p->len);
    if (p->flags & PKT_F_INLINE)
        deliver(req, (const char *)p + 40, (size_t)req->status.mpchar_bytes);
    req->wreq = 0;
    wreq_resolved(req);
    complete(req);
}

static void on_wdrop(int world, struct rt_pkt *p)
{
    struct mpchar_rt_request *req = (struct mpchar_rt_request *)(uintptr_t)p->a;
    ctx_counts(&E.peers[world], (uint32_t)p->b)->drops_got++;
    req->wreq = 0; /* dead: blocks later requests while it is pending */
    wreq_resolved(req);
}

static void on_wcancel(int world, struct rt_pkt *p)
{
    struct peer *pr = &E.peers[world];
    struct wreq *w, *prevw = NULL;
    for (w = pr->wr_head; w && w->rreq != p->a; prevw = w, w = w->next)
        ;
    if (w) {
        LIST_UNLINK(pr->wr_head, pr->wr_tail, prevw, w);
        free(w);
    }
    post_ctl(world, PKT_WCANCEL_ACK, p->a, w != NULL, 0);
}

static void on_wcancel_ack(struct rt_pkt *p)
{
    struct mpchar_rt_request *req = (struct mpchar_rt_request *)(uintptr_t)p->a;
    req->cancel_pending = 0;
    req->wreq = 0;
    if (req->wreq_pending) {
        req->wreq_pending = 0;
        E.unresolved--;
    }
    if (!atomic_load(&req->done)) {
        posted_remove(req);
        req->status.mpchar_cancelled = 1;
        req->status.MPI_ERROR = MPI_SUCCESS;
        req->status.mpchar_bytes = 0;
        complete(req);
    } else if (req->user_freed) {
        mpchar__req_dispose(req);
    }
}

static void handle(int world, struct rt_pkt *p)
{
    switch (p->type) {
    case PKT_EAGER: on_eager(world, p); break;
    case PKT_RTS: on_rts(world, p); break;
    case PKT_CTS: on_cts(world, p); break;
    case PKT_FRAG: on_frag(p); break;
    case PKT_FIN: on_fin(world, p); break;
    case PKT_WREQ: on_wreq(world, p); break;
    case PKT_WDONE: on_wdone(p); break;
    case PKT_WCANCEL: on_wcancel(world, p); break;
    case PKT_WCANCEL_ACK: on_wcancel_ack(p); break;
    case PKT_WDROP: on_wdrop(world, p); break;
    case PKT_HELP: on_help(world, p); break;
    case PKT_RMA: mpchar__rma_handle(world, p); break;
    default:
        mpchar__fatal("corrupt packet type %d from rank %d", p->type, world);
    }
}

/* The next packet from pr: a message in the duplex box before any ring
 * packet.  A box message is sent only when the ring is drained, so it is
 * older than every ring packet; one written before the ring packet we see
 * may have been invisible at our first look, hence the second. */
static struct rt_pkt *peer_peek(struct peer *pr, struct rt_pkt *local)
{
    if (mpchar__box_peek(&pr->box, local))
        return local;
    struct rt_pkt *p = mpchar__ring_peek(&pr->in);
    if (p && mpchar__box_peek(&pr->box, local))
        return local;
    pr->in_fresh = p && pr->in_dry;
    pr->in_dry = !p;
    return p;
}

/* The duplex box pays off in a ping-pong, where one side writes the line
 * while the other waits for it.  When both send at once, as in an
 * exchange (MPI_Sendrecv, a collective's rounds), the two writers take the
 * one line from each other before either reads: a box message written
 * before the peer had read ours (it crossed ours) makes the next
 * RT_BOX_BACKOFF sends to that peer go through the ring, and one that did
 * not cross brings a ping-pong back to the box at once. */
#define RT_BOX_BACKOFF 64

static void peer_release(struct peer *pr, struct rt_pkt *p,
                         const struct rt_pkt *local)
{
    if (p == local) {
        pr->box_skip = mpchar__box_crossed(&pr->box) ? RT_BOX_BACKOFF : 0;
        mpchar__box_release(&pr->box);
    } else {
        mpchar__ring_release(&pr->in, p);
    }
    pr->pushed_in_row = 0;
    pr->sent_since_recv = 0;
}

/* Polls the backlogs and every incoming ring.  It stops reading rings once
 * a request has completed: the caller may be satisfied, and packets left in
 * the ring can still meet a receive posted meanwhile and be copied once,
 * straight to the user's buffer, instead of through the unexpected queue.
 * The ring polled first rotates, so that no peer starves. */
int mpchar__progress(void)
{
    int did = 0;
    if (mpchar__nbc_active)
        did |= mpchar__nbc_poll();
    if (E.backlog)
        for (int i = 0; i < E.size; i++)
            if (E.peers[i].bl_head)
                did |= flush_backlog(&E.peers[i]);
    uint64_t done_before = E.completions;
    static int first;
    for (int n = 0; n < E.size; n++) {
        int i = first + n < E.size ? first + n : first + n - E.size;
        struct peer *pr = &E.peers[i];
        struct rt_pkt local;
        for (int k = 0; k < 32; k++) {
            struct rt_pkt *p = peer_peek(pr, &local);
            if (!p)
                break;
            handle(i, p);
            peer_release(pr, p, &local);
            did = 1;
            if (E.completions != done_before) {
                first = i + 1 < E.size ? i + 1 : 0;
                return did;
            }
        }
    }
    return did;
}

/* Waiting policy: spin on progress, then yield the CPU on every idle poll,
 * then, after 100000 more, sleep 20 us per idle poll.  A job with more
 * ranks than CPUs yields after 256 idle polls so that the rank it waits
 * for can run; otherwise it spins for MPCHAR_RT_SPIN idle polls first, so
 * that foreign load on the machine, such as spinning MPI libraries, does
 * not take its CPU away at every message (docs/performance.md, "Waiting
 * spins"). */
static unsigned spin_polls = 256;

/* A poll with a pause (mpchar__cpu_relax, about 50 ns here) counts as
 * this many polls, so that a wait yields the CPU after as long a spin as
 * without pauses. */
#define RT_PAUSE_POLLS 8u

void mpchar__idle(unsigned *idle)
{
    if (*idle < spin_polls) {
        *idle += RT_PAUSE_POLLS;
        mpchar__cpu_relax();
        return;
    }
    ++*idle;
    if (*idle < spin_polls + 100000) {
        sched_yield();
    } else {
        struct timespec ts = {0, 20000};
        nanosleep(&ts, NULL);
    }
}

int mpchar__test_progress(void)
{
    static unsigned idle;
    if (mpchar__progress()) {
        idle = 0;
        return 1;
    }
    if (idle < spin_polls)
        idle++;
    else
        sched_yield();
    return 0;
}

void mpchar__wait_until(_Atomic int *flag)
{
    unsigned idle = 0;
    while (!atomic_load_explicit(flag, memory_order_acquire)) {
        if (mpchar__progress())
            idle = 0;
        else
            mpchar__idle(&idle);
    }
}

/* ---------------- sending ---------------- */

static void drop_wreqs(struct peer *pr)
{
    while (pr->wr_head) {
        struct wreq *w = pr->wr_head;
        pr->wr_head = w->next;
        free(w);
    }
    pr->wr_tail = NULL;
}

/* A packet of type about req's message: its tag and context, and our rank
 * in its communicator; the rest zero. */
static void req_header(struct rt_pkt *h, const struct mpchar_rt_request *req,
                       int type)
{
    memset(h, 0, sizeof *h);
    h->type = (uint8_t)type;
    h->tag = req->tag;
    h->ctx = req->ctx;
    h->src = req->comm->rank;
}

/* Delivers to a matching write request; returns 1 if done. */
static int try_write(int world, struct mpchar_rt_request *req)
{
    struct peer *pr = &E.peers[world];
    struct wreq *w, *prevw = NULL;
    for (w = pr->wr_head; w; prevw = w, w = w->next)
        if (w->ctx == req->ctx && (w->tag == MPI_ANY_TAG || w->tag == req->tag))
            break;
    if (!w)
        return 0;
    size_t len = req->bytes;
    size_t n = len < w->cap ? len : (size_t)w->cap;
    if (n >= mpchar__cfg.write_min || n > mpchar__cfg.eager_max)
        cma_copy((struct share){world, 1, (char *)(uintptr_t)req->data, w->rbuf,
                                n, 0, 0});
    LIST_UNLINK(pr->wr_head, pr->wr_tail, prevw, w);
    struct rt_pkt h;
    req_header(&h, req, PKT_WDONE);
    h.len = len;
    h.a = w->rreq;
    E.msgs[C_WRITE]++;
    E.bytes[C_WRITE] += len;
    if (n < mpchar__cfg.write_min && n <= mpchar__cfg.eager_max) {
        h.flags = PKT_F_INLINE;
        post_pkt(world, &h, 40, req->data, n, req);
    } else {
        post_pkt(world, &h, 40, NULL, 0, req);
    }
    free(w);
    return 1;
}

/* An ordinary (EAGER or RTS) message to pr on ctx: L and its tag, for the
 * validity of write requests. */
static void count_ordinary(struct peer *pr, uint32_t ctx, int tag)
{
    struct ctxcount *c = ctx_counts(pr, ctx);
    c->sent++;
    c->hist_tag[c->sent % RT_HIST] = tag;
}

static void count_eager(size_t bytes)
{
    E.msgs[C_EAGER]++;
    E.bytes[C_EAGER] += bytes;
}

/* The eager limit of a message on context ctx: collective traffic, on
 * odd contexts (comm.c), has its own (mpchar__cfg.coll_eager_max). */
static size_t eager_limit(uint32_t ctx)
{
    return ctx & 1 ? mpchar__cfg.coll_eager_max : mpchar__cfg.eager_max;
}

/* ---------------- messages to self ---------------- */

/* A rank's messages to itself never enter a ring (docs/runtime.md,
 * "Messages to self"): through the ring and, above the eager limit, a
 * process_vm_readv of its own memory, a 5600-byte Sendrecv to self cost
 * 1.7-2.1 us against 0.15-0.24 us in Open MPI and MPICH.  A send to self
 * matches the rank's own posted receives and is copied once, from the
 * send's bytes into the receive's buffer; with no receive it waits in the
 * unexpected queue, where probes and later receives find it, behind every
 * earlier message: a standard or buffered send up to the eager limit as a
 * copy, and is complete; a larger or synchronous one as its address, and
 * completes when a receive takes it, as its rendezvous would.  Every
 * message to self goes this way, so they match in the order sent. */
static void self_copy(struct mpchar_rt_request *rreq, int src, int tag,
                      const void *data, size_t len)
{
    set_status(rreq, src, tag, len);
    size_t n = (size_t)rreq->status.mpchar_bytes;
    mpchar__xfer(1, E.rank, n);
    deliver(rreq, data, n);
    mpchar__xfer(0, E.rank, n);
    complete(rreq);
}

static void self_send(struct mpchar_rt_request *req)
{
    int src = req->comm->rank;
    E.msgs[C_SELF]++;
    E.bytes[C_SELF] += req->bytes;
    struct mpchar_rt_request *r = match_posted(req->ctx, src, req->tag);
    if (r) {
        posted_remove(r);
        self_copy(r, src, req->tag, req->data, req->bytes);
        complete(req);
        return;
    }
    struct ux *u = calloc(1, sizeof *u);
    if (!u)
        mpchar__fatal("out of memory queueing a message to self");
    u->ctx = req->ctx;
    u->src = src;
    u->tag = req->tag;
    u->world = E.rank;
    u->len = req->bytes;
    if (req->sync || req->bytes > eager_limit(req->ctx)) {
        u->type = PKT_RTS;
        u->saddr = (uint64_t)(uintptr_t)req->data;
        u->sreq = (uint64_t)(uintptr_t)req;
    } else {
        u->type = PKT_EAGER;
        if (req->bytes && !(u->data = malloc(req->bytes)))
            mpchar__fatal("out of memory queueing a message to self");
        if (req->bytes)
            memcpy(u->data, req->data, req->bytes);
    }
    DLIST_APPEND(E.ux_head, E.ux_tail, u);
    if (u->type == PKT_EAGER)
        complete(req);
}

/* A receive takes unexpected message u, which this rank sent itself. */
static void self_take(struct mpchar_rt_request *req, const struct ux *u)
{
    if (u->type == PKT_EAGER) {
        self_copy(req, u->src, u->tag, u->data, u->len);
        return;
    }
    self_copy(req, u->src, u->tag, (const void *)(uintptr_t)u->saddr, u->len);
    complete((struct mpchar_rt_request *)(uintptr_t)u->sreq);
}

/* MPI_Sendrecv with itself, without requests: when no posted receive takes
 * the message (it would come first) and no unexpected message matches the
 * receive (it is older), the receive gets exactly the message sent, copied
 * once from the send's bytes.  Returns 0 when it does not apply.  The
 * status's MPI_ERROR says whether the message was truncated. */
int mpchar__sendrecv_self(uint32_t ctx, int me, int sendtag, const void *data,
                          size_t bytes, int source, int recvtag, void *buf,
                          int count, MPI_Datatype type, MPI_Status *status)
{
    if (!matches(ctx, source, recvtag, ctx, me, sendtag) ||
        match_posted(ctx, me, sendtag) || match_ux(ctx, source, recvtag))
        return 0;
    E.msgs[C_SELF]++;
    E.bytes[C_SELF] += bytes;
    size_t cap = (size_t)count * type->size;
    size_t n = bytes < cap ? bytes : cap;
    mpchar__xfer(1, E.rank, n);
    mpchar__type_unpack(data, n, count, type, buf);
    mpchar__xfer(0, E.rank, n);
    status->MPI_SOURCE = me;
    status->MPI_TAG = sendtag;
    status->MPI_ERROR = bytes > cap ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
    status->mpchar_cancelled = 0;
    status->mpchar_bytes = (long long)n;
    return 1;
}

void mpchar__send_start(struct mpchar_rt_request *req)
{
    int world = req->peer_world;
    if (world == E.rank) {
        self_send(req);
        return;
    }
    struct peer *pr = &E.peers[world];
    if (pr->wr_head && try_write(world, req))
        return;
    count_ordinary(pr, req->ctx, req->tag);
    int eager = req->bytes <= eager_limit(req->ctx);
    struct rt_pkt h;
    req_header(&h, req, eager ? PKT_EAGER : PKT_RTS);
    h.len = req->bytes;
    if (eager) {
        count_eager(req->bytes);
        if (req->sync) {
            h.flags = PKT_F_SYNC;
            h.a = (uint64_t)(uintptr_t)req;
            post_pkt(world, &h, 40, req->data, req->bytes, NULL);
        } else {
            post_pkt(world, &h, RT_PKT_HEADER, req->data, req->bytes, req);
        }
        return;
    }
    /* A buffered send streams through the ring: read by the peer, the
     * buffer's lines would be shared, and the next MPI_Bsend's copy into
     * them would take each one back (docs/performance.md, "Issue 21:
     * buffered sends through the ring"). */
    int cma = E.cma && !req->bsend_seg;
    E.msgs[cma ? C_RNDV : C_COPY]++;
    E.bytes[cma ? C_RNDV : C_COPY] += req->bytes;
    if (cma)
        pr->rts_unread++;
    else
        h.flags = PKT_F_THROUGH;
    h.a = (uint64_t)(uintptr_t)req->data;
    h.b = (uint64_t)(uintptr_t)req;
    post_pkt(world, &h, sizeof h, NULL, 0, NULL);
}

/* What the general path does for an eager MPI_Send, minus the request:
 * the send is complete once the packet is in the ring, so nothing refers
 * to it afterwards.  A write request of the peer's must be served first,
 * and a packet queued for the peer must go first. */
int mpchar__send_now(MPI_Comm comm, uint32_t ctx, int world, int tag,
                     const void *data, size_t bytes)
{
    struct peer *pr = &E.peers[world];
    if (bytes > eager_limit(ctx) || pr->bl_head || pr->wr_head ||
        world == E.rank) /* to self: self_send, never the ring */
        return 0;
    struct rt_pkt h; /* the first 32 bytes: an EAGER packet's header */
    h.type = PKT_EAGER;
    h.flags = 0;
    h.lines = 0;
    h.tag = tag;
    h.ctx = ctx;
    h.src = comm->rank;
    h.len = bytes;
    if (!push_now(pr, &h, RT_PKT_HEADER, data, bytes))
        return 0;
    count_ordinary(pr, ctx, tag);
    count_eager(bytes);
    return 1;
}

/* ---------------- receiving ---------------- */

static struct ux *match_ux(uint32_t ctx, int src, int tag)
{
    for (struct ux *u = E.ux_head; u; u = u->next)
        if (matches(ctx, src, tag, u->ctx, u->src, u->tag))
            return u;
    return NULL;
}

static void ux_remove(struct ux *u)
{
    DLIST_UNLINK(E.ux_head, E.ux_tail, u);
}

static int may_request_write(struct mpchar_rt_request *req)
{
    /* a receive too small for a message written by process_vm_writev could
   * only get inline delivery, which costs what eager costs: no request */
    if (!mpchar__cfg.sr_mode || !E.cma || req->peer == MPI_ANY_SOURCE ||
        req->peer_world == E.rank || !req->type->contig ||
        req->bytes < mpchar__cfg.write_min)
        return 0;
    for (struct mpchar_rt_request *r = E.posted_head; r; r = r->next)
        if (r->ctx == req->ctx && !r->wreq &&
            (r->peer == MPI_ANY_SOURCE || r->peer == req->peer))
            return 0;
    return 1;
}

/* A receive takes unexpected message u, out of the queue already. */
static void take_ux(struct mpchar_rt_request *req, struct ux *u)
{
    if (u->world == E.rank) {
        self_take(req, u);
    } else if (u->type == PKT_EAGER) {
        set_status(req, u->src, u->tag, u->len);
        deliver(req, u->data, (size_t)req->status.mpchar_bytes);
        if (u->flags & PKT_F_SYNC)
            post_ctl(u->world, PKT_FIN, u->sreq, 0, 0);
        complete(req);
    } else {
        start_rndv(req, u->world, u->src, u->tag, u->len, u->saddr, u->sreq,
                   u->flags);
    }
    free(u->data);
    free(u);
}

void mpchar__recv_start(struct mpchar_rt_request *req)
{
    struct ux *u = match_ux(req->ctx, req->peer, req->tag);
    if (u) {
        ux_remove(u);
        take_ux(req, u);
        return;
    }
    int want_write = may_request_write(req);
    posted_append(req);
    if (want_write) {
        struct rt_pkt h;
        req_header(&h, req, PKT_WREQ);
        struct ctxcount *c = ctx_counts(&E.peers[req->peer_world], req->ctx);
        h.len = c->consumed;
        h.d = c->drops_got;
        h.a = (uint64_t)(uintptr_t)req->buf;
        h.b = (uint64_t)(uintptr_t)req;
        h.c = req->bytes;
        req->wreq = 1;
        req->wreq_pending = 1;
        E.unresolved++;
        E.wreq_sent++;
        post_pkt(req->peer_world, &h, sizeof h, NULL, 0, NULL);
    }
}

/* Polls of the source's ring and box (each with a pause) that MPI_Recv's
 * fast path makes before it leaves the message to the general path: long
 * enough for a ping-pong's reply up to the eager limit (a few
 * microseconds), short enough (about 13 us) that other peers, whose
 * packets only the general path handles, wait little. */
#define RT_FAST_POLLS 256u

/* The eager packet at the head of pr's ring that a receive of (ctx, src,
 * tag) with capacity cap takes whole, or NULL (no packet after the polls,
 * or one the general path must handle: another message, a synchronous or
 * truncated one, a control packet). */
static struct rt_pkt *fast_match(struct peer *pr, uint32_t ctx, int src,
                                 int tag, size_t cap, struct rt_pkt *local)
{
    unsigned polls = spin_polls / RT_PAUSE_POLLS < RT_FAST_POLLS
                         ? spin_polls / RT_PAUSE_POLLS
                         : RT_FAST_POLLS;
    struct rt_pkt *p;
    while (!(p = peer_peek(pr, local))) {
        if (polls-- == 0)
            return NULL;
        mpchar__cpu_relax();
    }
    if (p->type != PKT_EAGER || (p->flags & ~PKT_F_PIPE) || p->ctx != ctx ||
        p->src != src || (tag != MPI_ANY_TAG && p->tag != tag) || p->len > cap)
        return NULL;
    return p;
}

/* MPI_Recv when no receive is posted and no message is unexpected: the
 * next message of the source's ring is the first one the receive can
 * match, so it is copied straight out of the ring, without a request or a
 * queue.  With a backlog or a posted receive the general path runs, which
 * also progresses every other ring. */
int mpchar__recv_now(uint32_t ctx, int src, int world, int tag, void *buf,
                     size_t cap, MPI_Status *status, int awaited)
{
    if (E.posted_head || E.ux_head || E.backlog || world == E.rank)
        return 0; /* from self: in the unexpected queue or not sent yet */
    struct peer *pr = &E.peers[world];
    struct rt_pkt local;
    struct rt_pkt *p = fast_match(pr, ctx, src, tag, cap, &local);
    if (!p)
        return 0;
    consumed_ordinary(world, ctx);
    size_t len = (size_t)p->len;
    mpchar__xfer(1, world, len);
    if (p == &local)
        mpchar__copy_small(buf, (const char *)p + RT_PKT_HEADER, len);
    else
        eager_copy(world, p, buf, len, awaited);
    mpchar__xfer(0, world, len);
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = p->src;
        status->MPI_TAG = p->tag;
        status->MPI_ERROR = MPI_SUCCESS;
        status->mpchar_cancelled = 0;
        status->mpchar_bytes = (long long)len;
    }
    peer_release(pr, p, &local);
    return 1;
}

int mpchar__cancel_recv(struct mpchar_rt_request *req)
{
    if (atomic_load(&req->done) || !req->posted || req->cancel_pending)
        return MPI_SUCCESS;
    if (req->wreq) {
        req->cancel_pending = 1;
        post_ctl(req->peer_world, PKT_WCANCEL, (uint64_t)(uintptr_t)req, 0, 0);
        return MPI_SUCCESS;
    }
    posted_remove(req);
    req->status.mpchar_cancelled = 1;
    req->status.mpchar_bytes = 0;
    complete(req);
    return MPI_SUCCESS;
}

/* What a probe that found unexpected message u says of it. */
static void ux_status(const struct ux *u, MPI_Status *status)
{
    if (!status)
        return;
    status->MPI_SOURCE = u->src;
    status->MPI_TAG = u->tag;
    status->MPI_ERROR = MPI_SUCCESS;
    status->mpchar_cancelled = 0;
    status->mpchar_bytes = (long long)u->len;
}

int mpchar__iprobe(int source, int tag, MPI_Comm comm, int *flag,
                   MPI_Status *status)
{
    mpchar__progress();
    struct ux *u = match_ux(comm->ctx, source, tag);
    *flag = u != NULL;
    if (u)
        ux_status(u, status);
    return MPI_SUCCESS;
}

/* ---------------- matched probes ---------------- */

/* A message MPI_Improbe took out of the unexpected queue: no other receive
 * can match it any more, and only MPI_Mrecv/MPI_Imrecv receive it. */
struct mpchar_rt_message {
    struct ux *u;
    MPI_Comm comm;
};

/* MPI_MESSAGE_NO_PROC: what a matched probe of MPI_PROC_NULL returns. */
struct mpchar_rt_message mpchar_rt_message_no_proc;

int mpchar__improbe(int source, int tag, MPI_Comm comm, int *flag,
                    MPI_Message *message, MPI_Status *status)
{
    mpchar__progress();
    struct ux *u = match_ux(comm->ctx, source, tag);
    struct mpchar_rt_message *m = u ? malloc(sizeof *m) : NULL;
    if (u && !m)
        return MPI_ERR_NO_MEM;
    *flag = u != NULL;
    if (!u)
        return MPI_SUCCESS;
    ux_remove(u);
    *m = (struct mpchar_rt_message){u, comm};
    *message = m;
    ux_status(u, status);
    return MPI_SUCCESS;
}

MPI_Comm mpchar__message_comm(MPI_Message message)
{
    return message->comm;
}

void mpchar__recv_start_message(struct mpchar_rt_request *req,
                                MPI_Message message)
{
    struct ux *u = message->u;
    req->ctx = u->ctx;
    req->peer = u->src;
    req->peer_world = u->world;
    req->tag = u->tag;
    free(message);
    take_ux(req, u);
}

/* ---------------- start-up and shut-down ---------------- */

static void seg_barrier(void)
{
    struct rt_seg_header *h = E.hdr;
    int sense = !atomic_load(&h->barrier_sense);
    if (atomic_fetch_add(&h->barrier_count, 1) == E.size - 1) {
        atomic_store(&h->barrier_count, 0);
        atomic_store(&h->barrier_sense, sense);
        return;
    }
    unsigned idle = 0;
    while (atomic_load(&h->barrier_sense) != sense) {
        if (E.peers && mpchar__progress())
            idle = 0;
        else
            mpchar__idle(&idle);
    }
}

static volatile uint64_t cma_probe_word;

static void probe_cma(void)
{
    struct rt_proc_info *me = mpchar__seg_proc(E.seg, E.rank);
    if (mpchar__cfg.copy_force >= 0) {
        E.cma = mpchar__cfg.copy_force == RT_COPY_CMA;
        if (!E.cma && E.rank == 0)
            fprintf(stderr, "mpchar-rt: using copy-through shared memory "
                            "(MPCHAR_RT_COPY=copy)\n");
        return;
    }
    cma_probe_word = 0x5eed0000u + (uint64_t)E.rank;
    me->cma_probe_addr = (uint64_t)(uintptr_t)&cma_probe_word;
    me->cma_probe_value = cma_probe_word;
    seg_barrier();
    if (E.size > 1) {
        int peer = (E.rank + 1) % E.size;
        struct rt_proc_info *pi = mpchar__seg_proc(E.seg, peer);
        uint64_t got = 0;
        int rc = mpchar__copy_cma.read(pi->pid, &got, pi->cma_probe_addr,
                                       sizeof got);
        if (rc != 0 || got != pi->cma_probe_value)
            atomic_store(&E.hdr->cma_fail, 1);
    }
    seg_barrier();
    E.cma = !atomic_load(&E.hdr->cma_fail);
    if (!E.cma && E.rank == 0)
        fprintf(stderr,
                "mpchar-rt: cross-memory attach (process_vm_readv) is not "
                "permitted; "
                "using copy-through shared memory (see docs/runtime.md)\n");
}

void mpchar__engine_init(void *seg, int rank, int size)
{
    memset(&E, 0, sizeof E);
    E.seg = seg;
    E.hdr = seg;
    E.rank = rank;
    E.size = size;
    struct rt_proc_info *me = mpchar__seg_proc(seg, rank);
    me->pid = (int)getpid();
    atomic_store(&me->state, RT_STATE_INIT);
    seg_barrier();
    probe_cma();
    E.cpu_each = size <= sysconf(_SC_NPROCESSORS_ONLN);
    spin_polls = E.cpu_each ? (unsigned)mpchar__cfg.spin_polls : 256;
    /* sharing a copy pays only when each rank has a CPU to copy with */
    E.share_min = E.cma && E.cpu_each ? mpchar__cfg.share_min : 0;
    E.peers = calloc((size_t)size, sizeof *E.peers);
    if (!E.peers)
        mpchar__fatal("out of memory at start-up");
    uint64_t lines = (uint64_t)E.hdr->ring_lines;
    for (int i = 0; i < size; i++) {
        mpchar__ring_view(&E.peers[i].out, mpchar__seg_ring(seg, rank, i),
                          lines, 1, mpchar__cfg.lap_bytes / RT_LINE);
        mpchar__ring_view(&E.peers[i].in, mpchar__seg_ring(seg, i, rank), lines,
                          0, 0);
        E.peers[i].pid = mpchar__seg_proc(seg, i)->pid;
        if (i != rank)
            mpchar__box_view(&E.peers[i].box, mpchar__seg_box(seg, rank, i),
                             mpchar__seg_box(seg, i, rank));
    }
    size_t maxp = (size_t)mpchar__ring_max_packet(&E.peers[0].out);
    if (mpchar__cfg.eager_max + 64 > maxp)
        mpchar__cfg.eager_max = maxp - 64;
    mpchar__cfg.coll_eager_max = mpchar__cfg.eager_max;
    if (mpchar__cfg.frag_bytes + 64 > maxp)
        mpchar__cfg.frag_bytes = maxp - 64;
}

void mpchar__engine_final(void)
{
    unsigned idle = 0;
    while (E.backlog || E.unresolved) {
        if (!mpchar__progress())
            mpchar__idle(&idle);
    }
    seg_barrier();
    atomic_store(&mpchar__seg_proc(E.seg, E.rank)->state, RT_STATE_FINAL);
    for (int i = 0; i < E.size; i++) {
        drop_wreqs(&E.peers[i]);
        free(E.peers[i].cc);
        mpchar__ring_free(&E.peers[i].out);
    }
    while (E.ux_head) {
        struct ux *u = E.ux_head;
        E.ux_head = u->next;
        free(u->data);
        free(u);
    }
    free(E.peers);
    E.peers = NULL;
    mpchar__req_cache_free();
}

int mpchar__rank_world(void)
{
    return E.rank;
}

void mpchar__counters_write(void)
{
    const char *dest = mpchar__cfg.counters;
    if (!dest)
        return;
    char line[1024];
    int off = snprintf(
        line, sizeof line,
        "mpchar-rt counters: rank=%d mode=%s copy=%s eager_max_bytes=%zu "
        "coll_eager_max_bytes=%zu",
        E.rank, mpchar__cfg.sr_mode ? "SR" : "NSR", E.cma ? "cma" : "copy",
        mpchar__cfg.eager_max, mpchar__cfg.coll_eager_max);
    uint64_t all = 0;
    for (int c = 0; c < C_NPROTO; c++) {
        off += snprintf(line + off, sizeof line - (size_t)off,
                        " %s_msgs=%llu %s_bytes=%llu", proto_name[c],
                        (unsigned long long)E.msgs[c], proto_name[c],
                        (unsigned long long)E.bytes[c]);
        if (c != C_SELF) /* the rate is about bytes between processes */
            all += E.bytes[c];
    }
    double rate = all ? 100.0 * (double)E.bytes[C_WRITE] / (double)all : 0.0;
    snprintf(line + off, sizeof line - (size_t)off,
             " write_requests_sent=%llu write_requests_dropped=%llu "
             "remote_write_rate_pct=%.2f"
             " shared_copy_helped_bytes=%llu box_msgs=%llu piped_msgs=%llu\n",
             (unsigned long long)E.wreq_sent,
             (unsigned long long)E.wreq_dropped, rate,
             (unsigned long long)E.helped_bytes, (unsigned long long)E.box_msgs,
             (unsigned long long)E.piped_msgs);
    if (strcmp(dest, "stderr") == 0) {
        fputs(line, stderr);
        return;
    }
    /* one write of one line per rank: O_APPEND keeps lines whole; mode 0600
   * so that nothing the runtime creates is readable by others */
    int fd = open(dest, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    ssize_t w = write(fd, line, strlen(line));
    (void)w;
    close(fd);
}
