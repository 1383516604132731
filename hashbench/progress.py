# SPDX-License-Identifier: MIT
"""Progress on stderr: a bar when stderr is a terminal, nothing otherwise
(results go to stdout; logs and pipes stay clean)."""
import sys


class Progress:
    def __init__(self, total, enabled=True):
        self.bar = None
        if enabled and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
            from rich.progress import Progress as RichProgress
            self.bar = RichProgress(TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(),
                                    TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                                    console=Console(file=sys.stderr), transient=True)
            self.task = self.bar.add_task("starting", total=total)
            self.bar.start()

    def step(self, text, advance=0):
        if self.bar:
            self.bar.update(self.task, description=text, advance=advance)

    def close(self):
        if self.bar:
            self.bar.stop()


def mmss(seconds) -> str:
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}"


def about(seconds) -> str:
    return f"about {round(seconds / 60)} min" if seconds >= 90 else f"about {max(1, round(seconds))} s"


class Steps:
    """Done/total and the time left of a run of similar long steps (a cross run's targets, a
    matrix's builds): line(text) counts one more step done and says so, e.g.
    'gba: built, 40/40 digests match · 2/5 done, 1:10 so far, about 2 min left'."""

    def __init__(self, total, clock=None):
        import time
        self.total, self.done = total, 0
        self.clock = clock or time.monotonic
        self.t0 = self.clock()

    def line(self, text) -> str:
        self.done += 1
        elapsed = self.clock() - self.t0
        left = elapsed / self.done * (self.total - self.done)
        return (f"{text} · {self.done}/{self.total} done, {mmss(elapsed)} so far"
                + (f", {about(left)} left" if self.done < self.total else ""))


class Ticker:
    """A progress line for one long step, e.g. 'compiling 38 files with SDCC
    for gb (about 9 min on 2 cores; 1:10 so far)': redrawn every second on a
    terminal, one line a minute otherwise (a log), nothing for a step that
    ends within `quiet_s`.  Use as a context manager."""

    def __init__(self, what, estimate_s, cores, stream=None, every_s=60, quiet_s=2.0):
        import threading
        self.what, self.estimate_s, self.cores = what, estimate_s, cores
        self.stream = stream or sys.stderr
        self.every_s, self.quiet_s = every_s, quiet_s
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.loop, daemon=True)

    def line(self, elapsed) -> str:
        return f"{self.what} ({about(self.estimate_s)} on {self.cores} cores; {mmss(elapsed)} so far)"

    def loop(self):
        import time
        t0, last = time.monotonic(), None
        tty = self.stream.isatty()
        while not self.stop.wait(1.0):
            elapsed = time.monotonic() - t0
            if elapsed < self.quiet_s:
                continue
            if tty:
                self.stream.write("\r" + self.line(elapsed) + " ")
                self.stream.flush()
                last = elapsed
            elif last is None or elapsed - last >= self.every_s:
                print(self.line(elapsed), file=self.stream, flush=True)
                last = elapsed
        if tty and last is not None:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()
        return False
