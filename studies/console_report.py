#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes docs/generated/consoles.md: the 8/16-bit consoles' exact cycles beside the hash-bench family's.

    .venv/bin/python -m studies.console_report                    # run every console target, write the page
    .venv/bin/python -m studies.console_report --target nes,gba   # only these (the rest: "not measured")
    .venv/bin/python -m studies.console_report -o -               # print it instead
"""
import argparse
import datetime
import sys
import time

from hashbench import roster
from hashbench.flows.cross import Request, measure
from hashbench.paths import ROOT
from hashbench.results.context import project_commit
from hashbench.targets import load_all
from studies import listed, write
from studies.reference_tables import published, seed_data

OUT = ROOT / "docs" / "generated" / "consoles.md"

SEEDS = seed_data()
SEED_GBA = published("gba", SEEDS)
SEED_GBA_SHA_TABLE = tuple(SEEDS["sha256_vs_sha512"]["gba"])  # the suite's "SHA-256 against SHA-512" table
SECTION_TITLE = "The 8- and 16-bit consoles: exact cycles beside the hash-bench family"


def stub_digest(hexd: str) -> bool:
    return len(hexd) >= 4 and set(hexd) == {"0"}


def index(results):
    """{(target, algo, impl, size): result} of the simulators' exact cycles,
    verified and not a stub's all-zero digest."""
    return {(r.target, r.algorithm, r.implementation, r.size): r for r in results
            if r.meter == "exact-cycles" and not r.variant and r.verified and not stub_digest(r.digest)}


def ms(r):
    return None if r is None else r.per_call * 1e3 / r.clock_hz


def f(v, nd=1):
    if v is None:
        return "n/a"
    return f"{v:,.{nd}f}" if v >= 1 else f"{v:.3g}"


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "n/a"


SMALL_MARK = "†"
SMALL_LEGEND = (f"{SMALL_MARK} built with `HB_NO_PORTABLE_TABLES`: rolled rounds instead of written-out ones, "
                "because those do not fit the target's ROM (the target's `no_portable_tables`, or the program "
                "overflowed and was built again); `portable` then runs the `compact` code, so for algorithms "
                "with a `compact` only that is shown.")


def ms_cell(r, nd=1):
    """ms per call, marked when the program was built small."""
    return f(ms(r), nd) + (SMALL_MARK if r and r.extra.get("defines") else "")


def not_measured(name, notes, good):
    """The target's notes, less what a later run did measure: the portables a
    small build left out (same code as compact) on one line, then the rest."""
    def measured(n):
        return any(g[0] == name and g[1] == n.data.get("algorithm") and
                   g[2] == n.data.get("implementation", g[2]) for g in good)
    mine = [n for n in notes if n.data.get("target") == name and "algorithm" in n.data and not measured(n)]
    same = sorted({n.data["algorithm"] for n in mine if n.reason == "same-as-compact"})
    rest = sorted({(f"{n.data['algorithm']}/{n.data['implementation']}" if "implementation" in n.data
                    else n.data["algorithm"], short_note(n)) for n in mine if n.reason != "same-as-compact"})
    lines = []
    if same:
        lines += ["", f"`portable` not measured apart on `{name}` (its small build is the `compact` code): "
                      + ", ".join(same) + "."]
    if rest:
        by_reason = {}
        for k, v in rest:
            by_reason.setdefault(v, []).append(k)
        lines += ["", f"Not built or not run on `{name}`: "
                  + "; ".join(f"{', '.join(ks)}: {v}" for v, ks in by_reason.items()) + "."]
    return lines


def short_note(note):
    """A build note in a few words, from its figures: '14508 B over the ROM'."""
    if "bytes_over" in note.data:
        return f"{note.data['bytes_over']} B over the ROM"
    if note.data.get("wraps"):
        return "over 64 KiB"
    return note.detail.split(": ", 1)[-1]


def beyond(good, target, size, seed_ids, title):
    """Rows for the algorithms a target ran that its reference study did not."""
    order = roster.ids()
    extra = sorted({k[1] for k in good if k[0] == target and k[3] == size} - set(seed_ids), key=order.index)
    if not extra:
        return []
    return ["", title, ""] + ms_table(good, target, size, extra)


def ms_table(good, target, size, ids):
    """| algo | portable ms | compact ms | KB/s (compact if any) | for these algorithms."""
    labels = roster.labels()
    lines = ["| algo | portable ms | compact ms | KB/s (compact if any) |", "|---|---:|---:|---:|"]
    for a in ids:
        p, c = good.get((target, a, "portable", size)), good.get((target, a, "compact", size))
        lines.append(f"| {labels[a]} | {ms_cell(p, 0)} | {ms_cell(c, 0)} | {f(getattr(c or p, 'kb_per_s', None), 2)} |")
    return lines


def sha2_ratio(good, target, size):
    """SHA-512 ÷ SHA-256 cost per byte on one target (compact, else portable)."""
    pick = lambda a: good.get((target, a, "compact", size)) or good.get((target, a, "portable", size))  # noqa: E731
    s2, s5 = pick("sha256"), pick("sha512")
    if not (s2 and s5):
        return []
    return ["", f"SHA-512 costs **{s5.per_call / s2.per_call:.2f}×** SHA-256 per byte here "
                f"({s2.implementation} code, {f(s2.kb_per_s)} against {f(s5.kb_per_s)} KB/s): "
                "64-bit additions and rotations are eight-byte chains on an 8-bit CPU."]


def section_nes(good, wall, notes):
    lines = ["### 6502 (nes) at 64 B, beside hash-bench-nes", "",
             "Milliseconds per hash at the NTSC clock (1.789773 MHz) from exact sim65 cycles, `portable` and",
             "`compact` (the family's code is closest to `compact`: bitwise CRCs, rolled loops). The reference study's",
             "figures are one-run `clock()` readings; its harness assumed 50 ticks/s where NTSC ticks 60, so",
             "the printed ms are 1.2× too high: the corrected column is the one to compare.", "",
             "| algo | ours portable ms | ours compact ms | seed ms (printed) | seed ms (60 Hz) | seed ÷ ours (compact if any) |",
             "|---|---:|---:|---:|---:|---:|"]
    labels = roster.labels()
    for a, (printed, corr) in SEEDS["nes"]["ms"].items():
        p, c = ms(good.get(("nes", a, "portable", 64))), ms(good.get(("nes", a, "compact", 64)))
        lines.append(f"| {labels[a]} | {f(p)} | {f(c)} | {printed} | {corr} | {ratio(corr, c or p)} |")
    extra = sorted({k[1] for k in good if k[0] == "nes" and k[3] == 64} - set(SEEDS["nes"]["ms"]),
                   key=roster.order().get)
    if extra:
        lines += ["", "Beyond the family's 18 (the reference study left these out on the NES):", "",
                  "| algo | portable ms | compact ms |", "|---|---:|---:|"]
        for a in extra:
            p, c = ms(good.get(("nes", a, "portable", 64))), ms(good.get(("nes", a, "compact", 64)))
            lines.append(f"| {labels[a]} | {f(p)} | {f(c)} |")
    mine = [n for n in notes if n.data.get("target") == "nes"]
    if mine:
        lines += ["", "Not measured on the NES: " + "; ".join(sorted(n.detail for n in mine)) + "."]
    if wall is not None:
        seconds, cached = wall
        n = sum(1 for k in good if k[0] == "nes" and k[3] == 64)
        lines += ["", f"**Wall time:** the whole nes run at 64 B — {n} verified results, every "
                      f"algorithm cc65 builds in both implementations, each run twice under sim65 — took "
                      f"**{seconds:.1f} s** here (a shared 2-core machine, "
                      + ("builds cached" if cached else "the builds included") + "). The bound is 60 s."]
    return lines


def section_gb(good, notes=()):
    lines = ["### SM83 (gb) at 1024 B, beside hash-bench-gb", "",
             "Milliseconds per hash at 4.194304 MHz from mGBA's cycle count (SDCC 4.2 `-msm83`; the family used",
             "GBDK-2020's SDCC).", "",
             "| algo | ours portable ms | ours compact ms | seed C ms | seed asm ms | seed C ÷ ours (compact if any) |",
             "|---|---:|---:|---:|---:|---:|"]
    have = False
    labels = roster.labels()
    for a, (cms, asm) in SEEDS["gb"]["ms"].items():
        p, c = good.get(("gb", a, "portable", 1024)), good.get(("gb", a, "compact", 1024))
        have = have or p is not None or c is not None
        lines.append(f"| {labels[a]} | {ms_cell(p, 0)} | {ms_cell(c, 0)} | {cms} | {asm or '–'} | "
                     f"{ratio(cms, ms(c) or ms(p))} |")
    if not have:
        return lines + ["", "(Not measured in this generation: run `hashbench cross --target gb --size 1k`.)"]
    lines += beyond(good, "gb", 1024, list(SEEDS["gb"]["ms"]), "Beyond the family's 18 (the reference study's GB C "
                                                               "stopped at SHA-1):")
    lines += sha2_ratio(good, "gb", 1024) + ["", SMALL_LEGEND] + not_measured("gb", notes, good)
    return lines


GBA_PLACES = [("gba", "ROM"), ("gba-prefetch", "ROM + prefetch"), ("gba-iwram", "IWRAM Thumb"),
              ("gba-iwram-arm", "IWRAM ARM")]
CONSOLES = ["nes", "gb", "z80"] + [t for t, _ in GBA_PLACES]


def section_gba(good):
    lines = ["### ARM7TDMI (gba) at 1024 B, beside the GBA figures", "",
             "KB/s (10^3 B/s) at 16.777216 MHz from mGBA's cycle count, `portable`, the same C in four places.",
             "`gba`: Thumb code (`-mthumb -O2`) and tables in cartridge ROM (WAITCNT at its reset value: 4/2 wait",
             "states, no prefetch); `gba-prefetch`: the same with the prefetch buffer on (devkitARM's crt0 sets",
             "it); `gba-iwram`: the Thumb program copied into IWRAM (32-bit, no wait states); `gba-iwram-arm`:",
             "ARM code (`-marm`) in IWRAM, where GBA programs put their hot loops.", "",
             "| algo | " + " | ".join(f"ours {title} KB/s" for _, title in GBA_PLACES)
             + " | seed KB/s (approx.) | fastest ÷ seed time |",
             "|---|" + "---:|" * (len(GBA_PLACES) + 2)]
    labels = roster.labels()
    for a, seed in SEED_GBA.items():
        kb = [getattr(good.get((t, a, "portable", 1024)), "kb_per_s", None) for t, _ in GBA_PLACES]
        best = max((k for k in kb if k), default=None)
        lines.append(f"| {labels[a]} | " + " | ".join(f(k) for k in kb) + f" | {seed} | {f(seed / best, 2) if best else 'n/a'} |")
    lines += ["", "SHA-256 : SHA-512 (cost per byte of SHA-512 ÷ SHA-256; above 1 favours SHA-256):", "",
              "| build | SHA-256 KB/s | SHA-512 KB/s | SHA-512 ÷ SHA-256 cost |", "|---|---:|---:|---:|"]
    for tn, _ in GBA_PLACES:
        for impl in ("portable", "compact"):
            s2, s5 = good.get((tn, "sha256", impl, 1024)), good.get((tn, "sha512", impl, 1024))
            k2, k5 = getattr(s2, "kb_per_s", None), getattr(s5, "kb_per_s", None)
            if k2 or k5:
                lines.append(f"| {tn} {impl} | {f(k2)} | {f(k5)} | {ratio(k2, k5)} |")
    a, b = SEED_GBA_SHA_TABLE
    lines.append(f"| seed (suite table) | ~{a} | ~{b} | {a / b:.2f} |")
    lines.append(f"| seed (crypto column) | ~{SEED_GBA['sha256']} | ~{SEED_GBA['sha512']} | "
                 f"{SEED_GBA['sha256'] / SEED_GBA['sha512']:.2f} |")
    return lines + ["", "The cycle model's estimates of the same programs, beside mGBA's and the reference study's: "
                        "section 4."]


def section_z80(good, notes=()):
    ids = [a.id for a in roster.algorithms() if any(k[:2] == ("z80", a.id) and k[3] == 1024 for k in good)]
    lines = ["### Z80 (z80) at 1024 B", "",
             "No reference study ran a Z80; the MSX clock (3.579545 MHz) converts ucsim's exact T-states to time.", ""]
    if not ids:
        return lines + ["(Not measured in this generation: run `python -m studies.console_report --target z80`.)"]
    lines += ms_table(good, "z80", 1024, ids)
    return lines + sha2_ratio(good, "z80", 1024) + ["", SMALL_LEGEND] + not_measured("z80", notes, good)


def section_why():
    return ["### Why ours differ from the reference studies", "",
            "- **Exact cycles against one-run timers.** Ours are simulator cycle counts of one call, the",
            "  harness subtracted, identical run after run. The NES reference study read `clock()` (one tick = 16.7 ms) over",
            "  a 25-tick budget and assumed 50 ticks/s; the GB reference study counted DIV and vblank (~1 ms); the GBA",
            "  seed a TM0+TM1 cascade (3.8 µs). Their small-ITER rows carry ±1 tick of quantisation.",
            "- **Different C.** The family's files are not ours. Its CRCs are bitwise; our `compact` CRCs",
            "  use no table either (CRC-8 and CRC-16 folded a byte at a time, CRC-32 bit by bit), our",
            "  `portable` ones tables of 256 B to 8 KiB. Its Fletcher-16 pays a `%` per byte (the reference study notes",
            "  109 ms without it on the GB), ours reduces once per block. Its READMEs say PBKDF2 runs 1000",
            "  iterations, but the digest prefix they publish for it (4F AC C7 38) is the digest of 100, as",
            "  ours: its timings are of 100 iterations, and its PBKDF2 rows compare like the others.",
            "- **8-bit-aware C.** On the 6502, SM83 and Z80 (`HB_SMALL_CPU`: a 16-bit `size_t`) the byte",
            "  hashes keep their state as bytes and multiply by their constants through byte tables",
            "  (`hb_mul8.h`), Adler-32 folds 16-bit sums by their carry, MurmurHash3 and XXH32 multiply",
            "  through byte tables too, and rotations are bytes moved plus at most 4 one-bit steps; cc65",
            "  keeps locals at fixed addresses and hot bytes in zero page (`hb_config.h`). The same C on",
            "  32- and 64-bit CPUs is unchanged.",
            "- **Compilers.** Debian's cc65 2.19 with `-O`, as the reference study (whose cc65 version is not "
            "stated); SDCC 4.2.0 against",
            "  GBDK-2020's SDCC; Debian's arm-none-eabi-gcc 12 `-O2 -mthumb` against devkitARM. cc65 has no",
            "  64-bit type, so SHA-512 and the other 64-bit algorithms are absent on the NES; SDCC has one, so",
            "  they run on the Game Boy and the Z80 when they fit.",
            "- **Code placement on the GBA.** The reference study builds with devkitARM's `gba_cart` specs: code and",
            "  constant tables in cartridge ROM unless marked IWRAM, data and stack in IWRAM, and its",
            "  `gba_crt0.s` sets only WAITCNT's prefetch bit, leaving the reset 4/2 wait states. Ours measure",
            "  four placements: ROM with no prefetch (`gba`), ROM with it (`gba-prefetch`: 8-28% fewer",
            "  cycles on the crypto rows), Thumb in IWRAM (`gba-iwram`) and ARM in IWRAM (`gba-iwram-arm`).",
            "  Thumb instructions are 16 bits, one ROM access each (3 cycles sequential against 1 in IWRAM):",
            "  that gives IWRAM's 2.7-3.3× over ROM. In IWRAM a 32-bit ARM instruction is fetched in one",
            "  cycle too, and it has sixteen registers and a shift or rotate in every operand: another",
            "  1.1-2.5× (SHA-256 2.5×, the rotate-heavy hashes most; SHA-3 1.1×).",
            "- **The reference study's GBA crypto column is scaled, not measured.** Its DSi column is exactly 4× its",
            "  NDS column and the NDS column 2.0× (±0.1) the GBA one, row by row, the ratios of the clocks;",
            "  the suite page calls them approximate. A GBA at ~140 KB/s for SHA-256 from ROM would run",
            "  Thumb code faster than ours does from IWRAM with no wait states; only IWRAM reaches those",
            "  figures, and ARM code there beats every row (`studies/reference_race.py`).",
            "- **ROM size on the Game Boy.** SDCC's linker takes whole modules and its 32-bit code is large",
            "  (the BLAKE2s program with written-out rounds: 60 KiB of SM83 code), so the SHA family, RIPEMD-160,",
            "  BLAKE2, BLAKE3, AES, and the 64-bit Keccak/SHA-3, XXH3, Tiger and Ascon build there with",
            "  `HB_NO_PORTABLE_TABLES` (rolled rounds; marked †). Each generated table has a file of its own,",
            "  so a CRC program links only its own tables (CRC-8: 4.4 KiB of code in all, where `crc.c` with",
            "  every table was 76 KiB): the table-driven CRC-8, CRC-16, CRC-32 and CRC-32C fit; CRC-64",
            "  (32 KiB of tables) does not without MBC banking. The `z80` target, a flat 64 KiB machine with",
            "  60 KiB for code, runs the written-out SHA-256 and BLAKE2s too.",
            "- **SDCC 4.2.0 miscompiled SHA-1 on the SM83.** At its default register-allocation effort every",
            "  SHA-1 digest of the old rolled round was wrong (the same C was right on the Z80, the host,",
            "  under ASan, and with `--max-allocs-per-node 100`). Verify-before-cost caught it: the wrong",
            "  digests were never timed. The 8-bit SHA-1 that replaced it (static state, one-bit rotations,",
            "  five renamed rounds a turn) compiles right at the default effort and beats the reference study's C.",
            "- **64-bit multiplies on an 8-bit CPU.** MurmurHash3-128 and XXH64 multiply 64 × 64 bits per",
            "  8 bytes of input; SDCC does that in a library loop, which makes them 10-50× slower than the",
            "  32-bit hashes there, while SipHash and BLAKE2b (additions, rotations) lose only 4-10×.",
            "- **The reference studies disagree with themselves** on the GBA's SHA-2 figures (~140/~50 KB/s in the crypto",
            "  column, ~280/~140 in the SHA-256-against-SHA-512 table); both are marked approximate."]


def section(results, notes=(), wall=None, header=(), skipped=()) -> str:
    """The consoles' page from results of any runs: the simulators' exact cycles are taken, nothing
    else.  wall: (seconds, whether the builds were cached) of a run of the NES alone at 64 B."""
    good = index(results)
    sec = [f"# {SECTION_TITLE}", ""] + list(header)
    sec += ["Costs are exact CPU cycles from the simulators (sim65, mGBA, ucsim), one call, harness",
            "subtracted, every digest equal to the host's;",
            f"`hashbench cross --target {','.join(CONSOLES)}` runs the same (targets: `targets/*.toml`).", ""]
    if skipped:
        sec += [f"Not measured for this generation: {', '.join(skipped)}.", ""]
    sec += section_nes(good, wall, notes) + [""] + section_gb(good, notes) + [""]
    sec += section_gba(good) + [""] + section_z80(good, notes) + [""] + section_why()
    return "\n".join(sec) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", action="append", metavar="T[,T...]", help="targets to run (default: every console)")
    ap.add_argument("-o", "--output", metavar="FILE", default=str(OUT),
                    help=f"the page (default {OUT.relative_to(ROOT)}; '-': standard output)")
    ap.add_argument("--db", metavar="PATH",
                    help="also take the newest stored results of the targets not run (e.g. gb and z80, whose "
                         "SDCC builds take long, from earlier 'hashbench cross --target gb' runs)")
    args = ap.parse_args()
    targets = {n: t for n, t in load_all().items() if t.kind == "console"}
    names = [n for n in listed(args.target, CONSOLES) if n in targets and not targets[n].missing()]
    log = lambda m: print(m, file=sys.stderr)  # noqa: E731
    results, wall, notes = [], None, []
    for name in names:
        sizes = [64] if name == "nes" else [1024]
        t0 = time.monotonic()
        run = measure(Request([name], sizes, calls=1), log=log, targets=targets)
        if name == "nes":
            wall = (time.monotonic() - t0, bool(run.context["targets"].get("nes", {}).get("cached_build")))
        results += run.results
        notes += run.notes
    stored = []
    if args.db:
        from hashbench.storage.store import Store
        store = Store(args.db)
        rest = [n for n in targets if n not in names]
        stored = store.latest_results(kind="cross", targets=rest)
        results += stored
        for run in store.runs(limit=1000, kind="cross"):  # newest first
            notes += [n for n in store.load_run(run["id"]).notes if n.data.get("target") in rest]
    from_db = sorted({r.target for r in stored})
    skipped = [n for n in targets if n not in names and n not in from_db]
    header = [f"Generated by `studies/console_report.py` on {datetime.date.today().isoformat()} at commit "
              f"{project_commit()}; do not edit by hand.", ""]
    if from_db:
        header += [f"Taken from the newest stored `hashbench cross` results (runs made apart from this script's, "
                   f"`--db`): {', '.join(from_db)}.", ""]
    text = section(results, notes, wall, header, skipped)
    write(text, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
