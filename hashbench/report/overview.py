# SPDX-License-Identifier: MIT
"""The report of many runs: it opens on a machine x algorithm summary (the
newest figure of each series and a sparkline of its runs, change points
marked: hashbench.trend), then one section per machine (its runs, and every
series it measured); per-run detail only for the runs asked for.  Sizes grow
with series and runs, not with samples: the inline JSON holds each series'
figures, never the samples."""
import json
import math
from collections import Counter

from .. import __version__, roster
from ..present.table import fmt_num
from ..result import METER_TITLES, now_iso
from ..units import format_size
from .page import CSS, esc, run_section

SPARK_W, SPARK_H = 64, 16

OVERVIEW_CSS = """
.wide { overflow-x: auto; }
svg.spark { vertical-align: middle; margin-left: 0.4em; }
svg.spark polyline { fill: none; stroke: #4c78a8; stroke-width: 1.2; }
svg.spark .chg { stroke: #c00; stroke-width: 1.5; }
td.chg { color: #c00; }
"""


def sparkline(series) -> str:
    """The series' costs in run order, scaled to its own range (log); a red
    tick at each change point.  data-points / data-changes: what was drawn."""
    pts = series.points
    logs = [math.log(p.value) for p in pts]
    lo, hi = min(logs), max(logs)
    span = (hi - lo) or 1.0
    step = (SPARK_W - 2) / max(1, len(pts) - 1)

    def xy(i):
        return 1 + i * step, SPARK_H - 2 - (logs[i] - lo) / span * (SPARK_H - 4)
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(xy, range(len(pts))))
    ticks = "".join(f'<line class="chg" x1="{xy(c.index)[0]:.1f}" x2="{xy(c.index)[0]:.1f}" y1="0" '
                    f'y2="{SPARK_H}"/>' for c in series.changes)
    return (f'<svg class="spark" width="{SPARK_W}" height="{SPARK_H}" viewBox="0 0 {SPARK_W} {SPARK_H}" '
            f'data-points="{len(pts)}" data-changes="{len(series.changes)}" role="img" '
            f'aria-label="{len(pts)} runs, {len(series.changes)} change points">'
            f'<polyline points="{line}"/>{ticks}</svg>')


def series_attrs(s) -> str:
    return (f'data-machine="{esc(s.machine)}" data-algorithm="{esc(s.algorithm)}" '
            f'data-implementation="{esc(s.implementation)}" data-size="{s.size}" data-target="{esc(s.target)}" '
            f'data-build="{esc(s.build)}" data-meter="{esc(s.meter)}"')


def newest_cell(s, field) -> str:
    p = s.points[-1]
    v = p.mb_per_s if field == "mb_per_s" else p.value
    if v is None:
        return '<td class="n">-</td>'
    return (f'<td class="n" {series_attrs(s)} data-run="{p.run}" data-field="{field}" data-value="{v!r}">'
            f'{esc(fmt_num(v))}{sparkline(s)}</td>')


def changes_text(s) -> str:
    return ", ".join(f"run {c['run']}: x{c['ratio']:.3f} [{c['lo']:.3f}, {c['hi']:.3f}]" for c in s.change_dicts())


def summary_section(series, machines) -> str:
    """Algorithm x machine: the host's standard build, timed, at the size most
    series have; each cell the newest MB/s and the sparkline of its runs."""
    timed = [s for s in series if s.target == "host" and s.build == "host" and not s.exact and not s.mode
             and s.points[-1].mb_per_s is not None]
    if not timed:
        return ""
    # the meter and size most series have (the larger size on a tie)
    meter, size = max(Counter((s.meter, s.size) for s in timed).items(), key=lambda kv: (kv[1], kv[0][1]))[0]
    cells = {(s.algorithm, s.implementation, machine_of(s)): s for s in timed if (s.meter, s.size) == (meter, size)}
    order = roster.order()
    rows = sorted({(a, i) for a, i, _ in cells}, key=lambda ai: (order.get(ai[0], 999), ai[0], ai[1]))
    head = "".join(f'<th class="n"><a href="#{machine_anchor(m)}">{esc(m)}</a></th>' for m in machines)
    body = []
    for algo, impl in rows:
        tds = "".join(newest_cell(cells[(algo, impl, m)], "mb_per_s") if (algo, impl, m) in cells
                      else '<td class="n">-</td>' for m in machines)
        body.append(f'<tr data-algorithm="{esc(algo)}" data-implementation="{esc(impl)}"><td>{esc(algo)}</td>'
                    f"<td>{esc(impl)}</td>{tds}</tr>")
    changed = sum(1 for s in cells.values() if s.changes)
    return ('<section id="summary"><h2>Machines × algorithms</h2>'
            f'<p class="sub">the newest MB/s (10^6 B/s) of each series at {esc(format_size(size))} B (the host\'s '
            f"standard build, {esc(METER_TITLES.get(meter, meter))}), and its runs oldest to newest (cost per "
            f"call, each line its own scale); red: a change point (hashbench trend). {changed} of {len(cells)} "
            "series changed.</p>"
            f'<div class="wide"><table data-table="summary" data-run="all"><thead><tr><th>algorithm</th>'
            f"<th>impl</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div></section>")


def machine_of(series) -> str:
    """A series' machine as the page names it (runs without a hostname: 'unknown machine')."""
    return series.machine or "unknown machine"


def machine_anchor(machine) -> str:
    return "machine-" + "".join(c if c.isalnum() or c in "-_" else "_" for c in machine)


def machine_section(machine, runs, series) -> str:
    def run_cell(r, detail):
        return f'<a href="#run-{r["id"]}">{r["id"]}</a>' if detail else str(r["id"])
    run_rows = "".join(f'<tr><td class="n">{run_cell(r, detail)}</td><td>{esc(r["started_at"])}</td>'
                       f"<td>{esc(r['kind'])}</td><td>{esc(r['status'])}</td>"
                       f"<td>{esc((r['context'].get('commit') or '')[:12])}</td><td class='n'>{r['results']}</td></tr>"
                       for r, detail in runs)
    rows = []
    for s in series:
        rows.append(f"<tr {series_attrs(s)}><td>{esc(s.algorithm)}</td><td>{esc(s.implementation)}</td>"
                    f"<td class='n'>{s.size}</td><td>{esc(s.target)}</td><td>{esc(s.build)}</td>"
                    f"<td>{esc(s.meter)}{(' ' + esc(s.variant)) if s.variant else ''}"
                    f"{(' · ' + esc(s.mode)) if s.mode else ''}</td><td class='n'>{len(s.points)}</td>"
                    f"{newest_cell(s, 'per_call')}<td>{esc(s.unit)}</td>"
                    f"<td class='{'chg' if s.changes else ''}'>{esc(changes_text(s)) or '-'}</td></tr>")
    ctx = runs[-1][0]["context"]
    what = " · ".join(str(x) for x in (ctx.get("cpu"), ctx.get("os"), ctx.get("kernel")) if x)
    return (f'<section id="{machine_anchor(machine)}"><h2>Machine {esc(machine)}</h2><p class="sub">{esc(what)} · '
            f"{len(runs)} runs · {len(series)} series · {sum(1 for s in series if s.changes)} with a change</p>"
            f'<details><summary>its runs</summary><table data-table="runs" data-run="all"><thead><tr>'
            f"<th class='n'>run</th><th>started</th><th>kind</th><th>status</th><th>commit</th>"
            f"<th class='n'>results</th></tr></thead><tbody>{run_rows}</tbody></table></details>"
            f'<details open><summary>its series</summary><table data-table="series" data-run="all"><thead><tr>'
            "<th>algorithm</th><th>impl</th><th class='n'>size</th><th>target</th><th>build</th><th>meter</th>"
            "<th class='n'>runs</th><th class='n'>newest</th><th>unit</th><th>change points</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></details></section>")


def payload(runs, series) -> str:
    """The series' figures, compact: each point [run, cost per call]; each run once."""
    doc = {"runs": {str(r["id"]): {"started_at": r["started_at"], "kind": r["kind"],
                                   "machine": r["context"].get("hostname") or "unknown machine",
                                   "commit": r["context"].get("commit") or ""} for r in runs},
           "series": [dict(s.key_dict(), unit=s.unit, points=[[p.run, p.value] for p in s.points],
                           changes=s.change_dicts()) for s in series]}
    return json.dumps(doc, separators=(",", ":"), allow_nan=False, default=str).replace("</", "<\\/")


def render(runs, series, detail=(), title="hashbench report") -> str:
    """The page for many runs: `runs`, their headers (Store.run_headers);
    `series` from hashbench.trend.build_series over them; `detail`: Runs
    drawn in full."""
    detail_ids = {r.id for r in detail}
    by_machine = {}
    for r in sorted(runs, key=lambda r: (r["started_at"] or "", r["id"])):
        by_machine.setdefault(r["context"].get("hostname") or "unknown machine", []).append((r, r["id"] in detail_ids))
    machines = sorted(by_machine)
    series_of = {}
    for s in series:
        series_of.setdefault(machine_of(s), []).append(s)
    toc = ('<li><a href="#summary">machines × algorithms</a></li>'
           + "".join(f'<li><a href="#{machine_anchor(m)}">{esc(m)}</a> ({len(by_machine[m])} runs)</li>'
                     for m in machines)
           + "".join(f'<li><a href="#run-{r.id}">run {r.id} in detail</a></li>' for r in detail))
    n_changes = sum(len(s.changes) for s in series)
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{esc(title)}</title><style>{CSS}{OVERVIEW_CSS}</style></head><body>"
            f"<header><h1>{esc(title)}</h1><p class='sub'>{len(runs)} runs from {len(machines)} machine(s) · "
            f"{len(series)} series · {n_changes} change point(s) · made {esc(now_iso())} by hashbench "
            f"{esc(__version__)} · every figure was verified before it was timed · per-run detail: "
            f"hashbench report RUN, or --detail RUN</p></header><nav><ul>{toc}</ul></nav>"
            + summary_section(series, machines)
            + "".join(machine_section(m, by_machine[m], series_of.get(m, [])) for m in machines)
            + "".join(run_section(r) for r in detail)
            + f"<script type='application/json' id='hashbench-series'>{payload(runs, series)}</script>"
            "</body></html>\n")
