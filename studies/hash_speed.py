#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures `hashbench hash` against the tools a user would otherwise run: its start-up on a small
file (wall time, median of --small-runs calls, bytecode caches on) and its time on a large file
next to sha256sum, md5sum, xxhsum and b3sum (on every core, its default), the commands interleaved
(A B C .. A B C ..) so that a change of the machine's load hits all of them alike.  Each figure is
a median of its calls; the wall time and the CPU time (user + system, from wait4) both, since on a
shared machine the wall time carries other programs' time slices and the CPU time does not.  The
1-minute load average is printed with every figure.

It ends with one table, the verdict: for each peer, `hashbench hash -a ALGO` with its default
implementation (the one `hash` picks when --impl is not given), its wall time as a ratio of the
peer's, and exits 1 when any ratio is over --max-ratio (default 1.05, the goal), 0 otherwise.
A benchmark, not a test: run it on a quiet machine for figures that mean something.

    .venv/bin/python -m studies.hash_speed                 # 512 MiB, 5 rounds, 7 small calls
    .venv/bin/python -m studies.hash_speed --size-mib 64 --rounds 3
    .venv/bin/python -m studies.hash_speed --rechoose      # the defaults chosen again now (a quiet machine)
    .venv/bin/python -m studies.hash_speed --hashbench "hashbench"   # the installed command
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# bytecode caches on, as in a user's shell (the first call writes them), whatever this shell says
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# what pip's `hashbench` script runs (no runpy, unlike python -m)
CONSOLE_SCRIPT = "import sys; from hashbench.cli import main; sys.exit(main())"
# (peer command, hashbench algorithm), each as a user types it: its own defaults (xxhsum's is
# XXH64, -H1; b3sum's every core); a peer missing from the machine is skipped, with a note.  The
# digests are compared before anything is timed, so a peer that hashed something else stops it.
PEERS = [(["sha256sum"], "sha256"), (["md5sum"], "md5"), (["xxhsum"], "xxh64"), (["b3sum"], "blake3")]
GOAL = 1.05


def timed(cmd) -> tuple:
    """(wall s, cpu s, stdout) of one call: CPU time of the child from wait4's rusage."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"{shlex.join(cmd)} failed ({proc.returncode}): {err.decode(errors='replace').strip()}")
    return wall, usage.ru_utime + usage.ru_stime, out


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def impls_of(hashbench, algo) -> list:
    """The implementations `hashbench list` gives for `algo`."""
    out = subprocess.run(hashbench + ["list", "--json"], check=True, capture_output=True, text=True).stdout
    import json
    for line in out.splitlines():
        rec = json.loads(line)
        if rec["id"] == algo:
            return rec["impls"]
    return []


def digest_of(out: bytes) -> str:
    return out.split()[0].decode().lower() if out.split() else ""


def start_up(hashbench, runs, folder: Path):
    small = folder / "small.txt"
    small.write_bytes(b"hello, hashbench\n")
    cmds = {"hashbench hash -a crc32": hashbench + ["hash", "-a", "crc32", str(small)],
            "hashbench hash -a sha256": hashbench + ["hash", "-a", "sha256", str(small)],
            "sha256sum": ["sha256sum", str(small)],
            "python -c pass": [sys.executable, "-c", "pass"]}   # the interpreter alone: the floor
    for cmd in cmds.values():   # warm the caches (bytecode, page cache, the default-implementation choice)
        timed(cmd)
    walls = {k: [] for k in cmds}
    cpus = {k: [] for k in cmds}
    before = load()
    for _ in range(runs):
        for k, cmd in cmds.items():
            w, c, _ = timed(cmd)
            walls[k].append(w)
            cpus[k].append(c)
    print(f"\nstart-up on a {small.stat().st_size}-byte file, median of {runs} calls, interleaved "
          f"(load {before} -> {load()}):")
    for k, w in walls.items():
        print(f"  {k:28s} wall {statistics.median(w) * 1e3:7.1f} ms (min {min(w) * 1e3:6.1f}, max {max(w) * 1e3:6.1f})"
              f"   cpu {statistics.median(cpus[k]) * 1e3:6.1f} ms")


def large(hashbench, size_mib, rounds, folder: Path, impls_wanted, algos=None) -> list:
    """Times every command on the large file -> [(algo, peer label, peer wall, peer cpu,
    hashbench default's wall, its cpu)]."""
    big = folder / "big.bin"
    with open(big, "wb") as f:   # not compressible, not zeros: a file system cannot shortcut it
        chunk = os.urandom(1 << 20)
        for i in range(size_mib):
            f.write(bytes([i & 255]) + chunk[1:])
    rows = []   # (label, algo, cmd)
    for peer, algo in PEERS:
        if algos and algo not in algos:
            continue
        if not shutil.which(peer[0]):
            print(f"note: {peer[0]} is not installed: {algo} is compared with nothing", file=sys.stderr)
            continue
        rows.append((shlex.join(peer), algo, peer + [str(big)]))
        impls = impls_of(hashbench, algo)
        for impl in [None] + [i for i in impls if impls_wanted and i in impls_wanted]:
            label = f"hashbench {algo} " + (impl or "(default)")
            rows.append((label, algo, hashbench + ["hash", "-a", algo] + (["--impl", impl] if impl else []) + [str(big)]))
    digests = {}
    for label, algo, cmd in rows:   # once to warm the page cache and check that they agree
        d = digest_of(timed(cmd)[2])
        if digests.setdefault(algo, d) != d:
            sys.exit(f"{label} printed {d}, its peer {digests[algo]}")
    walls = {r[0]: [] for r in rows}
    cpus = {r[0]: [] for r in rows}
    loads = [float(load())]
    for _ in range(rounds):
        for label, _, cmd in rows:
            w, c, _ = timed(cmd)
            walls[label].append(w)
            cpus[label].append(c)
        loads.append(float(load()))
    print(f"\n{size_mib} MiB file in the page cache, median of {rounds} rounds, interleaved "
          f"(load {min(loads):.2f}-{max(loads):.2f}); ratios to the peer of the algorithm:")
    print(f"  {'command':40s} {'wall s':>8s} {'cpu s':>8s} {'wall x':>7s} {'cpu x':>7s}")
    peer_of, verdict = {}, []
    for label, algo, _ in rows:
        w, c = statistics.median(walls[label]), statistics.median(cpus[label])
        if not label.startswith("hashbench"):
            peer_of[algo] = (label, w, c)
        _, pw, pc = peer_of.get(algo, (label, w, c))
        print(f"  {label:40s} {w:8.3f} {c:8.3f} {w / pw:7.3f} {c / pc:7.3f}")
        if label.endswith("(default)"):
            verdict.append((algo, *peer_of[algo], w, c))
    return verdict


def defaults_chosen(hashbench) -> dict:
    """{algo: implementation} `hash` uses without --impl, as its --help lists them."""
    out = subprocess.run(hashbench + ["hash", "--help"], check=True, capture_output=True, text=True).stdout
    tail = out.split("(fastest verified, this engine build):", 1)
    return dict(p.split(": ", 1) for p in tail[1].strip().split(", ")) if len(tail) == 2 else {}


def print_verdict(verdict, chosen, size_mib, max_ratio) -> int:
    """The table of ratios -> the number of peers `hash` is slower than by more than max_ratio."""
    print(f"\nverdict, {size_mib} MiB: `hashbench hash -a ALGO` (its default implementation) against the peer, "
          f"wall time (median), goal <= {max_ratio:.2f}x:")
    print(f"  {'algorithm':10s} {'peer':12s} {'peer wall s':>11s} {'default implementation':26s} {'wall s':>8s} "
          f"{'wall x':>7s} {'cpu x':>7s}  within")
    over = 0
    for algo, peer, pw, pc, w, c in verdict:
        ok = w / pw <= max_ratio
        over += not ok
        print(f"  {algo:10s} {peer:12s} {pw:11.3f} {chosen.get(algo, '?'):26s} {w:8.3f} {w / pw:7.3f} {c / pc:7.3f}  "
              f"{'yes' if ok else 'NO'}")
    return over


def rechoose():
    """Forgets the default implementations chosen so far (kept beside the engine per build:
    hashbench.hashchoice), so that the first calls choose them again at this machine's load."""
    from hashbench import hashchoice
    from hashbench.toolchain.host import ensure_engine
    engine = str(ensure_engine())
    memo = hashchoice.load(engine)
    memo.pop("fastest", None)
    hashchoice.save(engine, memo)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hashbench", default=shlex.join([sys.executable, "-c", CONSOLE_SCRIPT]),
                   help="how to call hashbench (default: this Python running what the installed `hashbench` "
                        "script runs, with the hashbench package it imports from the current folder)")
    p.add_argument("--size-mib", type=int, default=512, help="the large file's size (default 512)")
    p.add_argument("--rounds", type=int, default=5, help="interleaved rounds on the large file (default 5)")
    p.add_argument("--small-runs", type=int, default=7, help="calls on the small file (default 7)")
    p.add_argument("--impl", action="append", help="also these implementations beside the default (repeatable)")
    p.add_argument("--max-ratio", type=float, default=GOAL, help=f"exit 1 when the default is slower than a peer "
                                                                  f"by more than this (default {GOAL})")
    p.add_argument("--rechoose", action="store_true", help="choose the default implementations again first, at "
                                                           "this machine's load (they are kept per engine build)")
    p.add_argument("--skip-large", action="store_true", help="start-up only")
    p.add_argument("-a", "--algo", action="append", help="only these peers' algorithms (sha256 md5 xxh64 blake3)")
    args = p.parse_args(argv)
    hashbench = shlex.split(args.hashbench)
    print(f"machine: {os.cpu_count()} CPUs; {load_line()}")
    if args.rechoose:
        rechoose()
    with tempfile.TemporaryDirectory(prefix="hb-hash-speed-") as tmp:
        start_up(hashbench, args.small_runs, Path(tmp))
        if args.skip_large:
            return 0
        verdict = large(hashbench, args.size_mib, args.rounds, Path(tmp), args.impl, args.algo)
    return 1 if print_verdict(verdict, defaults_chosen(hashbench), args.size_mib, args.max_ratio) else 0


def load_line() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


if __name__ == "__main__":
    sys.exit(main())
