#!/usr/bin/env bash
# The call families beyond send/receive (prof_calls.c, or the Fortran
# prof_calls.f90 with sections apirf, or prof_io.f90 with g), profiled on
# one MPI library: the calls, messages and bytes of every call row are
# exact on both ranks (the Test* loops: at least one call); no message or
# nonblocking collective is left unfinished but section x's Isend whose
# request is freed, so every completion (Waitany, Testsome, Testany,
# Testall, Startall/Waitall, Start/Wait, Wait of an Iallreduce) was seen;
# the 3 Iallreduce, each overlapped with 2 ms of computation, have
# overlap_max = min(computation, transfer) >= min(5.4 ms, transfer) (the
# transfer time is the start-up calibration's, on a loaded machine maybe
# longer than the computation).  Section m's management calls (plain
# wrappers generated from mpi.h: Comm_split ..., Neighbor_alltoall(v),
# MPI-IO where the library has them) and section f's (the Fortran
# program's, through the mpi module and mpif.h) have exact counts, and
# their time is MPI time: each row's call_us > 0, and the rows' call_us
# add up to the rank's.  Sections o and l (MPI-IO data accesses,
# large-count forms) have exact bytes.  Section z's messages to oneself
# are calls by size of their own, marked self (the event's
# MPCHAR_PROF_SELF), the one to the other rank not.
# LIBRARY SECTIONS EXE LAUNCHER...
source "$(dirname "$0")/../integration/lib.sh"
LIB=$1 SECTIONS=$2 EXE=$3
shift 3
"$BIN/mpchar" profile --out "$WORK/c" -- "$@" -n 2 "$EXE" "$SECTIONS" "$WORK" >"$WORK/out" 2>&1 ||
  fail "the profile failed: $(cat "$WORK/out")"

python3 - "$LIB" "$SECTIONS" "$WORK/c/profile.json" <<'PY'
import json, sys
lib, sections, path = sys.argv[1:4]
p = json.load(open(path))
if p["library"] != lib:
    sys.exit(f"library {p['library']}, expected {lib}")
AT_LEAST_1 = -1
# section -> rank -> call -> (calls, messages, bytes), from prof_calls.c
def want(r):
    return {
        "a": {"MPI_Irecv": (4, 4, 4000), "MPI_Isend": (4, 4, 4000),
              "MPI_Waitany": (8, 0, 0)},
        "s": {"MPI_Irecv": (6, 6, 17000), "MPI_Isend": (6, 6, 17000),
              "MPI_Testsome": (AT_LEAST_1, 0, 0),
              "MPI_Testany": (AT_LEAST_1, 0, 0),
              "MPI_Testall": (AT_LEAST_1, 0, 0)},
        "p": {"MPI_Recv_init": (1, 0, 0), "MPI_Send_init": (1, 0, 0),
              "MPI_Startall": (3, 6, 9000), "MPI_Waitall": (3, 0, 0),
              "MPI_Start": (4, 4, 6000), "MPI_Wait": (4, 0, 0),
              "MPI_Request_free": (2, 0, 0)},
        "i": {"MPI_Iallreduce": (3, 0, 3 * 8192), "MPI_Wait": (4, 0, 0),
              "MPI_Ibarrier": (1, 0, 0)},
        "v": {"MPI_Gatherv": (1, 0, 4 * (100 + 10 * r)),
              "MPI_Scatterv": (1, 0, 4 * (50 + 10 * r)),
              "MPI_Allgatherv": (1, 0, 4 * (20 + r)),
              "MPI_Alltoallv": (1, 0, 4 * (20 * (r + 1) + 1)),
              "MPI_Reduce_scatter": (1, 0, 64),
              "MPI_Reduce_scatter_block": (1, 0, 64),
              "MPI_Scan": (1, 0, 32), "MPI_Exscan": (1, 0, 32)},
        "r": {"MPI_Win_fence": (2, 0, 0), "MPI_Put": (1, 0, 64),
              "MPI_Get": (1, 0, 32), "MPI_Accumulate": (1, 0, 16)},
        "x": {"MPI_Sendrecv_replace": (1, 2, 512),
              **({"MPI_Ssend": (1, 1, 100), "MPI_Isend": (2, 2, 2008),
                  "MPI_Request_free": (1, 0, 0), "MPI_Wait": (1, 0, 0)}
                 if r == 0 else
                 {"MPI_Probe": (1, 0, 0), "MPI_Recv": (3, 3, 2108)})},
        "m": {"MPI_Comm_split": (1, 0, 0), "MPI_Comm_dup": (1, 0, 0),
              "MPI_Cart_create": (1, 0, 0),
              "MPI_Comm_free": (4, 0, 0),
              # (section r's window is created and freed too: only m
              # counts them)
              "MPI_Win_create": (1 + ("r" in sections), 0, 0),
              "MPI_Win_free": (1 + ("r" in sections), 0, 0),
              "MPI_Neighbor_alltoall": (1, 0, 16),
              "MPI_Dist_graph_create_adjacent": (1, 0, 0),
              "MPI_Neighbor_alltoallv": (1, 0, 20),
              **({} if lib == "builtin" else
                 {"MPI_File_open": (1, 0, 0), "MPI_File_write_at": (1, 0, 64),
                  "MPI_File_close": (1, 0, 0)})},
        # MPI-IO data accesses (prof_calls.c, IO_RW): count x type size,
        # the same for a write and its read; the _end calls time only
        "o": {**{f"MPI_File_{d}{form}": (1, 0, nbytes)
                 for d, i in (("write", "iwrite"), ("read", "iread"))
                 for form, nbytes in (("_at", 64), ("_at_all", 64),
                                      ("", 32), ("_all", 20),
                                      ("_all_begin", 24),
                                      ("_at_all_begin", 12), ("_shared", 7),
                                      ("_ordered", 9),
                                      ("_ordered_begin", 11),
                                      ("_all_end", 0), ("_at_all_end", 0),
                                      ("_ordered_end", 0))},
              **{f"MPI_File_{i}{form}": (1, 0, nbytes)
                 for i in ("iwrite", "iread")
                 for form, nbytes in (("_at", 80), ("_at_all", 16), ("", 24),
                                      ("_all", 16), ("_shared", 5))},
              "MPI_Wait": (10, 0, 0), "MPI_File_open": (1, 0, 0),
              "MPI_File_set_view": (4, 0, 0), "MPI_File_seek": (2, 0, 0),
              "MPI_File_seek_shared": (2, 0, 0), "MPI_File_sync": (2, 0, 0),
              "MPI_Barrier": (1, 0, 0), "MPI_File_close": (1, 0, 0)},
        # prof_io.f90: MPI-IO through the Fortran bindings
        "g": {"MPI_File_open": (1, 0, 0), "MPI_File_write_at": (1, 0, 64),
              "MPI_File_iwrite_at": (1, 0, 32),
              "MPI_File_read_at_all": (1, 0, 64),
              "MPI_File_iread_at": (1, 0, 32), "MPI_Wait": (2, 0, 0),
              "MPI_File_close": (1, 0, 0)},
        "z": {"MPI_Sendrecv": (2, 4, 2 * 64 + 2 * 16),
              "MPI_Isend": (1, 1, 32), "MPI_Irecv": (1, 1, 32),
              "MPI_Waitall": (1, 0, 0)},
        # MPI-4 large-count forms (MPICH): messages and bytes as their int
        # forms'
        "l": {"MPI_Isend_c": (1, 1, 300), "MPI_Recv_c": (1, 1, 300),
              "MPI_Wait": (1, 0, 0), "MPI_Sendrecv_c": (1, 2, 80),
              "MPI_Allreduce_c": (1, 0, 80),
              "MPI_Gatherv_c": (1, 0, 4 * (3 + r)),
              "MPI_File_open": (1, 0, 0), "MPI_File_write_at_c": (1, 0, 48),
              "MPI_File_read_at_c": (1, 0, 48), "MPI_File_close": (1, 0, 0)},
        # prof_calls.f90's management calls (the generated Fortran
        # time-only wrappers; the built-in runtime's shims call the C
        # functions); Comm_rank once more in its main program
        "f": {"MPI_Comm_rank": (2, 0, 0), "MPI_Comm_split": (1, 0, 0),
              "MPI_Comm_size": (1, 0, 0), "MPI_Comm_dup": (1, 0, 0),
              "MPI_Comm_set_name": (1, 0, 0), "MPI_Comm_get_name": (1, 0, 0),
              "MPI_Comm_free": (2, 0, 0), "MPI_Info_create": (1, 0, 0),
              "MPI_Info_set": (1, 0, 0), "MPI_Info_get_valuelen": (1, 0, 0),
              "MPI_Info_free": (1, 0, 0), "MPI_Type_contiguous": (1, 0, 0),
              "MPI_Type_vector": (1, 0, 0), "MPI_Type_commit": (2, 0, 0),
              "MPI_Type_size": (2, 0, 0), "MPI_Type_free": (2, 0, 0)},
    }
errors = 0
for rank in p["ranks"]:
    r = rank["rank"]
    total = {}
    for s in sections:
        for call, v in want(r)[s].items():
            old = total.get(call, (0, 0, 0))
            total[call] = tuple(AT_LEAST_1 if AT_LEAST_1 in (a, b) else a + b
                                for a, b in zip(old, v))
    rows = {c["call"]: c for c in rank["calls"]}
    for call, (calls, messages, nbytes) in sorted(total.items()):
        c = rows.get(call, {"calls": 0, "messages": 0, "bytes": 0})
        ok = (c["calls"] >= 1 if calls == AT_LEAST_1 else c["calls"] == calls)
        ok = ok and c["messages"] == messages and c["bytes"] == nbytes
        print(f"{'ok' if ok else 'WRONG'}: rank {r} {call}: calls {c['calls']}, "
              f"messages {c['messages']}, bytes {c['bytes']} (expected "
              f"{'>= 1' if calls == AT_LEAST_1 else calls}, {messages}, {nbytes})")
        errors += not ok
    t = rank["total"]
    for s in set(sections) & {"m", "f"}:
        slow = [c for c in want(r)[s]
                if not rows.get(c, {"call_us": 0})["call_us"] > 0]
        rows_us = sum(c["call_us"] for c in rank["calls"])
        if slow or abs(rows_us - t["call_us"]) > 1e-6 * t["call_us"] + 1e-3:
            print(f"WRONG: rank {r}: no call_us for {slow}, or the rows' "
                  f"{rows_us} us are not the rank's {t['call_us']} us")
            errors += 1
        else:
            print(f"ok: rank {r}: the management calls' time is MPI time")
    if "z" in sections:
        sizes = {(s["call"], s["bytes"], s.get("self", False)): s["calls"]
                 for s in rank["call_sizes"]}
        want_self = {("MPI_Sendrecv", 64, True): 1, ("MPI_Isend", 32, True): 1,
                     ("MPI_Irecv", 32, True): 1, ("MPI_Sendrecv", 16, False): 1}
        got = {k: sizes.get(k) for k in want_self}
        wrong = [k for k in sizes if k[2] and k not in want_self]
        if got != want_self or wrong:
            print(f"WRONG: rank {r}: self call sizes {got}, also {wrong}")
            errors += 1
        else:
            print(f"ok: rank {r}: messages to itself marked self")
    # section x's freed 8-byte Isend, in the first bin (up to 1 KiB): not
    # the 2000-byte one Waited for with the same request handle
    unfinished = [b["unfinished_messages"] for b in rank["bins"]]
    want_unfinished = [int("x" in sections and r == 0)] + [0] * (len(unfinished) - 1)
    if unfinished != want_unfinished:
        print(f"WRONG: rank {r}: unfinished messages by bin {unfinished}, "
              f"expected {want_unfinished}")
        errors += 1
    if "i" in sections:
        c = rows["MPI_Iallreduce"]
        floor = min(0.9 * 3 * 2000, c["transfer_us"])
        if not (c["transfer_us"] > 0 and
                floor * (1 - 1e-9) <= c["overlap_max_us"] <= c["transfer_us"] * (1 + 1e-9)):
            print(f"WRONG: rank {r} Iallreduce overlap_max {c['overlap_max_us']}, "
                  f"transfer {c['transfer_us']}")
            errors += 1
        else:
            print(f"ok: rank {r} Iallreduce: overlap_max {c['overlap_max_us']:.2f} us "
                  f"of the transfer's {c['transfer_us']:.2f} us")
if len(p["ranks"]) != 2 or not all(r["finalized"] for r in p["ranks"]):
    sys.exit("expected 2 finalized ranks")
if errors:
    sys.exit(f"{errors} wrong")
PY
echo "PASS: profile_calls $LIB $SECTIONS"
