# SPDX-License-Identifier: MIT
"""Exact meters: counts that repeat to the unit (QEMU instructions, the
console simulators' cycles).  A figure is (count - harness) / calls; every
sample must give the same figure, or the count is refused.  Also the
console programs' mark protocol (docs/records.md), shared by the meters that
read a cycle counter at each hb_mark()."""
from dataclasses import dataclass, field

from ..errors import BuildError


class NotRepeatable(BuildError):
    """Two identical calls of an exact meter gave different counts."""


@dataclass
class Measured:
    """What an exact meter read for one (implementation, size)."""
    digest: str
    samples: list   # [[calls, count], ...]
    harness: list   # [[calls, count]]: the same region without the hash
    variant: str = None                          # the meter's variant (a cycle model's)
    extra: dict = field(default_factory=dict)    # further figures of the meter (counters)
    empty: "Measured" = None                     # the function that does nothing, measured the same way


EMPTY = "empty"   # console.c's function that does nothing, measured as an implementation of its own


def with_empty_calls(costs: dict) -> dict:
    """{(impl, size): Measured} of a console program -> the same without
    the empty function's own entries, each other one's `empty` set to the
    empty function's of its size."""
    out = {}
    for (impl, size), m in costs.items():
        if impl != EMPTY:
            m.empty = costs.get((EMPTY, size))
            out[(impl, size)] = m
    return out


def empty_call_fields(m: Measured) -> dict:
    """A result's extra fields for the empty call measured beside it: its
    figure (per call, in the meter's unit, its own harness subtracted),
    which the result's figure excludes, and its raw counts."""
    if m.empty is None:
        return {}
    return {"empty_call": exact_per_call(m.empty.samples, m.empty.harness),
            "empty_samples": m.empty.samples, "empty_harness": m.empty.harness}


def exact_per_call(samples, harness):
    """(count - harness count) / calls, equal for every sample, or
    NotRepeatable.  An integer whenever the calls divide the difference."""
    base = harness[0][1]
    figures = set()
    for calls, count in samples:
        net = count - base
        figures.add(net // calls if net % calls == 0 else net / calls)
    if len(figures) != 1:
        raise NotRepeatable(f"the same region counted {sorted(figures)}: the count does not repeat")
    return figures.pop()


def fill_exact(result, clock_hz=None, per_call=exact_per_call):
    """A verified exact result's figures from its samples (`per_call`: how
    the meter makes one call's figure of them), less the empty call's
    (`empty_call`, where the meter measured one: the cost of a call beyond
    an empty call's, as on the host); cycles also as time at `clock_hz` (a
    CPU's real clock), instructions never."""
    if not result.verified:
        return result
    result.per_call = per_call(result.samples, result.harness) - result.extra.get("empty_call", 0)
    result.spread_pct = 0.0
    if result.unit == "cycles":
        result.cycles_per_byte = result.per_byte
        if clock_hz and result.per_call > 0:
            result.clock_hz = clock_hz
            result.ns_per_call = result.per_call * 1e9 / clock_hz
            result.mb_per_s = result.size / result.ns_per_call * 1e3
    return result


def read_console(recs, errors=()) -> dict:
    """A console program's records (marks merged in by its meter) ->
    {engine, digests {(impl, size): hex}, marks {(impl, size): [cycles]},
    done, exit, cycles (the run's total), errors}.  The marks since the last
    `digest` record belong to the next `span` record.  `errors`: malformed
    lines already found."""
    out = {"engine": None, "digests": {}, "marks": {}, "done": False, "exit": None, "cycles": None,
           "errors": list(errors)}
    marks = []
    for r in recs:
        kind = r["rec"]
        if kind == "engine":
            out["engine"] = r
        elif kind == "digest":
            out["digests"][(r["impl"], r["size"])] = r["digest"]
            marks = []
        elif kind == "mark":
            marks.append(r["cycles"])
        elif kind == "span":
            out["marks"][(r["impl"], r["size"])] = marks
            marks = []
        elif kind == "done":
            out["done"] = True
        elif kind == "exit":
            out["exit"], out["cycles"] = r["status"], r["cycles"]
        elif kind == "total":
            out["cycles"] = r["cycles"]
        elif kind == "timeout":
            out["errors"].append(f"ran past the runner's cycle limit ({r['cycles']} cycles)")
        elif kind == "error":
            out["errors"].append(r.get("message", r["kind"]))
    return out


def spans_measured(program: dict, name: str) -> dict:
    """Six marks per (implementation, size): `mark [no call] mark  mark [one
    call] mark  mark [one call] mark` -> {(impl, size): Measured}, the empty
    span as the harness and the two one-call spans as samples."""
    out = {}
    for key, digest in program["digests"].items():
        m = program["marks"].get(key)
        if m is None or len(m) != 6:
            raise BuildError(f"{name}: {key[0]} @{key[1]} B: {0 if m is None else len(m)} marks, not 6")
        empty, one, again = (m[i + 1] - m[i] for i in (0, 2, 4))
        out[key] = Measured(digest, [[1, one], [1, again]], [[0, empty]])
    return out


RUN_TIMEOUT_S = 600


def execute(cmd, stdin_text=None, timeout=RUN_TIMEOUT_S):
    """Runs a simulator in the project root; a hang or a missing program is
    a BuildError for that program only."""
    import subprocess

    from ..paths import ROOT
    try:
        return subprocess.run(cmd, cwd=ROOT, input=stdin_text, stdin=None if stdin_text is not None else
                              subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired as exc:
        raise BuildError(f"{cmd[0]} did not finish within {timeout} s") from exc
    except OSError as exc:
        raise BuildError(f"cannot run {cmd[0]}: {exc}") from exc
