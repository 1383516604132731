# SPDX-License-Identifier: MIT
"""Exporters behind one interface: write(path, run) picks the format from
the file's extension and writes atomically (a temporary file renamed into
place), so a result file is never half-written."""
import csv
import io
import json
import os
import tempfile
from pathlib import Path

from ..errors import UserError
from .table import render_plain, single_size_table, sweep_table

FORMAT_VERSION = 1

# the documented, stable fields of a JSON result (docs/records.md); more may follow
RESULT_FIELDS = ["algorithm", "implementation", "size", "verified", "digest", "ns_per_call",
                 "mb_per_s", "spread_pct", "cycles_per_byte", "samples"]


def to_json(run) -> str:
    results = []
    for r in run["results"]:
        out = {k: r.get(k) for k in RESULT_FIELDS}
        out.update({k: v for k, v in r.items() if k not in out})
        results.append(out)
    doc = {"format_version": FORMAT_VERSION, "run_id": run.get("id"), "status": run.get("status"),
           "options": run.get("options", {}), "context": run.get("context", {}), "results": results}
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def to_csv(run) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    cols = ["algorithm", "implementation", "size", "tier", "verified", "digest", "ns_per_call",
            "mb_per_s", "spread_pct", "cycles_per_byte", "samples_count", "target"]
    w.writerow(cols)
    for r in run["results"]:
        row = dict(r, samples_count=len(r.get("samples", [])))
        w.writerow(["" if row.get(c) is None else row.get(c) for c in cols])
    return buf.getvalue()


def to_markdown(run) -> str:
    ctx = run.get("context", {})
    sizes = sorted({r["size"] for r in run["results"]})
    impls = {r["implementation"] for r in run["results"]}
    if len(sizes) > 1:
        h, rows, al = sweep_table(run["results"], sizes, show_impl=len(impls) > 1)
    else:
        h, rows, al = single_size_table(run["results"], show_impl=len(impls) > 1,
                                        show_cycles=any(r.get("cycles_per_byte") for r in run["results"]))
    lines = [f"# hashbench run {run.get('id', '')}".rstrip(), "",
             f"- CPU: {ctx.get('cpu')} ({ctx.get('cores')} cores), {ctx.get('platform')}",
             f"- Compiler: {ctx.get('compiler')} `{ctx.get('cflags', '')}`",
             f"- Timer: {(ctx.get('timer') or {}).get('name')}, date {ctx.get('date')}, commit {ctx.get('commit')}",
             ""]
    lines.append("| " + " | ".join(x or " " for x in h) + " |")
    lines.append("|" + "|".join("---:" if a == "r" else "---" for a in al) + "|")
    for r in rows:
        lines.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(lines) + "\n"


FORMATS = {".json": to_json, ".csv": to_csv, ".md": to_markdown}


def check_path(path) -> None:
    """Fails early (before measuring) on an unknown extension or unwritable folder."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise UserError(f"{path}: unknown output format; use .json, .csv or .md")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise UserError(f"{path}: cannot write there")


def write(path, run) -> None:
    check_path(path)
    p = Path(path)
    text = FORMATS[p.suffix.lower()](run)
    fd, tmp = tempfile.mkstemp(dir=str(p.parent or "."), prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, p)
    except OSError as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise UserError(f"{path}: {exc.strerror}") from exc


__all__ = ["write", "check_path", "to_json", "to_csv", "to_markdown", "render_plain"]
