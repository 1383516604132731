# SPDX-License-Identifier: MIT
"""Exporters behind one interface: write(path, run) picks the format from
the file's extension and writes atomically (a temporary file renamed into
place), so a result file is never half-written.  One schema for every run
kind (docs/records.md, docs/result-schema.json)."""
import csv
import io
import json
from pathlib import Path

from ..errors import UserError
from ..files import writable_folder, write_whole
from ..meters import callgrind, clock
from ..results.result import METER_TITLES
from . import formats
from .crosstab import meter_tables
from .host import figure_line
from .matrix import markdown as matrix_markdown
from .modes import has_modes, mode_tables
from .table import counted_table, render_markdown, single_size_table, sweep_table

# every CSV has these columns, whatever the run measured
CSV_COLUMNS = ["algorithm", "implementation", "size", "target", "build", "meter", "variant", "threads", "latency",
               "align", "tier", "verified", "verified_against", "digest", "expected", "per_call", "unit", "per_byte",
               "spread_pct", "ci_pct", "processes", "ns_per_call", "mb_per_s", "aggregate_mb_per_s",
               "cycles_per_byte", "clock_hz", "code_bytes", "samples_count", "notes"]


def to_json(run) -> str:
    return json.dumps(run.to_dict(), indent=1) + "\n"


def to_csv(run) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_COLUMNS)
    for r in run.results:
        d = r.to_dict()
        d.update(build=r.build.name, samples_count=len(r.samples),
                 notes="; ".join(f"{n.reason}: {n.detail}" for n in r.notes))
        w.writerow(["" if d.get(c) is None else d.get(c) for c in CSV_COLUMNS])
    return buf.getvalue()


def context_lines(run) -> list:
    ctx = run.context
    lines = [f"- CPU: {ctx.get('cpu')} ({ctx.get('cores')} cores), {ctx.get('platform')}"]
    if ctx.get("compiler"):
        lines.append(f"- Compiler: {ctx.get('compiler')} `{ctx.get('cflags', '')}`")
    if ctx.get("timer"):
        lines.append(f"- Timer: {ctx['timer'].get('name')}")
    clk = clock.summary(ctx.get("clock"))
    if clk:
        lines.append(f"- Machine: {clock.describe(clk)}")
    lines += [f"- {line}" for line in callgrind.stored_header(ctx)]
    for name, tc in (ctx.get("targets") or {}).items():
        lines.append(f"- **{name}**: {tc.get('title')}; {tc.get('compiler')}; `{tc.get('runner')}`; "
                     f"{tc.get('meter')}")
    for name, b in (ctx.get("builds") or {}).items():
        lines.append(f"- Build **{name}**: {b.get('version') or b.get('compiler')} `{b.get('flags')}`")
    lines.append(f"- Date {ctx.get('date')}, commit {ctx.get('commit')}")
    return lines


def to_markdown(run) -> str:
    lines = [f"# hashbench run {run.id or ''}".rstrip(), "", f"- Kind: {run.kind}, {run.status}"] + context_lines(run)
    if run.kind == "matrix":
        return "\n".join(lines + matrix_markdown(run.results)) + "\n"
    timed = [r for r in run.results if not r.exact]
    counted = [r for r in run.results if r.exact and r.target == "host"]   # --meter est-cycles
    exact = [r for r in run.results if r.exact and r.target != "host"]     # cross targets
    if timed and has_modes(timed):
        for title, h, rows, al in mode_tables(timed):
            lines += ["", title[0].upper() + title[1:], "", render_markdown(h, rows, al)]
    elif timed:
        sizes = sorted({r.size for r in timed})
        impls = {r.implementation for r in timed}
        if len(sizes) > 1:
            h, rows, al = sweep_table(timed, sizes, show_impl=len(impls) > 1)
            lines += ["", figure_line(timed)]
        else:
            h, rows, al = single_size_table(timed, show_impl=len(impls) > 1,
                                            show_cycles=any(r.cycles_per_byte for r in timed))
            lines += ["", figure_line(timed, sizes[0])]
        lines += ["", render_markdown(h, rows, al)]
    for size in sorted({r.size for r in counted}):
        rs = [r for r in counted if r.size == size]
        h, rows, al = counted_table(rs, show_impl=len({r.implementation for r in rs}) > 1)
        title = METER_TITLES[rs[0].meter]
        lines += ["", f"{title[0].upper()}{title[1:]} @ {size} B, per call", "", render_markdown(h, rows, al)]
    for size in sorted({r.size for r in exact}):
        for title, h, rows, al in meter_tables(exact, size):
            lines += ["", title[0].upper() + title[1:], "", render_markdown(h, rows, al)]
    return "\n".join(lines) + "\n"


FORMATS = {".json": to_json, ".csv": to_csv, ".md": to_markdown}


def check_path(path, fmt=None) -> None:
    """Fails early (before measuring) on an unknown extension or format, or
    an unwritable folder.  `fmt`: one of hashbench.present.formats (a
    dashboard's JSON), else the extension's own."""
    p = Path(path)
    if fmt is not None:
        if fmt not in formats.FORMATS:
            raise UserError(f"--format {fmt}: choose from {', '.join(formats.FORMATS)}")
        if p.suffix.lower() != ".json":
            raise UserError(f"{path}: --format {fmt} writes JSON: name it .json")
    elif p.suffix.lower() not in FORMATS:
        raise UserError(f"{path}: unknown output format; use .json, .csv or .md")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir() or not writable_folder(folder):
        raise UserError(f"{path}: cannot write there")


def write_text(path, text: str) -> None:
    """Writes `text` to `path` atomically."""
    write_whole(path, text)


def write(path, run, fmt=None) -> None:
    check_path(path, fmt)
    write_text(path, formats.render(fmt, run) if fmt else FORMATS[Path(path).suffix.lower()](run))
