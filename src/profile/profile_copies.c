/* The built-in runtime's copies (XFER_BEGIN/XFER_END) of every rank,
 * gathered before the ranks are analysed, so that a message can find the
 * copy that another process made for it: same peer and bytes, within the
 * message's post and completion (docs/profile.md, "Measured overlap"). */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

int profile_add_copies(profile *p, const profile_events *ev, mpchar_error *err)
{
    const mpchar_prof_event *begin = NULL;
    for (size_t i = 0; i < ev->n; i++) {
        const mpchar_prof_event *e = &ev->events[i];
        if (e->kind == MPCHAR_PROF_XFER_BEGIN) {
            begin = e;
        } else if (e->kind == MPCHAR_PROF_XFER_END && begin &&
                   begin->id == e->id) {
            profile_copy *c = realloc(p->copies, (p->n_copies + 1) * sizeof *c);
            if (!c)
                return mpchar_error_set(err, "out of memory");
            p->copies = c;
            p->copies[p->n_copies++] =
                (profile_copy){ev->header.rank, (int)e->id, e->bytes,
                               begin->tick,     e->tick,    false};
            begin = NULL;
        }
    }
    return 0;
}

static int by_peer_then_begin(const void *a, const void *b)
{
    const profile_copy *x = a, *y = b;
    if (x->peer != y->peer)
        return x->peer < y->peer ? -1 : 1;
    return x->begin < y->begin ? -1 : x->begin > y->begin;
}

void profile_sort_copies(profile *p)
{
    if (p->n_copies)
        qsort(p->copies, p->n_copies, sizeof *p->copies, by_peer_then_begin);
}
