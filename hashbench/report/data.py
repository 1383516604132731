# SPDX-License-Identifier: MIT
"""What the report shows, chosen from stored runs: series, rankings and grids
of figures taken as they are from Result fields (hashbench.results.result) and
hashbench.statistics.ranking.  Nothing here draws, and nothing computes a statistic."""
from collections import Counter
from dataclasses import dataclass, field

from .. import roster
from ..meters import FIGURES
from ..present.modes import is_small_sweep
from ..results.result import METER_TITLES
from ..statistics.ranking import groups, rank
from ..targets import position
from ..units import format_size

TIERS = ("checksum", "non-crypto", "crypto")


@dataclass
class Series:
    """One line of a plot: one (algorithm, implementation) over sizes."""
    name: str
    tier: str
    points: list  # [Result], by size


@dataclass
class Grid:
    """A heat map and its table: rows x columns of one figure, one unit."""
    key: str                 # stable id: the plot's marks are '<key>-mark-<n>'
    title: str
    unit: str
    rows: list
    cols: list
    cells: dict = field(default_factory=dict)  # (row, col) -> Result; MISMATCH when not verified
    value: str = "per_byte"                    # the Result attribute shown

    def figure(self, row, col):
        r = self.cells.get((row, col))
        return None if r is None or not r.verified else getattr(r, self.value)

    @property
    def marks(self) -> int:
        return sum(1 for (row, col) in self.cells if self.figure(row, col) is not None)


def label(r) -> str:
    return r.label or roster.labels().get(r.algorithm, r.algorithm)


def algo_order(r):
    return (roster.order().get(r.algorithm, 999), r.implementation not in roster.OURS, r.implementation)


def row_name(r, with_impl) -> str:
    return f"{label(r)} · {r.implementation}" if with_impl else label(r)


def timed(results) -> list:
    return [r for r in results if not r.exact]


def _series(results, keep) -> list:
    by = {}
    for r in sorted(results, key=lambda r: r.size):
        if r.verified and keep(r):
            by.setdefault((r.algorithm, r.implementation, r.target, r.build.name, r.mode), []).append(r)
    with_impl = len({k[1] for k in by}) > 1
    out = [Series(" · ".join(x for x in (row_name(pts[0], with_impl), pts[0].mode_label) if x), pts[0].tier, pts)
           for pts in by.values() if len({p.size for p in pts}) > 1]
    return sorted(out, key=lambda s: (algo_order(s.points[0]), s.points[0].mode))


def series(results) -> list:
    """[Series] of the timed results measured at more than one size (a small
    sweep's are small_series)."""
    rs = timed(results)
    if is_small_sweep({r.size for r in rs}):
        return []
    return _series(rs, lambda r: r.mb_per_s)


def small_series(results) -> list:
    """[Series] of ns per call at every small length (--sweep small)."""
    rs = timed(results)
    if not is_small_sweep({r.size for r in rs}):
        return []
    return _series(rs, lambda r: r.ns_per_call is not None)


def block_lens(series_list) -> dict:
    """series name -> the algorithm's block_len (roster), where one exists."""
    lens = {a.id: a.block_len for a in roster.algorithms()}
    return {s.name: lens.get(s.points[0].algorithm, 1) for s in series_list}


def thread_series(results) -> list:
    """[Series] of MB/s of all threads together against the thread count, one
    per (algorithm, implementation, size, latency, alignment): --threads."""
    rs = [r for r in timed(results) if r.verified]
    if len({r.threads for r in rs}) < 2:
        return []
    by = {}
    for r in sorted(rs, key=lambda r: r.threads):
        by.setdefault((r.algorithm, r.implementation, r.size, r.latency, r.align), []).append(r)
    with_impl = len({k[1] for k in by}) > 1
    with_size = len({k[2] for k in by}) > 1
    out = [Series(" · ".join([row_name(pts[0], with_impl)] + ([f"{format_size(pts[0].size)} B"] if with_size else [])),
                  pts[0].tier, pts) for pts in by.values() if len(pts) > 1]
    return sorted(out, key=lambda s: algo_order(s.points[0]))


def sizes(results) -> list:
    return sorted({r.size for r in timed(results)})


def single(results) -> list:
    """Timed results of a run at one size: the speed bars, fastest first (the
    plain loop's: the modes have their own tables)."""
    rs = [r for r in timed(results) if not r.mode_label]
    if len({r.size for r in rs}) != 1:
        return []
    return sorted(rs, key=lambda r: (not r.verified, -(r.mb_per_s or 0)))


MAX_RANKED_SIZES = 3  # a longer sweep is ranked at its largest size only (the lines show the rest)


def rankings(results) -> list:
    """[(title, [Rank])]: every group of timed results where several
    implementations ran (exact counts of portable and compact on a cross
    target are in its heat map and tables)."""
    out = []
    found = groups(timed(results))
    sizes_of = {}
    for (target, build, meter, algo, size) in found:
        sizes_of.setdefault((target, build, meter, algo), []).append(size)
    for (target, _build, meter, _algo, size), rs in sorted(found.items(),
                                                         key=lambda kv: (roster.order().get(kv[0][3], 999), kv[0])):
        sizes = sizes_of[(target, _build, meter, _algo)]
        if len(sizes) > MAX_RANKED_SIZES and size != max(sizes):
            continue
        where = "" if target == "host" else f" on {target}"
        out.append((f"{label(rs[0])} @ {format_size(size)} B{where} ({METER_TITLES[meter]})", rank(rs)))
    return out


def _grid(key, title, unit, rs, col_of, cols, value="per_byte"):
    with_impl = len({r.implementation for r in rs}) > 1
    g = Grid(key, title, unit, [], cols, value=value)
    for r in sorted(rs, key=algo_order):
        row = row_name(r, with_impl)
        if row not in g.rows:
            g.rows.append(row)
        g.cells[(row, col_of(r))] = r
    return g


def exact_grids(results) -> list:
    """Algorithm x target per exact meter, at that meter's largest size:
    instructions, exact cycles and estimated cycles never share a grid."""
    out = []
    pos = position()
    for meter in [name for name, f in FIGURES.items() if f.exact]:
        rs = [r for r in results if r.meter == meter]
        if not rs:
            continue
        size = max(r.size for r in rs)
        rs = [r for r in rs if r.size == size]
        # a cycle model's variant is a column of its own (cortex-m7:nocache-sram)
        cols = sorted({r.where for r in rs}, key=lambda w: (pos.get(w.split(":")[0], 99), w))
        unit = f"{FIGURES[meter].unit}/B"
        out.append(_grid(f"heat-{meter}", f"{METER_TITLES[meter]} per byte @ {format_size(size)} B", unit, rs,
                         lambda r: r.where, cols))
    return out


def build_grids(results) -> list:
    """Algorithm x build, per target and meter, where one algorithm was built
    several ways (`hashbench matrix`): per byte at the largest such size."""
    out = []
    by = {}
    for r in results:
        by.setdefault((r.where, r.meter), []).append(r)
    for (target, meter), rs in sorted(by.items()):
        multi = Counter((r.algorithm, r.implementation, r.size) for r in rs)
        if not any(n > 1 and len({x.build.name for x in rs if (x.algorithm, x.implementation, x.size) == k}) > 1
                   for k, n in multi.items()):
            continue
        size = max(k[2] for k, n in multi.items() if n > 1)
        rs = [r for r in rs if r.size == size]
        cols = list(dict.fromkeys(r.build.name for r in rs))
        unit = f"{FIGURES[meter].unit}/B"
        key = f"builds-{target}-{meter}"
        out.append(_grid(key, f"builds on {target}: {METER_TITLES[meter]} per byte @ {format_size(size)} B", unit,
                         rs, lambda r: r.build.name, cols))
    return out


# ---- many machines -----------------------------------------------------------------

def machine_key(ctx) -> tuple:
    return (ctx.get("hostname") or "", ctx.get("cpu") or "", ctx.get("kernel") or "")


def machine_label(ctx) -> str:
    host, cpu, _ = machine_key(ctx)
    return host or cpu or "unknown machine"


def machines(runs) -> dict:
    """machine key -> its runs with timed results, oldest first."""
    out = {}
    for run in sorted(runs, key=lambda r: r.started_at or ""):
        if timed(run.results):
            out.setdefault(machine_key(run.context), []).append(run)
    return out


def machine_grid(runs):
    """Algorithm x machine: MB/s of the host's standard build ('host') at the
    size most machines measured (the largest among those), the newest figure
    of each machine; None when the runs come from fewer than two machines."""
    by_machine = machines(runs)
    if len(by_machine) < 2:
        return None

    def standard(run):
        return [r for r in timed(run.results) if r.target == "host" and r.build.name == "host"]
    counts = Counter(s for mruns in by_machine.values() for s in {r.size for run in mruns for r in standard(run)})
    if not counts:
        return None
    top = max(counts.values())
    size = max(s for s, n in counts.items() if n == top)
    newest, cols = {}, []
    for key, mruns in by_machine.items():
        name = machine_label(mruns[-1].context)
        if name in cols:
            name = f"{name} ({key[1] or key[2]})"
        cols.append(name)
        for run in mruns:  # oldest first: a newer figure replaces an older one
            for r in standard(run):
                if r.size == size:
                    newest[(name, r.algorithm, r.implementation)] = r
    col_of = {id(r): k[0] for k, r in newest.items()}
    return _grid("machines", f"MB/s (10^6 B/s) by machine @ {format_size(size)} B", "MB/s", list(newest.values()),
                 lambda r: col_of[id(r)], cols, value="mb_per_s")
