#!/usr/bin/env python3
"""The test bed's latency reference (scripts/testbed.sh, docs/cluster.md):
a minimal TCP ping-pong of BYTES with TCP_NODELAY, no MPI.  The client
prints the one-way time in microseconds, half the best round trip of
ROUNDS, the floor any MPI library's t0 between two bed hosts stands on.

  testbed_pingpong.py server BYTES
  testbed_pingpong.py client BYTES ADDRESS
"""
import socket
import sys
import time

PORT = 47913
ROUNDS = int(__import__("os").environ.get("PINGPONG_ROUNDS", "2000"))
WARMUP = 200


def exchange(sock, payload, receive_first):
    def recv_all():
        got = 0
        while got < len(payload):
            chunk = sock.recv(len(payload) - got)
            if not chunk:
                raise ConnectionError("peer closed")
            got += len(chunk)

    if receive_first:
        recv_all()
        sock.sendall(payload)
    else:
        sock.sendall(payload)
        recv_all()


def server(nbytes):
    with socket.socket() as lsock:
        lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        lsock.bind(("", PORT))
        lsock.listen(1)
        lsock.settimeout(10)
        conn, _ = lsock.accept()
        with conn:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            payload = b"x" * nbytes
            for _ in range(WARMUP + ROUNDS):
                exchange(conn, payload, True)


def client(nbytes, address):
    deadline = time.monotonic() + 10
    while True:
        try:
            sock = socket.create_connection((address, PORT), timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline:
                sys.exit("testbed_pingpong.py: %s does not answer" % address)
            time.sleep(0.05)
    with sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        payload = b"x" * nbytes
        best = float("inf")
        for i in range(WARMUP + ROUNDS):
            t = time.perf_counter()
            exchange(sock, payload, False)
            if i >= WARMUP:
                best = min(best, time.perf_counter() - t)
    print("%.1f" % (best / 2 * 1e6))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "server":
        server(int(sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1] == "client":
        client(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(__doc__)
