# SPDX-License-Identifier: MIT
"""Synthetic runs for the report, export/import and store tests: plausible
figures with a fixed cost per call and a cost per byte, raw samples that
give them, every kind of run the report draws (a single size, a sweep, a
comparison, cross targets with two meters, a build matrix, two machines)."""
import random

from hashbench import roster
from hashbench.results.result import Build, Note, Result, Run

TIMED_ALGOS = ["crc32", "xxh64", "fnv1a32", "md5", "sha256", "blake3"]
# ns per call = fixed + per_byte * size
COSTS = {"crc32": (12, 0.9), "xxh64": (15, 0.12), "fnv1a32": (4, 1.1), "md5": (90, 1.6), "sha256": (150, 2.4),
         "blake3": (300, 0.8), "sha3-256": (400, 4.0)}
MACHINE = {"hostname": "bench-a", "cpu": "Synthetic CPU 3000", "cores": 2, "os": "Linux", "kernel": "6.1.0-test",
           "compiler": "gcc 12.2.0", "cflags": "-O2", "commit": "0123456789ab",
           "timer": {"name": "tsc", "unit": "ref-cycles", "hz": 3e9, "hz_source": "measured", "is_cycles": True,
                     "description": "x86 TSC"}}


def roster_entry(algo):
    return next(a for a in roster.algorithms() if a.id == algo)


def timed(algo, impl="portable", size=1024, scale=1.0, build="host", spread=1.5, seed=0):
    fixed, per_byte = COSTS[algo]
    ns = (fixed + per_byte * size) * scale
    rnd = random.Random(f"{algo}{impl}{size}{scale}{seed}")
    iters = max(1, int(2e5 / ns))
    samples = [[iters, int(ns * iters * 3 * (1 + rnd.uniform(-0.02, 0.02))), int(ns * iters)] for _ in range(7)]
    a = roster_entry(algo)
    return Result(algorithm=algo, implementation=impl, size=size, target="host",
                  build=Build(build, "gcc 12.2.0", "-O2" if build == "host" else f"-{build}"), meter="ns",
                  instrument="tsc", digest="00" * a.digest_len, verified=True, label=a.label, tier=a.tier,
                  sample_fields=("iters", "ticks", "ns"), samples=samples, harness=[[iters, 30 * iters, 10 * iters]],
                  per_call=ns, spread_pct=spread, ns_per_call=ns, mb_per_s=size / ns * 1e3,
                  cycles_per_byte=ns * 3 / size, cycle_unit="ref-cycles",
                  extra={"overhead_ns": 3.3, "ns_per_call_raw": ns + 3.3, "calibrated_iters": iters})


def exact(algo, target, meter, per_byte, size=1024, verified=True):
    a = roster_entry(algo)
    count = int(per_byte * size)
    r = Result(algorithm=algo, implementation="portable", size=size, target=target, build=Build(target, "gcc", "-Os"),
               meter=meter, instrument="qemu-plugin" if meter == "instructions" else "mgba",
               digest="11" * a.digest_len, verified=verified, label=a.label, tier=a.tier,
               sample_fields=("calls", "count"), samples=[[1, count + 100]], harness=[[0, 100]],
               per_call=count if verified else None, spread_pct=0.0)
    if not verified:
        r.expected = "22" * a.digest_len
    return r


def host_run(sizes=(1024,), machine=None, scale=1.0, algos=TIMED_ALGOS, kind="host"):
    run = Run(kind=kind, command="hashbench run", options={"sizes": list(sizes), "budget_ms": 200},
              context=dict(MACHINE, **(machine or {})), status="complete")
    run.results = [timed(a, size=s, scale=scale) for a in algos for s in sizes]
    return run


def compare_run():
    run = Run(kind="compare", command="hashbench compare sha256 crc32", options={"sizes": [1024]},
              context=dict(MACHINE), status="complete")
    for algo, impls in (("sha256", [("portable", 1.0), ("openssl", 0.2), ("rust-sha2", 0.45)]),
                        ("crc32", [("portable", 1.0), ("zlib", 0.3)])):
        for impl, scale in impls:
            r = timed(algo, impl, scale=scale, spread=2.0 + scale)
            if impl != "portable":
                r.extra["impl_version"] = f"{impl} 1.0"
            run.results.append(r)
    return run


def cross_run():
    run = Run(kind="cross", command="hashbench cross --target n64,gba,nes", options={"sizes": [256]},
              context=dict(MACHINE, targets={"n64": {"title": "MIPS III", "meter": "instructions"},
                                             "gba": {"title": "ARM7TDMI", "meter": "exact-cycles"},
                                             "nes": {"title": "6502", "meter": "exact-cycles"}}), status="failed")
    for algo, base in (("crc32", 6), ("md5", 11), ("sha256", 30), ("fnv1a32", 4)):
        run.results.append(exact(algo, "n64", "instructions", base, 256))
        run.results.append(exact(algo, "gba", "exact-cycles", base * 2.5, 256))
        run.results.append(exact(algo, "nes", "exact-cycles", base * 60, 256, verified=algo != "md5"))
    run.notes.append(Note("target-missing", "z80: not installed: sdcc", {"target": "z80"}))
    return run


def builds_run():
    run = Run(kind="matrix", command="hashbench matrix", options={}, context=dict(MACHINE), status="complete")
    for build, scale in (("O2", 1.0), ("O3-native", 0.8), ("Os", 1.4)):
        for algo in ("crc32", "sha256", "xxh64"):
            run.results.append(timed(algo, size=4096, scale=scale, build=build))
    return run
