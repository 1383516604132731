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

from ..build import cache
from ..errors import BuildError, exit_words
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
        it stopped before its `done` record, or the wall-clock limit passed."""
        time.sleep(self.poll_s)
        text = self.read()
        if DONE in text:
            return
        if self.proc.poll() is not None:
            raise EmulatorStopped(f"rom: {self.name} stopped ({exit_words(self.proc.returncode)}) with "
                                  f"{text.count(b'rom_result')} rows written: "
                                  + cache.why(self.proc.stderr.read().decode(errors="replace")))
        if time.monotonic() - self.t0 > self.limit_s:
            raise BuildError(f"rom: no `done` record after {time.monotonic() - self.t0:.0f} s of {self.name}")

    def records(self) -> bytes:
        return self.read()

    def press(self, button: str, hold: int = 3, release: int = 3):
        raise BuildError(f"rom: {self.name} takes no input here")

    def check(self):
        """Its process stopped early fails in run()."""
