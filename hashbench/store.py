# SPDX-License-Identifier: MIT
"""The results database: one row per run, one per result, raw samples kept.
SQLite by default (a file), PostgreSQL for a `postgresql://` URL (one store
for many machines): the same schema and migrations, through the small
dialect layer of hashbench.dialects.  `--db` chooses; HASHBENCH_DB is the
default of every command.  Every result is committed as it arrives, so an
interrupted run keeps what it measured; an imported run is one transaction.
A database of an older schema is migrated when it is opened
(hashbench.migrations).

Every kind of run is measured inside `recording(store, run)` (`Recording`):
it begins the run (with this host and process), keeps Ctrl-C and SIGTERM
from losing it, sets its status and elapsed time, and ends it whatever
ends the block; `ended(run, store, log)` is the line a command closes with.
A run left 'running' by a process that is gone reads as ABANDONED."""
import contextlib
import json
import os
import signal
import socket
import sys
import threading
import time
import uuid
from pathlib import Path

from . import dialects, migrations, overlap
from .errors import UserError, terminate_as_interrupt
from .result import Note, Result, Run
from .selection import Selection

SCHEMA_VERSION = migrations.LATEST
ENV = "HASHBENCH_DB"


def first_line(exc) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def fault_words(exc) -> str:
    """A database error in one line, saying what to do where the fault is outside hashbench
    (docs/reliability.md): a full disk, a file another writer holds, a server gone."""
    text = first_line(exc)
    low = text.lower()
    if "disk is full" in low or "no space left" in low:
        return f"{text}: the disk under the store is full; what was stored before is kept"
    if "database is locked" in low:
        return (f"{text}: another program held the file for writing longer than "
                f"{dialects.BUSY_TIMEOUT_MS / 1000:g} s; what was stored before is kept")
    if any(w in low for w in ("server closed the connection", "terminating connection", "connection is lost",
                              "the connection is closed", "consuming input failed", "connection refused")):
        return f"{text}: the database server went away; what was stored before is kept"
    return text


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "hashbench" / "results.sqlite"


def default_target():
    """--db when none is given: HASHBENCH_DB, else the SQLite file in the user's data folder."""
    return os.environ.get(ENV) or default_path()


def run_uuid(run: Run) -> str:
    """The run's identity across stores (kept in its context); made on first use."""
    return run.context.setdefault("run_uuid", str(uuid.uuid4()))


class Store:
    def __init__(self, target=None):
        target = target or default_target()
        self.db = dialects.connect(str(target) if dialects.is_url(str(target)) else target)
        self.path = self.db.name if dialects.is_url(str(target)) else Path(target)
        try:
            migrations.upgrade(self.db)
        except self.db.errors as exc:
            if fault_words(exc) != first_line(exc):   # a full disk or a held lock: the database itself may be fine
                raise UserError(f"{self.db.name}: {fault_words(exc)}") from exc
            raise UserError(f"{self.db.name}: not a usable hashbench database ({exc})") from exc

    def close(self):
        self.db.close()

    def _exec(self, sql, args=()):
        try:
            return self.db.execute(sql, args)
        except self.db.errors as exc:
            raise UserError(f"{self.db.name}: database error ({fault_words(exc)})") from exc

    def _insert(self, sql, args=()):
        try:
            return self.db.insert(sql, args)
        except self.db.errors as exc:
            raise UserError(f"{self.db.name}: database error ({fault_words(exc)})") from exc

    # ---- writing, as a run goes ------------------------------------------------

    def begin_run(self, run: Run, status="running", process=(None, None, None)) -> int:
        """Only `recording` (a run measured here) and `import_run` begin a run;
        `process`: (host, pid, pid_started) of the process measuring it."""
        run.id = self._insert("INSERT INTO runs (uuid, started_at, kind, command, options, context, status, notes, "
                              "host, pid, pid_started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                              (run_uuid(run), run.started_at, run.kind, run.command, json.dumps(run.options),
                               json.dumps(run.context), status, json.dumps([n.to_dict() for n in run.notes]),
                               *process))
        return run.id

    def keep_uuid(self, run: Run):
        """A context replaced during the run (the engine's record arrives after
        begin_run) gets back the uuid the run was stored with."""
        if "run_uuid" not in run.context and run.id is not None:
            row = self._exec("SELECT uuid FROM runs WHERE id=?", (run.id,)).fetchone()
            if row and row[0]:
                run.context["run_uuid"] = row[0]
        return run_uuid(run)

    def update_context(self, run: Run):
        self.keep_uuid(run)
        self._exec("UPDATE runs SET context=? WHERE id=?", (json.dumps(run.context), run.id))

    def add_result(self, run: Run, result: Result) -> int:
        """-> the result's row id (update_result rewrites it as processes add samples)."""
        return self._insert("INSERT INTO results (run_id, algorithm, implementation, size, target, meter, data) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (run.id, result.algorithm, result.implementation, result.size, result.target,
                             result.meter, json.dumps(result.to_dict())))

    def update_result(self, row_id: int, result: Result):
        """A result that gained samples (a later engine process): rewritten in place."""
        self._exec("UPDATE results SET data=? WHERE id=?", (json.dumps(result.to_dict()), row_id))

    def end_run(self, run: Run):
        self.keep_uuid(run)
        self._exec("UPDATE runs SET status=?, options=?, context=?, notes=? WHERE id=?",
                   (run.status, json.dumps(run.options), json.dumps(run.context),
                    json.dumps([n.to_dict() for n in run.notes]), run.id))

    def find_uuid(self, ident: str):
        """The local id of the run with this uuid, or None."""
        row = self._exec("SELECT id FROM runs WHERE uuid=?", (ident,)).fetchone()
        return row[0] if row else None

    def import_run(self, run: Run):
        """Stores a whole run (from another store) in one transaction, under a
        new local id.  -> (id, False), or (the id it has here, True) when this
        store already holds a run of that uuid."""
        ident = run_uuid(run)
        try:
            with self.db.transaction():
                found = self.find_uuid(ident)
                if found is not None:
                    return found, True
                self.begin_run(run, status=run.status)
                for r in run.results:
                    self.add_result(run, r)
        except self.db.errors as exc:
            raise UserError(f"{self.db.name}: database error, nothing imported ({exc})") from exc
        return run.id, False

    # ---- reading ---------------------------------------------------------------

    def _selected(self, selection=None, kind=None):
        """(WHERE clause, its arguments) for a Selection (hashbench/selection.py);
        the machine, kept in the run's JSON context, is matched after the query."""
        sel = selection or Selection()
        conds, args = [], []
        kinds = tuple(sel.kinds) + ((kind,) if kind else ())
        if kinds:
            conds.append(f"r.kind IN ({', '.join('?' * len(kinds))})")
            args.extend(kinds)
        if sel.since:
            conds.append("r.started_at >= ?")
            args.append(sel.since)
        if sel.algorithms:
            conds.append("EXISTS (SELECT 1 FROM results x WHERE x.run_id=r.id AND x.algorithm IN "
                         f"({', '.join('?' * len(sel.algorithms))}))")
            args.extend(sel.algorithms)
        return ("WHERE " + " AND ".join(conds)) if conds else "", args

    def run_ids(self, selection=None, kind=None) -> list:
        """The ids of the selected runs, newest first."""
        where, args = self._selected(selection, kind)
        sel = selection or Selection()
        rows = self._exec(f"SELECT r.id, r.context FROM runs r {where} ORDER BY r.id DESC", args).fetchall()
        return [r[0] for r in rows if not sel.machines or sel.machine_matches(json.loads(r[1] or "{}"))]

    def runs(self, limit=50, kind=None, selection=None):
        """The selected runs, newest first, `limit` at most (None: all)."""
        where, args = self._selected(selection, kind)
        sel = selection or Selection()
        cursor = self._exec("SELECT r.id, r.started_at, r.kind, r.command, r.status, r.context, "
                            "(SELECT COUNT(*) FROM results WHERE run_id=r.id), r.host, r.pid, r.pid_started "
                            f"FROM runs r {where} ORDER BY r.id DESC" + ("" if sel.machines or limit is None
                                                                          else f" LIMIT {int(limit)}"), args)
        out = []
        for r in cursor.fetchall():
            context = json.loads(r[5] or "{}")
            if not sel.machine_matches(context):
                continue
            out.append(dict(id=r[0], started_at=r[1], kind=r[2], command=r[3], status=status_now(r[4], *r[7:10]),
                            context=context, results=r[6]))
            if limit is not None and len(out) >= limit:
                break
        return out

    def series_rows(self, selection=None, ids=None, raw=False):
        """(run, result) for every result of the selected runs (and of `ids`
        only, when given), oldest run first (by start, then id): what `trend`
        and the report of many runs read.  run: id, started_at, kind, status,
        context, results (their count); result: a Result, or with raw=True the
        stored dict (docs/records.md), quicker where only figures are read.
        Only results of the selected algorithms when -a chose some."""
        where, args = self._selected(selection)
        sel = selection or Selection()
        runs = {}
        for r in self._exec("SELECT r.id, r.started_at, r.kind, r.status, r.context, r.host, r.pid, r.pid_started, "
                            f"(SELECT COUNT(*) FROM results WHERE run_id=r.id) FROM runs r {where}", args).fetchall():
            if ids is not None and r[0] not in ids:
                continue
            context = json.loads(r[4] or "{}")
            if sel.machine_matches(context):
                runs[r[0]] = dict(id=r[0], started_at=r[1], kind=r[2], status=status_now(r[3], *r[5:8]),
                                  context=context, results=r[8])
        if not runs:
            return []
        only = f" AND x.algorithm IN ({', '.join('?' * len(sel.algorithms))})" if sel.algorithms else ""
        rows = self._exec(f"SELECT x.run_id, x.data FROM results x JOIN runs r ON r.id=x.run_id {where}{only} "
                          "ORDER BY r.started_at, r.id, x.id", args + list(sel.algorithms)).fetchall()
        make = json.loads if raw else (lambda data: Result.from_dict(json.loads(data)))
        return [(runs[rid], make(data)) for rid, data in rows if rid in runs]

    def run_headers(self, selection=None, ids=None) -> list:
        """The selected runs (of `ids` only, when given) without their
        results, oldest first: id, started_at, kind, status, context, results."""
        rows = self.runs(None, selection=selection)
        return sorted((r for r in rows if ids is None or r["id"] in ids), key=lambda r: (r["started_at"] or "", r["id"]))

    def resolve(self, ref: str, selection=None) -> int:
        """'12', 'last', 'last~1' -> run id; 'last' and 'last~N' count only the
        selected runs (a run id is taken as given)."""
        ref = str(ref)
        if ref.startswith("last"):
            back = 0
            if ref != "last":
                if not ref.startswith("last~") or not ref[5:].isdigit():
                    raise UserError(f"bad run reference {ref!r}: use a run id, 'last' or 'last~N'")
                back = int(ref[5:])
            if selection is not None and not selection.empty:
                ids = self.run_ids(selection)
                if back >= len(ids):
                    raise UserError(f"no run {ref!r} among the runs of {selection.describe()} in {self.path} "
                                    f"({len(ids)} of them)")
                return ids[back]
            row = self._exec("SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?", (back,)).fetchone()
            if not row:
                raise UserError(f"no run {ref!r} in {self.path}")
            return row[0]
        if not ref.isdigit():
            raise UserError(f"bad run reference {ref!r}: use a run id, 'last' or 'last~N'")
        if not self._exec("SELECT 1 FROM runs WHERE id=?", (int(ref),)).fetchone():
            raise UserError(f"no run {ref} in {self.path} (see 'hashbench history')")
        return int(ref)

    def load_run(self, run_id) -> Run:
        r = self._exec("SELECT id, started_at, kind, command, options, context, status, notes, host, pid, "
                       "pid_started FROM runs WHERE id=?", (run_id,)).fetchone()
        if r is None:
            raise UserError(f"no run {run_id} in {self.path}")
        results = [Result.from_dict(json.loads(row[0])) for row in
                   self._exec("SELECT data FROM results WHERE run_id=? ORDER BY id", (run_id,)).fetchall()]
        return Run(id=r[0], started_at=r[1], kind=r[2], command=r[3] or "", options=json.loads(r[4] or "{}"),
                   context=json.loads(r[5] or "{}"), status=status_now(r[6], *r[8:11]), notes=[Note.from_dict(n) for n in
                                                                            json.loads(r[7] or "[]")],
                   results=results)

    def load(self, ref: str, selection=None) -> Run:
        return self.load_run(self.resolve(ref, selection))

    def latest_results(self, kind=None, targets=None) -> list:
        """The newest result per (target, build, algorithm, implementation,
        size, meter) over the stored runs of `kind`."""
        seen, out = set(), []
        for run in self.runs(limit=1000, kind=kind):
            for r in self.load_run(run["id"]).results:
                if r.key in seen or (targets and r.target not in targets):
                    continue
                seen.add(r.key)
                out.append(r)
        return out


# ---- a run as it is measured -------------------------------------------------------

ABANDONED = "abandoned"   # read, never stored: 'running', and the process measuring it is gone


def process_started(pid) -> str | None:
    """When process `pid` started, in clock ticks since boot (Linux's /proc), else None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]   # field 22, counted after the command's name


def this_process() -> tuple:
    """(host, pid, pid_started) stored with a run this process measures."""
    return socket.gethostname(), os.getpid(), process_started(os.getpid())


def status_now(status, host, pid, pid_started) -> str:
    """A stored status as it stands: a 'running' run whose process is gone
    from this host (a SIGKILL, a power cut: it could not say) is abandoned.
    A run measured on another host, or stored before hosts were recorded,
    keeps its word."""
    if status != "running" or pid is None or host != socket.gethostname():
        return status
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return ABANDONED
    except PermissionError:      # another user's process: alive
        pass
    if pid_started is not None and process_started(pid) not in (None, pid_started):
        return ABANDONED         # the pid was reused by another process
    return status


def registry_folder(store) -> Path:
    """Where the runs measuring into `store` (a Store or None) register (hashbench.overlap): beside
    the SQLite file; beside the default one for a PostgreSQL store or none."""
    path = getattr(store, "path", None)
    return (path.parent if isinstance(path, Path) else default_path().parent) / overlap.FOLDER


def _alive(entry) -> bool:
    return status_now("running", entry.get("host"), entry.get("pid"), entry.get("pid_started")) != ABANDONED


class Recording:
    """One run as it is measured: each result stored as it comes (or only
    kept, without a store), the context rewritten as it grows."""

    def __init__(self, store, run: Run):
        self.store, self.run = store, run
        self.rows = {}   # id(result) -> its row

    def add(self, result):
        """A result: kept and stored when it first comes, its row rewritten
        when it comes again (a later engine process added samples)."""
        if id(result) not in self.rows:
            self.run.results.append(result)
            self.rows[id(result)] = self.store.add_result(self.run, result) if self.store else None
        elif self.store:
            self.store.update_result(self.rows[id(result)], result)

    def store_results(self):
        """Stores the run's results that are not yet (those of a run that
        keeps them until its end: a build matrix, a console's pass)."""
        for result in self.run.results:
            if id(result) not in self.rows:
                self.rows[id(result)] = self.store.add_result(self.run, result) if self.store else None

    def context_changed(self):
        if self.store:
            self.store.update_context(self.run)


@contextlib.contextmanager
def recording(store, run: Run, failing=()):
    """Measures `run` in the block (store: a Store, or None to keep it in
    memory only) -> a Recording.  The run is begun with this host and
    process; SIGTERM is taken as Ctrl-C, and Ctrl-C ends the block with the
    run 'interrupted' (what was stored is kept; the caller goes on to show
    it); any other error ends it 'failed' and goes on up.  Results kept in
    the run and not yet stored (`Recording.add` stores as they come) are
    stored as it ends.  A block that ends
    with the run still 'running' completed it; a complete run with a digest
    mismatch, or a note whose reason is in `failing`, failed.  The elapsed
    time goes into the run and its context; the run is ended in the store
    however the block ended.  Another hashbench measuring on this machine
    meanwhile is said and stored in the context (hashbench.overlap)."""
    before = _take_sigterm()
    run.status = "running"
    if store:
        store.begin_run(run, process=this_process())
    beside = overlap.Registration(registry_folder(store), run.command, this_process(), _alive, register=bool(store))
    t0 = time.monotonic()
    rec = Recording(store, run)
    failing_already = False
    try:
        yield rec
        if run.status == "running":
            run.status = "complete"
    except KeyboardInterrupt:
        run.status = "interrupted"
    except BaseException:
        run.status = "failed"
        failing_already = True
        raise
    finally:
        run.elapsed_s = time.monotonic() - t0
        run.context["elapsed_s"] = round(run.elapsed_s, 1)
        overlapped = beside.finish()
        if overlapped:
            run.context[overlap.CONTEXT_KEY] = overlapped
        if run.status == "complete" and (run.mismatches or any(n.reason in failing for n in run.notes)):
            run.status = "failed"
        try:
            if store:
                rec.store_results()
                store.end_run(run)
        except UserError:
            if not failing_already:   # the store's fault that ended the block says it first
                raise
        finally:
            if before is not None:
                signal.signal(signal.SIGTERM, before)


def _take_sigterm():
    """SIGTERM as Ctrl-C while a run is recorded (whoever measures it: a
    command, a report tool) -> the handler it replaced (None: not the main
    thread, where no handler can be set)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return terminate_as_interrupt()


def ended(run: Run, store, log=lambda m: print(m, file=sys.stderr)) -> int | None:
    """The line a command ends a recorded run with (an interruption is said
    even under --quiet: it explains the exit status) -> 130 for an
    interrupted run, else None."""
    where = f"run {run.id} in {store.path}" if store else ""
    if run.status == "interrupted":
        print(f"interrupted: kept the {len(run.results)} result(s) measured so far"
              + (f"; saved as {where}" if store else ""), file=sys.stderr)
        return 130
    if store:
        log(f"saved as {where}")
    return None
