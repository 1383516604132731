# SPDX-License-Identifier: MIT
"""The QEMU instruction-counting plugin (src/meters/qemu_insn.c): exact
instructions executed between the guest engine's marker functions.

The plugin adds one to a counter for every executed guest instruction (an
inline TCG add per instruction, so a block left early is not over-counted),
snapshots it at each marker, and writes one `count` record per region to its
own output file (docs/records.md).  Nothing outside the markers is counted,
so the figure repeats exactly, run after run."""
import shutil

from ..errors import BuildError, UserError
from ..paths import BUILD
from ..results import records
from ..toolchain import cache
from .exact import fill_exact

NAME = "qemu-plugin"
METER = "instructions"
SAMPLE_FIELDS = ("calls", "count")
PLUGIN_SRC = ["src/meters/qemu_insn.c", "src/engine/hb_record.c"]
PLUGIN_HEADERS = ["src/meters/qemu_plugin_abi.h", "src/engine/hb_record.h"]
PLUGIN = BUILD / "meters" / "hb_insn.so"
MARKERS = ("hb_cross_begin", "hb_cross_end")


def build_qemu_plugin(plugin, sources, headers, what, log):
    """One of our QEMU TCG plugins (this one, the cycle model's), built and cached."""
    cc = cache.host_cc()
    if shutil.which(cc) is None:
        raise UserError(f"no host C compiler ({cc}) to build the {what} plugin: run scripts/setup.sh")
    cmd = [cc, "-std=gnu11", "-O2", "-Wall", "-Wextra", "-fPIC", "-shared", "-fvisibility=hidden",
           "-DHB_RECORD_U64", "-Isrc/engine"] + sources + ["-o", cache.rel(plugin)]
    cache.cached(plugin, cmd, sources + headers, cache.tool_version(cc), log)
    return plugin


def build_plugin(log=lambda m: None):
    return build_qemu_plugin(PLUGIN, PLUGIN_SRC, PLUGIN_HEADERS, "QEMU", log)


def option(text: str) -> str:
    """QEMU's option syntax escapes a comma by doubling it."""
    return text.replace(",", ",,")


def plugin_arg(plugin, markers, out_file) -> str:
    return f"{option(str(plugin))},begin=0x{markers[0]:x},end=0x{markers[1]:x},out={option(str(out_file))}"


def read_counts(text: str) -> dict:
    """The plugin's records -> {region: instructions}, checked: balanced
    markers, one count per region."""
    recs = records.parse(text)
    counts = {r["region"]: r["instructions"] for r in records.of_kind(recs, "count")}
    totals = records.of_kind(recs, "totals")
    if not totals:
        raise BuildError("the plugin wrote no totals: QEMU stopped early")
    if totals[-1].get("unmatched"):
        raise BuildError("the plugin saw unbalanced markers")
    return counts


# ---- the QEMU meter interface (hashbench.targets.qemu; cycle_model has the same) ----
def prepare(t, elf, job):
    """What the runs share: the plugin."""
    return build_plugin(job.log)


def run_calls(job) -> list:
    """The -k of each run: CALLS (twice with --check-repeat)."""
    return [job.calls] * (2 if job.check_repeat else 1)


def engine_plugin_arg(plugin, markers, out_file) -> str:
    return plugin_arg(plugin, markers, out_file)


def measured(runs, pos, hpos):
    """Region `pos` (and its size's harness region `hpos`) of every run ->
    (samples, harness, extra): each run's count is one sample; the harness
    must count the same in every run."""
    first = runs[0]
    reg, h = first["regions"][pos], first["regions"][hpos]
    samples = [[reg["calls"], run["counts"][reg["index"]]] for run in runs]
    base = [[h["calls"], first["counts"][h["index"]]]]
    if any(run["counts"][h["index"]] != base[0][1] for run in runs):
        raise BuildError("the harness count differs between runs")
    return samples, base, {}


def fill(result, t):
    return fill_exact(result)


def context(plugin) -> dict:
    return {"meter": METER, "instrument": NAME}


def result_variant(plugin):
    return None
