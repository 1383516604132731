# SPDX-License-Identifier: MIT
"""How long the console targets' library files take to compile, for the
progress line's estimate, and how many compile side by side."""
import json
import os
import time
from pathlib import Path

# seconds one library file takes to compile when none was timed here yet (2 cores, shared):
# SDCC's register allocator is the slow one (the gb and z80 cold builds: 9.5 min)
DEFAULT_COMPILE_S = {"sdcc": 15.0, "cc65": 1.0, "gcc": 1.0}


def current(src: Path, obj: Path) -> bool:
    """Whether the object looks built from this source (for the estimate only: the cache decides)."""
    return obj.exists() and obj.stat().st_mtime >= src.stat().st_mtime


class CompileTimes:
    """Seconds each library file took to compile here, kept beside the
    objects, for the next build's estimate."""

    def __init__(self, path: Path, default: float):
        self.path, self.default = path, default
        try:
            self.seconds = json.loads(path.read_text())
        except (OSError, ValueError):
            self.seconds = {}

    def estimate(self, sources) -> float:
        return sum(self.seconds.get(s, self.default) for s in sources)

    def timed(self, src, fn, *args):
        t0 = time.monotonic()
        out = fn(*args)
        took = time.monotonic() - t0
        if took > 0.5:  # a compile, not a cache hit
            self.seconds[src] = round(took, 1)
        return out

    def save(self):
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.seconds, indent=0, sort_keys=True))
        except OSError:
            pass


def jobs() -> int:
    return max(1, int(os.environ.get("HB_CONSOLE_JOBS", min(2, os.cpu_count() or 1))))
