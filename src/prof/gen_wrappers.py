#!/usr/bin/env python3
"""Writes the wrappers of libmpchar-prof from calls.def (its header
documents the table), so that each intercepted call is described once:

  wrappers.c  for each call, MPI_Name (C) calling PMPI_Name, and with
              --fortran mpi_name_ (and mpi_name__, mpi_name, MPI_NAME)
              calling the library's own pmpi_name_, each recording seed
              004's events around the call (prof.h) as its ROLE says;
              the call names the event files carry.

Run by CMake (src/prof/CMakeLists.txt):
  gen_wrappers.py --def calls.def --out wrappers.c [--fortran]
"""
import argparse
import sys

# kind: (C parameter type, C value of the argument in a C wrapper,
#        the same in a Fortran wrapper, whose arguments are all pointers)
KINDS = {
    "cbuf": ("const void *{n}", "{n}", "{n}"),
    "buf": ("void *{n}", "{n}", "{n}"),
    "int": ("int {n}", "{n}", "(int)*{n}"),
    "int_out": ("int *{n}", "*{n}", "(int)*{n}"),
    "ints": ("const int {n}[]", "{n}", "(const int *){n}"),
    "type": ("MPI_Datatype {n}", "{n}", "PMPI_Type_f2c(*{n})"),
    "comm": ("MPI_Comm {n}", "{n}", "PMPI_Comm_f2c(*{n})"),
    "op": ("MPI_Op {n}", "{n}", "PMPI_Op_f2c(*{n})"),
    "req_out": ("MPI_Request *{n}", "*{n}", "PMPI_Request_f2c(*{n})"),
    "req_inout": ("MPI_Request *{n}", "*{n}", "PMPI_Request_f2c(*{n})"),
    "reqs": ("MPI_Request {n}[]", "{n}[prof_i_]", "PMPI_Request_f2c({n}[prof_i_])"),
    "status": ("MPI_Status *{n}", None, None),
    "statuses": ("MPI_Status {n}[]", None, None),
    "flag_out": ("int *{n}", "*{n}", "(*{n} != 0)"),
    "argc": ("int *{n}", None, None),
    "argv": ("char ***{n}", None, None),
}
C_ONLY = ("argc", "argv")

# role: (timed, code before the call, code after it); {name} is the C value
# of argument name; {bytes} the bytes of the call's first count and type.
ROLES = {
    "init": (False, "", "prof_start();"),
    "init_thread": (False, "prof_check_thread({required});", "prof_start();"),
    "finalize": (False, "prof_stop();", ""),
    "abort": (False, "prof_flush();", ""),
    "pcontrol": (True, "", "prof_region({level});"),
    "send": (True, "", "prof_msg_blocking(MPCHAR_PROF_SEND_POST, {bytes});"),
    "recv": (True, "", "prof_msg_blocking(MPCHAR_PROF_RECV_POST, {bytes});"),
    "sendrecv": (True, "",
                 "prof_msg_blocking(MPCHAR_PROF_SEND_POST, "
                 "prof_bytes({sendcount}, {sendtype}));\n"
                 "    prof_msg_blocking(MPCHAR_PROF_RECV_POST, "
                 "prof_bytes({recvcount}, {recvtype}));"),
    "isend": (True, "",
              "prof_msg_post(MPCHAR_PROF_SEND_POST, {bytes}, "
              "prof_req_key({request}));"),
    "irecv": (True, "",
              "prof_msg_post(MPCHAR_PROF_RECV_POST, {bytes}, "
              "prof_req_key({request}));"),
    "wait": (True, "uint64_t prof_key_ = prof_req_key({request});",
             "prof_msg_done(prof_key_);"),
    "test": (True, "uint64_t prof_key_ = prof_req_key({request});",
             "if ({flag})\n        prof_msg_done(prof_key_);"),
    "waitall": (True,
                "for (int prof_i_ = 0; prof_i_ < {count}; prof_i_++)\n"
                "        prof_pending_push(prof_req_key({array_of_requests}));",
                "prof_pending_done();"),
    "coll": (True, "", "prof_bytes_ = {bytes};"),
    "collv": (True, "", "prof_bytes_ = {vbytes};"),
    "plain": (True, "", ""),
}


def fail(msg):
    sys.exit("gen_wrappers.py: " + msg)


def parse(path):
    calls = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            if len(line) < 2 or line[1] not in ROLES:
                fail("%s:%d: expected NAME ROLE ARG..., ROLE one of %s" %
                     (path, lineno, " ".join(ROLES)))
            args = []
            for a in line[2:]:
                name, _, kind = a.partition(":")
                if kind not in KINDS:
                    fail("%s:%d: %s: unknown kind '%s'" % (path, lineno, a, kind))
                args.append((name, kind))
            calls.append((line[0], line[1], args))
    return calls


def values(args, lang):
    col = 1 if lang == "c" else 2
    v = {n: KINDS[k][col].format(n=n) for n, k in args if KINDS[k][col]}
    names = [n for n, _ in args]
    kinds = dict(args)

    def type_after(count):  # the datatype the count is of
        after = names[names.index(count):]
        return next((n for n in after if kinds[n] == "type"), None)
    counts = [n for n, k in args if k == "int" and n.endswith("count")]
    if counts and type_after(counts[0]):
        v["bytes"] = "prof_bytes(%s, %s)" % (v[counts[0]],
                                             v[type_after(counts[0])])
    vcounts = [n for n, k in args if k == "ints" and n.endswith("counts")]
    comms = [n for n, k in args if k == "comm"]
    if vcounts and type_after(vcounts[0]) and comms:
        v["vbytes"] = "prof_bytes_v(%s, %s, %s)" % (
            v[vcounts[0]], v[type_after(vcounts[0])], v[comms[0]])
    return v


def body(name, role, call_expr, v, ret):
    timed, before, after = ROLES[role]
    before, after = before.format(**v), after.format(**v)
    enum = "PROF_CALL_" + name.upper()
    out = []
    if ret:
        out.append("    if (prof_depth)\n        return %s;" % call_expr)
    else:
        out.append("    if (prof_depth) {\n        %s;\n        return;\n    }"
                   % call_expr)
    out.append("    prof_depth = 1;")
    out.append("    uint64_t prof_bytes_ = 0;")
    if timed:
        out.append("    prof_enter(%s);" % enum)
    if before:
        out.append("    " + before)
    out.append(("    int prof_rc_ = %s;" if ret else "    %s;") % call_expr)
    if after:
        out.append("    " + after)
    if timed:
        out.append("    prof_exit(%s, prof_bytes_);" % enum)
    else:
        out.append("    (void)prof_bytes_;")
    out.append("    prof_depth = 0;")
    if ret:
        out.append("    return prof_rc_;")
    return "\n".join(out)


def c_wrapper(name, role, args):
    params = ", ".join(KINDS[k][0].format(n=n) for n, k in args) or "void"
    names = ", ".join(n for n, _ in args)
    if role == "pcontrol":
        params += ", ..."
    call = "PMPI_%s(%s)" % (name, names)
    return "int MPI_%s(%s)\n{\n%s\n}\n" % (
        name, params, body(name, role, call, values(args, "c"), True))


def f_wrapper(name, role, args):
    fargs = [(n, k) for n, k in args if k not in C_ONLY]
    params = ["void *%s" % n if k in ("buf", "cbuf") else "MPI_Fint *%s" % n
              for n, k in fargs]
    names = [n for n, _ in fargs]
    if role != "pcontrol":  # MPI_PCONTROL has no IERROR
        params.append("MPI_Fint *ierr")
        names.append("ierr")
    params = ", ".join(params)
    low = name.lower()
    fn = "prof_f_%s_fn" % low
    out = ["typedef void (*%s)(%s);" % (fn, params),
           "void mpi_%s_(%s);" % (low, params),
           "void mpi_%s_(%s)\n{" % (low, params),
           "    static %s next;" % fn,
           "    if (!next)",
           "        prof_resolve(\"pmpi_%s_\", &next, sizeof next);" % low]
    call = "next(%s)" % ", ".join(names)
    out.append(body(name, role, call, values(fargs, "f"), False))
    out.append("}")
    for alias in ("mpi_%s__" % low, "mpi_%s" % low, "MPI_%s" % name.upper()):
        out.append("void %s(%s) __attribute__((alias(\"mpi_%s_\")));"
                   % (alias, params, low))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--def", dest="deffile", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--fortran", action="store_true")
    a = ap.parse_args()
    calls = parse(a.deffile)
    out = ["/* Generated by gen_wrappers.py from calls.def: do not edit. */",
           '#include "prof.h"', "", "enum {"]
    out += ["    PROF_CALL_%s," % n.upper() for n, _, _ in calls]
    out += ["    PROF_N_CALLS", "};", "",
            "const char *const prof_call_names[] = {"]
    out += ['    "MPI_%s",' % n for n, _, _ in calls]
    out += ["};", "const unsigned prof_n_calls = PROF_N_CALLS;", ""]
    for n, role, args in calls:
        out.append(c_wrapper(n, role, args))
        if a.fortran:
            out.append(f_wrapper(n, role, args))
    with open(a.out, "w") as f:
        f.write("\n".join(out))


main()
