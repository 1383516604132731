# SPDX-License-Identifier: MIT
"""The results database (SQLite): one row per run, one per measured result,
raw samples kept.  Every result is committed as it arrives, so an
interrupted run keeps what it measured."""
import json
import os
import sqlite3
from pathlib import Path

from .errors import UserError

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started_at TEXT NOT NULL,
    kind TEXT NOT NULL,            -- 'host' or 'cross'
    command TEXT,
    options TEXT,                  -- JSON
    context TEXT,                  -- JSON: machine, compiler, timer, libraries, commit
    status TEXT NOT NULL           -- 'running', 'complete', 'interrupted', 'failed'
);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    algorithm TEXT NOT NULL,
    implementation TEXT NOT NULL,
    size INTEGER NOT NULL,
    target TEXT NOT NULL DEFAULT 'host',
    data TEXT NOT NULL             -- JSON: the full result, raw samples included
);
CREATE INDEX IF NOT EXISTS results_run ON results(run_id);
"""


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "hashbench" / "results.sqlite"


class Store:
    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path))
            self.db.executescript(SCHEMA)
            row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                self.db.commit()
            elif row[0] != str(SCHEMA_VERSION):
                raise UserError(f"{self.path}: database schema {row[0]} is not {SCHEMA_VERSION}")
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

    def begin_run(self, kind, command, options, context) -> int:
        cur = self._exec("INSERT INTO runs (started_at, kind, command, options, context, status) "
                         "VALUES (?, ?, ?, ?, ?, 'running')",
                         (context.get("date", ""), kind, command, json.dumps(options), json.dumps(context)))
        return cur.lastrowid

    def update_context(self, run_id, context):
        self._exec("UPDATE runs SET context=? WHERE id=?", (json.dumps(context), run_id))

    def add_result(self, run_id, result):
        self._exec("INSERT INTO results (run_id, algorithm, implementation, size, target, data) "
                   "VALUES (?, ?, ?, ?, ?, ?)",
                   (run_id, result["algorithm"], result["implementation"], result["size"],
                    result.get("target", "host"), json.dumps(result)))

    def end_run(self, run_id, status):
        self._exec("UPDATE runs SET status=? WHERE id=?", (status, run_id))

    def runs(self, limit=50):
        rows = self._exec("SELECT r.id, r.started_at, r.kind, r.command, r.status, r.context, "
                          "(SELECT COUNT(*) FROM results WHERE run_id=r.id) "
                          "FROM runs r ORDER BY r.id DESC LIMIT ?", (limit,)).fetchall()
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

    def load_run(self, run_id):
        r = self._exec("SELECT id, started_at, kind, command, options, context, status FROM runs WHERE id=?",
                       (run_id,)).fetchone()
        results = [json.loads(row[0]) for row in
                   self._exec("SELECT data FROM results WHERE run_id=? ORDER BY id", (run_id,))]
        return dict(id=r[0], started_at=r[1], kind=r[2], command=r[3], options=json.loads(r[4] or "{}"),
                    context=json.loads(r[5] or "{}"), status=r[6], results=results)
