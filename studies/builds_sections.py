# SPDX-License-Identifier: MIT
"""The sections of docs/generated/builds.md (studies/builds_report.py): each states
what the reference study found, shows what we measured, and computes whether we
reproduce it.  Every number comes from a stored run; the reference studies' own figures
are those of docs/reference-studies.md and the reference-study texts."""
import math

from hashbench import roster
from hashbench.present.native import columns, name
from hashbench.present.table import render_markdown
from hashbench.results.result import METER_TITLES
from hashbench.statistics import relative

LABELS = roster.labels()
# the meters an exact table can show, best first: estimated cycles when a cycle model gives them
EXACT_METERS = ["est-cycles", "exact-cycles", "instructions"]
# bench-keccak256 on the x86-64 machines nearest ours (AMD EPYC 9124, Zen 4), relative time
SEED_KECCAK = {"default": [("keccak-asm", "1.00 ± 0.00"), ("tiny-keccak", "1.22 ± 0.02"), ("sha3", "1.27 ± 0.02"),
                           ("xkcp", "1.66 ± 0.03")],
               "native": [("xkcp", "1.00 ± 0.00"), ("tiny-keccak", "1.03 ± 0.04"), ("sha3", "1.08 ± 0.03"),
                          ("keccak-asm", "1.12 ± 0.02")]}
# hash-bench-n64 (-O2) and -O3 -funroll-loops on three files (the optimized branch), KB/s at 1000 B
SEED_N64_TUNED = {"md5": (1878, 2432), "sha256": (778, 851), "sha512": (1379, 1569)}
SEED_N64_SLOWER = {"blake2s": "6-14 % slower", "md4": "6-14 % slower", "ripemd160": "6-14 % slower",
                   "sha3-256": "47 % slower", "sha3-512": "47 % slower"}


def fmt(v, digits=3) -> str:
    if v is None:
        return "-"
    if v == 0:
        return "0"
    mag = math.floor(math.log10(abs(v)))
    return f"{v:,.{max(0, digits - 1 - mag)}f}"


def index(run) -> dict:
    """{(build, algo, impl, size, meter): result} of the verified results."""
    return {(r.build.name, r.algorithm, r.implementation, r.size, r.meter): r for r in run.results if r.verified}


def meter_of(run) -> str:
    have = {r.meter for r in run.results}
    return next((m for m in EXACT_METERS if m in have), "ns")


def missing(title, cmd) -> list:
    return [title, "", f"Not measured yet: run `{cmd}` (or `studies/builds_report.py`, which runs it).", ""]


def source(run, cmd) -> str:
    return f"`{cmd}` (run {run.id}, {run.started_at[:10]}, commit {run.context.get('commit')})"


def method() -> list:
    return ["## How", "",
            "- **Builds.** `--cc` and `--flags` give the builds; each is named from its compiler and flags "
            "and built once into a folder of its own: the host engine by the Makefile into "
            "`build/matrix/<name>/` (no library backends: a matrix measures our code), a cross target's engine "
            "with its `-O` level replaced into `build/cross/<target>/<name>/`. The name is recorded in every "
            "result (`build.name`, with the compiler's version and the flags), so `hashbench diff` meets "
            "the same build across runs.",
            "- **Host figures** are timed in rounds: each round runs one short engine process per build, in "
            "turn (the order rotating), each with the budget divided by the rounds; every process verifies "
            "every digest first. A build's figure is the median over rounds of its time divided by the best "
            "build's time *in the same round*, and ± is the median absolute deviation of those ratios: a "
            "slow phase of this shared machine slows a whole round, and the pairing cancels it.",
            "- **Cross figures** are exact counts (instructions under QEMU): the ratio of counts, ± 0.",
            "- **Code size** is what `hashbench size` gives: the bytes of text (code, read-only data, unwind "
            "tables) and data that one algorithm adds to a program calling it, compiled with "
            "`-ffunction-sections -fdata-sections` and linked with `--gc-sections` (`-flto` reaches the link "
            "when the build has it), the library routines it pulls in included where the C library is linked "
            "in (newlib-nano on the Cortex-M7, the N64's own), not where it is shared (the host).", ""]


def flags_of(run, build) -> str:
    """A build's flags as the run gave them ('-Os -flto'), for column heads."""
    b = next((b for b in run.options.get("builds", []) if b["name"] == build), None)
    return b["flags"] if b else build


def exact_table(run, algos, builds, size, impls=("portable", "compact")):
    """Rows: (algorithm, implementation); per build its count per byte, then
    its code size."""
    idx, meter = index(run), meter_of(run)
    head = ["algorithm", "impl"] + [f"`{flags_of(run, b)}`" for b in builds] + \
        [f"code `{flags_of(run, b)}`" for b in builds]
    rows = []
    for a in algos:
        for i in impls:
            rs = [idx.get((b, a, i, size, meter)) for b in builds]
            if not any(rs):
                continue
            rows.append([LABELS.get(a, a), i] + [fmt(r.per_byte) if r else "-" for r in rs] +
                        [f"{r.extra['code_bytes']:,}" if r and "code_bytes" in r.extra else "-" for r in rs])
    return head, rows, "ll" + "r" * (2 * len(builds))


def per_byte(run, build, algo, size, impl="portable"):
    r = index(run).get((build, algo, impl, size, meter_of(run)))
    return r.per_byte if r else None


def code(run, build, algo, impl="portable"):
    r = next((r for r in run.results if r.build.name == build and r.algorithm == algo and r.implementation == impl
              and "code_bytes" in r.extra), None)
    return r.extra["code_bytes"] if r else None


def stm32(run, cmd) -> list:
    title = "## 1. The STM32F767 study: -Os against -O3 on a Cortex-M7"
    seed = ["**The reference study** timed, on an STM32F767 (Cortex-M7, 216 MHz, GCC 14.2.1, the CYCCNT cycle counter, a "
            "120 KiB buffer), Ascon-Hash, Mbed TLS's SHA-256 and SHA-512, BLAKE3, the microcontroller's "
            "hardware CRC-32 and a byte-wise XOR, built with `-Os` and with `-O3`, and plotted each "
            "algorithm's flash size built with `-Os -flto`. Its words: with `-Os`, BLAKE3 is \"the most "
            "impressive of all with performance close to that of the hardware CRC\", and with `-O3` \"it gets "
            "even closer\"; \"XOR is significantly slower than CRC probably because the data was processed "
            "serially, one byte at a time\". Its figures are plots: no number is published, so what we can "
            "compare is direction and order.", ""]
    if run is None:
        return [title, ""] + seed + missing("", cmd)[2:]
    size = run.options["sizes"][0]
    builds = ["gcc-Os", "gcc-O2", "gcc-O3", "gcc-Os-flto"]
    meter = meter_of(run)
    algos = run.options["algos"]
    h, rows, al = exact_table(run, algos, builds, size)
    out = [title, ""] + seed
    out += [f"**Ours**: {source(run, cmd)}: the `cortex-m7` target (QEMU's mps2-an500, "
            f"{next(iter(run.context.get('builds', {}).values()), {}).get('version', 'arm-none-eabi-gcc')}), "
            f"its engine rebuilt per flag set, {METER_TITLES[meter]} per byte at {size // 1024} KiB (the harness "
            "subtracted), and code size. Instructions are not cycles: the Cortex-M7's dual issue, flash wait "
            "states and caches are not in them; when a cycle-model meter gives estimated cycles for this "
            "target, this table shows them instead (the tool takes the best meter a run has). Our CRC-32 is "
            "software (`portable`: zlib's braided table CRC over 8 KiB of tables, five words in flight; "
            "`compact`: bitwise), our SHA-2s and Ascon are our portable C, not Mbed TLS's or Ascon's armv7m "
            "code.", "",
            render_markdown(h, rows, al), ""]
    # -Os against -O3
    ratios = {a: (per_byte(run, "gcc-Os", a, size), per_byte(run, "gcc-O3", a, size)) for a in algos}
    ratios = {a: os_ / o3 for a, (os_, o3) in ratios.items() if os_ and o3}
    slower = [a for a, x in ratios.items() if x > 1.005]
    out += ["**-Os against -O3.** " + ", ".join(f"{LABELS[a]} {x:.2f}×" for a, x in ratios.items()) +
            f" the {METER_TITLES[meter].split(' (')[0]} of `-O3` with `-Os`: "
            + (f"`-O3` does less work for {len(slower)} of {len(ratios)} algorithms, as the reference study's -O3 plot "
               "shows it faster" if slower else "`-O3` is not ahead here, unlike the reference study's") +
            ". Code size: " + ", ".join(f"{LABELS[a]} {code(run, 'gcc-Os', a):,} → {code(run, 'gcc-O3', a):,} B"
                                       for a in algos if code(run, "gcc-Os", a) and code(run, "gcc-O3", a)) +
            " (`-Os` → `-O3`).", ""]
    # BLAKE3: the hardware CRC's speed depends on no flag, so "closer to it" is BLAKE3 getting faster
    if "blake3" in ratios:
        g = ratios["blake3"]
        out += [f"**BLAKE3 with -O3.** The reference study's BLAKE3 comes closer to the hardware CRC with `-O3`; the CRC unit's "
                "speed depends on no compiler flag, so that says BLAKE3 got faster. Ours: `-Os` costs "
                f"{g:.2f}× the {meter} of `-O3`: " +
                ("reproduced" if g > 1.005 else
                 "not reproduced in this meter: `-O3` executes *more* instructions here, with more code "
                 f"({code(run, 'gcc-Os', 'blake3') or 0:,} → {code(run, 'gcc-O3', 'blake3') or 0:,} bytes); whether "
                 "they take fewer cycles on the M7's dual-issue pipeline is a question for a cycle model") + ".", ""]
    x = {f: per_byte(run, f, "xor8", size) for f in ("gcc-Os", "gcc-O3")}
    c = {f: per_byte(run, f, "crc32", size) for f in ("gcc-Os", "gcc-O3")}
    if all(x.values()) and all(c.values()):
        q = {f: x[f] / c[f] for f in x}
        verdict = ("reproduced: XOR-8 is the slower" if min(q.values()) > 1.05 else
                   "reproduced in part: the one-XOR-a-byte loop costs as much per byte as a CRC-32 that looks up "
                   "four table entries per 4-byte word, so byte-serial processing is the cost, as the reference study "
                   "guesses; it is not slower here" if min(q.values()) > 0.9 else
                   "not reproduced: our XOR-8 is cheaper per byte than our CRC-32")
        out += [f"**XOR against CRC-32.** The reference study's XOR runs a byte at a time, its CRC-32 on the CRC unit a word "
                f"at a time. Our XOR-8 is byte-serial too: {fmt(x['gcc-Os'])} and {fmt(x['gcc-O3'])} {meter} per "
                f"byte (`-Os`, `-O3`), against {fmt(c['gcc-Os'])} and {fmt(c['gcc-O3'])} for our table-driven "
                f"CRC-32 (braided tables, a word at a time, in C): {verdict}.", ""]
    flto = [(a, code(run, "gcc-Os", a), code(run, "gcc-Os-flto", a)) for a in algos]
    flto = [(a, p, q) for a, p, q in flto if p and q]
    if flto:
        order = sorted(flto, key=lambda t: t[2])
        out += ["**Flash with `-Os -flto`** (the reference study's flash plot): " +
                ", ".join(f"{LABELS[a]} {q:,} B" for a, _, q in order) +
                " (smallest first); link-time optimisation changes them by " +
                ", ".join(f"{LABELS[a]} {q - p:+,}" for a, p, q in flto) +
                " bytes against `-Os` alone. The reference study's plot gives no figures to set beside these.", ""]
    return out


def n64(run, cmd) -> list:
    title = "## 2. The N64: -O2 against a tuned -O3"
    seed = ["**The reference study**: hash-bench-n64 (libdragon's gcc `-O2`, timed on the Ares emulator) and its optimized "
            "branch, which built three files with `-O3 -funroll-loops`: MD5 1878 → 2432 KB/s (+29 %), SHA-256 "
            "778 → 851 (+9 %), SHA-512 1379 → 1569 (+14 %). The same flags on more files slowed BLAKE2s, MD4 "
            "and RIPEMD-160 by 6–14 % and SHA-3 by 47 %, which the reference study puts down to the VR4300's direct-mapped "
            "16 KiB instruction cache (\"instruction-cache layout alone\").", ""]
    if run is None:
        return [title, ""] + seed + missing("", cmd)[2:]
    size = run.options["sizes"][0]
    builds = ["gcc-O2", "gcc-O3", "gcc-O3-funroll-loops"]
    meter = meter_of(run)
    idx = index(run)
    head = ["algorithm"] + [f"`{flags_of(run, b)}`" for b in builds] + ["-O2 / -O3", "-O2 / unrolled",
                                                                         "code `-O2`", "code unrolled", "the reference study"]
    rows, gains = [], {}
    for a in run.options["algos"]:
        rs = [idx.get((b, a, "portable", size, meter)) for b in builds]
        if not all(rs):
            continue
        gains[a] = (rs[0].per_call / rs[1].per_call, rs[0].per_call / rs[2].per_call)
        seed_txt = (f"{SEED_N64_TUNED[a][1] / SEED_N64_TUNED[a][0]:.2f}× faster (three files)" if a in SEED_N64_TUNED
                    else SEED_N64_SLOWER.get(a, ""))
        rows.append([LABELS.get(a, a)] + [f"{r.per_call:,.0f}" for r in rs] +
                    [f"{gains[a][0]:.2f}", f"{gains[a][1]:.2f}", f"{code(run, 'gcc-O2', a) or 0:,}",
                     f"{code(run, 'gcc-O3-funroll-loops', a) or 0:,}", seed_txt])
    out = [title, ""] + seed
    out += [f"**Ours**: {source(run, cmd)}: the `n64` target (MIPS III, `-march=vr4300`), every file built "
            f"with the flags (the reference study's broad sweep): {METER_TITLES[meter]} per call at {size} B per build, "
            "their ratios (above 1: the tuned build does less work), code bytes, and the reference study's change in time.",
            "", render_markdown(head, rows, "l" + "r" * 7 + "l"), ""]
    tuned = [a for a in SEED_N64_TUNED if a in gains]
    if tuned:
        ok = [a for a in tuned if gains[a][1] > 1.005]
        out += ["**The three tuned files.** " + ", ".join(
            f"{LABELS[a]} {gains[a][1]:.2f}× fewer {meter} "
            f"(the reference study: {SEED_N64_TUNED[a][1] / SEED_N64_TUNED[a][0]:.2f}× faster)" for a in tuned) + ": " +
            ("reproduced in direction for all three" if len(ok) == len(tuned) else
             f"reproduced for {', '.join(LABELS[a] for a in ok) or 'none'}") +
            ". The magnitudes are not comparable: the reference study's are times, and a count leaves out the VR4300's "
            "stalls (multiply and load latencies, cache misses), which scheduling and unrolling also change.", ""]
    hurt = [a for a in SEED_N64_SLOWER if a in gains]
    if hurt:
        worse = [a for a in hurt if gains[a][1] < 0.995]
        grow = [f"{LABELS[a]} {code(run, 'gcc-O2', a):,} → {code(run, 'gcc-O3-funroll-loops', a):,} B"
                for a in hurt if code(run, "gcc-O2", a) and code(run, "gcc-O3-funroll-loops", a)]
        out += ["**The slowed files.** With every file built `-O3 -funroll-loops`: " + ", ".join(
            f"{LABELS[a]} {gains[a][1]:.2f}×" for a in hurt) + f" (-O2 {meter} / unrolled). " +
            (f"{', '.join(LABELS[a] for a in worse)} also do more work unrolled: that part of the slowdown is "
             "reproduced. " if worse else "") +
            (("The others" if worse else "All of them") + " do *less* work unrolled, so an instruction count "
             "does not reproduce the slowdown: if it is the instruction cache's, as the reference study says, this meter "
             "cannot see it. " if len(worse) < len(hurt) else "") +
            "What it can show is the pressure the reference study points to, the code growing: " + "; ".join(grow) +
            ". A cycle model of the VR4300 with its 16 KiB instruction cache (estimated cycles, when that "
            "meter lands) is what can test the rest; this section shows it when the run has it.", ""]
    return out


def keccak(cmp_runs, c_run, cmd, c_cmd) -> list:
    title = "## 3. keccak-256 on this machine: the default build against the native one"
    seed = ["**The reference study** (bench-keccak256) times four Rust crates — xkcp (XKCP), keccak-asm (cryptogams' "
            "assembly, as OpenSSL's), tiny-keccak, sha3 — built twice, *default* (no RUSTFLAGS) and *native* "
            "(`-C target-cpu=native`), and ranks them by relative time with hyperfine. On every x86-64 machine "
            "keccak-asm leads the default build, by 21–28 % over the next crate, and the native build takes that "
            "lead away (keccak-asm's AVX2 code is \"way slower than the regular x86_64 version\"): on the AMD "
            "EPYC 9124 (Zen 4, the nearest to ours)", ""]
    seed += [render_markdown(["#", "default", "", "native", ""],
                             [[f"{n + 1}.", d[1], d[0], v[1], v[0]] for n, (d, v) in
                              enumerate(zip(SEED_KECCAK["default"], SEED_KECCAK["native"]))], "lrlrl"), ""]
    if not cmp_runs:
        return [title, ""] + seed + missing("", cmd)[2:]
    cmp_run = cmp_runs[0]
    rs = [r for r in cmp_run.results if r.algorithm == "keccak-256" and r.size == 1024]
    cols = columns(rs)
    out = [title, ""] + seed
    out += [f"**Ours**: {source(cmp_run, cmd)} on {cmp_run.context.get('cpu')} ({cmp_run.context.get('cores')} "
            "cores, shared; its speed varies by up to 2× from one process to the next, docs/performance.md), the "
            "implementations sampled in turn (A B C A B C …) in one process, ± the combined MADs. The crates' "
            "versions and the code paths they chose at build time: " +
            ", ".join(sorted({f"{r.implementation}: {r.extra.get('impl_version')}" for r in rs
                              if r.implementation.startswith("rust-")})) + ".", ""]
    if cols is None:
        return out + ["The Rust backends were not built here: no ranking.", ""]
    default, native = cols
    rows = []
    for n in range(max(len(default), len(native))):
        row = [f"{n + 1}."]
        for col in (default, native):
            row += [col[n].text, name(col[n].result)] if n < len(col) else ["", ""]
        rows.append(row)
    out += [render_markdown(["#", "default", "", "native", ""], rows, "lrlrl"), ""]
    asm_n = next((n for n, x in enumerate(native, 1) if name(x.result) == "keccak-asm"), None)
    per_run = [crate_columns(r) for r in cmp_runs]
    per_run = [c for c in per_run if c]
    out += [f"**Do we reproduce it?** Over the {len(per_run)} runs of this comparison (a finding must hold in "
            "every one; the tables are the newest): " + default_verdict(per_run) + " " +
            f"In the newest, the native order is {', '.join(name(x.result) for x in native)}, within "
            f"{(native[-1].ratio - 1) * 100:.0f} % of the first (the reference study's x86-64 machines: within 6–25 %), "
            f"keccak-asm {asm_n} of {len(native)}. " + native_verdict(per_run) + " " + asm_verdict(cmp_runs), ""]
    if len(cmp_runs) > 1:
        out += repeat_note(cmp_runs)
    if c_run is not None:
        ranked = relative.ranked([r for r in c_run.results if r.algorithm == "keccak-256"])
        out += ["**Our C in the same terms.** Our default build (`gcc -O2`, no `-march`) corresponds to the "
                "crates' default, a `-march=native` build to their native one. " + source(c_run, c_cmd) + ": " +
                ", ".join(f"{x.result.build.name} {x.text}" for x in ranked) +
                f" ({ranked[0].rounds} paired rounds)." if ranked else "", ""]
    return out


def repeat_note(runs) -> list:
    """The same comparison run again: how far its figures move between processes."""
    def rel(run, impl):
        rs = {r.implementation: r for r in run.results if r.algorithm == "keccak-256" and r.verified}
        if impl not in rs or "rust-keccak-asm" not in rs:
            return None
        return rs[impl].per_call / rs["rust-keccak-asm"].per_call
    lines = []
    for impl in ("portable", "rust-tiny-keccak", "rust-keccak-asm-native", "rust-tiny-keccak-native"):
        vals = [rel(r, impl) for r in runs]
        if all(v is not None for v in vals):
            lines.append(f"{impl} {', '.join(f'{v:.2f}' for v in vals)}")
    return [f"**The same comparison, {len(runs)} times** (runs {', '.join(str(r.id) for r in runs)}, newest "
            "first; the tables above are the newest): each implementation's time relative to keccak-asm's "
            "default build — " + "; ".join(lines) + ". Where these move by more than the ± of one run, what "
            "differs is the process, not the code: one process's comparison is one sample of the machine, and "
            "only what holds in every run is a finding.", ""]


def beyond(x) -> bool:
    """A relative figure further from 1 than its ±."""
    return x.ratio - x.error > 1


def crate_columns(run):
    """(default crates ranked, native crates ranked) of one comparison, or None."""
    cols = columns([r for r in run.results if r.algorithm == "keccak-256" and r.size == 1024])
    if cols is None:
        return None
    d = relative.ranked([x.result for x in cols[0] if x.result.implementation != "portable"])
    return (d, cols[1]) if len(d) > 1 and len(cols[1]) > 1 else None


def pct(values) -> str:
    lo, hi = min(values), max(values)
    return f"{(lo - 1) * 100:.0f} %" if round(lo, 2) == round(hi, 2) else f"{(lo - 1) * 100:.0f}–{(hi - 1) * 100:.0f} %"


def asm_leads(ranked) -> float:
    """keccak-asm's lead over the next crate (its ratio), or 0 when it is not first."""
    return ranked[1].ratio if name(ranked[0].result) == "keccak-asm" else 0.0


def default_verdict(per_run) -> str:
    leads = [asm_leads(d) for d, _ in per_run]
    if all(x > 1.05 for x in leads):
        return (f"in the default build keccak-asm leads the crates in every run, by {pct(leads)} over the next "
                "(the reference study: 21–28 % on x86-64, 22 % on the EPYC 9124): reproduced.")
    if all(leads):
        return f"in the default build keccak-asm is first in every run, but by as little as {pct([min(leads)])}."
    firsts = ", ".join(name(d[0].result) for d, _ in per_run)
    return f"in the default build the first crate is {firsts} in turn: no lead for keccak-asm, not reproduced."


def native_verdict(per_run) -> str:
    if not all(asm_leads(d) > 1.05 for d, _ in per_run):
        return "With no clear default lead for keccak-asm, there is none for the native build to take away."
    kept = [asm_leads(n) for _, n in per_run]
    if all(x <= 1.05 for x in kept):
        return ("In no run does keccak-asm lead the native builds by more than 5 %: the native build takes its "
                "lead away, as in the reference study (which crate is first among the native builds changes from run to "
                "run here: not a ranking).")
    return (f"keccak-asm still leads the native builds in {sum(x > 1.05 for x in kept)} of {len(kept)} runs: "
            "the lead is not taken away everywhere, not reproduced.")


def asm_verdict(runs) -> str:
    qs = []
    for run in runs:
        by = {r.implementation: r for r in run.results if r.algorithm == "keccak-256" and r.verified}
        if "rust-keccak-asm" in by and "rust-keccak-asm-native" in by:
            qs.append(by["rust-keccak-asm-native"].per_call / by["rust-keccak-asm"].per_call)
            path = by["rust-keccak-asm-native"].extra.get("impl_version")
    if not qs:
        return ""
    said = "the reference study's takeaway that keccak-asm's AVX2 code is \"way slower than the regular x86_64 version\""
    verdict = ("holds here" if min(qs) > 1.05 else "is contradicted here" if max(qs) < 0.95 else
               "is not borne out here: the runs disagree or differ by under 5 %")
    return (f"keccak-asm's native build chose {path}; it takes {', '.join(f'{q:.2f}' for q in qs)} times the time "
            f"of its default x86_64 build: {said} {verdict}.")


def host(run, cmd) -> list:
    title = "## 4. The host: gcc against clang, the whole roster"
    intro = ["No reference study compares compilers: the reference studies build with gcc (libdragon's, GCC 14.2.1 "
             "on the STM32), as "
             "our default build does. This part is ours: what the compiler and the level change on this machine.",
             ""]
    if run is None:
        return [title, ""] + intro + missing("", cmd)[2:]
    builds = [b["name"] for b in run.options["builds"]]
    size = run.options["sizes"][0]
    versions = "; ".join(f"{n}: {b.get('version')}" for n, b in run.context.get("builds", {}).items())
    out = [title, ""] + intro + [
        f"**Ours**: {source(run, cmd)} on {run.context.get('cpu')}, timer {run.context.get('timer', {}).get('name')}, "
        f"{run.options['rounds']} rounds of {run.options['budget_ms']} ms per build and algorithm in all, "
        f"{size} B ({versions}). Each cell is the build's time relative to the best build of that algorithm "
        "(median of the per-round ratios ± their MAD); code size in bytes beside.", ""]
    head = ["algorithm"] + builds + [f"code B {b}" for b in builds]
    rows, logs, wins = [], {b: [] for b in builds}, {b: 0 for b in builds}
    clang_faster, gcc_faster = [], []
    for a in roster.ids():
        rs = [r for r in run.results if r.algorithm == a and r.size == size]
        ranked = {x.result.build.name: x for x in relative.ranked(rs)}
        if not ranked:
            continue
        for b, x in ranked.items():
            logs[b].append(math.log(x.ratio))
        wins[min(ranked.values(), key=lambda x: x.ratio).result.build.name] += 1
        g, c = ranked.get("gcc-O2"), ranked.get("clang-O2")
        if g and c:
            q = c.ratio / g.ratio
            err = q * math.hypot(c.error / c.ratio, g.error / g.ratio)
            if q + err < 1:
                clang_faster.append((a, q))
            elif q - err > 1:
                gcc_faster.append((a, q))
        rows.append([LABELS.get(a, a)] + [ranked[b].text if b in ranked else "-" for b in builds] +
                    [f"{code(run, b, a):,}" if code(run, b, a) else "-" for b in builds])
    geo = {b: math.exp(sum(v) / len(v)) for b, v in logs.items() if v}
    out += ["| build | geometric mean (rel.) | best for |", "|---|---:|---:|"]
    out += [f"| {b} | {geo[b]:.2f} | {wins[b]} of {len(rows)} |" for b in sorted(geo, key=geo.get)]
    out += ["", f"**gcc against clang at -O2.** clang is faster beyond the ± for {len(clang_faster)} algorithms"
            + (" (" + ", ".join(f"{LABELS[a]} {q:.2f}" for a, q in sorted(clang_faster, key=lambda t: t[1])) + ")"
               if clang_faster else "") +
            f", gcc for {len(gcc_faster)}" +
            (" (" + ", ".join(f"{LABELS[a]} {q:.2f}" for a, q in sorted(gcc_faster, key=lambda t: -t[1])) + ")"
             if gcc_faster else "") +
            f"; the rest are inside the noise (clang-O2 / gcc-O2 time). The geometric means: gcc-O2 "
            f"{geo.get('gcc-O2', float('nan')):.2f}, clang-O2 {geo.get('clang-O2', float('nan')):.2f}.", "",
            render_markdown(head, rows, "l" + "r" * (2 * len(builds))), ""]
    return out
