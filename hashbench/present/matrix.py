# SPDX-License-Identifier: MIT
"""Builds side by side: one table per algorithm (and implementation, size
and meter) giving each build's figure relative to the best, "1.00 ± 0.02",
with its code size beside; a summary over algorithms; the code-size table.
Only formatting: the figures come from hashbench.statistics.relative."""
import math

from .. import roster
from ..results.result import METER_TITLES
from ..statistics import relative
from ..units import format_size
from .table import fmt_num, render, render_markdown

OURS = roster.OURS
# what the relative column is called, per meter
REL_TITLE = {"ns": "TIME (rel.)", "instructions": "INSNS (rel.)", "exact-cycles": "CYCLES (rel.)",
             "est-cycles": "EST. CYCLES (rel.)"}


def fmt_bytes(v) -> str:
    return "-" if v is None else f"{v:,}"


def groups(results) -> list:
    """[((algo, impl, size, meter), [results])] in roster order."""
    order = roster.order()
    keyed = {}
    for r in results:
        keyed.setdefault((r.algorithm, r.implementation, r.size, r.meter), []).append(r)
    return sorted(keyed.items(), key=lambda kv: (order.get(kv[0][0], 999),
                                                  OURS.index(kv[0][1]) if kv[0][1] in OURS else 9,
                                                  kv[0][1], kv[0][2], kv[0][3]))


def figure(x, best) -> str:
    """The absolute figure beside the relative one, from the statistic that ranked it: for time,
    the best build's MB/s divided by x's relative figure (so MB/s falls as the rank does); the
    count per call else (exact: what ranked it)."""
    if x.result.unit == "ns":
        mb = best.result.mb_per_s
        return fmt_num(mb / x.ratio if mb and x.ratio else None)
    return fmt_num(x.result.per_call)


def algorithm_table(key, rs):
    """(title, headers, rows, aligns) for one group: ranked builds, then the
    ones whose digest did not match."""
    algo, impl, size, meter = key
    ranked = relative.ranked(rs)
    label = roster.labels().get(algo, algo)
    fig = "MB/s" if rs[0].unit == "ns" else f"{rs[0].unit}/call"
    headers = ["#", "BUILD", REL_TITLE.get(meter, "REL."), fig, "CODE B"]
    rows = [[f"{n}.", x.result.build.name, x.text, figure(x, ranked[0]), fmt_bytes(x.result.extra.get("code_bytes"))]
            for n, x in enumerate(ranked, 1)]
    rows += [["-", r.build.name, "MISMATCH", "-", fmt_bytes(r.extra.get("code_bytes"))]
             for r in rs if not r.verified]
    rounds = max((x.rounds for x in ranked), default=0)
    how = (f"median of {rounds} paired rounds ± MAD" if rounds else
           "exact" if ranked and ranked[0].result.exact else "± combined spread")
    timed = bool(ranked) and rs[0].unit == "ns"
    title = (f"{label} ({impl}) @ {format_size(size)} B · {METER_TITLES.get(meter, meter)} · "
             f"{len(ranked)} builds, each verified · {how}"
             + (" · MB/s = the best's ÷ rel." if timed and len(ranked) > 1 else ""))
    return title, headers, rows, "lllrr"


def summary_table(results):
    """Per build: the geometric mean of its relative figures over the groups
    it ran in, and in how many it was the best; None with one group."""
    gs = groups(results)
    if len(gs) < 2:
        return None
    per = {}
    for _, rs in gs:
        ranked = relative.ranked(rs)
        for n, x in enumerate(ranked):
            d = per.setdefault(x.result.build.name, {"logs": [], "best": 0})
            d["logs"].append(math.log(x.ratio) if x.ratio > 0 else 0.0)
            d["best"] += n == 0
    rows = []
    for name, d in sorted(per.items(), key=lambda kv: sum(kv[1]["logs"]) / len(kv[1]["logs"])):
        rows.append([name, f"{math.exp(sum(d['logs']) / len(d['logs'])):.2f}", str(d["best"]), str(len(d["logs"]))])
    title = "all algorithms: each build's geometric mean relative figure, and how often it was the best"
    return title, ["BUILD", "GEOMEAN (rel.)", "BEST IN", "OF"], rows, "lrrr"


def tables(results) -> list:
    out = [algorithm_table(key, rs) for key, rs in groups(results)]
    s = summary_table(results)
    return out + ([s] if s else [])


def present(results, stream=None):
    for title, h, rows, al in tables(results):
        print(file=stream)
        render(h, rows, al, title=title, stream=stream)


def markdown(results) -> list:
    lines = []
    for title, h, rows, al in tables(results):
        lines += ["", title, "", render_markdown(h, rows, al)]
    return lines


def size_table(sizes: dict, builds: list):
    """sizes {build: {(algo, impl): bytes}} -> (headers, rows, aligns):
    algorithms x builds, bytes."""
    order = roster.order()
    keys = sorted({k for s in sizes.values() for k in s},
                  key=lambda k: (order.get(k[0], 999), OURS.index(k[1]) if k[1] in OURS else 9))
    labels = roster.labels()
    show_impl = len({k[1] for k in keys}) > 1
    headers = ["ALGO"] + (["IMPL"] if show_impl else []) + list(builds)
    rows = [[labels.get(a, a)] + ([i] if show_impl else []) + [fmt_bytes(sizes.get(b, {}).get((a, i))) for b in builds]
            for a, i in keys]
    return headers, rows, "l" + ("l" if show_impl else "") + "r" * len(builds)
