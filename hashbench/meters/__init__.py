# SPDX-License-Identifier: MIT
"""Meters: what reads a cost, and what the figure made from it is.

One module per instrument: `timer` (the host engine's timers), `callgrind`
(the host engine under Valgrind's CPU simulator: estimated cycles, exact),
`qemu_insn` (the instruction-counting QEMU plugin), `sim65`, `mgba`,
`ucsim` (the console simulators).  Each owns its constants (the mGBA mailbox, ucsim's
interface byte) and hands them to the guest build, so an address is written
in one place.  Statistics follow the meter: timed figures are medians with a
spread; exact counts need none, and must repeat."""
from . import mgba, sim65, ucsim
from .exact import Measured, NotRepeatable, exact_per_call, fill_exact  # noqa: F401  (the package's interface)

CONSOLE_METERS = {"sim65": sim65, "mgba": mgba, "ucsim": ucsim}


def console_meter(name: str):
    return CONSOLE_METERS[name]
