# SPDX-License-Identifier: MIT
"""Callgrind (Valgrind's CPU simulator) as an exact meter of the host
engine: `hashbench run|compare --meter est-cycles`.

The host engine runs in region mode (`bench -k CALLS`, src/engine/hb_region.c):
for each implementation, two warm-up calls and then CALLS calls between the
marker functions hb_cross_begin / hb_cross_end.  Callgrind zeroes its
counters on entering the first (--zero-before) and writes them out on
entering the second (--dump-before), one part per region, all appended to
one file (--combine-dumps).  So the region is exactly what the QEMU plugin
counts, and the engine stays the timed binary with no Valgrind header in its
build (client requests: Cachegrind's only came in Valgrind 3.22, Debian 12
has 3.19); --toggle-collect would count the runner's warm-up calls too.
Callgrind counts instructions and simulates two cache levels and a branch
predictor, so each region gives 13 event counts (EVENTS).

The figure is an estimate of cycles by a fixed cost model, KCachegrind's
"Cycle Estimation" (libcore/globalconfig.cpp, knownFormula("CEst")):

    est-cycles = Ir + 10 Bm + 10 L1m + 100 LLm
    L1m = I1mr + D1mr + D1mw   LLm = ILmr + DLmr + DLmw   Bm = Bcm + Bim

(KCachegrind's formula also has 20 Ge, global bus events, which need
--collect-bus and are zero for a single thread.)  An instruction costs one
cycle, a first-level miss ten, a last-level miss a hundred more, a
mispredicted branch ten: orders of magnitude, not a model of any one core.
The point is a figure that is the same on every run and every machine and
still moves with the memory and branch behaviour that an instruction count
alone cannot see.  It does not see SIMD throughput (a 256-bit instruction
costs what a scalar one does), the clock frequency, or the real memory
system: the caches are simulated with the fixed geometry below, never the
host's.  Valgrind shows programs a fixed CPUID (a Haswell on any AVX2 host),
so libraries that dispatch on it choose the same code everywhere.

Exactness needs the same process each time: a fixed environment (no
VALGRIND_OPTS, no ~/.valgrindrc; LD_BIND_NOW, so that no lazy binding of a
library function runs between or inside regions), and every path the
guest sees of the same length, because Valgrind puts the executable's full
path on the guest's stack: the engine runs from a staging folder
/tmp/hashbench-sim-XXXXXXXX (always that long) holding links to it and to
its Rust libraries."""
import contextlib
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import BuildError, UserError
from .exact import exact_per_call

NAME = "callgrind"        # the instrument
METER = "est-cycles"
CALLS = 2                 # calls per region (the engine adds two warm-up calls before it)
MARKERS = ("hb_cross_begin", "hb_cross_end")  # as hashbench.meters.qemu_insn.MARKERS: one pair, hb_region.c
# (name, bytes, ways, line bytes): a common x86-64 desktop core's L1s, and a
# last level of 8 MiB; Valgrind's own detection would copy the host's
CACHES = (("I1", 32768, 8, 64), ("D1", 32768, 8, 64), ("LL", 8 * 1024 * 1024, 16, 64))
EVENTS = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "Bc", "Bcm", "Bi", "Bim")
SAMPLE_FIELDS = ("calls",) + EVENTS
COST_MODEL = "Ir + 10 Bm + 10 L1m + 100 LLm"
# counter -> (events summed, weight in the cost model)
GROUPS = {
    "instructions": (("Ir",), 1),
    "l1_misses": (("I1mr", "D1mr", "D1mw"), 10),
    "ll_misses": (("ILmr", "DLmr", "DLmw"), 100),
    "branch_mispredicts": (("Bcm", "Bim"), 10),
}
# backends whose code cannot run under Valgrind, and why
UNSIMULATED = {"rust-native": "built with -C target-cpu=native, for instructions Valgrind does not simulate "
                              "(SHA-NI, ...)"}
NOT_SEEN = "SIMD throughput, the clock frequency, or the real memory system (the caches are simulated)"
STAGE_PREFIX = "hashbench-sim-"
STAGE_BASE = "/tmp"       # fixed: $TMPDIR would change the length of the guest's path
OUT_FILE = "callgrind.out"
GUEST_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C", "HB_RUST_LIB_DIR": "rust", "LD_BIND_NOW": "1"}
DUMP_TRIGGER = f"--dump-before={MARKERS[1]}"


def valgrind() -> str:
    path = shutil.which("valgrind")
    if path is None:
        raise UserError("--meter est-cycles needs Valgrind (Callgrind): run scripts/setup.sh, or apt-get install valgrind")
    return path


def version() -> str:
    proc = subprocess.run([valgrind(), "--version"], capture_output=True, text=True)
    return proc.stdout.strip() or "valgrind (unknown version)"


def options(out_file=OUT_FILE) -> list:
    """Callgrind's options: the simulated machine and the region dumps."""
    caches = [f"--{n}={size},{ways},{line}" for n, size, ways, line in CACHES]
    return ["--tool=callgrind", "-q", "--cache-sim=yes", "--branch-sim=yes"] + caches + [
        f"--zero-before={MARKERS[0]}", DUMP_TRIGGER, "--combine-dumps=yes",
        "--dump-line=no", "--dump-instr=no", "--compress-strings=no", f"--callgrind-out-file={out_file}"]


@contextlib.contextmanager
def stage(engine: Path):
    """A folder of fixed path length holding `engine` (a link) and the Rust
    libraries beside it (`rust`, a link): yields (folder, program), the
    program relative to the folder, to run with cwd = folder."""
    folder = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=STAGE_BASE))
    try:
        real = Path(engine).resolve()
        (folder / "hashbench-engine").symlink_to(real)
        if (real.parent / "rust").is_dir():
            (folder / "rust").symlink_to(real.parent / "rust")
        yield folder, "./hashbench-engine"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def command(program: str, engine_args) -> list:
    return [valgrind()] + options() + [program, "bench"] + list(engine_args)


def describe() -> dict:
    """The run context's description of the meter."""
    return {"name": "sim", "meter": METER, "instrument": NAME, "version": version(),
            "cost_model": f"est-cycles = {COST_MODEL} (KCachegrind's CEst; L1m = I1mr + D1mr + D1mw, "
                          "LLm = ILmr + DLmr + DLmw, Bm = Bcm + Bim)",
            "caches": {n: {"bytes": size, "ways": ways, "line": line} for n, size, ways, line in CACHES},
            "cache_note": "fixed geometry, not the host's: the same figure on every machine",
            "calls": CALLS, "warm_calls": 2, "not_seen": NOT_SEEN}


def kib(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and n % (1 << 20) == 0 else f"{n >> 10} KiB"


def header_lines(desc: dict) -> list:
    """What the figure is and is not, for the run header (kept in the context)."""
    caches = ", ".join(f"{n} {kib(c['bytes'])} {c['ways']}-way" for n, c in desc["caches"].items())
    return [f"meter est-cycles: estimated cycles = {COST_MODEL} under Callgrind ({desc.get('version')}), "
            f"exact: the same on every run",
            f"simulated caches {caches}, {next(iter(desc['caches'].values()))['line']} B lines (fixed, not "
            f"this machine's) · {desc.get('calls')} calls per region after {desc.get('warm_calls')} warm-up calls",
            f"not seen: {desc.get('not_seen', NOT_SEEN)}"]


def stored_header(ctx: dict) -> list:
    """The header of a stored run's meter, made again from its stored description (a run stored
    by an older version keeps the words of its day, an old meter name among them); [] for none."""
    desc = ctx.get("meter") or {}
    if desc.get("caches"):
        return header_lines(desc)
    return list(desc.get("header") or [])


# ---- Callgrind's output ----------------------------------------------------------

def read_parts(text: str) -> list:
    """A combined Callgrind file -> [(trigger, {event: count})], one per
    part, in order.  Trailing zero counts are left out by Callgrind."""
    parts, trigger, events = [], None, None
    for line in text.splitlines():
        if line.startswith("part:"):
            trigger, events = None, None
        elif line.startswith("desc: Trigger:"):
            trigger = line.split(":", 2)[2].strip()
        elif line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("totals:"):
            if events is None:
                raise BuildError("Callgrind's output has totals before its events line")
            values = [int(v) for v in line.split()[1:]]
            values += [0] * (len(events) - len(values))
            parts.append((trigger, dict(zip(events, values))))
    return parts


def region_counts(text: str) -> list:
    """The counts of each region, in order: the parts dumped at the end
    marker (the last part, dumped at exit, is the program's tail)."""
    out = []
    for trigger, counts in read_parts(text):
        if trigger == DUMP_TRIGGER:
            missing = [e for e in EVENTS if e not in counts]
            if missing:
                raise BuildError(f"Callgrind did not count {', '.join(missing)}: cache and branch simulation off?")
            out.append([counts[e] for e in EVENTS])
    return out


# ---- the figures -------------------------------------------------------------------

def group_counts(counts) -> dict:
    """A row of EVENTS -> {counter: count} (GROUPS)."""
    ev = dict(zip(EVENTS, counts))
    return {name: sum(ev[e] for e in events) for name, (events, _) in GROUPS.items()}


def est_cycles(counts) -> int:
    """The cost model on one row of EVENTS (a region's counts, or a difference)."""
    return sum(GROUPS[name][1] * v for name, v in group_counts(counts).items())


def fill(result):
    """A verified result's figures from its samples ([calls, *EVENTS]) and
    harness: est-cycles per call, the harness subtracted (exactly: the model
    is linear); each counter per call in `counters`."""
    if not result.verified:
        return result
    as_cycles = [[s[0], est_cycles(s[1:])] for s in result.samples]
    base = [[h[0], est_cycles(h[1:])] for h in result.harness]
    result.per_call = exact_per_call(as_cycles, base)
    result.spread_pct = 0.0
    result.cycles_per_byte = result.per_byte
    calls = result.samples[0][0]  # the harness region has as many
    net = [(s - h) / calls for s, h in zip(result.samples[0][1:], result.harness[0][1:])]
    result.extra["counters"] = {k: exact(v) for k, v in group_counts(net).items()}
    return result


def exact(v):
    """An integer where the figure is whole (counts / calls often are)."""
    return int(v) if float(v).is_integer() else v


def skipped_note(backend) -> str:
    return f"note: backend {backend} does not run under the simulator ({UNSIMULATED[backend]}): skipped"


def valgrind_error(stderr: str) -> str:
    """The line of Valgrind's stderr that says why it stopped, if any."""
    lines = [re.sub(r"^==\d+== ", "", ln) for ln in stderr.splitlines() if ln.strip()]
    for ln in lines:
        if "Illegal" in ln or "unhandled instruction" in ln or "Fatal" in ln or "valgrind:" in ln:
            return ln.strip()
    return lines[-1].strip() if lines else ""


def env() -> dict:
    return dict(GUEST_ENV)
