#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes docs/generated/portable-comparison.md: our portable code against the best portable code built
here, from `hashbench compare` at 1 KiB and 1 MiB (the method: docs/performance.md).

    .venv/bin/python -m studies.portable_comparison [--budget 300] [-a ALGO ...]
    .venv/bin/python -m studies.portable_comparison --from run.json   # re-render a saved run
"""
import argparse
import json
import subprocess
import tempfile
from pathlib import Path

from hashbench.paths import ROOT
from studies import write

OUT = ROOT / "docs" / "generated" / "portable-comparison.md"

_MBEDTLS_C = ("md4", "md5", "sha1", "ripemd160", "sha256", "sha512", "hmac-sha256", "pbkdf2-sha256")
# (implementation, algorithm) -> why it counts as portable; "*" = every algorithm.
PORTABLE = {
    ("zlib", "*"): "zlib 1.2: C (braided CRC-32, plain Adler-32)",
    **{("mbedtls", a): "Mbed TLS 2.28: C" for a in _MBEDTLS_C},
    ("openssl", "md4"): "OpenSSL: C (no x86-64 assembly for MD4)",
    ("openssl", "ripemd160"): "OpenSSL: C on x86-64",
    ("openssl", "blake2s"): "OpenSSL 3.0: C",
    ("openssl", "blake2b"): "OpenSSL 3.0: C",
    ("nettle", "md4"): "Nettle: C",
    ("nettle", "ripemd160"): "Nettle: C",
    ("gcrypt", "md4"): "libgcrypt: C",
    ("gcrypt", "md5"): "libgcrypt: C",
    ("gcrypt", "tiger"): "libgcrypt: C",
    ("sodium", "sha256"): "libsodium: C",
    ("sodium", "sha512"): "libsodium: C",
    ("sodium", "hmac-sha256"): "libsodium: C",
    ("sodium", "siphash24"): "libsodium: C",
    ("xxhash", "xxh32"): "libxxhash: scalar C",
    ("xxhash", "xxh64"): "libxxhash: scalar C",
    ("rust-md4", "*"): "RustCrypto md4: Rust",
    ("rust-md-5", "*"): "RustCrypto md-5 (no asm feature): Rust",
    ("rust-ripemd", "*"): "RustCrypto ripemd: Rust",
    ("rust-tiger", "*"): "RustCrypto tiger: Rust",
    ("rust-blake2", "*"): "RustCrypto blake2 (no simd feature): Rust",
    ("rust-sha3", "*"): "RustCrypto sha3/keccak: Rust",
    ("rust-tiny-keccak", "*"): "tiny-keccak: Rust",
    ("rust-siphasher", "*"): "siphasher: Rust",
    ("rust-ascon-hash", "*"): "ascon-hash: Rust",
    ("rust-xxhash", "xxh32"): "xxhash-rust: scalar Rust",
    ("rust-xxhash", "xxh64"): "xxhash-rust: scalar Rust",
}


def is_portable(impl, algo):
    return (impl, algo) in PORTABLE or (impl, "*") in PORTABLE


def measure(algos, budget, out):
    cmd = [str(ROOT / ".venv" / "bin" / "hashbench"), "compare", *algos, "--size", "1k,1m",
           "--budget", str(budget), "--no-save", "-q", "-o", str(out)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return json.loads(Path(out).read_text())


def fmt_mbs(r):
    return f"{r['mb_per_s']:,.0f}" if r["mb_per_s"] >= 10 else f"{r['mb_per_s']:.2f}"


def render(run):
    by = {}
    for r in run["results"]:
        if r.get("verified") and r.get("ns_per_call"):
            by.setdefault((r["algorithm"], r["size"]), {})[r["implementation"]] = r
    ctx = run["context"]
    timer = ctx.get("timer", {})
    lines = [
        f"Measured {ctx.get('date', '?')[:10]} on {ctx.get('cpu', '?')}, {ctx.get('cores', '?')} cores, "
        f"{ctx.get('compiler', '?')} {ctx.get('cflags', '')}, timer {timer.get('name', '?')}; "
        f"`hashbench compare` (interleaved, medians, ± = MAD % of our median), budget "
        f"{run['options'].get('budget_ms', '?')} ms per implementation and size. "
        "Ratio = our time / the rival's time: below 1.00 we are faster.",
        "",
        "| algorithm | size | ours MB/s (± %) | best portable rival | its MB/s | ratio | fastest of all (MB/s) |",
        "|---|---:|---:|---|---:|---:|---|",
    ]
    order = []
    for r in run["results"]:
        if r["algorithm"] not in order:
            order.append(r["algorithm"])
    for algo in order:
        for size in (1024, 1 << 20):
            impls = by.get((algo, size))
            if not impls or "portable" not in impls:
                continue
            ours = impls["portable"]
            rivals = [r for i, r in impls.items() if i not in ("portable", "compact") and is_portable(i, algo)]
            best = min(rivals, key=lambda r: r["ns_per_call"]) if rivals else None
            fastest = min(impls.values(), key=lambda r: r["ns_per_call"])
            label = "1 KiB" if size == 1024 else "1 MiB"
            cells = [algo, label, f"{fmt_mbs(ours)} ({ours['spread_pct']:.1f})"]
            if best:
                cells += [best["implementation"], fmt_mbs(best), f"{ours['ns_per_call'] / best['ns_per_call']:.2f}"]
            else:
                cells += ["none built here", "", ""]
            cells.append(f"{fastest['implementation']} ({fmt_mbs(fastest)})")
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Which library entries count as portable, and why:", ""]
    for (impl, algo), why in sorted(PORTABLE.items()):
        lines.append(f"- `{impl}`{'' if algo == '*' else ' ' + algo}: {why}")
    return "\n".join(lines)


def page(table: str) -> str:
    return ("# Our portable code against the best portable code built here\n\n"
            "Generated by `studies/portable_comparison.py`; do not edit by hand "
            "(the method: [performance.md](../performance.md)).\n\n" + table.strip() + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-a", "--algo", action="append", help="only these algorithms (default: all)")
    ap.add_argument("--budget", default="300", help="ms per implementation and size (default 300)")
    ap.add_argument("--from", dest="source", metavar="JSON", help="render a saved compare run instead")
    ap.add_argument("--save", metavar="JSON", help="also keep the compare run here")
    ap.add_argument("-o", "--output", metavar="FILE", default=str(OUT),
                    help=f"the page (default {OUT.relative_to(ROOT)}; '-': standard output)")
    args = ap.parse_args()
    if args.source:
        run = json.loads(Path(args.source).read_text())
    else:
        listing = subprocess.run([str(ROOT / ".venv" / "bin" / "hashbench"), "list", "--json"],
                                 check=True, capture_output=True, text=True).stdout
        algos = args.algo or [json.loads(line)["id"] for line in listing.splitlines() if line.strip()]
        with tempfile.TemporaryDirectory() as d:
            run = measure(algos, args.budget, Path(d) / "compare.json")
        if args.save:
            Path(args.save).write_text(json.dumps(run))
    write(page(render(run)), args.output)


if __name__ == "__main__":
    main()
