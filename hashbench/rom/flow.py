# SPDX-License-Identifier: MIT
"""`hashbench rom`'s work, without the command line: build a console's
image from a selection, and run it headless into a stored run.

A console is a console.Console (hashbench/rom/console.py), declared by its
module of this package and found through console.get(--target)."""
import hashlib
import sys
import time
import uuid
from dataclasses import replace

from .. import roster
from ..errors import UserError
from ..results.context import host_context
from ..results.result import Build, Note, Run
from ..spelling import one_name
from ..storage.store import recording
from ..targets import host
from . import console, image, run

BUILD_PROGRESS_EVERY_S = 15.0   # the build's count line, at most this often


def build_log(log, verbose):
    """`log` with the build's per-file lines ("building PATH") only when
    `verbose`; otherwise their count, at most one line every BUILD_PROGRESS_EVERY_S."""
    if verbose:
        return log
    state = {"files": 0, "shown": time.monotonic()}

    def out(m):
        if not m.startswith("building "):
            log(m)
            return
        state["files"] += 1
        if time.monotonic() - state["shown"] >= BUILD_PROGRESS_EVERY_S:
            log(f"rom: building: {state['files']} files compiled or linked so far")
            state["shown"] = time.monotonic()
    return out


def build_image(con, algos, impls, size: int, budget_ms: int, log=lambda m: None, place=None):
    """-> (plan, built): the rows that fit and what was left out, and the
    image (`place`: where its code runs, of con.placements; None: the default)."""
    p = image.plan(algos, impls, size, budget_ms, con.can_build, con.asm_isas(place))
    if place is None:
        return p, con.build(p, log)
    if place not in con.placements:
        raise UserError(f"--place: the {con.name} has " + (f"the placements {', '.join(con.placements)}"
                                                           if con.placements else "no placements"))
    return p, con.build(p, log, place=place)


def run_image(con, p, built, store=None, screenshot=None, log=lambda m: None, stream=sys.stderr, command="") -> Run:
    """Boots the image in the console's libretro core until its pass is
    done; every row verified (by the ROM and again here), the screen read
    back and compared with the records; the run stored as it ends."""
    con.check_emulator()   # a missing core or emulator fails before anything is stored
    options = {"target": con.name, "algos": sorted({r.algo.id for r in p.rows}),
               "impls": sorted({r.impl for r in p.rows}), "size": p.size, "budget_ms": p.budget_ms}
    r = Run(kind="rom", command=command, context=host_context(), options=options)
    r.context["targets"] = {}
    for algo, impl, why in p.left_out:
        r.notes.append(Note("not-built", f"{algo}/{impl}: left out of the {con.name} image: {why}",
                            {"algorithm": algo, "implementation": impl, "target": con.run_target}))
    with recording(store, r):   # the results are stored as it ends: a Ctrl-C's rows included
        session = run.measure(con, built.path, len(p.rows), p.budget_ms, log, stream,
                              legend=len(image.legend(con.cols, [(row.algo, row.impl) for row in p.rows])))
        got = run.read(session.records, partial=session.interrupted)
        engine = got["engine"]
        build = Build(con.run_target, con.compiler(), con.flags())
        r.results = run.results(session.records, con, host.expected_digests(), build, partial=session.interrupted)
        screen = con.has_screen
        checked = screen and not (got["full"] or session.interrupted)
        shown_ok = compare_screen(con, p, session, r.notes) if checked else True
        if got["full"]:
            r.notes.append(Note("save-ram-full", f"the save RAM filled up after {len(got['rows'])} of the pass's "
                                f"rows: the others were measured on the screen only, and are not stored; the "
                                f"screen was not compared", {"target": con.run_target}))
        r.context["targets"][con.run_target] = {
            "title": con.title, "compiler": con.compiler(),
            "runner": con.runner_text(),
            "meter": run.METER, "timer": engine.get("timer"), "tick_hz": engine.get("tick_hz"),
            "clock_hz": engine.get("clock_hz"), "image_bytes": built.image_bytes, "used_bytes": built.used_bytes,
            **({"placement": engine["placement"], "rows_from_rom": [f"{a}/{i}" for a, i, _ in built.from_rom]}
               if engine.get("placement") else {}),
            "rows": len(p.rows), "emulated_s": round(session.emulated_s, 2), "wall_s": round(session.wall_s, 2),
            **({"screen_matches_records": shown_ok if checked else None} if screen else {})}
        if session.interrupted:
            raise KeyboardInterrupt
        if screenshot:
            run.screenshot(session, con, len(p.rows), screenshot)
            log(f"wrote {screenshot}")
        r.status = "failed" if r.mismatches or not shown_ok else "complete"
    return r


def compare_screen(con, p, session, notes) -> bool:
    """Does the table read off the screen say what the records say?  (As
    far as the screen showed it: a note says where that was its first
    page only, another where it differs.)"""
    labels = {(row.algo.id, row.impl): row.label for row in p.rows}
    expected = run.expected_lines(session.records, con, labels)
    if not session.screen_complete:   # the first rows, as far as the screen showed them
        expected = expected[:len(session.screen_lines)]
        notes.append(Note("screen-first-page", f"the screen was compared on the table's first "
                          f"{len(session.screen_lines)} rows only (the emulator takes no input to scroll)",
                          {"target": con.run_target}))
    lower_ok = True
    if con.lower_screen and session.pages:   # the DS's lower screen: what the image runs, its marks, its controls
        shown = run.lower_text(session.pages[-1][0], con)
        lower_ok = shown is None or shown == run.lower_lines(session.records, con)
        if not lower_ok:
            notes.append(Note("screen-mismatch", "the lower screen differs from what the records say the image is",
                              {"target": con.run_target}))
    if session.screen_lines == expected:
        return lower_ok
    notes.append(Note("screen-mismatch", "the table on the screen differs from the records' figures",
                      {"target": con.run_target}))
    return False


def is_records(text: str) -> bool:
    """Does `text` hold a ROM's records (a serial capture, a save RAM dump)?"""
    return '{"rec":"engine"' in text and '"engine":"rom"' in text


def run_from_records(text: str, source: str) -> Run:
    """A ROM's records as the console wrote them (a capture of the
    NUCLEO-F767's serial port, with whatever the terminal added around
    them) -> a run, every digest verified against the reference here.  Its
    uuid comes from the records, so that importing a capture twice is
    recognised."""
    lines = [ln.strip() for ln in text.replace("\r", "").splitlines() if ln.strip().startswith('{"rec"')]
    start = max(i for i, ln in enumerate(lines) if ln.startswith('{"rec":"engine"'))   # the last pass
    body = "\n".join(lines[start:]) + "\n"
    recs = run.parse(body)
    eng = run.read(recs)["engine"]
    name = eng.get("target", "")
    base = name[:-len("-qemu")] if name.endswith("-qemu") else name
    if base not in console.names():
        raise UserError(f"{source}: records of a ROM for {name!r}, which this hashbench does not know")
    con = console.get(base)
    run_target = name if name == con.board_target else con.run_target
    build = Build(run_target, con.compiler(), con.flags())
    r = Run(kind="rom", command=f"hashbench import {source}", context=host_context(),
            options={"target": name, "source": source})
    r.context["run_uuid"] = str(uuid.uuid5(uuid.NAMESPACE_URL, "hashbench-rom-records:" +
                                           hashlib.sha256(body.encode()).hexdigest()))
    r.results = run.results(recs, replace(con, run_target=run_target), host.expected_digests(), build)
    r.context["targets"] = {run_target: {
        "title": con.board_title if run_target != con.run_target else con.title,
        "compiler": con.compiler(), "runner": f"records imported from {source}", "meter": run.METER,
        "timer": eng.get("timer"), "tick_hz": eng.get("tick_hz"), "clock_hz": eng.get("clock_hz")}}
    r.status = "failed" if r.mismatches else "complete"
    return r


def select(algo_patterns, tiers, impl_text):
    algos = roster.select(algo_patterns, tiers)
    known = list(roster.OURS) + list(roster.asm_names())   # the CPUs' assembly: only on its console
    if impl_text == image.FASTEST:
        return algos, [image.FASTEST]
    impls = known if impl_text == "all" else [one_name(i, known, "--impl") for i in roster.split([impl_text])]
    bad = [i for i in impls if i not in known]
    if bad or not impls:
        raise UserError(f"unknown implementation {(bad or [impl_text])[0]!r}: a ROM holds "
                        f"{', '.join(known)}, all or {image.FASTEST}")
    return algos, impls
