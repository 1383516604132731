# SPDX-License-Identifier: MIT
"""The cycle-model meter: cycles *estimated* by an in-order CPU model that a
QEMU TCG plugin (src/meters/qemu_cycles.c) runs over the instructions QEMU
executes - meter `est-cycles`, instrument `qemu-cycle-model`, converted to
time at the target's real clock (`clock_hz`).  docs/cycle-models.md.

A target that has a model names it (`cycle_model = "vr4300-n64"` in
targets/<name>.toml); the model is data/cpu-models/<name>.toml, read by
hashbench.meters.cpu_models, optionally with one of its variants (caches
off, data in SRAM, ...).  The variant is part of every result (`variant`),
so two variants never look like the same measurement.

This module is the meter's QEMU-engine side (hashbench.targets.qemu runs
the guest engine under the plugin) and what both sides share: the plugin,
its records, the per-call figures.  The console programs' side (the GBA's
programs under qemu-arm instead of mGBA) is cycle_model_console.

QEMU engine: the engine runs twice, with 1 and with 1 + CALLS calls per
region; the difference of the two runs, less the same difference of the
harness region, divided by CALLS, is the cost of one call in the steady
state of back-to-back calls.  The first call of a region, which may find
caches and predictors as the harness left them, cancels."""
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError, UserError
from ..paths import BUILD
from ..results import records
from ..toolchain import cache
from ..toolchain.elf import read_elf
from .cpu_models import Model, load_model, write_model_file
from .exact import NotRepeatable, fill_exact
from .qemu_insn import build_qemu_plugin, option

NAME = "qemu-cycle-model"
METER = "est-cycles"
CONSOLE_METER = "cycle-model"   # its registry name on console targets (hashbench.meters): a stand-in's own
PLUGIN_SRC = ["src/meters/qemu_cycles.c", "src/meters/qemu_cycles_isa.c", "src/engine/hb_record.c"]
PLUGIN_HEADERS = ["src/meters/qemu_cycles.h", "src/meters/qemu_plugin_abi.h", "src/engine/hb_record.h"]
PLUGIN = BUILD / "meters" / "hb_cycles.so"
SAMPLE_FIELDS = ("calls", "count")
# what a count record holds that is no per-call figure
NOT_FIGURES = ("rec", "region")


def build_plugin(log=lambda m: None) -> Path:
    return build_qemu_plugin(PLUGIN, PLUGIN_SRC, PLUGIN_HEADERS, "cycle-model", log)


def model_of(t, variant=None) -> Model:
    """The target's CPU model (its `cycle_model`), with `variant` applied."""
    if not t.cycle_model:
        raise UserError(f"{t.name}: no cycle model (targets with one: those whose description sets cycle_model)")
    model = load_model(t.cycle_model, variant)
    if t.clock_hz and model.clock_hz != t.clock_hz:
        raise UserError(f"{t.name}: clock_hz {t.clock_hz} differs from its model's ({model.clock_hz})")
    return model


def plugin_arg(plugin, model_file, out_file, *, begin=None, end=None, mark=None) -> str:
    """QEMU's -plugin value: the QEMU engine's markers (begin, end) or a
    console program's hb_mark (mark)."""
    parts = [str(plugin), f"model={model_file}", f"out={out_file}"]
    if mark is not None:
        parts.append(f"mark=0x{mark:x}")
    elif begin is not None and end is not None:
        parts += [f"begin=0x{begin:x}", f"end=0x{end:x}"]
    else:
        raise UserError("the cycle-model plugin needs mark= or begin= and end=")
    return ",".join(option(p) for p in parts)


def read_counts(text: str) -> dict:
    """The plugin's records -> {region: its count record}, checked: the run
    ended (totals), markers balanced, regions in order."""
    recs = records.parse(text)
    counts = {}
    for r in records.of_kind(recs, "count"):
        if r["region"] != len(counts):
            raise BuildError(f"the cycle-model plugin wrote region {r['region']} out of order")
        counts[r["region"]] = r
    totals = records.of_kind(recs, "totals")
    if not totals:
        raise BuildError("the cycle-model plugin wrote no totals: QEMU stopped early")
    if totals[-1].get("unmatched"):
        raise BuildError("the cycle-model plugin saw unbalanced markers")
    return counts


def figures(rec: dict) -> dict:
    return {k: v for k, v in rec.items() if k not in NOT_FIGURES and isinstance(v, int)}


def difference(a: dict, b: dict) -> dict:
    """b - a, figure by figure, of two count records (or differences)."""
    return {k: b[k] - a[k] for k in figures(b) if k in a}


# ---- per call ------------------------------------------------------------------------
def steady_per_call(samples, harness):
    """samples [[calls, cycles], ...] in pairs of runs (1 call, 1 + k calls),
    harness the same of the do-nothing region: ((r2 - r1) - (h2 - h1)) /
    (c2 - c1) for every pair, equal for every pair or NotRepeatable."""
    if len(samples) < 2 or len(samples) % 2 or len(harness) != len(samples):
        raise BuildError("a cycle-model estimate needs pairs of runs")
    got = set()
    for i in range(0, len(samples), 2):
        (c1, r1), (c2, r2) = samples[i], samples[i + 1]
        (_, h1), (_, h2) = harness[i], harness[i + 1]
        net = (r2 - r1) - (h2 - h1)
        got.add(net // (c2 - c1) if net % (c2 - c1) == 0 else net / (c2 - c1))
    if len(got) != 1:
        raise NotRepeatable(f"the same regions were estimated at {sorted(got)} cycles: the estimate does not repeat")
    return got.pop()


def counters_per_call(pair, harness_pair, calls) -> dict:
    """The plugin's breakdown (instructions, cache misses, stalls, ...) per
    call, differenced as the cycles are."""
    net = difference(difference(harness_pair[0], harness_pair[1]), difference(pair[0], pair[1]))
    return {k: (v // calls if v % calls == 0 else v / calls) for k, v in net.items() if k != "cycles"}


def fill(result, t):
    """A verified estimate's figures: cycles per call, and time at the
    target's real clock."""
    return fill_exact(result, t.clock_hz, per_call=steady_per_call)


# ---- the QEMU guest engine (hashbench.targets.qemu) ---------------------------------
def model_context(model: Model) -> dict:
    """What a run's context says of its meter."""
    return {"meter": METER, "instrument": NAME, "cycle_model": model.name, "model_variant": model.variant,
            "model_title": model.title, "model_core": model.core, "model_file": cache.rel(model.path)}


@dataclass
class Probe:
    """What one target's runs under the model share."""
    plugin: Path
    model: Model
    model_file: Path


def prepare(t, elf, job) -> Probe:
    """The plugin, and the model file for this program, beside it: its
    ELF's sections mapped to the model's memory kinds."""
    model = model_of(t, job.model_variant)
    plugin = build_plugin(job.log)
    model_file = write_model_file(model, elf.parent / f"{model.label.replace('/', '.')}.model", read_elf(elf))
    return Probe(plugin, model, model_file)


def run_calls(job) -> list:
    """The -k of each run: 1 and 1 + CALLS (twice with --check-repeat)."""
    return [1, 1 + job.calls] * (2 if job.check_repeat else 1)


def engine_plugin_arg(probe: Probe, markers, out_file) -> str:
    return plugin_arg(probe.plugin, cache.rel(probe.model_file), out_file, begin=markers[0], end=markers[1])


def measured(runs, pos, hpos):
    """Region `pos` (and its size's harness region `hpos`) of every run ->
    (samples, harness, extra): [calls, cycles] per run; extra holds the
    per-call counters."""
    samples, harness, recs, hrecs = [], [], [], []
    for run in runs:
        reg, h = run["regions"][pos], run["regions"][hpos]
        rec, hrec = run["counts"][reg["index"]], run["counts"][h["index"]]
        samples.append([reg["calls"], rec["cycles"]])
        harness.append([h["calls"], hrec["cycles"]])
        recs.append(rec)
        hrecs.append(hrec)
    calls = samples[1][0] - samples[0][0]
    return samples, harness, {"counters": counters_per_call(recs[:2], hrecs[:2], calls)}


def context(probe: Probe) -> dict:
    return model_context(probe.model)


def result_variant(probe: Probe) -> str:
    return probe.model.variant


def spans_file(directory) -> Path:
    fd, tmp = tempfile.mkstemp(dir=str(directory), prefix="cycles.", suffix=".jsonl")
    os.close(fd)
    return Path(tmp)
