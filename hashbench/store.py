# SPDX-License-Identifier: MIT
"""The results database (SQLite): one row per run, one per result, raw
samples kept.  Every result is committed as it arrives, so an interrupted
run keeps what it measured.  A database of an older schema is migrated when
it is opened (hashbench.migrations)."""
import json
import os
import sqlite3
from pathlib import Path

from . import migrations
from .errors import UserError
from .result import Note, Result, Run

SCHEMA_VERSION = migrations.LATEST


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "hashbench" / "results.sqlite"


class Store:
    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path))
            migrations.upgrade(self.db, str(self.path))
        except sqlite3.DatabaseError as exc:
            raise UserError(f"{self.path}: not a usable hashbench database ({exc})") from exc
        except OSError as exc:
            raise UserError(f"{self.path}: {exc.strerror}") from exc

    def _exec(self, sql, args=()):
        try:
            cur = self.db.execute(sql, args)
            self.db.commit()
            return cur
        except sqlite3.DatabaseError as exc:
            raise UserError(f"{self.path}: database error ({exc})") from exc

    # ---- writing, as a run goes ------------------------------------------------

    def begin_run(self, run: Run) -> int:
        cur = self._exec("INSERT INTO runs (started_at, kind, command, options, context, status, notes) "
                         "VALUES (?, ?, ?, ?, ?, 'running', '[]')",
                         (run.started_at, run.kind, run.command, json.dumps(run.options), json.dumps(run.context)))
        run.id = cur.lastrowid
        return run.id

    def update_context(self, run: Run):
        self._exec("UPDATE runs SET context=? WHERE id=?", (json.dumps(run.context), run.id))

    def add_result(self, run: Run, result: Result) -> int:
        cur = self._exec("INSERT INTO results (run_id, algorithm, implementation, size, target, meter, data) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (run.id, result.algorithm, result.implementation, result.size, result.target, result.meter,
                          json.dumps(result.to_dict())))
        return cur.lastrowid

    def update_result(self, row_id: int, result: Result):
        """A result that gained samples (a later engine process): rewritten in place."""
        self._exec("UPDATE results SET data=? WHERE id=?", (json.dumps(result.to_dict()), row_id))

    def end_run(self, run: Run):
        self._exec("UPDATE runs SET status=?, context=?, notes=? WHERE id=?",
                   (run.status, json.dumps(run.context), json.dumps([n.to_dict() for n in run.notes]), run.id))

    # ---- reading ---------------------------------------------------------------

    def runs(self, limit=50, kind=None):
        where = "WHERE r.kind=?" if kind else ""
        args = (kind, limit) if kind else (limit,)
        rows = self._exec("SELECT r.id, r.started_at, r.kind, r.command, r.status, r.context, "
                          "(SELECT COUNT(*) FROM results WHERE run_id=r.id) "
                          f"FROM runs r {where} ORDER BY r.id DESC LIMIT ?", args).fetchall()
        return [dict(id=r[0], started_at=r[1], kind=r[2], command=r[3], status=r[4],
                     context=json.loads(r[5] or "{}"), results=r[6]) for r in rows]

    def resolve(self, ref: str) -> int:
        """'12', 'last', 'last~1' -> run id."""
        ref = str(ref)
        if ref.startswith("last"):
            back = 0
            if ref != "last":
                if not ref.startswith("last~") or not ref[5:].isdigit():
                    raise UserError(f"bad run reference {ref!r}: use a run id, 'last' or 'last~N'")
                back = int(ref[5:])
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
        r = self._exec("SELECT id, started_at, kind, command, options, context, status, notes FROM runs WHERE id=?",
                       (run_id,)).fetchone()
        if r is None:
            raise UserError(f"no run {run_id} in {self.path}")
        results = [Result.from_dict(json.loads(row[0])) for row in
                   self._exec("SELECT data FROM results WHERE run_id=? ORDER BY id", (run_id,))]
        return Run(id=r[0], started_at=r[1], kind=r[2], command=r[3] or "", options=json.loads(r[4] or "{}"),
                   context=json.loads(r[5] or "{}"), status=r[6], notes=[Note.from_dict(n) for n in
                                                                            json.loads(r[7] or "[]")],
                   results=results)

    def load(self, ref: str) -> Run:
        return self.load_run(self.resolve(ref))

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
