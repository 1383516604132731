#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The seed's own C under our instruments (issue 14): builds the hash-bench
family's algorithm files from a folder you give (their copy, never ours: the
repository holds none of their code) for our targets, with each target's own
compiler and flags, runs them under our meters, verifies every digest, and
prints per algorithm at 1024 B the seed's code beside the seed's published
speed and beside our code on the same target.  That separates the code from
the instrument: today's seed tables (tools/seed_tables.py) set our C's
estimate beside their C's measurement.

  .venv/bin/python tools/seed_code.py --seed-src /tmp/seed-nds
  .venv/bin/python tools/seed_code.py --seed-src DIR --targets n64 -a md5,sha256 --markdown out.md

DIR is one of the family's ports (their algorithm files are the same in the
N64, NDS, GBA and 3DS ports): DIR/source/*.c but the harness (HARNESS, and
any file that includes a console's SDK header) is built, DIR/include on the
include path.  Each seed function `void hash_<name>(const uint8_t *data,
uint16_t len, uint8_t out[N])` is mapped to our algorithm id (SEED_NAMES)
and called through a shim of ours that this tool writes into build/
(void hb_seed_<id>(uint8_t *out, const uint8_t *in, size_t len): one call
more per hash, a few cycles of 1024 B's thousands); hashbench.targets.
Substitute builds it in place of our portable code.

  n64, nds, 3ds: the cycle model's estimate (meter est-cycles, `hashbench
    cross --meter cycle-model`) -> KB/s (10^3 B/s) at the target's clock,
    beside the seed's published KB/s (data/seed-speeds.toml: the N64
    README's Ares figures; the suite page's approximate NDS and 3DS
    column) and our code's estimate.  The NDS at 67.03 MHz, the ARM9's
    clock (docs/cycle-models.md, "The clock"); the suite page says 33.51.
  gba-prefetch, gba: mGBA's exact cycles of the seed's code in cartridge
    ROM (the seed's GBA build: -mthumb -O2, code in ROM, prefetch on),
    beside the suite page's approximate GBA KB/s, which the GBA port
    defines as 1024-byte hashes a second.

Digests: each is checked byte for byte against our reference
(data/reference-digests.tsv, as `hashbench cross` checks ours).  The seed
writes CRC-32 and XXH64 low byte first (LITTLE_ENDIAN_DIGESTS): those are
checked against the reference reversed and marked "LE"; any other mismatch,
byte-reversed or not, is reported and has no cost.
"""
import argparse
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hashbench import roster  # noqa: E402
from hashbench.cross import measure  # noqa: E402
from hashbench.meters import CYCLE_MODEL, DEFAULT  # noqa: E402
from hashbench.paths import BUILD  # noqa: E402
from hashbench.targets import Substitute, host, load_all  # noqa: E402
from hashbench.verify import Expected  # noqa: E402
from tools.seed_tables import LIKE_COMPACT, NDS_BUS_HZ, WITHIN, published  # noqa: E402

SIZE = 1024
EST_TARGETS = ("n64", "nds", "3ds")       # the cycle model
GBA_TARGETS = ("gba-prefetch", "gba")     # mGBA, exact
DEFAULT_TARGETS = "n64,nds,3ds,gba-prefetch"
NAME = "seed"                             # the substitute's name: build folders, results' implementation
# the seed's function -> our algorithm id (data/roster.json)
SEED_NAMES = {
    "hash_crc8": "crc8", "hash_crc16": "crc16", "hash_crc32": "crc32", "hash_crc64": "crc64",
    "hash_adler32": "adler32", "hash_fletcher16": "fletcher16", "hash_fletcher32": "fletcher32",
    "hash_fletcher64": "fletcher64", "hash_pearson": "pearson8", "hash_djb2": "djb2", "hash_fnv1a32": "fnv1a32",
    "hash_knuth": "knuth", "hash_jenkins_oat": "oat", "hash_pjw_elf": "pjw", "hash_sdbm": "sdbm",
    "hash_murmur3": "murmur3-32", "hash_murmur3_128": "murmur3-128", "hash_xxh32": "xxh32", "hash_xxh64": "xxh64",
    "hash_siphash24": "siphash24", "hash_md4": "md4", "hash_md5": "md5", "hash_ripemd160": "ripemd160",
    "hash_sha1": "sha1", "hash_sha256": "sha256", "hash_sha512": "sha512", "hash_sha3_256": "sha3-256",
    "hash_sha3_512": "sha3-512", "hash_blake2s": "blake2s", "hash_hmac_sha256": "hmac-sha256",
    "hash_pbkdf2_sha256": "pbkdf2-sha256", "hash_aes_cbc_mac": "aes-cbc-mac",
}
# the seed's digests written low byte first (their crc32.c and xxhash64.c: out[0] = (uint8_t)h)
LITTLE_ENDIAN_DIGESTS = {"crc32", "xxh64"}
# the ports' harness files (timers, logging, the menu), not algorithms
HARNESS = {"main.c", "bench_timer.c", "mgba_log.c"}
SDK_HEADER = re.compile(r'#\s*include\s*[<"](nds|gba|tonc|libdragon|3ds|gb/)[^>"]*[>"]')
DEFINED = re.compile(r"^\s*void\s+(hash_\w+)\s*\([^;{]*\)\s*(?:\w+\s*)?\{", re.M)


def log(m):
    print(m, file=sys.stderr)


# ---- the seed's folder and our shim ---------------------------------------------------------
def seed_files(src_dir: Path) -> tuple:
    """-> (algorithm files, {file name: why left out}, {seed function: file}) of DIR/source."""
    files, left, funcs = [], {}, {}
    for p in sorted((src_dir / "source").glob("*.c")):
        text = p.read_text(errors="replace")
        if p.name in HARNESS:
            left[p.name] = "harness"
        elif SDK_HEADER.search(text):
            left[p.name] = "includes a console SDK header"
        else:
            files.append(p.resolve())
            funcs.update({f: p.name for f in DEFINED.findall(text)})
    return files, left, funcs


def shim_text(ids) -> str:
    """Our C: hb_seed_<id>(out, in, len), the one-shot's signature, calling the seed's function."""
    by_id = {v: k for k, v in SEED_NAMES.items()}
    out = ["/* Generated by tools/seed_code.py: our one-shot signature over the seed's functions. */",
           "#include <stddef.h>", "#include <stdint.h>", '#include "hashes.h"', ""]
    for a in ids:
        fn = shim_name(a)
        out += [f"void {fn}(uint8_t *out, const uint8_t *in, size_t len);",
                f"void {fn}(uint8_t *out, const uint8_t *in, size_t len)",
                f"{{\n    {by_id[a]}(in, (uint16_t)len, out);\n}}", ""]
    return "\n".join(out)


def shim_name(algo_id: str) -> str:
    return "hb_seed_" + re.sub(r"\W", "_", algo_id)


def substitute(src_dir: Path, ids, name=NAME) -> Substitute:
    """The seed's files and our shim for `ids`, as hashbench.targets.Substitute."""
    files, _, _ = seed_files(src_dir)
    text = shim_text(ids)
    shim = BUILD / "seed-code" / hashlib.sha256(text.encode()).hexdigest()[:12] / "seed_shim.c"
    shim.parent.mkdir(parents=True, exist_ok=True)
    if not shim.exists() or shim.read_text() != text:
        shim.write_text(text)
    return Substitute(name=name, functions={a: shim_name(a) for a in ids}, sources=tuple([shim] + files),
                      includes=(str((src_dir / "include").resolve()),))


class SeedExpected(Expected):
    """The reference, reversed for the digests the seed writes low byte first."""

    def get(self, algo, size):
        hexd, basis = super().get(algo, size)
        if algo in LITTLE_ENDIAN_DIGESTS:
            return reverse_hex(hexd), basis + " (byte-reversed: the seed's LE)"
        return hexd, basis


def reverse_hex(h: str) -> str:
    return "".join(reversed([h[i:i + 2] for i in range(0, len(h), 2)]))


# ---- running ---------------------------------------------------------------------------------
def run_both(targets, ids, sub, meter):
    """-> (seed's results, ours, notes) of `targets` under `meter` at SIZE."""
    algos = [roster.find(a) for a in ids]
    seed = measure(list(targets), [SIZE], algos, impls=["portable"], log=log, meter=meter,
                   expected=host.expected_digests(SeedExpected), substitute=sub)
    ours = measure(list(targets), [SIZE], algos, log=log, meter=meter)
    return seed.results, ours.results, [n.detail for n in seed.notes + ours.notes]


def digest_status(r) -> str:
    """ok / ok LE / mismatch, and what the mismatch is."""
    if r is None:
        return "not run"
    if r.verified:
        return "ok LE" if "byte-reversed" in (r.verified_against or "") else "ok"
    if r.expected and reverse_hex(r.digest) == r.expected:
        return f"MISMATCH (byte-reversed: {r.digest})"
    if r.algorithm in LITTLE_ENDIAN_DIGESTS and r.expected and reverse_hex(r.expected) == r.digest:
        return "MISMATCH (canonical order, not the LE expected)"
    return f"MISMATCH ({r.digest or 'no digest'}, want {r.expected})"


def index(results, impl=None) -> dict:
    """{(target, algorithm, implementation or `impl`): result} at SIZE."""
    return {(r.target, r.algorithm, impl or r.implementation): r for r in results if r.size == SIZE}


def kb(cycles, clock_hz):
    return None if not cycles else SIZE * clock_hz / cycles / 1e3


def fmt(v, digits=0) -> str:
    if v is None:
        return "–"
    return f"{v:,.{digits}f}" if v >= 100 or digits else f"{v:.3g}"


def ratio(a, b):
    return a / b if a and b else None


def fr(r) -> str:
    return "–" if r is None else f"{r:.2f}"


def near(rs) -> str:
    got = [r for r in rs if r is not None]
    return f"{sum(WITHIN[0] <= r <= WITHIN[1] for r in got)} of {len(got)}"


def ours_best(got, t, a):
    """Our compared implementation's result (compact for AES, as the seed tables)."""
    if a in LIKE_COMPACT and (r := got.get((t, a, "compact"))) and r.verified:
        return r
    return got.get((t, a, "portable"))


# ---- tables ----------------------------------------------------------------------------------
def est_table(t, target, ids, seed, ours) -> tuple:
    """n64/nds/3ds: -> (lines, (rows within 30%, rows compared))."""
    clock, pub, labels = target.clock_hz, published(t), roster.labels()
    nds = t == "nds"
    head = ("| algo | digest | seed code est. cycles | seed code est. KB/s | seed published KB/s | est. ÷ seed "
            + ("| est. ÷ seed at 33.51 MHz " if nds else "")
            + "| our code est. cycles (impl) | our est. KB/s | our ÷ seed | seed code ÷ our code (cycles) |")
    lines = [f"### {t}: {target.title} @ {clock / 1e6:.2f} MHz, cycle model (est-cycles), {SIZE} B", "",
             head, "|" + "---|" * (head.count("|") - 1)]
    rs, rs_bus, rs_ours = [], [], []
    for a in ids:
        r, o = seed.get((t, a, NAME)), ours_best(ours, t, a)
        ok = r is not None and r.verified
        c = r.per_call if ok else None
        oc = o.per_call if o is not None and o.verified else None
        e, oe, p = kb(c, clock), kb(oc, clock), pub.get(a)
        q = ratio(e, p)
        if p is not None:
            rs.append(q)
            rs_ours.append(ratio(oe, p))
            rs_bus.append(ratio(kb(c, NDS_BUS_HZ), p))
        cells = [labels.get(a, a), digest_status(r), fmt(c), fmt(e), fmt(p), fr(q)]
        if nds:
            cells.append(fr(ratio(kb(c, NDS_BUS_HZ), p)))
        cells += [f"{fmt(oc)} ({o.implementation})" if oc else "–", fmt(oe), fr(ratio(oe, p)), fr(ratio(c, oc))]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"{t}: the seed's code within 30% of the seed's figure on {near(rs)} rows "
                  f"(our code: {near(rs_ours)})."]
    if nds:
        lines.append(f"nds at 33.51 MHz (the suite page's clock, the DS bus; docs/cycle-models.md, \"The clock\": "
                     f"the ARM9 runs at 67.03): the seed's code within 30% on {near(rs_bus)} rows.")
    got = [x for x in rs if x is not None]
    return lines, (sum(WITHIN[0] <= x <= WITHIN[1] for x in got), len(got))


def gba_table(t, target, ids, seed, ours) -> tuple:
    """gba-prefetch/gba: mGBA's exact cycles of the seed's code beside the suite page's GBA column."""
    clock, pub, labels = target.clock_hz, published(t), roster.labels()
    head = ("| algo | digest | seed code mGBA cycles | seed code hashes/s (= the GBA port's \"KB/s\") | "
            "seed code KB/s (10^3 B/s) | suite page GBA \"KB/s\" | cycles that figure implies | "
            "mGBA ÷ page (hashes/s) | our code mGBA cycles (impl) | seed code ÷ our code |")
    lines = [f"### {t}: {target.title} @ {clock / 1e6:.2f} MHz, mGBA exact cycles, {SIZE} B", "",
             head, "|" + "---|" * (head.count("|") - 1)]
    rs = []
    for a in ids:
        r, o = seed.get((t, a, NAME)), ours_best(ours, t, a)
        c = r.per_call if r is not None and r.verified else None
        oc = o.per_call if o is not None and o.verified else None
        p = pub.get(a)
        hps = clock / c if c else None
        q = ratio(hps, p)
        if p is not None:
            rs.append(q)
        lines.append("| " + " | ".join([
            labels.get(a, a), digest_status(r), fmt(c), fmt(hps, 2 if hps and hps < 100 else 0), fmt(kb(c, clock)),
            fmt(p), fmt(clock / p) if p else "–", fr(q), f"{fmt(oc)} ({o.implementation})" if oc else "–",
            fr(ratio(c, oc))]) + " |")
    got = [x for x in rs if x is not None]
    lines += ["", f"{t}: the seed's code, measured exactly, within 30% of the suite page's GBA figure on "
                  f"{near(rs)} rows; faster than the page says on {sum(x > 1 for x in got)}, slower on "
                  f"{sum(x < 1 for x in got)}."]
    return lines, (sum(WITHIN[0] <= x <= WITHIN[1] for x in got), len(got))


def preamble(src_dir, files, left, funcs, ids, unmapped) -> list:
    out = [f"Seed code from {src_dir}: {len(files)} files built ({', '.join(p.name for p in files)}); left out: "
           + (", ".join(f"{n} ({w})" for n, w in left.items()) or "none") + ".",
           f"{len(ids)} seed functions mapped to our ids: "
           + ", ".join(f"{f}→{SEED_NAMES[f]}" for f in sorted(funcs) if SEED_NAMES.get(f) in ids) + "."]
    if unmapped:
        out.append("Seed functions with no id of ours (not run): " + ", ".join(unmapped) + ".")
    out.append("Digests checked against data/reference-digests.tsv; "
               f"{', '.join(sorted(LITTLE_ENDIAN_DIGESTS))}: the seed writes them low byte first, checked "
               "against the reference reversed (\"ok LE\").  A mismatch has no cost.")
    return out + [""]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed-src", required=True, type=Path, help="a hash-bench port: DIR/source, DIR/include")
    ap.add_argument("--targets", default=DEFAULT_TARGETS,
                    help=f"of {', '.join(EST_TARGETS + GBA_TARGETS)} (default {DEFAULT_TARGETS})")
    ap.add_argument("-a", "--algo", action="append", metavar="ALGO", help="our ids, comma lists or globs")
    ap.add_argument("--markdown", type=Path, help="also write the tables to this file")
    args = ap.parse_args(argv)
    src_dir = args.seed_src.resolve()
    if not (src_dir / "source").is_dir() or not (src_dir / "include").is_dir():
        ap.error(f"{src_dir}: expected source/ and include/ (a hash-bench port)")
    names = [n.strip() for n in args.targets.split(",") if n.strip()]
    bad = [n for n in names if n not in EST_TARGETS + GBA_TARGETS]
    if bad:
        ap.error(f"unknown target {', '.join(bad)}: choose from {', '.join(EST_TARGETS + GBA_TARGETS)}")
    files, left, funcs = seed_files(src_dir)
    unmapped = sorted(f for f in funcs if f not in SEED_NAMES)
    have = {SEED_NAMES[f] for f in funcs if f in SEED_NAMES}
    wanted = {a.id for a in roster.select(args.algo)} if args.algo else have
    ids = [a for a in roster.ids() if a in have and a in wanted]
    if not ids:
        ap.error("no seed function of that selection found in DIR/source")
    report = tabulate(names, ids, substitute(src_dir, ids))
    text = "\n".join(preamble(src_dir, files, left, funcs, ids, unmapped) + report) + "\n"
    sys.stdout.write(text)
    if args.markdown:
        args.markdown.write_text(text)
    return 0


def tabulate(names, ids, sub) -> list:
    """Runs the seed's code and ours on `names` -> the report's lines."""
    targets = load_all()
    out, score, notes = [], {}, []
    for group, meter, table in ((EST_TARGETS, CYCLE_MODEL, est_table), (GBA_TARGETS, DEFAULT, gba_table)):
        ts = [t for t in names if t in group]
        if not ts:
            continue
        seed, ours, n = run_both(ts, ids, sub, meter)
        notes += n
        s_i, o_i = index(seed, NAME), index(ours)
        for t in ts:
            lines, score[t] = table(t, targets[t], ids, s_i, o_i)
            out += lines + [""]
    out.append("Rows within 30% with the seed's own code: "
               + ", ".join(f"{t} {k}/{n}" for t, (k, n) in score.items()) + ".")
    if notes:
        out += ["", "Notes:"] + [f"- {n}" for n in notes]
    return out


if __name__ == "__main__":
    sys.exit(main())
