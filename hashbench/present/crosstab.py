# SPDX-License-Identifier: MIT
"""Algorithms x targets: the cross tables.  Figures of different meters
(instructions, exact cycles, estimated cycles) never share a table."""
from .. import roster
from ..meters import DEFAULT, for_target
from ..meters.cpu_models import variant_titles
from ..targets import position
from ..units import format_size
from .table import fmt_num, render

OURS = roster.OURS


def fmt_per_byte(v) -> str:
    if v is None:
        return "-"
    return f"{v:,.1f}" if v >= 10 else f"{v:.2f}"


def fmt_kb_per_s(v) -> str:
    if v is None:
        return "-"
    # three significant digits below 10, never a bare 0 or an exponent (a NES's PBKDF2: 0.000424)
    return f"{v:,.0f}" if v >= 100 else (f"{v:.1f}" if v >= 10 else fmt_num(v, 3))


# What a table can show: (Result attribute, formatter, title)
VALUES = {
    "per_byte": ("per_byte", fmt_per_byte, None),
    "kb_per_s": ("kb_per_s", fmt_kb_per_s, "KB/s (10^3 B/s) at the CPU's real clock"),
}
# meter -> (title of its per-byte table, title of its KB/s table or None)
METER_TABLES = {
    "instructions": ("instructions per byte", None),
    "exact-cycles": ("cycles per byte (exact)", VALUES["kb_per_s"][2]),
    "est-cycles": ("estimated cycles per byte (cost model)",
                   "estimated KB/s (10^3 B/s) at the CPU's real clock (cost model)"),
    "console-timer": ("cycles per byte (console timer, less an empty call)", "KB/s (10^3 B/s) by the console's timer"),
}


def cross_table(results, size=None, targets=None, value="per_byte"):
    """(headers, rows, aligns): algorithms x targets at one size (default:
    the largest present); 'MISMATCH' where the digest was wrong.  A meter's
    variant is a column of its own (`cortex-m7:nocache-sram`)."""
    if not results:
        return ["ALGO"], [], "l"
    attr, fmt, _ = VALUES[value]
    size = size or max(r.size for r in results)
    rs = [r for r in results if r.size == size]
    pos = position()
    if targets:
        tnames = [w for t in targets for w in sorted({r.where for r in results if r.target == t}) or [t]]
    else:
        tnames = sorted({r.where for r in rs}, key=lambda w: (pos.get(w.split(":")[0], 99), w))
    order = roster.order()
    cells = {(r.algorithm, r.implementation, r.where): r for r in rs}
    keys = sorted({(r.algorithm, r.implementation) for r in rs},
                  key=lambda k: (order.get(k[0], 999), OURS.index(k[1]) if k[1] in OURS else 9, k[1]))
    show_impl = len({k[1] for k in keys}) > 1
    labels = roster.labels()
    headers = ["ALGO"] + (["IMPL"] if show_impl else []) + tnames
    rows = []
    for algo, impl in keys:
        row = [labels.get(algo, algo)] + ([impl] if show_impl else [])
        for tn in tnames:
            r = cells.get((algo, impl, tn))
            row.append("-" if r is None else ("MISMATCH" if not r.verified else fmt(getattr(r, attr))))
        rows.append(row)
    return headers, rows, "l" + ("l" if show_impl else "") + "r" * len(tnames)


def meter_tables(results, size=None, targets=None):
    """[(title, headers, rows, aligns)]: one table per exact meter present,
    at `size` (default the largest): per byte, then KB/s where cycles convert."""
    out = []
    size = size or (max(r.size for r in results) if results else None)
    for meter, (title, kb_title) in METER_TABLES.items():
        rs = [r for r in results if r.meter == meter]
        if not rs or not any(r.size == size for r in rs):
            continue
        names = [n for n in targets if any(r.target == n for r in rs)] if targets else None
        h, rows, al = cross_table(rs, size, names, "per_byte")
        out.append((f"{title} @ {format_size(size)} B", h, rows, al))
        if kb_title and any(r.kb_per_s for r in rs):
            h, rows, al = cross_table(rs, size, names, "kb_per_s")
            out.append((f"{kb_title} @ {format_size(size)} B", h, rows, al))
    return out


def present_exact(results, size=None, targets=None, suffix=""):
    """The cross tables of exact results, one per meter."""
    for title, h, rows, al in meter_tables(results, size, targets):
        render(h, rows, al, title=title + suffix)


def present_targets(targets):
    """The cross targets, what meters them and whether they can run here."""
    rows, variants = [], {}
    for n, t in targets.items():
        miss = t.missing()
        meter = for_target(t.kind, DEFAULT, getattr(t, "meter", "")).figure.title
        clock = f" @ {t.clock_hz:,} Hz" if t.clock_hz and t.kind == "console" else ""
        if t.cycle_model:
            variants[t.cycle_model] = list(variant_titles(t.cycle_model))
        rows.append([n, t.title, " ".join(t.runner[:3]), meter + clock, t.cycle_model or "-",
                     "yes" if not miss else "missing " + ", ".join(miss)])
    render(["TARGET", "CPU", "RUNS ON", "METER", "CYCLE MODEL", "READY"], rows, "llllll")
    print("--meter est-cycles estimates cycles with the CYCLE MODEL; its --model-variant: " +
          "; ".join(f"{m}: {', '.join(v)}" for m, v in variants.items() if v))
