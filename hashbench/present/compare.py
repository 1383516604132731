# SPDX-License-Identifier: MIT
"""A comparison on the terminal: each algorithm's implementations, ranked;
two revisions side by side."""
from .. import roster
from ..results.result import METER_TITLES
from ..statistics.ranking import rank
from .host import described
from .native import native_table
from .table import COUNTER_TITLES, cycles_title, fmt_count, fmt_num, render


def cost_ranking_rows(results):
    """Rows 'rank, relative cost, impl, cost/B, counters per call, version',
    cheapest first: an exact meter (--meter est-cycles) needs no spread."""
    ranked = rank(results)
    names = list(dict.fromkeys(c for k in ranked for c in k.result.extra.get("counters", {})))
    rows = []
    for n, k in enumerate(ranked, 1):
        r, counters = k.result, k.result.extra.get("counters", {})
        rows.append([f"{n}.", f"{k.relative:.3f}", r.implementation, fmt_num(r.per_byte)]
                    + [fmt_count(counters.get(c)) for c in names] + [r.extra.get("impl_version") or "ours"])
    headers = ["#", "COST (rel.)", "IMPL", "cyc/B"] + [COUNTER_TITLES.get(k, k) for k in names] + ["VERSION"]
    return headers, rows, "lrlr" + "r" * len(names) + "l"


def ranking_rows(results):
    """Rows 'rank, relative time ± spread, impl, MB/s, cyc/B, version' in the order of the
    relative figure shown (hashbench.statistics.ranking's), and MB/s from it: the fastest's MB/s divided by
    the row's relative figure, so that rank, relative figure and MB/s say one thing (ranking
    orders by each row's own figure, and its ratios may come from the processes' paired values)."""
    ranked = rank(results)
    if not ranked:
        return []
    top = ranked[0].result.mb_per_s
    ordered = sorted(ranked, key=lambda k: k.relative)
    return [[f"{n}.", f"{k.relative:.2f} ± {k.spread:.2f}", k.result.implementation,
             fmt_num(top / k.relative if top and k.relative else None),
             fmt_num(k.result.cycles_per_byte), k.result.extra.get("impl_version") or "ours"]
            for n, k in enumerate(ordered, 1)]


def present_compare(run, algos, sizes):
    """One ranking per algorithm and size, of its verified results."""
    labels = roster.labels()
    for algo in algos:
        for size in sizes:
            rs = [r for r in run.results if r.algorithm == algo and r.size == size and r.verified]
            if not rs:
                continue
            print()
            title = f"{labels.get(algo, algo)} @ {size} B: {len(rs)} implementations, each verified"
            if all(r.exact for r in rs):
                render(*cost_ranking_rows(rs), title=title + f" · {METER_TITLES[rs[0].meter]}")
                continue
            title += (f" · ranked by {METER_TITLES.get(rs[0].meter, rs[0].meter)} · figure = {described(rs, 'statistic')}"
                      " · MB/s = the fastest's ÷ rel.")
            render(["#", "TIME (rel.)", "IMPL", "MB/s", cycles_title(rs), "VERSION"], ranking_rows(rs), "lrlrrl",
                   title=title)
            native = native_table(rs)
            if native:
                print()
                render(*native, title=f"{labels.get(algo, algo)} @ {size} B in bench-keccak256's form: the Rust "
                                      "crates built twice, default (no RUSTFLAGS) and native (-C target-cpu=native)")
                print(f"ours: portable, {run.context.get('compiler')} {(run.context.get('cflags') or '').strip()} "
                      "(no -march), corresponds to default; its -march=native build: "
                      f"hashbench matrix --flags='-O2,-O2 -march=native' -a {algo}")


def present_revisions(done):
    """compare --rev A --rev B (hashbench.flows.revisions.Compared): the two
    revisions' figures, B / A and the verdict."""
    o, p = done.outcome, done.plan
    print(f"{p.algo} ({done.impl}) @ {p.size} B on {done.where} · {METER_TITLES.get(o.a.meter, o.a.meter)} · per call"
          + ("" if o.exact else f" · {o.rounds} interleaved rounds"))
    rows = [[tag, rev.label, rev.commit[:12], fmt_num(res.per_call), res.unit or ""]
            for tag, rev, res in (("A", done.revs[0], o.a), ("B", done.revs[1], o.b))]
    render(["", "REV", "COMMIT", "PER CALL", "UNIT"], rows, "lllrl")
    print(f"{ratio_text(o)}: {o.verdict()} (B costs {percent(o)} A)")


def ratio_text(o) -> str:
    """B / A (hashbench.flows.revisions.Outcome): exact, or with its interval."""
    if o.exact:
        return f"B/A = {o.ratio:.6f} (exact)"
    return f"B/A = {o.ratio:.4f}, 95% interval {o.lo:.4f} .. {o.hi:.4f} ({o.rounds} paired rounds)"


def percent(o) -> str:
    """How much more or less B costs than A, in words ("the same as" at a ratio of exactly 1)."""
    pct = (o.ratio - 1) * 100
    if pct == 0:
        return "the same as"
    return f"{abs(pct):.{4 if o.exact else 2}f}% {'more' if pct > 0 else 'less'} than"
