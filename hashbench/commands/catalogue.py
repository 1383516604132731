# SPDX-License-Identifier: MIT
"""hashbench list: the roster, and the implementations this engine has."""
import json
import sys
import textwrap

from .. import roster
from ..build.host import catalogue as engine_catalogue
from ..build.host import ensure_engine
from ..present.table import fit, render, render_plain, terminal_width
from .options import formatter


def add_parsers(sub):
    lp = sub.add_parser("list", help="the algorithm roster", formatter_class=formatter,
                        description="List every algorithm with its tier, digest size and implementations: those of "
                                    "this machine, and the assembly written for one CPU (present only there).",
                        epilog="examples:\n  hashbench list\n  hashbench list --json | jq .id")
    lp.add_argument("--json", action="store_true", help="one JSON object per line")
    lp.set_defaults(func=list_main)


WRAP_MIN = 12   # the narrowest a folded column of the list may be


def table_width(headers, rows) -> int:
    """The columns' widths, without the spaces between them."""
    return sum(max([len(h)] + [len(str(r[i])) for r in rows]) for i, h in enumerate(headers))


def with_spec_below(headers, rows, specs, width) -> str:
    """A terminal too narrow for the spec beside the rest: each algorithm's spec on lines of its own
    below its row, indented; the implementations and assembly folded to fit."""
    folded = fit(headers, rows, (6, 7), width, least=8)
    lines = render_plain(headers, folded, "lllrrrll").splitlines()
    out, spec_of = lines[:2], iter(specs)
    for k, line in enumerate(lines[2:]):
        out.append(line)
        if k + 1 == len(folded) or folded[k + 1][0]:   # the last line of this algorithm's row
            out += textwrap.wrap(next(spec_of), width, initial_indent="  spec: ", subsequent_indent="        ")
    return "\n".join(out)


def list_main(args) -> int:
    catalogue, backends = engine_catalogue(ensure_engine())
    impls = {c["id"]: c["impls"] for c in catalogue}
    algos = [a for a in roster.algorithms() if a.id in impls]
    if args.json:
        for a in algos:
            print(json.dumps({"id": a.id, "label": a.label, "tier": a.tier, "digest_len": a.digest_len,
                              "block_len": a.block_len, "width": a.width, "streaming": a.streaming,
                              "spec": a.spec, "impls": impls[a.id], "asm": {n: i.isa for n, i in a.asm.items()}}))
        return 0
    rows = [[a.id, a.label, a.tier, a.digest_len * 8, a.block_len, a.width, ",".join(impls[a.id]),
             ",".join(a.asm) or "-", a.spec] for a in algos]
    headers = ["ID", "LABEL", "TIER", "BITS", "BLOCK", "WIDTH", "IMPLS", "ASSEMBLY", "SPEC"]
    width = terminal_width()
    if width and table_width(headers[:6], rows) + 2 * 8 + 3 * WRAP_MIN > width:
        print(with_spec_below(headers[:8], [r[:8] for r in rows], [r[8] for r in rows], width))
    else:
        render(headers, fit(headers, rows, (6, 7, 8), width), "lllrrrlll")
    if any(a.asm for a in algos):
        print("ASSEMBLY: hand-written for one CPU, measured only there\n"
              "  (hashbench cross --target gb --impl sm83; docs/adding-an-algorithm.md)", file=sys.stderr)
    skipped = [b["name"] for b in backends if not b["available"]]
    if skipped:
        print(f"backends not available here: {', '.join(skipped)}", file=sys.stderr)
    return 0
