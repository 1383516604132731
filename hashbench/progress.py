# SPDX-License-Identifier: MIT
"""Progress on stderr: a bar when stderr is a terminal, nothing otherwise
(results go to stdout; logs and pipes stay clean)."""
import sys


class Progress:
    def __init__(self, total, enabled=True):
        self.bar = None
        if enabled and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as RichProgress
            self.bar = RichProgress(TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(),
                                    TimeElapsedColumn(), console=Console(file=sys.stderr), transient=True)
            self.task = self.bar.add_task("starting", total=total)
            self.bar.start()

    def step(self, text, advance=0):
        if self.bar:
            self.bar.update(self.task, description=text, advance=advance)

    def close(self):
        if self.bar:
            self.bar.stop()
