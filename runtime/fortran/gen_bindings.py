#!/usr/bin/env python3
"""Writes the Fortran bindings of libmpchar-rt from bindings.def.

One table (bindings.def, whose header documents its lines) gives three
files, so that the C shims, mpif.h and the mpi module cannot disagree:
  bindings.c  the shims mpi_<name>_ (gfortran's names) that convert
              Fortran's conventions and call MPI_<Name>; the tables of
              predefined handles; the common blocks behind MPI_BOTTOM and
              the other special addresses; compile-time checks of the
              kinds and the status layout against mpi.h
  mpif.h      constants, common blocks and function types, in source that
              is valid fixed and free form (columns 7-72, no continuation)
  mpi.f90     module mpi: the same constants and an interface per function
              (choice buffers with gfortran's NO_ARG_CHECK)
The values of the integer constants are read from mpi.h through the C
preprocessor (--cc), so they are the C library's.  Run by CMake
(runtime/fortran/bindings.cmake):
  gen_bindings.py --def F --cc CC --include DIR --c OUT.c --mpif OUT.h
                  --module OUT.f90
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HANDLE_KINDS = {  # def kind: (C type, table)
    "comm": ("MPI_Comm", "F_COMM"),
    "type": ("MPI_Datatype", "F_TYPE"),
    "op": ("MPI_Op", "F_OP"),
    "request": ("MPI_Request", "F_REQUEST"),
    "group": ("MPI_Group", "F_GROUP"),
    "info": ("MPI_Info", "F_INFO"),
    "errhandler": ("MPI_Errhandler", "F_ERRHANDLER"),
    "win": ("MPI_Win", "F_WIN"),
    "message": ("MPI_Message", "F_MESSAGE"),
}
# The common blocks of the special addresses: Fortran name, block, size.
SPECIALS = [
    ("MPI_BOTTOM", "mpchar_fbottom", "1"),
    ("MPI_IN_PLACE", "mpchar_finplace", "1"),
    ("MPI_STATUS_IGNORE", "mpchar_fstatus_ignore", "MPI_STATUS_SIZE"),
    ("MPI_STATUSES_IGNORE", "mpchar_fstatuses_ignore", "MPI_STATUS_SIZE,1"),
    ("MPI_UNWEIGHTED", "mpchar_funweighted", "1"),
    ("MPI_WEIGHTS_EMPTY", "mpchar_fweights_empty", "1"),
]


def fail(msg):
    sys.exit("gen_bindings.py: " + msg)


class Arg:
    """One argument: how the shim receives it, converts it and passes it
    to C, and how the module's interface declares it."""

    def __init__(self, fn, name, kind):
        self.name, self.kind = name, kind
        m = re.fullmatch(r"(\w+)\((\w+)\)", kind)
        self.base, self.param = (m.group(1), m.group(2)) if m else (kind, None)
        self.fn = fn
        self.known = self.base in (
            "buf int int_out int_inout ints ranges logical logical_out "
            "logicals aint aint_out aints ptr_out status status_in statuses "
            "index_out indices string string_in addr_out cnull "
            "user_fn weights".split()) or self.handle() is not None
        if not self.known:
            fail("%s: argument %s: unknown kind %s" % (fn, name, kind))

    def handle(self):
        """(handle kind, suffix) for handle kinds, else None."""
        m = re.fullmatch(r"(\w+?)(_out|_inout|_array)?", self.base)
        if m and m.group(1) in HANDLE_KINDS:
            return m.group(1), m.group(2) or ""
        return None

    def in_fortran(self):
        return self.base != "cnull"

    # ---- C shim ----
    def c_param(self):
        n = self.name
        if self.base in ("buf", "addr_out"):
            return "void *%s" % n
        if self.base in ("aint", "aint_out", "aints", "ptr_out"):
            return "MPI_Aint *%s" % n
        if self.base in ("string", "string_in"):
            return "char *%s" % n
        if self.base == "user_fn":
            return "mpchar__fortran_op_fn *%s" % n
        return "MPI_Fint *%s" % n

    def c_hidden(self):
        if self.base in ("string", "string_in"):
            return ["size_t %s_len" % self.name]
        return []

    def c_pre(self, fname):
        """(declarations, conversions) before the call; a failed
        conversion sets *ierror and jumps to out."""
        n, h = self.name, self.handle()
        if h:
            hk, suffix = h
            ctype, table = HANDLE_KINDS[hk]
            if suffix == "_out":
                return ["%s c_%s = NULL;" % (ctype, n)], []
            if suffix == "_array":
                return ["%s *c_%s = NULL;" % (ctype, n)], [
                    "c_%s = mpchar__f_array(*%s, sizeof *c_%s, \"%s\", ierror);"
                    % (n, self.param, n, fname),
                    "if (!c_%s)" % n, "    goto out;",
                    "for (MPI_Fint i = 0; i < *%s; i++)" % self.param,
                    "    if (mpchar__f_in(%s, %s[i], (void **)&c_%s[i], \"%s\","
                    % (table, n, n, fname),
                    "                     ierror))",
                    "        goto out;"]
            return ["%s c_%s = NULL;" % (ctype, n)], [
                "if (mpchar__f_in(%s, *%s, (void **)&c_%s, \"%s\", ierror))"
                % (table, n, n, fname), "    goto out;"]
        if self.base == "status":
            return ["MPI_Status t_%s;" % n,
                    "MPI_Status *c_%s = mpchar__f_status(%s, &t_%s);" % (n, n, n)], []
        if self.base == "status_in":
            return ["MPI_Status c_%s;" % n], ["PMPI_Status_f2c(%s, &c_%s);" % (n, n)]
        if self.base == "statuses":
            return ["MPI_Status *c_%s = NULL;" % n], [
                "if (!mpchar__f_statuses(%s, *%s, &c_%s, \"%s\", ierror))"
                % (n, self.param, n, fname), "    goto out;"]
        if self.base == "string":
            return ["char c_%s[%s + 1] = \"\";" % (n, self.param)], []
        if self.base == "string_in":
            return ["char *c_%s = NULL;" % n], [
                "c_%s = mpchar__f_string_in(%s, %s_len, \"%s\", ierror);"
                % (n, n, n, fname), "if (!c_%s)" % n, "    goto out;"]
        if self.base == "addr_out":
            # Fortran cannot use an address: C's result is dropped
            return ["void *c_%s = NULL;" % n], ["(void)%s;" % n]
        return [], []

    def c_call(self):
        n, h = self.name, self.handle()
        if h:
            return {"": "c_%s", "_out": "&c_%s", "_inout": "&c_%s",
                    "_array": "c_%s"}[h[1]] % n
        return {
            "buf": "mpchar__f_buf(%s)" % n,
            "weights": "mpchar__f_weights(%s)" % n,
            "int": "*%s" % n, "logical": "*%s" % n, "aint": "*%s" % n,
            "int_out": n, "int_inout": n, "ints": n, "logical_out": n,
            "logicals": n, "index_out": n, "indices": n, "aint_out": n,
            "aints": n, "ptr_out": n, "ranges": "(int(*)[3])%s" % n,
            "string_in": "c_%s" % n,
            "status": "c_%s" % n, "status_in": "&c_%s" % n,
            "statuses": "c_%s" % n, "string": "c_%s" % n,
            "addr_out": "&c_%s" % n, "cnull": "NULL",
        }[self.base]

    def c_post(self):
        """Conversions back after the call (rc is its result)."""
        n, h = self.name, self.handle()
        if h:
            hk, suffix = h
            table = HANDLE_KINDS[hk][1]
            if suffix == "_out":
                return ["*%s = rc == MPI_SUCCESS ? mpchar__f_new(%s, c_%s) : 0;"
                        % (n, table, n)]
            if suffix == "_inout":
                return ["*%s = mpchar__f_update(%s, *%s, c_%s);" % (n, table, n, n)]
            if suffix == "_array" and hk == "request":
                return ["for (MPI_Fint i = 0; i < *%s; i++)" % self.param,
                        "    %s[i] = mpchar__f_update(%s, %s[i], c_%s[i]);"
                        % (n, table, n, n)]
            return []
        if self.base == "status":
            return ["if (c_%s)" % n, "    PMPI_Status_c2f(c_%s, %s);" % (n, n)]
        if self.base == "statuses":
            return ["mpchar__f_statuses_out(%s, c_%s, *%s);" % (n, n, self.param)]
        if self.base == "index_out":
            return ["if (rc == MPI_SUCCESS && *%s >= 0)" % n, "    ++*%s;" % n]
        if self.base == "indices":
            return ["if (rc == MPI_SUCCESS && *%s != MPI_UNDEFINED)" % self.param,
                    "    for (MPI_Fint i = 0; i < *%s; i++)" % self.param,
                    "        %s[i]++;" % n]
        if self.base == "string":
            return ["if (rc == MPI_SUCCESS)",
                    "    mpchar__f_string(%s, %s_len, c_%s);" % (n, n, n)]
        return []

    def c_free(self):
        h = self.handle()
        if (h and h[1] == "_array") or self.base in ("statuses", "string_in"):
            return ["free(c_%s);" % self.name]
        return []

    # ---- module interface ----
    def f_decl(self):
        n, h = self.name, self.handle()
        if h:
            return {"": "integer, intent(in) :: %s", "_out": "integer, intent(out) :: %s",
                    "_inout": "integer, intent(inout) :: %s",
                    "_array": "integer :: %s(*)"}[h[1]] % n
        return {
            "buf": ["!GCC$ ATTRIBUTES NO_ARG_CHECK :: %s" % n, "real :: %s(*)" % n],
            "addr_out": ["!GCC$ ATTRIBUTES NO_ARG_CHECK :: %s" % n, "real :: %s(*)" % n],
            "int": "integer, intent(in) :: %s" % n,
            "int_out": "integer, intent(out) :: %s" % n,
            "int_inout": "integer, intent(inout) :: %s" % n,
            "ranges": "integer :: %s(3, *)" % n,
            "index_out": "integer, intent(out) :: %s" % n,
            "ints": "integer :: %s(*)" % n, "indices": "integer :: %s(*)" % n,
            "weights": "integer :: %s(*)" % n,
            "logical": "logical, intent(in) :: %s" % n,
            "logical_out": "logical, intent(out) :: %s" % n,
            "logicals": "logical :: %s(*)" % n,
            "aint": "integer(kind=MPI_ADDRESS_KIND), intent(in) :: %s" % n,
            "aint_out": "integer(kind=MPI_ADDRESS_KIND), intent(out) :: %s" % n,
            "ptr_out": "integer(kind=MPI_ADDRESS_KIND), intent(out) :: %s" % n,
            "aints": "integer(kind=MPI_ADDRESS_KIND) :: %s(*)" % n,
            "status": "integer :: %s(MPI_STATUS_SIZE)" % n,
            "status_in": "integer, intent(in) :: %s(MPI_STATUS_SIZE)" % n,
            "statuses": "integer :: %s(MPI_STATUS_SIZE, *)" % n,
            "string": "character(len=*), intent(out) :: %s" % n,
            "string_in": "character(len=*), intent(in) :: %s" % n,
            "user_fn": "external :: %s" % n,
        }[self.base]


class Fn:
    def __init__(self, words):
        self.name = words[0]
        self.opts = [w for w in words[1:] if w.startswith("-")]
        for o in self.opts:
            if o not in ("-noierror", "-double", "-manual"):
                fail("%s: unknown option %s" % (self.name, o))
        self.args = []
        for w in words[1:]:
            if w.startswith("-"):
                continue
            if ":" not in w:
                fail("%s: argument '%s' is not name:kind" % (self.name, w))
            name, kind = w.split(":", 1)
            self.args.append(Arg(self.name, name, kind))
        names = [a.name for a in self.args]
        if len(set(names)) != len(names) or "ierror" in names or "rc" in names:
            fail("%s: argument names must differ and not be ierror or rc" % self.name)
        for a in self.args:
            if a.param and a.base != "string" and a.param not in names:
                fail("%s: %s refers to no argument %s" % (self.name, a.name, a.param))

    def upper(self):
        return "MPI_" + self.name.upper()

    def has_ierror(self):
        return "-noierror" not in self.opts and "-double" not in self.opts

    def shim(self):
        sym = "mpi_%s_" % self.name.lower()
        fargs = [a for a in self.args if a.in_fortran()]
        if "-double" in self.opts:
            return ["double %s(void);" % sym, "double %s(void)" % sym, "{",
                    "    return MPI_%s();" % self.name, "}", ""]
        params = [a.c_param() for a in fargs]
        if self.has_ierror():
            params.append("MPI_Fint *ierror")
        for a in fargs:
            params += a.c_hidden()
        sig = "%s(%s)" % (sym, ", ".join(params) or "void")
        decls, code, post, frees = [], [], [], []
        for a in self.args:
            d, c = a.c_pre(self.upper())
            decls += d
            code += c
            post += a.c_post()
            frees += a.c_free()
        if code and not self.has_ierror():
            fail("%s: -noierror with arguments that need conversion" % self.name)
        call = "MPI_%s(%s)" % (self.name, ", ".join(a.c_call() for a in self.args))
        body = decls + code
        if self.has_ierror():
            body += ["int rc = %s;" % call] + post + ["*ierror = rc;"]
        else:
            body += ["(void)%s;" % call]
        uses_goto = any("goto out" in line for line in body)
        if uses_goto:
            # declarations come first, so no jump skips one
            body = [line.replace("int rc = ", "rc = ") for line in body]
            body.insert(0, "int rc;")
            body += ["out:"] + (frees or ["return;"])
        text = ["void %s;" % sig, "void %s" % sig, "{"]
        text += [("    " if line != "out:" else "") + line for line in body]
        return text + ["}", ""]

    def interface(self):
        fargs = [a for a in self.args if a.in_fortran()]
        names = [a.name for a in fargs] + (["ierror"] if self.has_ierror() else [])
        if "-double" in self.opts:
            head, end = "function %s()" % self.upper(), "end function %s" % self.upper()
            decls = ["import :: MPI_ADDRESS_KIND, MPI_STATUS_SIZE",
                     "double precision :: %s" % self.upper()]
        else:
            head = "subroutine %s(%s)" % (self.upper(), ", ".join(names))
            end = "end subroutine %s" % self.upper()
            decls = ["import :: MPI_ADDRESS_KIND, MPI_STATUS_SIZE"]
        for a in fargs:
            d = a.f_decl()
            decls += d if isinstance(d, list) else [d]
        if self.has_ierror():
            decls.append("integer, intent(out) :: ierror")
        # imports go first; interface bodies see nothing of the module else
        return free_form(head) + ["  " + d for d in decls] + [end]


def free_form(line, width=100):
    """A long line as free-form lines continued with &, split at commas."""
    out = []
    while len(line) > width:
        cut = line.rindex(", ", 0, width) + 1
        out.append(line[:cut] + " &")
        line = "      " + line[cut:].lstrip()
    return out + [line]


def read_def(path):
    fns, consts, handles, kinds, fields = [], [], {}, [], []
    status_size = None
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            what, rest = line[0], line[1:]
            where = "%s:%d" % (path, lineno)
            if what == "fn" and rest:
                fns.append(Fn(rest))
            elif what == "const":
                consts += rest
            elif what == "handles" and len(rest) >= 2 and rest[0] in HANDLE_KINDS:
                handles.setdefault(rest[0], []).extend(rest[1:])
            elif what == "kind" and len(rest) == 3:
                kinds.append((rest[0], rest[1], int(rest[2])))
            elif what == "status_size" and len(rest) == 1:
                status_size = int(rest[0])
            elif what == "status_field" and len(rest) == 2:
                fields.append((rest[0], int(rest[1])))
            else:
                fail("%s: cannot read '%s'" % (where, " ".join(line)))
    if status_size is None:
        fail("no status_size line")
    for k in HANDLE_KINDS:
        if k not in handles:
            fail("no handles line for %s (its null handle comes first)" % k)
    seen = set()
    for fn in fns:
        if fn.name in seen:
            fail("function %s listed twice" % fn.name)
        seen.add(fn.name)
    return fns, consts, handles, kinds, status_size, fields


def const_values(consts, cc, include):
    """The values mpi.h gives the constants, through the C preprocessor."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "consts.c")
        with open(src, "w") as f:
            f.write('#include "mpi.h"\n')
            for c in consts:
                f.write('"%s" %s\n' % (c, c))
        out = subprocess.run(cc.split() + ["-E", "-P", "-I", include, src],
                             capture_output=True, text=True)
        if out.returncode != 0:
            fail("the C preprocessor failed on mpi.h: " + out.stderr)
    values = {}
    for line in out.stdout.splitlines():
        m = re.fullmatch(r'"(\w+)" (.*)', line.strip())
        if not m:
            continue
        expr = m.group(2).replace(" ", "")
        if not re.fullmatch(r"[()\-0-9xXa-fA-F]+", expr):
            fail("%s is not an integer literal in mpi.h: %s" % (m.group(1), expr))
        values[m.group(1)] = int(eval(expr, {"__builtins__": {}}))  # checked above
    for c in consts:
        if c not in values:
            fail("%s: not found in mpi.h" % c)
    return values


def constants(consts, values, handles, kinds, status_size, fields):
    """(name, value) of every INTEGER parameter, in order."""
    out = [(c, values[c]) for c in consts]
    out += [(n, b) for n, _, b in kinds]
    out.append(("MPI_STATUS_SIZE", status_size))
    out += fields
    for k in HANDLE_KINDS:
        out += [(n, i) for i, n in enumerate(handles[k])]
    return out


def write_c(path, fns, handles, kinds, status_size, fields):
    lines = [
        "/* Generated by runtime/fortran/gen_bindings.py from bindings.def:",
        " * the Fortran shims of libmpchar-rt.  Do not edit. */",
        '#include "fortran.h"', "", "#include <stddef.h>",
        "#include <stdlib.h>", "", '#include "rt.h"', ""]
    for n, ctype, b in kinds:
        lines.append('_Static_assert(sizeof(%s) == %d, "%s");' % (ctype, b, n))
    lines.append("_Static_assert(sizeof(MPI_Status) == %d * sizeof(MPI_Fint), "
                 '"MPI_STATUS_SIZE");' % status_size)
    for n, i in fields:
        lines.append("_Static_assert(offsetof(MPI_Status, %s) == %d * sizeof(MPI_Fint), "
                     '"%s");' % (n, i - 1, n))
    lines.append("")
    sizes = {"1": "1", "MPI_STATUS_SIZE": str(status_size),
             "MPI_STATUS_SIZE,1": str(status_size)}
    for _, block, size in SPECIALS:
        lines.append("MPI_Fint %s_[%s];" % (block, sizes[size]))
    lines.append("")
    for k in HANDLE_KINDS:
        lines.append("static void *const predefined_%s[] = {" % k)
        lines += ["    %s," % n for n in handles[k]]
        lines.append("};")
    lines.append("const struct mpchar_f_predefined mpchar__f_predefined[F_KINDS] = {")
    for k, (_, table) in HANDLE_KINDS.items():
        lines.append("    [%s] = {predefined_%s, %d}," % (table, k, len(handles[k])))
    lines += ["};", ""]
    for fn in fns:
        if "-manual" not in fn.opts:
            lines += fn.shim()
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_mpif(path, consts):
    lines = ["! mpif.h of mpchar's built-in MPI (libmpchar-rt), generated by",
             "! runtime/fortran/gen_bindings.py from bindings.def."]
    for n, v in consts:
        lines += ["      integer %s" % n, "      parameter (%s=%d)" % (n, v)]
    for name, block, size in SPECIALS:
        lines += ["      integer %s(%s)" % (name, size),
                  "      common /%s/ %s" % (block, name)]
    return lines


def main():
    ap = argparse.ArgumentParser()
    for o in ("def", "cc", "include", "c", "mpif", "module"):
        ap.add_argument("--" + o, required=True)
    a = ap.parse_args()
    fns, consts, handles, kinds, status_size, fields = read_def(getattr(a, "def"))
    values = const_values(consts, a.cc, a.include)
    allc = constants(consts, values, handles, kinds, status_size, fields)
    write_c(a.c, fns, handles, kinds, status_size, fields)
    doubles = [fn.upper() for fn in fns if "-double" in fn.opts]
    mpif = write_mpif(a.mpif, allc)
    mpif += ["      double precision %s" % n for n in doubles]
    mpif += ["      external %s" % n for n in doubles]
    for line in mpif:
        if len(line) > 72:
            fail("mpif.h line longer than 72 columns: " + line)
    with open(a.mpif, "w") as f:
        f.write("\n".join(mpif) + "\n")
    mod = ["! module mpi of mpchar's built-in MPI (libmpchar-rt), generated by",
           "! runtime/fortran/gen_bindings.py from bindings.def.",
           "module mpi", "  implicit none"]
    for n, v in allc:
        mod.append("  integer, parameter :: %s = %d" % (n, v))
    for name, block, size in SPECIALS:
        mod += ["  integer :: %s(%s)" % (name, size), "  common /%s/ %s" % (block, name)]
    mod.append("  interface")
    for fn in fns:
        mod += ["    " + line for line in fn.interface()]
    mod += ["  end interface", "end module mpi"]
    with open(a.module, "w") as f:
        f.write("\n".join(mod) + "\n")


if __name__ == "__main__":
    main()
