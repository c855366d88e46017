#!/usr/bin/env python3
"""Cross-checks the reference values of mpchar's JGF class S.

JGF publishes no values for S (mpchar's CI class, docs/kernels.md), so
kernels/jgf_*.c carry values derived from their own C code.  This script
derives them again, independently: a plain Python transcription of the JGF
MPJ 1.0 Java sources run as one process (java.util.Random, SOR's sweep as
the Java loop writes it, SparseMatmult's accumulation, LUFact's Linpack
residual), and compares them with what mpchar-kernels reports at p = 1 and
p = 2.  Usage: jgf_s_refs.py LAUNCHER... PROGRAM (LAUNCHER gets -n P).
"""
import re
import subprocess
import sys

MASK = (1 << 48) - 1


class JavaRandom:
    """java.util.Random (the Java API specification's LCG)."""

    def __init__(self, seed):
        self.seed = (seed ^ 0x5DEECE66D) & MASK

    def next(self, bits):
        self.seed = (self.seed * 0x5DEECE66D + 0xB) & MASK
        v = self.seed >> (48 - bits)
        return v - (1 << 32) if bits == 32 and v >= 1 << 31 else v

    def next_int(self):
        return self.next(32)

    def next_double(self):
        return ((self.next(26) << 27) + self.next(27)) * 2.0**-53


def sor_gtotal(n=200, iterations=10, omega=1.25):
    """JGF SOR at one process: SORrun's loop with rank 0 == last rank."""
    r = JavaRandom(10101010)
    g = [[r.next_double() * 1e-6 for _ in range(n)] for _ in range(n)]
    p_g = [[0.0] * n] + g + [[0.0] * n]  # halo rows above and below
    w4, w1 = omega * 0.25, 1.0 - omega
    high = len(p_g)
    for p in range(2 * iterations):
        for i in range(p % 2, high, 2):
            if i == 0 or i == 1 or i == high - 1:
                continue
            gi, gim1 = p_g[i], p_g[i - 1]
            odd = i != high - 2
            even = i != 2
            for j in range(1, n - 1, 2):
                if odd:
                    gip1 = p_g[i + 1]
                    gi[j] = w4 * (gim1[j] + gip1[j] + gi[j - 1] + gi[j + 1]) + w1 * gi[j]
                if even and j + 1 != n - 1:
                    gim2 = p_g[i - 2]
                    gim1[j + 1] = (w4 * (gim2[j + 1] + gi[j + 1] + gim1[j] + gim1[j + 2])
                                   + w1 * gim1[j + 1])
    total = 0.0
    for i in range(1, n - 1):
        for j in range(1, n - 1):
            total += p_g[i + 1][j]
    return total


def sparse_ytotal(m=5000, nz=25000, iterations=20):
    """JGF SparseMatmult at one process."""
    r = JavaRandom(10101010)
    x = [r.next_double() * 1e-6 for _ in range(m)]
    row, col, val = [], [], []
    for _ in range(nz):
        row.append(abs(r.next_int()) % m)
        col.append(abs(r.next_int()) % m)
        val.append(r.next_double())
    y = [0.0] * m
    for _ in range(iterations):
        for i in range(nz):
            y[row[i]] += x[col[i]] * val[i]
    total = 0.0
    for i in range(nz):
        total += y[row[i]]
    return total


def lufact_residual(n=50):
    """Linpack's matgen, dgefa, dgesl and JGF's normalised residual."""
    def matgen():
        a = [[0.0] * n for _ in range(n)]  # a[column][row]
        init, norma = 1325, 0.0
        for i in range(n):
            for j in range(n):
                init = 3125 * init % 65536
                a[j][i] = (init - 32768.0) / 16384.0
                norma = max(norma, a[j][i])
        b = [0.0] * n
        for j in range(n):
            for i in range(n):
                b[i] += a[j][i]
        return a, b, norma

    a, b, _ = matgen()
    ipvt = [0] * n
    for k in range(n - 1):
        col = a[k]
        l = max(range(k, n), key=lambda i: (abs(col[i]), -i))
        ipvt[k] = l
        if col[l] == 0:
            continue
        col[l], col[k] = col[k], col[l]
        t = -1.0 / col[k]
        for i in range(k + 1, n):
            col[i] *= t
        for j in range(k + 1, n):
            cj = a[j]
            t = cj[l]
            if l != k:
                cj[l], cj[k] = cj[k], t
            for i in range(k + 1, n):
                cj[i] += t * col[i]
    ipvt[n - 1] = n - 1
    for k in range(n - 1):
        l, t = ipvt[k], b[ipvt[k]]
        if l != k:
            b[l], b[k] = b[k], t
        for i in range(k + 1, n):
            b[i] += t * a[k][i]
    for k in range(n - 1, -1, -1):
        b[k] /= a[k][k]
        t = -b[k]
        for i in range(k):
            b[i] += t * a[k][i]
    x = b
    a, b, norma = matgen()
    b = [-v for v in b]
    for j in range(n):
        for i in range(n):
            b[i] += x[j] * a[j][i]
    resid = max(abs(v) for v in b)
    normx = max(abs(v) for v in x)
    return resid / (n * norma * normx * 2.0**-52)


def reported(command, kernel, p):
    out = subprocess.run(command[:-1] + ["-n", str(p), command[-1], "--kernel", kernel,
                                         "--class", "S"],
                         capture_output=True, text=True, check=False).stdout
    match = re.search(r"verified=yes value=(\S+)", out)
    if not match:
        sys.exit(f"jgf_s_refs: FAIL: {kernel} at p = {p} did not verify: {out!r}")
    return float(match.group(1))


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: jgf_s_refs.py LAUNCHER... PROGRAM")
    command = sys.argv[1:]
    derived = {"sor": sor_gtotal(), "sparsematmult": sparse_ytotal(),
               "lufact": lufact_residual()}
    failed = False
    for kernel, value in derived.items():
        for p in (1, 2):
            got = reported(command, kernel, p)
            ok = abs(got - value) <= 1e-12 * max(1.0, abs(value))
            failed |= not ok
            print(f"{'ok' if ok else 'FAIL'}: {kernel} S p={p}: mpchar {got!r}, "
                  f"Python {value!r}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
