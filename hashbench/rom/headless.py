# SPDX-License-Identifier: MIT
"""An emulator run as a process of its own (mupen64plus, QEMU), polled
until the image's records are done:

    with headless.Emulator("QEMU", cmd, RUN_TARGET, rows, limit_s, stream) as emu:
        while not done:
            ... read the records so far ...
            emu.check(text)       # past the limit: BuildError; stopped: EmulatorStopped (rows kept, interrupted)

The process runs in a session of its own and is stopped with its children
however the block ends (Ctrl-C included)."""
import os
import signal
import subprocess
import sys
import time

from ..build import cache
from ..errors import BuildError, exit_words
from . import run


class EmulatorStopped(BuildError):
    """The emulator process ended before the image's `done` record (it crashed, or was killed): the
    waiting code keeps the rows done and ends the run interrupted."""


class Emulator:
    def __init__(self, name: str, cmd: list, target: str, rows: int, limit_s: float, stream=sys.stderr,
                 **popen):
        self.name, self.cmd, self.target, self.rows, self.limit_s, self.stream = name, cmd, target, rows, limit_s, stream
        self.popen = dict(stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, **popen)
        self.proc = None

    def __enter__(self):
        self.t0 = self.last = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, start_new_session=True, **self.popen)
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait()
        return False

    def running(self) -> bool:
        return self.proc.poll() is None

    def check(self, text: str, note: str = ""):
        """Raises when the emulator has stopped or the limit has passed;
        prints a progress line (`note`, the rows written) every few seconds."""
        written = f"{text.count('rom_result')}/{self.rows} rows"
        if not self.running():
            raise EmulatorStopped(f"rom: {self.name} stopped ({exit_words(self.proc.returncode)}) with {written}: "
                             + cache.why(self.proc.stderr.read().decode(errors="replace")))
        now = time.monotonic()
        if now - self.t0 > self.limit_s:
            raise BuildError(f"rom: no `done` record after {now - self.t0:.0f} s ({written} written)")
        if self.stream and now - self.last >= run.PROGRESS_EVERY_S:
            print(f"{self.target}: {note}{written}", file=self.stream, flush=True)
            self.last = now
