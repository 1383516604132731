# SPDX-License-Identifier: MIT
"""A stored run of any kind on the terminal (hashbench show)."""
from ..result import METER_TITLES
from .crosstab import present_exact
from .host import header, present_host
from .matrix import present as present_matrix


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
    timed = [r for r in run.results if not r.exact]
    counted = [r for r in run.results if r.exact and r.target == "host"]   # --meter sim
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
