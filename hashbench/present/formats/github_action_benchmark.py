# SPDX-License-Identifier: MIT
"""github-action-benchmark's customSmallerIsBetter input: a list of
{name, unit, value, range, extra}; `range` a string (the ± of the figure),
`extra` a string shown in the chart's tooltip (what the figure is)."""
import json

from ...results.result import METER_TITLES
from .names import benchmark_name, measured


def render(run) -> str:
    out = []
    for r in measured(run):
        e = {"name": benchmark_name(r), "unit": r.unit, "value": float(r.per_call)}
        if not r.exact and r.ci_pct is not None:
            e["range"] = f"± {r.ci_pct:.2f}%"
        elif r.exact:
            e["range"] = "± 0 (exact)"
        e["extra"] = f"{METER_TITLES.get(r.meter, r.meter)} per call; digest verified against {r.verified_against}"
        out.append(e)
    return json.dumps(out, indent=1) + "\n"
