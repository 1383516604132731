# SPDX-License-Identifier: MIT
"""Runs that overlap: two hashbench commands measuring on one machine at
once time each other's noise (two `run`s side by side measured 10.6 M and
13.3 M iterations where one alone measured 13.6 M).  Every recorded run
(hashbench.storage.store.recording) writes an entry in a registry folder beside its
store, `.hashbench-running/` next to the SQLite file (a PostgreSQL store,
or none: beside the default SQLite file), and reads the others':

- at its start, one still running (its process alive) is said on stderr;
- at its end, every run that was running when it started or started
  while it ran is stored in its context, `overlapped` (pid, command,
  start), and said on stderr if it was not at the start.

So of two runs that overlap, both are flagged, whichever ends first.
`diff` reads the flag (docs/reliability.md).  A run without a store only
looks (in the default folder): nothing of it is stored to flag.  Entries
are kept KEEP_S after their run ends (a run that ended before another's
end must still be found by it), then removed by the next run."""
import json
import socket
import sys
import time
import uuid
from pathlib import Path

FOLDER = ".hashbench-running"
KEEP_S = 24 * 3600
CONTEXT_KEY = "overlapped"


class Registration:
    """This run's entry in the registry of `folder`, while it measures: `process` is this one's (host,
    pid, pid_started), `alive(entry)` whether another entry's process still runs (both from
    hashbench.storage.store, which owns what a process is)."""

    def __init__(self, folder: Path, command: str, process, alive, register=True, stream=None):
        self.folder, self.stream, self.alive = folder, stream or sys.stderr, alive
        host, pid, started = process
        self.entry = {"host": host, "pid": pid, "pid_started": started, "command": command,
                      "started": time.time(), "ended": None}
        # one file per run: two recorded in one process (threads) do not write over each other
        self.file = folder / f"{host}-{pid}-{started}-{uuid.uuid4().hex[:8]}.json" if register else None
        self.at_start = {}
        try:
            self.at_start = {k: e for k, e in self.others().items() if e.get("ended") is None and self.alive(e)}
            if self.file is not None:
                folder.mkdir(parents=True, exist_ok=True)
                self.write()
        except OSError as exc:     # a registry that cannot be written flags nothing; the run goes on
            print(f"note: cannot keep the registry of running runs in {folder} ({exc.strerror}): "
                  "a run beside this one would not be noticed", file=self.stream)
            self.file = None
        for e in self.at_start.values():
            print(f"note: another hashbench is measuring on this machine (pid {e['pid']}: {e['command']}): "
                  "each disturbs the other's times; both runs are stored flagged 'overlapped'", file=self.stream)

    def write(self):
        tmp = self.file.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.entry))
        tmp.replace(self.file)

    def others(self) -> dict:
        """Every other run's entry (its file's name -> the entry); old ones removed."""
        out = {}
        if not self.folder.is_dir():
            return out
        now = time.time()
        for f in self.folder.glob("*.json"):
            if self.file is not None and f.name == self.file.name:
                continue
            try:
                e = json.loads(f.read_text())
            except (OSError, ValueError):
                continue     # being written, or gone
            if not (isinstance(e, dict) and isinstance(e.get("pid"), int) and isinstance(e.get("command"), str)
                    and isinstance(e.get("started"), (int, float))):
                continue     # not an entry of ours
            if e.get("host") != socket.gethostname():
                continue     # a store shared over a network: another machine's runs do not disturb ours
            if e["pid"] == self.entry["pid"]:
                continue     # this process's own: not another hashbench
            ended = e.get("ended") or (None if self.alive(e) else e.get("started", 0))
            if ended is not None and now - ended > KEEP_S:
                f.unlink(missing_ok=True)
                continue
            out[f.name] = e
        return out

    def finish(self) -> list:
        """Ends this run's entry -> the runs that overlapped it (for its context)."""
        started = self.entry["started"]
        try:
            during = {k: e for k, e in self.others().items() if e.get("started", 0) >= started}
        except OSError:
            during = {}
        for e in during.values():
            if e["pid"] not in {o["pid"] for o in self.at_start.values()}:
                print(f"note: another hashbench measured on this machine during this run (pid {e['pid']}: "
                      f"{e['command']}): this run is stored flagged 'overlapped'", file=self.stream)
        if self.file is not None:
            self.entry["ended"] = time.time()
            try:
                self.write()
            except OSError:
                pass
        return [{"pid": e["pid"], "command": e["command"],
                 "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(e["started"]))}
                for e in {**self.at_start, **during}.values()]
