# SPDX-License-Identifier: MIT
"""An emulator run as a process of its own (mupen64plus, QEMU), as a
driver.Driver: the process runs freely, and each `run` is one look at what
it wrote so far (a console module says how: `read`, `seconds`, `frame`).

    class Mupen(headless.Emulator): ...        # read() -> the records so far; seconds; frame()
    with Mupen("mupen64plus", cmd, limit_s) as emu:
        emu.run(30)                            # a pause, then a look; past the limit: BuildError; stopped: EmulatorStopped
        emu.records()                          # read() again

No input reaches it (the image starts by itself after about 5 s, and only
the first page of its table is seen).  The process runs in a session of its
own and is stopped with its children however the block ends (Ctrl-C
included)."""
import os
import signal
import subprocess
import time

from ..errors import BuildError, exit_words
from ..toolchain import cache
from .driver import EmulatorStopped

DONE = b'{"rec":"done"'


class Emulator:
    takes_input = False
    done_when_drawn = False
    fps = 60.0                 # unused: no input is timed in frames
    poll_s = 0.25              # wall seconds between looks

    def __init__(self, name: str, cmd: list, limit_s: float, **popen):
        """`limit_s`: wall seconds the pass may take."""
        self.name, self.cmd, self.limit_s = name, cmd, limit_s
        self.popen = dict(stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, **popen)
        self.proc = None

    def __enter__(self):
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, start_new_session=True, **self.popen)
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait()
        return False

    # ---- what a console's emulator says ----

    def read(self) -> bytes:
        """What the image has written so far (its records first)."""
        raise NotImplementedError

    @property
    def seconds(self) -> float:
        raise NotImplementedError

    def frame(self) -> tuple:
        raise NotImplementedError

    # ---- the driver ----

    def run(self, frames: int = 1, capture: bool = False):
        """One look at what the process wrote, a pause first; raises where
        it stopped before its `done` record (or before drawing the table,
        where that ends the pass), or the wall-clock limit passed."""
        time.sleep(self.poll_s)
        text = self.read()
        if self.proc.poll() is not None and (DONE not in text or self.done_when_drawn):
            written = text.split(b"\0", 1)[0].count(b"rom_result")
            raise EmulatorStopped(f"rom: {self.name} stopped ({exit_words(self.proc.returncode)}) with "
                                  f"{written} rows written: "
                                  + cache.why(self.proc.stderr.read().decode(errors="replace")))
        if time.monotonic() - self.t0 > self.limit_s:
            raise BuildError(f"rom: the pass did not end in {self.limit_s:.0f} s of {self.name} (wall clock)")

    def records(self) -> bytes:
        return self.read()

    def press(self, button: str, hold: int = 3, release: int = 3):
        raise BuildError(f"rom: {self.name} takes no input here")

    def check(self):
        """Its process stopped early fails in run()."""


class Serial(Emulator):
    """An emulator whose image writes its records to its serial port, the
    process's standard output (QEMU for the NUCLEO): read as it comes."""
    poll_s = 0.05

    def __init__(self, name: str, cmd: list, limit_s: float):
        super().__init__(name, cmd, limit_s, stdout=subprocess.PIPE)
        self.text = b""

    def __enter__(self):
        super().__enter__()
        os.set_blocking(self.proc.stdout.fileno(), False)
        return self

    def read(self) -> bytes:
        chunk = self.proc.stdout.read()
        if chunk:
            self.text += chunk.replace(b"\r", b"")
        return self.text

