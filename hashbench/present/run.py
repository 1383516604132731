# SPDX-License-Identifier: MIT
"""A stored run of any kind on the terminal (hashbench show)."""
from ..results.result import METER_TITLES
from .crosstab import present_exact
from .host import header, present_host
from .matrix import present as present_matrix
from .table import fmt_num, render


def present_run(run, unit="MB/s", order="category", catalogue_order=(), quiet=False):
    """Every result of a stored run, whatever its meters: timed results as
    the host table, exact ones as algorithms x targets, per size."""
    if run.kind == "matrix":
        builds = run.context.get("builds") or {}
        print(f"builds: {', '.join(builds) or '-'} · on {', '.join(run.context.get('targets') or {}) or 'host'}")
        if run.context.get("code_size"):
            print(f"CODE B: {run.context['code_size']}")
        present_matrix(run.results)
        return
    if run.options.get("revisions") and len(run.results) == 2:
        present_revisions(run)
        return
    timed = [r for r in run.results if not r.exact]
    counted = [r for r in run.results if r.exact and r.target == "host"]   # --meter est-cycles
    exact = [r for r in run.results if r.exact and r.target != "host"]     # cross targets
    if timed or counted:
        if not quiet:
            print(header(run))
        present_host(run, timed + counted, unit, order, catalogue_order, quiet)
    for name, tc in (run.context.get("targets") or {}).items():
        model = "/".join(x for x in (tc.get("cycle_model"), tc.get("model_variant")) if x)
        print(f"{name}: {tc.get('title')} · {tc.get('compiler')} · {tc.get('runner')} · "
              f"{METER_TITLES.get(tc.get('meter'), tc.get('meter'))}" + (f" · model {model}" if model else ""))
    for size in sorted({r.size for r in exact}):
        present_exact(exact, size)


def present_revisions(run):
    """compare ALGO --rev A --rev B, stored: A and B, each build named by its
    revision, and the ratio as it was measured."""
    a = run.results[0]
    print(f"{a.algorithm} ({a.implementation}) @ {a.size} B on {a.where} · {METER_TITLES.get(a.meter, a.meter)} "
          f"· per call")
    render(["", "REV", "PER CALL", "UNIT"],
           [[tag, r.build.name, fmt_num(r.per_call), r.unit or ""] for tag, r in zip("AB", run.results)], "llrl")
    ratio, (lo, hi) = run.options.get("ratio"), run.options.get("ratio_interval") or (None, None)
    if ratio is not None:
        print(f"B/A = {ratio:.4f}" + (" (exact)" if run.options.get("exact") or lo is None
                                      else f", 95% interval {lo:.4f} .. {hi:.4f}"))
