#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes docs/generated/builds.md from stored `hashbench matrix` and `compare` runs, running a missing one first.

    .venv/bin/python -m studies.builds_report                 # run what is missing, write the page
    .venv/bin/python -m studies.builds_report --db F.sqlite   # read (and add to) that database
                                                              # (default build/builds-report.sqlite)
    .venv/bin/python -m studies.builds_report --no-run        # only read: a missing study is said missing
    .venv/bin/python -m studies.builds_report -o -            # print instead of writing
"""
import argparse
import datetime
import subprocess
import sys

from hashbench.paths import ROOT
from hashbench.results.context import project_commit
from hashbench.storage.store import Store
from studies import builds_sections as sections
from studies import write

OUT = ROOT / "docs" / "generated" / "builds.md"
DB = ROOT / "build" / "builds-report.sqlite"
M7_ALGOS = ["xor8", "crc32", "sha256", "sha512", "blake3", "ascon-hash256"]
N64_ALGOS = ["md4", "md5", "sha1", "ripemd160", "sha256", "sha512", "sha3-256", "sha3-512", "blake2s",
             "hmac-sha256", "aes-cbc-mac"]

# a comparison within one process carries that process's luck: the keccak-256 one is run three times
REPEATS = {"keccak": 3}
# name -> (what a stored run must match, the hashbench arguments that make one)
STUDIES = {
    "m7": ({"kind": "matrix", "target": "cortex-m7", "builds": ["gcc-Os", "gcc-O2", "gcc-O3", "gcc-Os-flto"],
            "algos": M7_ALGOS, "sizes": [16384], "impls": ["portable", "compact"]},
           ["matrix", "--target", "cortex-m7", "--flags=-Os,-O2,-O3", "--flags=-Os -flto", "-a", ",".join(M7_ALGOS),
            "--impl", "all", "--size", "16k"]),
    "n64": ({"kind": "matrix", "target": "n64", "builds": ["gcc-O2", "gcc-O3", "gcc-O3-funroll-loops"],
             "algos": N64_ALGOS, "sizes": [1024], "impls": ["portable"]},
            ["matrix", "--target", "n64", "--flags=-O2,-O3,-O3 -funroll-loops", "-a", ",".join(N64_ALGOS)]),
    "keccak": ({"kind": "compare", "algos": ["keccak-256"], "impls": ["all"], "sizes": [1024]},
               ["compare", "keccak-256", "--budget", "1s"]),
    "keccak-c": ({"kind": "matrix", "target": "host", "builds": ["gcc-O2", "gcc-O2-march=native"],
                  "algos": ["keccak-256"], "sizes": [1024]},
                 ["matrix", "--flags=-O2,-O2 -march=native", "-a", "keccak-256", "--rounds", "10", "--budget", "1s"]),
    "host": ({"kind": "matrix", "target": "host", "builds": ["gcc-O2", "gcc-O3", "clang-O2", "clang-O3"],
              "algos": "all", "sizes": [1024], "impls": ["portable"]},
             ["matrix", "--cc", "gcc,clang", "--flags=-O2,-O3", "--rounds", "10", "--budget", "500"]),
}


def matches(run: dict, opts: dict, spec: dict) -> bool:
    if run["kind"] != spec["kind"] or run["status"] != "complete":
        return False
    if spec["kind"] == "matrix":
        if opts.get("target") != spec["target"] or [b["name"] for b in opts.get("builds", [])] != spec["builds"]:
            return False
    if spec.get("algos") == "all":
        from hashbench import roster
        if sorted(opts.get("algos") or []) != sorted(roster.ids()):
            return False
    elif sorted(opts.get("algos") or []) != sorted(spec["algos"]):
        return False
    return all(opts.get(k) == spec[k] for k in ("sizes", "impls") if k in spec)


def find(store: Store, spec: dict, n=1) -> list:
    """The newest `n` complete runs that measured what `spec` says."""
    out = []
    for r in store.runs(limit=1000, kind=spec["kind"]):
        run = store.load_run(r["id"])
        if matches(r, run.options, spec):
            out.append(run)
            if len(out) == n:
                break
    return out


def command(args) -> str:
    return "hashbench " + " ".join(a if " " not in a else "'" + a + "'" for a in args)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=str(DB), help="results database (default build/builds-report.sqlite)")
    ap.add_argument("--run", action=argparse.BooleanOptionalAction, default=True,
                    help="run the studies that are missing (default); --no-run: only read stored runs")
    ap.add_argument("--only", action="append", choices=sorted(STUDIES), help="run only these studies")
    ap.add_argument("-o", "--output", metavar="FILE", default=str(OUT),
                    help=f"the document (default {OUT.relative_to(ROOT)}; '-': standard output)")
    args = ap.parse_args()
    store = Store(args.db)
    runs = {}
    for name, (spec, cli) in STUDIES.items():
        want = REPEATS.get(name, 1)
        found = find(store, spec, want)
        for _ in range(want - len(found) if args.run and (not args.only or name in args.only) else 0):
            print(f"builds_report: running {command(cli)}", file=sys.stderr)
            db = ["--db", str(store.path)]
            subprocess.run([sys.executable, "-m", "hashbench", cli[0]] + db + cli[1:] + ["-q"], cwd=ROOT,
                           stdout=subprocess.DEVNULL, check=False)
        runs[name] = find(store, spec, want)
    cmds = {name: command(cli) for name, (_, cli) in STUDIES.items()}
    doc = ["# Builds: compilers, flags and code size", "",
           f"Generated by `studies/builds_report.py` on {datetime.date.today().isoformat()} at commit "
           f"{project_commit()} from stored runs (their ids are given); do not edit by hand.",
           "A build is a compiler and its flags, named from both (`gcc-O2`, `clang-O3-march=native`); "
           "`hashbench matrix` measures builds side by side and `hashbench size` gives the code size "
           "(README, `hashbench matrix --help`).", ""]
    doc += sections.method()
    first = {name: (rs[0] if rs else None) for name, rs in runs.items()}
    doc += sections.stm32(first["m7"], cmds["m7"])
    doc += sections.n64(first["n64"], cmds["n64"])
    doc += sections.keccak(runs["keccak"], first["keccak-c"], cmds["keccak"], cmds["keccak-c"])
    doc += sections.host(first["host"], cmds["host"])
    text = "\n".join(doc).rstrip() + "\n"
    write(text, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
