# SPDX-License-Identifier: MIT
"""Meters: what reads a cost, and what the figure made from it is.

This module is the one registry of them (docs/records.md, "Meters"): each
meter once, with the name `--meter` takes (the name its results are stored
under; the old spellings as aliases), what it stores, its instrument, where
it measures, whether its figures are exact, and which loop modes it honours.
Code elsewhere asks a Meter what it is and does; it never compares a meter's
name.  A new meter is one module here and one entry below.

One module per instrument: `timer` (the host engine's timers), `callgrind`
(the host engine under Valgrind's CPU simulator: estimated cycles, exact),
`qemu_insn` (the instruction-counting QEMU plugin), `cycle_model` and
`cycle_model_console` (the cycle-model QEMU plugin, estimated cycles, on the
QEMU engine and on the console programs; its CPU models in `cpu_models`),
`sim65`, `mgba`, `ucsim` (the console simulators), imported when first used
(a quick start for commands that use none).  Each owns its constants (the
mGBA mailbox, ucsim's interface byte) and hands them to the guest build, so
an address is written in one place.  Statistics follow the meter: timed
figures are medians with a spread; exact counts and deterministic estimates
need none, and must repeat."""
import importlib
import sys
from dataclasses import dataclass

from ..errors import UserError

# where a meter measures
HOST = "host"         # the host engine: run, compare
QEMU = "qemu"         # the QEMU targets' engine: cross, matrix --target
CONSOLE = "console"   # the console targets' programs: cross, matrix --target
ROM = "rom"           # a console ROM's own timer: rom --run
CROSS = (QEMU, CONSOLE)

MODES = ("threads", "latency", "align")   # the loop's modes (docs/records.md, "Modes")
DEFAULT = "default"   # cross --meter: each target's own meter (instructions or exact cycles)


@dataclass(frozen=True)
class Figure:
    """What a stored meter's figure is (result.meter)."""
    title: str     # in words, for headers and tables
    unit: str
    exact: bool    # every run gives the same figure


FIGURES = {
    "ns": Figure("measured time", "ns", False),
    "ref-cycles": Figure("reference cycles (TSC)", "cycles", False),   # stored by older versions
    "core-cycles": Figure("core cycles (perf)", "cycles", False),
    "est-core-cycles": Figure("estimated core cycles", "cycles", False),
    "instructions": Figure("instructions (exact)", "instructions", True),
    "exact-cycles": Figure("cycles (exact, cycle-accurate simulator)", "cycles", True),
    "est-cycles": Figure("estimated cycles (cost model)", "cycles", True),
    "console-timer": Figure("cycles by the console's own timer (a ROM's timed loop, less an empty call's)", "cycles", True),
}


@dataclass(frozen=True)
class Meter:
    name: str            # the registry's name (a console target's `meter` key names its own meter)
    option: str          # what --meter takes to choose it: the meter its results are stored under
    stores: tuple        # the stored meters its results carry (result.meter)
    instrument: str      # what reads the cost (result.instrument)
    where: str           # HOST, QEMU, CONSOLE or ROM
    summary: str         # for --help
    module: str = ""     # its module of this package ('': none, hashbench.rom.run reads the ROM's)
    aliases: tuple = ()  # the old spellings --meter still takes
    modes: tuple = ()    # the loop modes it honours; the plain loop only when none
    jobs: bool = False   # HOST: counted in jobs an executor may run elsewhere (--cluster), not timed here
    kernel: bool = False  # HOST: wants cycles, from the calibration kernel around every sample where no
                          # counter counts them (the engine's -c)
    model: bool = False  # estimates with a CPU model of data/cpu-models/ (a target's `cycle_model`, --model-variant)

    @property
    def figure(self) -> Figure:
        return FIGURES[self.stores[0]]

    @property
    def exact(self) -> bool:
        return self.figure.exact

    @property
    def spellings(self) -> tuple:
        return (self.option,) + self.aliases

    def load(self):
        """Its module (hashbench.meters.<module>)."""
        return importlib.import_module(f".{self.module}", __name__)

    def skipped_backends(self) -> tuple:
        """The backends its instrument cannot run (left out of the engine, with a note)."""
        return tuple(getattr(self.load(), "UNSIMULATED", ())) if self.module else ()


REGISTRY = (
    Meter("timer", "ns", ("ns",), "the host's timers", HOST, "the host's timers: measured time (default)",
          "timer", aliases=("time",), modes=MODES),
    Meter("core-cycles", "core-cycles", ("core-cycles", "est-core-cycles"), "perf_event or the calibration kernel",
          HOST, "core cycles: perf_event, else estimated from a calibration kernel timed around every sample",
          "timer", aliases=("cycles",), modes=MODES, kernel=True),
    Meter("callgrind", "est-cycles", ("est-cycles",), "callgrind", HOST,
          "Callgrind: estimated cycles from simulated instructions, caches and branches (exact)",
          "callgrind", aliases=("sim",), jobs=True),
    Meter("qemu-plugin", DEFAULT, ("instructions",), "qemu-plugin", QEMU,
          "exact instructions, counted by a QEMU plugin", "qemu_insn", aliases=("instructions",)),
    Meter("sim65", DEFAULT, ("exact-cycles",), "sim65", CONSOLE, "exact 6502 cycles (sim65)", "sim65",
          aliases=("exact-cycles",)),
    Meter("mgba", DEFAULT, ("exact-cycles",), "mgba", CONSOLE, "exact ARM7TDMI and SM83 cycles (mGBA)", "mgba",
          aliases=("exact-cycles",)),
    Meter("ucsim", DEFAULT, ("exact-cycles",), "ucsim", CONSOLE, "exact Z80 cycles (ucsim)", "ucsim",
          aliases=("exact-cycles",)),
    Meter("qemu-cycle-model", "est-cycles", ("est-cycles",), "qemu-cycle-model", QEMU,
          "cycles estimated by the target's CPU model", "cycle_model", aliases=("cycle-model",), model=True),
    Meter("cycle-model", "est-cycles", ("est-cycles",), "qemu-cycle-model", CONSOLE,
          "cycles estimated by the target's CPU model, its programs on a stand-in", "cycle_model_console",
          aliases=("cycle-model",), model=True),
    Meter("rom-timer", "console-timer", ("console-timer",), "rom-timer", ROM,
          "cycles by the console's own timer, less an empty call's"),
)
BY_NAME = {m.name: m for m in REGISTRY}
CYCLE_MODEL = "est-cycles"   # cross --meter: each target's CPU model (for library callers: studies, revisions)
HOST_DEFAULT = REGISTRY[0].option   # run and compare without --meter: measured time


def named(name: str) -> Meter:
    """The meter of this registry name (a console target's `meter` key)."""
    return BY_NAME[name]


def own_meters(where: str) -> list:
    """The names a target of kind `where` may give as its own meter."""
    return [m.name for m in REGISTRY if m.where == where]


def is_own(spelled: str) -> bool:
    """Does cross's `--meter spelled` leave each target its own meter?"""
    return option(spelled, *CROSS) == DEFAULT


def not_counting(spelled: str, own: list) -> list:
    """Of the targets' own meters `own` [(target name, Meter)], those that do not store what
    `--meter spelled` names (`instructions` where a target counts exact cycles): [] for
    `default`, which takes each target's own, and for a meter that is not a target's own."""
    if spelled == DEFAULT or not is_own(spelled):
        return []
    return [(name, m) for name, m in own if spelled not in m.spellings]


def uses_model(spelled: str) -> bool:
    """Does `--meter spelled` on cross targets estimate with a CPU model (and so take --model-variant)?"""
    return any(m.model for m in REGISTRY if m.where in CROSS and spelled in m.spellings)


def spellings(*where) -> list:
    """What --meter takes for `where` (its meters' names, then their old spellings)."""
    mine = [m for m in REGISTRY if m.where in where]
    return list(dict.fromkeys([m.option for m in mine] + [a for m in mine for a in m.aliases]))


def old_spellings(*where) -> list:
    """[(old spelling, the name it stands for)] of the meters of `where`."""
    mine = [m for m in REGISTRY if m.where in where]
    return list(dict.fromkeys((a, m.option) for m in mine for a in m.aliases if a != m.option and a not in FIGURES))


def option(spelled: str, *where) -> str:
    """--meter as the user spelled it -> the name it stands for (an alias
    -> the stored name), among the meters of `where`."""
    for m in REGISTRY:
        if m.where in where and spelled in m.spellings:
            if spelled != m.option and spelled not in FIGURES:   # `instructions` on cross: a stored name
                old_spelling(spelled, m.option)
            return m.option
    raise UserError(f"--meter {spelled}: not a meter here (choose from {', '.join(spellings(*where))})")


_NOTED = set()


def old_spelling(spelled: str, name: str) -> None:
    """A one-line note on stderr, once per process, that `--meter spelled` is an old spelling of `name`."""
    if (spelled, name) not in _NOTED:
        _NOTED.add((spelled, name))
        print(f"note: --meter {spelled} is the old spelling of --meter {name}", file=sys.stderr)


def choose(spelled: str, where: str) -> Meter:
    """The meter `--meter spelled` picks on `where` (HOST: run, compare)."""
    name = option(spelled, where)
    return next(m for m in REGISTRY if m.where == where and m.option == name)


def for_target(kind: str, spelled: str, own: str = "") -> Meter:
    """The meter a cross target of `kind` (QEMU, CONSOLE) measures with
    under `--meter spelled`: DEFAULT, its own (`own`: a console's `meter`
    key), else the one of that name."""
    if option(spelled, QEMU, CONSOLE) == DEFAULT:
        return named(own) if own else next(m for m in REGISTRY if m.where == kind and m.option == DEFAULT)
    return choose(spelled, kind)


def model_spellings() -> list:
    """The spellings of --meter that choose a CPU model on cross targets
    and nothing on the host (compare --rev --target takes them)."""
    return [s for s in spellings(*CROSS) if uses_model(s) and s not in spellings(HOST)]


def named_where(where: str, test) -> str:
    """'a or b': the --meter names of the meters of `where` that pass `test`
    (for a message that says which meter would do)."""
    return " or ".join(m.option for m in REGISTRY if m.where == where and test(m))


def help_text(where: str) -> str:
    """--meter's help: each meter of `where` by its one name, then the old spellings still taken."""
    mine = [m for m in REGISTRY if m.where == where]
    old = [f"{a} = {name}" for a, name in old_spellings(where)]
    return "; ".join(f"{m.option}: {m.summary}" for m in mine) + (
        f" (old spellings still taken: {', '.join(old)})" if old else "")


def figure(stored: str) -> Figure:
    return FIGURES[stored]


EXACT = ("Measured", "NotRepeatable", "exact_per_call", "fill_exact")   # the exact meters' interface (exact.py)


def __getattr__(name):
    """The exact meters' interface, from the package as before, imported when
    first asked for (exact.py reads results: importing it here would make
    hashbench.result, which reads FIGURES, import itself)."""
    if name in EXACT:
        from . import exact
        return getattr(exact, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
