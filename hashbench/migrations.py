# SPDX-License-Identifier: MIT
"""The database schema, and the steps from each older version to the next.

Version 1 (hashbench 0.1, before the one measurement model) stored host and
cross results in two shapes; version 2 stores every result in the format of
docs/records.md; version 3 gives every run a uuid, its identity across
stores (`hashbench import` recognises a run it already holds); version 4
writes every result's mode (threads, latency, align: docs/records.md,
"Modes") into it, the plain loop's for every result stored before; version 5
records the host and process that measure a run, so that a run whose
process died without a word (a SIGKILL, a power cut) reads as abandoned, not
running (hashbench.store.Recording); version 6 indexes what `history`,
`trend` and `report --all` select by over thousands of runs (a run's start
and kind, a result's algorithm).  `upgrade`
brings any database to LATEST in one transaction, so a failed migration
leaves it as it was.  The same steps run on SQLite and PostgreSQL
(hashbench.dialects: `{id}` is the dialect's auto-numbered key)."""
import json
import uuid

from .errors import UserError

LATEST = 6

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id {id},
    uuid TEXT,                     -- the run's identity across stores (also context.run_uuid)
    started_at TEXT NOT NULL,
    kind TEXT NOT NULL,            -- 'host', 'compare', 'cross', ...
    command TEXT,
    options TEXT,                  -- JSON
    context TEXT,                  -- JSON: machine, compiler, timer, libraries, commit, targets
    status TEXT NOT NULL,          -- 'running', 'complete', 'interrupted', 'failed'
    notes TEXT,                    -- JSON: [{reason, detail, data}]
    host TEXT,                     -- the machine whose process measures the run (NULL: imported, or older)
    pid INTEGER,                   -- that process, while the run is 'running'
    pid_started TEXT               -- when that process started (Linux), so a reused pid is not taken for it
);
CREATE TABLE IF NOT EXISTS results (
    id {id},
    run_id INTEGER NOT NULL REFERENCES runs(id),
    algorithm TEXT NOT NULL,
    implementation TEXT NOT NULL,
    size INTEGER NOT NULL,
    target TEXT NOT NULL DEFAULT 'host',
    meter TEXT NOT NULL DEFAULT 'ns',
    data TEXT NOT NULL             -- JSON: the whole result (docs/records.md), raw samples included
);
CREATE INDEX IF NOT EXISTS results_run ON results(run_id);
CREATE UNIQUE INDEX IF NOT EXISTS runs_uuid ON runs(uuid);
"""

# what the selectors read (hashbench/selection.py): --since and the series' order, --kind, -a
INDEXES = """
CREATE INDEX IF NOT EXISTS runs_started ON runs(started_at);
CREATE INDEX IF NOT EXISTS runs_kind ON runs(kind);
CREATE INDEX IF NOT EXISTS results_algorithm ON results(algorithm, run_id);
"""


def version(db) -> int:
    """db: a hashbench.dialects.Connection."""
    if not db.has_table("meta"):
        return 0
    row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    return int(row[0]) if row else 0


def upgrade(db):
    v = version(db)
    if v == LATEST:
        return
    with db.transaction():
        db.lock_schema()
        v = version(db)  # another process may have migrated it while we waited
        if v > LATEST:
            raise UserError(f"{db.name}: database schema {v} is newer than this hashbench ({LATEST}): "
                            "upgrade hashbench")
        if v == LATEST:
            return
        if v == 0:
            db.script(SCHEMA)
        if v == 1:
            _from_1(db)
        if v in (1, 2):
            _from_2(db)
        if v in (1, 2, 3):
            _from_3(db)
        if v in (1, 2, 3, 4):
            _from_4(db)
        db.script(INDEXES)   # version 5 -> 6, and a new store
        db.execute("DELETE FROM meta WHERE key='schema'")
        db.execute("INSERT INTO meta (key, value) VALUES ('schema', ?)", (str(LATEST),))


# ---- version 4 -> 5 --------------------------------------------------------------

def _from_4(db):
    """Runs say which process measures them (none known for those stored before)."""
    have = db.columns("runs")
    for column in ("host TEXT", "pid INTEGER", "pid_started TEXT"):
        if column.split()[0] not in have:   # a store set back to an older version keeps them
            db.execute(f"ALTER TABLE runs ADD COLUMN {column}")


# ---- version 3 -> 4 --------------------------------------------------------------

PLAIN_MODE = {"threads": 1, "latency": False, "align": 0}


def _from_3(db):
    """Every result says its mode: the plain loop, the only one before."""
    for rid, data in db.execute("SELECT id, data FROM results").fetchall():
        d = json.loads(data)
        if all(k in d for k in PLAIN_MODE):
            continue
        db.execute("UPDATE results SET data=? WHERE id=?", (json.dumps(PLAIN_MODE | d), rid))


# ---- version 2 -> 3 --------------------------------------------------------------

def _from_2(db):
    """Every run gets a uuid, in its column and in its context."""
    db.execute("ALTER TABLE runs ADD COLUMN uuid TEXT")
    for rid, ctx in db.execute("SELECT id, context FROM runs").fetchall():
        context = json.loads(ctx or "{}")
        context.setdefault("run_uuid", str(uuid.uuid4()))
        db.execute("UPDATE runs SET uuid=?, context=? WHERE id=?", (context["run_uuid"], json.dumps(context), rid))
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS runs_uuid ON runs(uuid)")


# ---- version 1 -> 2 --------------------------------------------------------------

def _from_1(db):
    db.execute("ALTER TABLE runs ADD COLUMN notes TEXT")
    db.execute("ALTER TABLE results ADD COLUMN meter TEXT NOT NULL DEFAULT 'ns'")
    contexts = {rid: json.loads(ctx or "{}") for rid, ctx in db.execute("SELECT id, context FROM runs")}
    for rid, run_id, data in db.execute("SELECT id, run_id, data FROM results").fetchall():
        new = result_from_1(json.loads(data), contexts.get(run_id, {}))
        db.execute("UPDATE results SET data=?, meter=? WHERE id=?", (json.dumps(new), new["meter"], rid))
    db.execute("UPDATE runs SET notes='[]' WHERE notes IS NULL")


def result_from_1(r: dict, ctx: dict) -> dict:
    """A format-1 result (host or cross) as a format-2 one: the same figures
    and raw data under the fields of docs/records.md."""
    out = dict(r)
    target = r.get("target", "host")
    tctx = (ctx.get("targets") or {}).get(target, {})
    metric = r.get("metric")
    if metric is None:  # host
        timer = ctx.get("timer") or {}
        out.update(meter="ns", instrument=timer.get("name", ""), unit="ns", per_call=r.get("ns_per_call"),
                   sample_fields=["iters", "ticks", "ns"], harness=[],
                   build={"name": "host", "compiler": ctx.get("compiler", ""),
                          "flags": (ctx.get("cflags") or "").strip()})
    else:
        exact = "instructions" if metric == "instructions" else "exact-cycles"
        out.update(meter=exact, unit="instructions" if metric == "instructions" else "cycles",
                   instrument="qemu-plugin" if metric == "instructions" else tctx.get("run", ""),
                   sample_fields=["calls", "count"],
                   build={"name": target, "compiler": tctx.get("compiler", ""), "flags": tctx.get("compile", "")})
        if "region_count" in r:
            out.update(samples=[[r.get("calls", 1), r["region_count"]]],
                       harness=[[r.get("calls", 1), r["harness_count"]]])
        elif "spans" in r:
            s = r["spans"]
            out.update(samples=[[1, s[1]], [1, s[2]]], harness=[[0, s[0]]])
        elif "run_cycles" in r:
            t = r["run_cycles"]
            out.update(samples=[[i, c] for i, c in enumerate(t[1:], 1)], harness=[[0, t[0]]])
        for k in ("region_count", "harness_count", "spans", "run_cycles", "metric", "calls", "kb_per_s", "per_byte"):
            out.pop(k, None)
    out.setdefault("notes", [])
    out.setdefault("verified_against", "reference")
    return out
