# SPDX-License-Identifier: MIT
"""What `hashbench hash` knows of an engine without running it, kept in a file beside the engine
(ENGINE.hash.memo) and good for that build only (the engine's date and size are part of it): the
engine's catalogue (its algorithms, their labels and implementations, from `engine list`) and, per
algorithm, the implementation `hash` uses when --impl is not given: the fastest that the engine
verified on this machine, on a file.  The engine's `bench` checks every implementation's digest
(against the reference table, or our portable code), so only verified code can be chosen; then
each is timed doing what `hash` does, `engine hash` of a file in the page cache (SAMPLE_BYTES,
SAMPLE_COPIES times a call), in turn, ROUNDS rounds, the least disturbed (shortest) call standing
for each.  On a file, not in memory: our own code streams it through one small buffer while a
library's one-shot gets it mapped, whose page faults cost more than the copy on a fast hash
(XXH64: the mapped libraries 17% more CPU than our streamed code on 128 MiB, the fastest in
memory); and a call's wall time, so that code on every core (rust-blake3-tree) wins where the
cores are free.  So the first call without --impl for an algorithm measures (a second or two) and
says so on stderr; every later call reads this file.

Light on purpose: os alone, nothing that starts slowly (json, subprocess and the records' parser
only when the engine is asked).  So the memo is plain lines of tab-separated words: `stamp` and
the build's numbers, `algo` id label implementations (comma-separated), `fastest` id
implementation."""
import os

from .errors import UserError

VERIFY = ["-s", "4096", "-b", "1", "-n", "1"]   # bench: each digest checked, one short sample
# a large file's speed: our streaming code takes it in 256 KiB blocks (the engine's
# HB_FILE_STREAM_BLOCK; other threads read ahead where a CPU is spare), a library's one-shot takes
# it whole (mapped, faulted in ahead from 4 MiB), and rust-blake3-tree splits an input of 1 MiB or
# more between the cores.  16 MiB hashed twice a call (32 MiB), so that the engine's start (about
# 2 ms) and each file's setting up of those threads are a small part of a call: on 4 MiB files, 8
# a call, MD5 streamed and OpenSSL's were level (43-44 ms) while on 512 MiB ours took 12% less
# time; at 16 MiB ours is ahead by 6-7% (engine hash, perf stat, load 0.9).  The shortest of 5
# calls: the least disturbed.
SAMPLE_BYTES, SAMPLE_COPIES, ROUNDS = 1 << 24, 2, 5


def memo_path(engine) -> str:
    return f"{engine}.hash.memo"


def _stamp(engine) -> list:
    """The engine's build: its binary, and the Rust libraries it loads from rust/ beside it (a
    rebuild of those adds or changes implementations without touching the binary)."""
    stamp = []
    for path in (engine, *(os.path.join(os.path.dirname(engine), "rust", f"libhb_rust-{f}.so")
                           for f in ("default", "native"))):
        try:
            st = os.stat(path)
        except FileNotFoundError:
            if path == engine:
                raise
            continue
        stamp += [st.st_mtime_ns, st.st_size]
    return stamp


def load(engine) -> dict:
    """The memo of this build of `engine` ({} when there is none, or it is of another build)."""
    try:
        with open(memo_path(engine)) as f:
            memo = parse(f.read())
    except (OSError, ValueError):
        return {}
    return memo if memo.get("stamp") == _stamp(engine) else {}


def parse(text: str) -> dict:
    """The memo's lines -> {"stamp": [...], "algos": {id: {"label", "impls"}}, "fastest": {id: impl}}
    (ValueError for anything else)."""
    memo = {}
    for line in text.splitlines():
        kind, *words = line.split("\t")
        if kind == "stamp":
            memo["stamp"] = [int(w) for w in words]
        elif kind == "algo" and len(words) == 3:
            memo.setdefault("algos", {})[words[0]] = {"label": words[1], "impls": words[2].split(",")}
        elif kind == "fastest" and len(words) == 2:
            memo.setdefault("fastest", {})[words[0]] = words[1]
        else:
            raise ValueError(f"not a memo line: {line!r}")
    return memo


def text_of(memo: dict, stamp: list) -> str:
    lines = ["\t".join(["stamp", *map(str, stamp)])]
    lines += ["\t".join(["algo", a, v["label"], ",".join(v["impls"])]) for a, v in memo.get("algos", {}).items()]
    lines += ["\t".join(["fastest", a, i]) for a, i in memo.get("fastest", {}).items()]
    return "\n".join(lines) + "\n"


def save(engine, memo) -> None:
    """Writes the memo whole (renamed into place); where the engine's folder is read-only it is
    not kept, and the next call asks the engine again."""
    path = memo_path(engine)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w") as f:
            f.write(text_of(memo, _stamp(engine)))
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _engine(engine, *args) -> str:
    import subprocess
    proc = subprocess.run([str(engine), *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(proc.stderr.strip().splitlines()[-1] if proc.stderr.strip()
                        else f"the engine exited with status {proc.returncode}")
    return proc.stdout


def catalogue(engine, memo) -> dict:
    """{algorithm id: {"label", "impls"}} of `engine`, in registry order, from the memo or from
    `engine list` (then kept in the memo)."""
    if "algos" not in memo:
        from .results import records
        recs = records.of_kind(records.parse(_engine(engine, "list")), "algo")
        memo["algos"] = {r["id"]: {"label": r["label"], "impls": r["impls"]} for r in recs}
        save(engine, memo)
    return memo["algos"]


def verified(results) -> list:
    """The implementations of the `result` records the engine verified, in their order."""
    return [r["impl"] for r in results if r.get("verified")]


def quickest(times: dict) -> str:
    """{implementation: [seconds a call]} -> the one whose shortest call is the shortest (None: no calls)."""
    best = {impl: min(t) for impl, t in times.items() if t}
    return min(best, key=best.get) if best else None


def time_on_a_file(engine, algo, impls, log) -> dict:
    """{implementation: [seconds of each call]}: `engine hash` of one file, SAMPLE_COPIES times
    a call, every implementation in turn, ROUNDS rounds.  One that fails, or prints another
    digest than the first one timed, is left out, and said so."""
    import subprocess
    import tempfile
    import time
    times, digest = {i: [] for i in impls}, None
    with tempfile.TemporaryDirectory(prefix="hashbench-choose-") as folder:
        sample = os.path.join(folder, "sample")
        with open(sample, "wb") as f:
            f.write(os.urandom(SAMPLE_BYTES))
        for _ in range(ROUNDS):
            for impl in [i for i in impls if i in times]:
                t0 = time.perf_counter()
                proc = subprocess.run([str(engine), "hash", algo, impl] + [sample] * SAMPLE_COPIES,
                                      capture_output=True, text=True)
                took = time.perf_counter() - t0
                got = set(line.split()[0] for line in proc.stdout.splitlines() if line.strip())
                digest = digest or (got.pop() if proc.returncode == 0 and len(got) == 1 else None)
                if proc.returncode != 0 or got - {digest} or digest is None:
                    log(f"hashbench: {algo}/{impl}: left out (its `hash` of a file failed or disagreed)")
                    del times[impl]
                    continue
                times[impl].append(took)
    return times


def fastest(engine, memo, algo, log=lambda m: None) -> str:
    """The default implementation of `algo` on this machine, from the memo or measured now."""
    chosen = memo.get("fastest", {}).get(algo)
    if chosen:
        return chosen
    impls = catalogue(engine, memo)[algo]["impls"]
    if len(impls) == 1:
        chosen = impls[0]
    else:
        log(f"hashbench: choosing {algo}'s fastest verified implementation on this machine "
            f"({len(impls)} of them; once per engine build) ...")
        from .results import records
        out = _engine(engine, "bench", "-a", algo, "-i", ",".join(impls), *VERIFY)
        chosen = quickest(time_on_a_file(engine, algo, verified(records.of_kind(records.parse(out), "result")), log))
        if chosen is None:
            raise UserError(f"no implementation of {algo} was verified on this machine: see 'hashbench run -a {algo}'")
        log(f"hashbench: {algo}: {chosen} (hashbench hash --help lists the choices)")
    memo.setdefault("fastest", {})[algo] = chosen
    save(engine, memo)
    return chosen
