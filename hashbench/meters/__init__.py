# SPDX-License-Identifier: MIT
"""Meters: what reads a cost, and what the figure made from it is.

One module per instrument: `timer` (the host engine's timers), `callgrind`
(the host engine under Valgrind's CPU simulator: estimated cycles, exact),
`qemu_insn` (the instruction-counting QEMU plugin), `cycle_model` and
`cycle_model_console` (the cycle-model QEMU plugin, estimated cycles, on the
QEMU engine and on the console programs; its CPU models in `cpu_models`),
`sim65`, `mgba`, `ucsim` (the console simulators).  Each owns its constants
(the mGBA mailbox, ucsim's interface byte) and hands them to the guest build,
so an address is written in one place.  Statistics follow the meter: timed
figures are medians with a spread; exact counts and deterministic estimates
need none, and must repeat.

`hashbench cross --meter` picks one for every target: DEFAULT is each
target's own (QEMU: instructions; consoles: their simulator's exact
cycles), CYCLE_MODEL the target's CPU model."""
import importlib

from .exact import Measured, NotRepeatable, exact_per_call, fill_exact  # noqa: F401  (the package's interface)

DEFAULT = "default"
CYCLE_MODEL = "cycle-model"
CHOICES = (DEFAULT, CYCLE_MODEL)   # hashbench cross --meter
# a meter's module, imported when first used (a quick start for commands that use none)
QEMU_METERS = {DEFAULT: "qemu_insn", CYCLE_MODEL: "cycle_model"}
CONSOLE_METERS = {"sim65": "sim65", "mgba": "mgba", "ucsim": "ucsim", CYCLE_MODEL: "cycle_model_console"}


def console_meter(name: str):
    return importlib.import_module(f".{CONSOLE_METERS[name]}", __name__)


def qemu_meter(choice: str):
    """--meter -> the module a QEMU target measures with."""
    return importlib.import_module(f".{QEMU_METERS[choice]}", __name__)
