# SPDX-License-Identifier: MIT
"""What a measured run asks of an emulator, whichever it is: the libretro
cores in this process (hashbench.rom.libretro.Core), the browser page
(hashbench.rom.webrun.Page), an emulator run as a process of its own
(hashbench.rom.headless: mupen64plus for the N64, QEMU for the NUCLEO).

    with con.open(image_path) as drv:        # a Driver, started
        drv.run(60)                          # about a second of the console's
        drv.press("a")
        drv.records()                        # bytes: where the ROM writes its records
        drv.frame()                          # (width, height, rows of (r, g, b))

hashbench.rom.run.measure drives any of them through one pass: the wait
for the `done` record, the page scroller and the Ctrl-C path are written
once there (an emulator that stops early: EmulatorStopped, the rows
done kept, as after Ctrl-C)."""
from typing import Protocol

from ..errors import BuildError


class EmulatorStopped(BuildError):
    """The emulator ended before the image's `done` record (it crashed, or was killed): run.measure
    keeps the rows done and ends the run interrupted."""


class Driver(Protocol):
    fps: float               # the console's frames a second
    takes_input: bool        # False: no buttons reach the image (it starts by itself; one page of the table is seen)
    done_when_drawn: bool    # True: the pass is over when the screen's status line asks for A, not at its `done` record

    @property
    def seconds(self) -> float:
        """Emulated seconds so far."""

    def run(self, frames: int, capture: bool = False) -> None:
        """Lets the emulator run `frames` more frames (capture: keep the last one's picture)."""

    def press(self, button: str, hold: int = 3, release: int = 3) -> None:
        """A button held for `hold` frames, then let go for `release`."""

    def frame(self) -> tuple:
        """The screen: (width, height, rows of (r, g, b))."""

    def records(self) -> bytes:
        """The memory the ROM writes its records into, from the first."""

    def check(self) -> None:
        """Raises BuildError where the run went wrong besides its records (the page: an error in its console)."""

    def __enter__(self) -> "Driver": ...

    def __exit__(self, *exc) -> bool | None: ...
