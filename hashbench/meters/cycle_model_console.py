# SPDX-License-Identifier: MIT
"""The cycle-model meter on the console programs: a GBA program (`gba`,
`gba-iwram`, `gba-iwram-arm`) run by QEMU user mode under the cycle-model plugin instead of
by mGBA - the same console engine, objects and linker script, a platform
of Linux system calls (src/platform/guest/gba-qemu/).  This is how the
ARM7TDMI model is checked against mGBA's exact cycles
(studies/validate_cycle_model.py, docs/cycle-models.md).

The console meter interface (hashbench.targets.console), plus `runs_as`:
the target as this meter runs it (its stand-in: another platform and
start-up, no ROM image, qemu-arm as the runner, builds apart).  The plugin
watches hb_mark(); hits 2k and 2k+1 bound span k, so each (implementation,
size) gives the three spans of the mark protocol, read as mGBA's are."""
import dataclasses

from ..errors import BuildError, UserError
from ..results import records
from ..toolchain import cache
from ..toolchain.elf import read_elf
from . import cycle_model
from .cpu_models import write_model_file
from .exact import Measured, execute, read_console

NAME = cycle_model.NAME
METER = cycle_model.METER

# by the target's `system`: how QEMU user mode stands in for the console
STAND_INS = {
    "gba": {"runner": ["qemu-arm", "-cpu", "ti925t"],   # an ARMv4T, as the ARM7TDMI
            "crt0": "src/platform/guest/gba-qemu/start.S",
            "platform": ["src/platform/guest/gba-qemu/sys.c"],
            "packages": ["qemu-user"]},
}


def runs_as(t, job):
    """The console target as the cycle model runs it: its stand-in, with the
    model (and variant) it estimates with."""
    model = cycle_model.model_of(t, job.model_variant)
    how = STAND_INS.get(t.system)
    if how is None:
        raise UserError(f"{t.name}: the cycle model runs console programs of {', '.join(STAND_INS)}, "
                        f"not {t.system!r}")
    s = dataclasses.replace(t, meter=cycle_model.CONSOLE_METER, runner=list(how["runner"]),
                            crt0=how["crt0"], platform=list(how["platform"]), rom="",
                            packages=list(t.packages) + how["packages"])
    s.build_tag = "+cycle-model"          # its programs apart from the simulator's
    s.variant = t.variant                 # a build of the matrix (hashbench.targets.console.with_build)
    s.model = model
    return s


def programs(t) -> list:
    return [t.runner[0]]


def version(t) -> str:
    return cache.tool_version(t.runner[0]) + f"; model {t.model.label}"


def platform_defines(t) -> list:
    return []


def engine_defines(t) -> list:
    return []


def prepare(t, log):
    return cycle_model.build_plugin(log)


def context(t) -> dict:
    return cycle_model.model_context(t.model)


def run(t, elf):
    """One run under the plugin -> (the program's records, read as a
    console's, the marks being the plugin's spans; the spans' counts)."""
    e = read_elf(elf)
    model_file = elf.with_name(f"{t.model.label.replace('/', '.')}.model")
    write_model_file(t.model, model_file, e)
    out = cycle_model.spans_file(elf.parent)
    try:
        arg = cycle_model.plugin_arg(cycle_model.PLUGIN, cache.rel(model_file), cache.rel(out),
                                     mark=e.symbol("hb_mark", clear_thumb=True))
        proc = execute(list(t.runner) + ["-plugin", arg, cache.rel(elf)])
        counts = cycle_model.read_counts(out.read_text()) if out.stat().st_size else {}
    finally:
        out.unlink(missing_ok=True)
    bad = []
    p = read_console(records.parse(proc.stdout, bad), bad)
    if proc.returncode != 0 or not p["done"] or p["errors"]:
        detail = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{elf.name}: {t.runner[0]} {records.died_in(proc.returncode, proc.stdout)}: {detail}")
    return p, counts


def measure(t, prog, impls, sizes, check_repeat=False, jobs=1) -> dict:
    """{(impl, size): Measured}: span k of the plugin is the k-th span of
    the program, three per (implementation, size) in the order of its
    `span` records.  --check-repeat runs the program twice: the estimates
    must be equal."""
    runs = [run(t, prog) for _ in range(2 if check_repeat else 1)]
    if any(r[1] != runs[0][1] for r in runs[1:]):
        raise BuildError(f"{prog.name}: two runs under the model gave different counts")
    program, counts = runs[0]
    order = list(program["digests"])   # in the order the program measured them
    if len(counts) != 3 * len(order):
        raise BuildError(f"{prog.name}: {len(counts)} spans for {len(order)} measurements, not three each")
    out = {}
    for i, key in enumerate(order):
        empty, one, again = (counts[3 * i + j] for j in range(3))
        counters = {k: v for k, v in cycle_model.difference(empty, one).items() if k != "cycles"}
        out[key] = Measured(program["digests"][key], [[1, one["cycles"]], [1, again["cycles"]]],
                            [[0, empty["cycles"]]], variant=t.model.variant, extra={"counters": counters})
    return out
