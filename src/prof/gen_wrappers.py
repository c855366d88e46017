#!/usr/bin/env python3
"""Writes the wrappers of libmpchar-prof from calls.def (its header
documents the table), so that each intercepted call is described once:

  wrappers.c  for each call, MPI_Name (C) calling PMPI_Name, and with
              --fortran mpi_name_ (and mpi_name__, mpi_name, MPI_NAME)
              calling the library's own pmpi_name_, each recording seed
              004's events around the call (prof.h) as its ROLE says,
              and for each row its MPI-4 large-count form Name_c where
              mpi.h declares one (large_count, C only); the call names
              the event files carry.

  --header  the library's mpi.h: a call it does not declare (PMPI_Name,
            or the built-in runtime's MPCHAR_RT_FN(int, Name, ...)) gets
            no wrapper, so each library's set is decided from the table
            and its header, at build time; and every int PMPI_Name(...)
            it declares that the table does not list (but NOT_WRAPPED)
            gets a plain C wrapper from its prototype: CALL_ENTER and
            CALL_EXIT around it, so that all of an application's MPI
            calls are MPI time; with --fortran its Fortran twin too
            (f_plain_wrapper; NOT_FORTRAN: the exceptions).
  --list    prints the table's call names, one a line (the list in
            docs/profile.md is checked against it).
  --comm-out  writes the sorted names of the table's calls that move or
            complete messages (every role but NOT_COMM's), for the
            analysis side (src/profile: profile_call_is_comm): the
            untabled calls' wrappers time set-up, not communication.

Run by CMake (src/prof/CMakeLists.txt):
  gen_wrappers.py --def calls.def --out wrappers.c --header mpi.h [--fortran]
"""
import argparse
import os
import re
import sys

# kind: (C parameter type, C value of the argument in a C wrapper,
#        the same in a Fortran wrapper, whose arguments are all pointers)
KINDS = {
    "cbuf": ("const void *{n}", "{n}", "{n}"),
    "buf": ("void *{n}", "{n}", "{n}"),
    "int": ("int {n}", "{n}", "(int)*{n}"),
    "int_out": ("int *{n}", "*{n}", "(int)*{n}"),
    "type": ("MPI_Datatype {n}", "{n}", "PMPI_Type_f2c(*{n})"),
    "comm": ("MPI_Comm {n}", "{n}", "PMPI_Comm_f2c(*{n})"),
    "op": ("MPI_Op {n}", "{n}", "PMPI_Op_f2c(*{n})"),
    "req_out": ("MPI_Request *{n}", "*{n}", "PMPI_Request_f2c(*{n})"),
    "req_inout": ("MPI_Request *{n}", "*{n}", "PMPI_Request_f2c(*{n})"),
    "reqs": ("MPI_Request {n}[]", "{n}[prof_i_]", "PMPI_Request_f2c({n}[prof_i_])"),
    "counts": ("const int {n}[]", "{n}", "(const int *){n}"),
    "ncounts": ("const int {n}[]", "{n}", "(const int *){n}"),
    "displs": ("const int {n}[]", None, None),
    "adispls": ("const MPI_Aint {n}[]", None, None),
    "types": ("const MPI_Datatype {n}[]", "{n}", "{n}"),
    "ints_out": ("int {n}[]", "{n}", "(const int *){n}"),
    "aint": ("MPI_Aint {n}", None, None),
    "win": ("MPI_Win {n}", None, None),
    "group": ("MPI_Group {n}", None, None),
    "message": ("MPI_Message *{n}", None, None),
    "status": ("MPI_Status *{n}", None, None),
    "statuses": ("MPI_Status {n}[]", None, None),
    "flag_out": ("int *{n}", "*{n}", "(*{n} != 0)"),
    "file": ("MPI_File {n}", None, None),
    "offset": ("MPI_Offset {n}", None, None),
    # the MPI-4 large-count forms' (C only: large_count)
    "count_c": ("MPI_Count {n}", "{n}", None),
    "counts_c": ("const MPI_Count {n}[]", "{n}", None),
    "ncounts_c": ("const MPI_Count {n}[]", "{n}", None),
    "argc": ("int *{n}", None, None),
    "argv": ("char ***{n}", None, None),
}
C_ONLY = ("argc", "argv")
# the C type of a Fortran wrapper's parameter, when not MPI_Fint *
F_PARAM = {"buf": "void *", "cbuf": "void *", "aint": "MPI_Aint *",
           "adispls": "MPI_Aint *", "offset": "MPI_Offset *"}
# the bytes of (count kind, type kind), from C and from Fortran values
BYTES = {
    ("int", "type"): ("prof_bytes({c}, {t})", "prof_bytes({c}, {t})"),
    ("counts", "type"): ("prof_bytes_v({c}, {t}, prof_comm_size({comm}))",
                         "prof_bytes_v({c}, {t}, prof_comm_size({comm}))"),
    ("counts", "types"): ("prof_bytes_w({c}, {t}, prof_comm_size({comm}))",
                          "prof_bytes_w_f({c}, {t}, prof_comm_size({comm}))"),
    ("ncounts", "type"): ("prof_bytes_v({c}, {t}, prof_out_degree({comm}))",
                          "prof_bytes_v({c}, {t}, prof_out_degree({comm}))"),
    ("ncounts", "types"): ("prof_bytes_w({c}, {t}, prof_out_degree({comm}))",
                           "prof_bytes_w_f({c}, {t}, "
                           "prof_out_degree({comm}))"),
    ("count_c", "type"): ("prof_bytes({c}, {t})", None),
    ("counts_c", "type"): ("prof_bytes_vc({c}, {t}, prof_comm_size({comm}))",
                           None),
    ("counts_c", "types"): ("prof_bytes_wc({c}, {t}, prof_comm_size({comm}))",
                            None),
    ("ncounts_c", "type"): ("prof_bytes_vc({c}, {t}, "
                            "prof_out_degree({comm}))", None),
    ("ncounts_c", "types"): ("prof_bytes_wc({c}, {t}, "
                             "prof_out_degree({comm}))", None),
}
# A large-count form's argument kinds: its counts are MPI_Count, its
# displacements MPI_Aint (MPI 4.0 §5.2 "large count"); the rest as in the
# int form.
LARGE_COUNT = {"counts": "counts_c", "ncounts": "ncounts_c",
               "displs": "adispls"}
PUSH_REQS = ("for (int prof_i_ = 0; prof_i_ < {count}; prof_i_++)\n"
             "        prof_pending_push(prof_req_key({array_of_requests}));")

# role: (timed, code before the call, code after it); {name} is the C value
# of argument name; {bytes} the call's bytes (calls.def); {base} the first
# index of an array (0 in C, 1 in Fortran).
ROLES = {
    "init": (False, "", "prof_start();"),
    "init_thread": (False, "prof_check_thread({required});", "prof_start();"),
    "finalize": (False, "prof_stop();", ""),
    "abort": (False, "prof_flush();", ""),
    "pcontrol": (True, "", "prof_region({level});"),
    "send": (True, "", "prof_msg_blocking(MPCHAR_PROF_SEND_POST, {bytes}, "
             "{self_dest});"),
    "recv": (True, "", "prof_msg_blocking(MPCHAR_PROF_RECV_POST, {bytes}, "
             "{self_source});"),
    "sendrecv_replace": (True, "",
                         "prof_msg_blocking(MPCHAR_PROF_SEND_POST, {bytes}, "
                         "{self_dest});\n"
                         "    prof_msg_blocking(MPCHAR_PROF_RECV_POST, "
                         "{bytes}, {self_source});"),
    "sendrecv": (True, "",
                 "prof_msg_blocking(MPCHAR_PROF_SEND_POST, "
                 "prof_bytes({sendcount}, {sendtype}), {self_dest});\n"
                 "    prof_msg_blocking(MPCHAR_PROF_RECV_POST, "
                 "prof_bytes({recvcount}, {recvtype}), {self_source});"),
    "isend": (True, "",
              "prof_msg_post(MPCHAR_PROF_SEND_POST, {bytes}, "
              "prof_req_key({request}), {self_dest});"),
    "irecv": (True, "",
              "prof_msg_post(MPCHAR_PROF_RECV_POST, {bytes}, "
              "prof_req_key({request}), {self_source});"),
    "psend_init": (True, "",
                   "prof_persist_init(MPCHAR_PROF_SEND_POST, {bytes}, "
                   "prof_req_key({request}));"),
    "precv_init": (True, "",
                   "prof_persist_init(MPCHAR_PROF_RECV_POST, {bytes}, "
                   "prof_req_key({request}));"),
    "start": (True, "", "prof_persist_start(prof_req_key({request}));"),
    "startall": (True, "",
                 "for (int prof_i_ = 0; prof_i_ < {count}; prof_i_++)\n"
                 "        prof_persist_start("
                 "prof_req_key({array_of_requests}));"),
    "request_free": (True, "uint64_t prof_key_ = prof_req_key({request});",
                     "prof_request_free(prof_key_);"),
    "wait": (True, "uint64_t prof_key_ = prof_req_key({request});",
             "prof_msg_done(prof_key_);"),
    "test": (True, "uint64_t prof_key_ = prof_req_key({request});",
             "if ({flag})\n        prof_msg_done(prof_key_);"),
    "waitall": (True, PUSH_REQS, "prof_pending_done_if(1);"),
    "testall": (True, PUSH_REQS, "prof_pending_done_if({flag});"),
    "waitany": (True, PUSH_REQS, "prof_pending_done_index({index}, {base});"),
    "testany": (True, PUSH_REQS,
                "prof_pending_done_index({flag} ? {index} : MPI_UNDEFINED, "
                "{base});"),
    "waitsome": (True, PUSH_REQS,
                 "prof_pending_done_indices({outcount}, {array_of_indices}, "
                 "{base});"),
    "testsome": (True, PUSH_REQS,
                 "prof_pending_done_indices({outcount}, {array_of_indices}, "
                 "{base});"),
    "coll": (True, "", "prof_bytes_ = {bytes};"),
    "io": (True, "", "prof_bytes_ = {bytes};"),
    "icoll": (True, "",
              "prof_msg_post(MPCHAR_PROF_COLL_POST, {bytes}, "
              "prof_req_key({request}), 0);"),
    "plain": (True, "", ""),
}


# The roles of the table's calls that start, stop, mark or forget, but
# neither move nor complete a message (--comm-out leaves them out).
NOT_COMM = {"init", "init_thread", "finalize", "abort", "pcontrol",
            "request_free", "io"}


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
            args, words, override = [], line[2:], None
            if words and words[0].startswith("bytes="):
                override = words.pop(0)[len("bytes="):].split(",")
                if len(override) != 2:
                    fail("%s:%d: expected bytes=COUNT,TYPE" % (path, lineno))
            for a in words:
                name, _, kind = a.partition(":")
                if kind not in KINDS:
                    fail("%s:%d: %s: unknown kind '%s'" % (path, lineno, a, kind))
                args.append((name, kind))
            names = [n for n, _ in args]
            if override and not all(o.isdigit() or o in names
                                    for o in override):
                fail("%s:%d: bytes=%s: no such argument" %
                     (path, lineno, ",".join(override)))
            calls.append((line[0], line[1], args, override))
    return calls


def header_text(header):
    """mpi.h and the headers of its folder it includes (MPICH's
    prototypes are in mpi_proto.h)."""
    with open(header) as f:
        text = f.read()
    folder = os.path.dirname(header)
    for inc in re.findall(r'#\s*include\s*[<"]([^>"]+)[>"]', text):
        path = os.path.join(folder, inc)
        if os.path.isfile(path) and path != header:
            with open(path) as f:
                text += f.read()
    return text


# calls of an mpi.h not wrapped: the clock (the profiler's own calls'
# bounds; an MPI_Wtime between two calls is the application's), handle
# conversions and address arithmetic (macros in some libraries), the
# tool interface MPI_T_ (the profiler is one tool, not its subject)
NOT_WRAPPED = re.compile(r"^(Wtime|Wtick|\w+_f2c|\w+_c2f|\w+_f082c|\w+_c2f08|"
                         r"\w+_f2f08|\w+_f082f|Aint_add|Aint_diff|T_\w+)$")


def prototypes(header):
    """{name: parameter text} of each int PMPI_name(...) the library's
    mpi.h declares (the built-in runtime's MPCHAR_RT_FN(int, name, (...))
    too), less the removed MPI-1 calls Open MPI declares as errors."""
    text = re.sub(r"/\*.*?\*/", " ", header_text(header), flags=re.S)
    found = {}
    pat = re.compile(r"\bint\s+PMPI_(\w+)\s*\(|"
                     r"MPCHAR_RT_FN\(\s*int\s*,\s*(\w+)\s*,\s*\(")
    for m in pat.finditer(text):
        depth, i = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        params = " ".join(text[m.end():i - 1].split())
        tail = text[i:text.find(";", i) if ";" in text[i:i + 400] else i]
        if "removed" in tail:
            continue
        found.setdefault(m.group(1) or m.group(2), params)
    return found


TYPE_WORDS = re.compile(r"^(MPI_\w+|MPIX_\w+|int|char|void|double|float|"
                        r"long|short|unsigned|const)$")


def split_params(params):
    """The parameters of a C parameter list, split at its top-level
    commas (a function pointer's own list is one parameter)."""
    parts, depth, cur = [], 0, ""
    for ch in params:
        depth += {"(": 1, ")": -1, "[": 1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return parts


def param_names(params):
    """(parameter list, names) of a C parameter list, each unnamed
    parameter named pN (MPICH's mpio.h has some)."""
    if params in ("", "void"):
        return "void", []
    parts = split_params(params)
    named, names = [], []
    for i, part in enumerate(parts):
        m = re.match(r"^(.*?)(\w+)?\s*((\[[^]]*\]\s*)*)$", part)
        if part == "..." or not m:
            return None, None
        if not m.group(2) or TYPE_WORDS.match(m.group(2)) or \
                m.group(1).strip() == "":
            part = "%s p%d%s" % ((m.group(1) + (m.group(2) or "")).strip(),
                                 i, m.group(3))
            m = re.match(r"^(.*?)(\w+)\s*((\[[^]]*\]\s*)*)$", part)
        named.append(part)
        names.append(m.group(2))
    return ", ".join(named), names


def plain_wrapper(name, params, names):
    """The wrapper of a call the table does not list: only its time."""
    call = "PMPI_%s(%s)" % (name, ", ".join(names))
    return "int MPI_%s(%s)\n{\n%s\n}\n" % (
        name, params, body(name, "plain", call, {}, True))


def large_count(call):
    """The row of a table call's MPI-4 large-count form Name_c (MPICH
    4 declares them): the same role and arguments, its counts MPI_Count
    and its displacements MPI_Aint (LARGE_COUNT), so that its messages
    and bytes are the int form's.  A kind that disagrees with the
    library's prototype is a compile error of the wrappers."""
    name, role, args, override = call
    wide = [(n, "count_c" if k == "int" and n.endswith("count")
             else LARGE_COUNT.get(k, k)) for n, k in args]
    return name + "_c", role, wide, override


def untabled(calls, protos, header):
    """(name, params, names) of each call of the library's mpi.h (protos)
    that the table does not list, sorted by name."""
    listed = {c[0] for c in calls}
    out = []
    for name, params in sorted(protos.items()):
        if name in listed or NOT_WRAPPED.match(name):
            continue
        params, names = param_names(params)
        if names is None:
            fail("%s: PMPI_%s(%s): cannot name its parameters" %
                 (header, name, params))
        out.append((name, params, names))
    return out


def values(args, lang, override):
    col = 1 if lang == "c" else 2
    v = {n: KINDS[k][col].format(n=n) for n, k in args if KINDS[k][col]}
    kinds = dict(args)
    counts = [n for n, k in args
              if (k in ("int", "count_c") and n.endswith("count")) or
              k in ("counts", "ncounts", "counts_c", "ncounts_c")]
    types = [n for n, k in args if k in ("type", "types")]
    if override:
        counts, types = [override[0]], [override[1]]
        if override[0].isdigit():
            kinds[override[0]], v[override[0]] = "int", override[0]
    v["bytes"] = "0"
    if counts and types:
        form = BYTES[(kinds[counts[0]], kinds[types[0]])][col - 1]
        v["bytes"] = form.format(c=v[counts[0]], t=v[types[0]],
                                 comm=v.get("comm"))
    v["base"] = "0" if lang == "c" else "1"
    # whether the message's peer is the caller (MPCHAR_PROF_SELF); a
    # matched receive (Mrecv: a message handle) has no source to compare
    for peer in ("dest", "source"):
        v["self_" + peer] = ("prof_is_self(%s, %s)" % (v[peer], v["comm"])
                             if peer in v and "comm" in v else "0")
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


def c_wrapper(name, role, args, override):
    params = ", ".join(KINDS[k][0].format(n=n) for n, k in args) or "void"
    names = ", ".join(n for n, _ in args)
    if role == "pcontrol":
        params += ", ..."
    call = "PMPI_%s(%s)" % (name, names)
    return "int MPI_%s(%s)\n{\n%s\n}\n" % (
        name, params, body(name, role, call, values(args, "c", override),
                           True))


def f_wrapper(name, role, args, override):
    fargs = [(n, k) for n, k in args if k not in C_ONLY]
    params = [F_PARAM.get(k, "MPI_Fint *") + n for n, k in fargs]
    names = [n for n, _ in fargs]
    if role != "pcontrol":  # MPI_PCONTROL has no IERROR
        params.append("MPI_Fint *ierr")
        names.append("ierr")
    return f_function(name, role, params, names,
                      values(fargs, "f", override))


def f_plain_wrapper(name, params, names):
    """The Fortran twin of plain_wrapper, from the same C prototype: one
    pointer per C parameter (Fortran passes every argument by reference;
    the wrapper only forwards them, so void *), IERROR, then the hidden
    length (size_t in gfortran >= 8) of each character argument, in
    order, after all the others.  A C parameter of a char type (char *,
    char *[], char **[]) is one Fortran character argument, so one
    length (MPI_Comm_spawn's ARGV, a character array, has one too)."""
    parts = split_params(params)
    fparams = ["void *%s" % n for n in names] + ["MPI_Fint *ierr"]
    fnames = names + ["ierr"]
    for part, n in zip(parts, names):
        if re.search(r"\bchar\b", part):
            fparams.append("size_t %s_len" % n)
            fnames.append("%s_len" % n)
    return f_function(name, "plain", fparams, fnames, {})


def f_function(name, role, params, names, v):
    """mpi_name_ calling the library's pmpi_name_ (resolved at its first
    call), its other manglings as aliases."""
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
    out.append(body(name, role, call, v, False))
    out.append("}")
    for alias in ("mpi_%s__" % low, "mpi_%s" % low, "MPI_%s" % name.upper()):
        out.append("void %s(%s) __attribute__((alias(\"mpi_%s_\")));"
                   % (alias, params, low))
    return "\n".join(out) + "\n"


# calls of an mpi.h whose C wrapper (a table row's or a plain one) gets no
# Fortran twin: the MPI-4 large-count forms (Name_c), which mpif.h and
# the mpi module do not have (only mpi_f08, whose bindings the wrappers
# do not see), and
# Info_create_env, whose C argc and argv Fortran does not pass
# (MPI_INFO_CREATE_ENV(INFO, IERROR)), so its arguments do not follow
# the C prototype
NOT_FORTRAN = re.compile(r"^(\w+_c|Info_create_env)$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--def", dest="deffile", required=True)
    ap.add_argument("--out")
    ap.add_argument("--header")
    ap.add_argument("--fortran", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--comm-out")
    a = ap.parse_args()
    calls = parse(a.deffile)
    if a.list:
        print("\n".join(c[0] for c in calls))
        return
    if a.comm_out:
        comm = sorted(c[0] for c in calls if c[1] not in NOT_COMM)
        with open(a.comm_out, "w") as f:
            f.write("/* Generated by gen_wrappers.py --comm-out from "
                    "calls.def: do not edit. */\n#include <stddef.h>\n\n"
                    "const char *const profile_comm_calls[] = {\n" +
                    "".join('    "%s",\n' % n for n in comm) +
                    "};\nconst size_t profile_n_comm_calls = %d;\n"
                    % len(comm))
        return
    if not a.out or not a.header:
        fail("--out and --header are needed")
    # the header is scanned once: the table's calls it declares, and the
    # others it declares
    protos = prototypes(a.header)
    calls = [c for c in calls if c[0] in protos]
    calls += [large_count(c) for c in calls if c[0] + "_c" in protos]
    others = untabled(calls, protos, a.header)
    names = [c[0] for c in calls] + [o[0] for o in others]
    out = ["/* Generated by gen_wrappers.py from calls.def and mpi.h: do not "
           "edit. */", '#include "prof.h"', "", "enum {"]
    out += ["    PROF_CALL_%s," % n.upper() for n in names]
    out += ["    PROF_N_CALLS", "};", "",
            "_Static_assert(PROF_N_CALLS <= MPCHAR_PROF_MAX_CALLS, "
            '"the event files have room for the calls");', "",
            "const char *const prof_call_names[] = {"]
    out += ['    "MPI_%s",' % n for n in names]
    out += ["};", "const unsigned prof_n_calls = PROF_N_CALLS;", ""]
    out += ['_Static_assert(sizeof "MPI_%s" <= MPCHAR_PROF_CALL_NAME_BYTES, '
            '"the name fits the header");' % n for n in names]
    out.append("")
    for n, role, args, override in calls:
        out.append(c_wrapper(n, role, args, override))
        if a.fortran and not NOT_FORTRAN.match(n):
            out.append(f_wrapper(n, role, args, override))
    for n, params, pnames in others:
        out.append(plain_wrapper(n, params, pnames))
        if a.fortran and not NOT_FORTRAN.match(n):
            out.append(f_plain_wrapper(n, params, pnames))
    with open(a.out, "w") as f:
        f.write("\n".join(out))


main()
