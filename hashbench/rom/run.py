# SPDX-License-Identifier: MIT
"""A ROM image run in its emulator until its pass is done, and what that
run becomes: records read from the cartridge's save RAM (or wherever the
console keeps them), results (meter `console-timer`), the screen read back
and checked against the records, and the screenshot of the whole table.

    session = run.measure(con, image_path, rows, budget_ms, log)
    results = run.results(session.records, con, expected)

`con` is a console.Console (hashbench.rom.gba.CONSOLE, ...): the emulator
it opens (a driver.Driver: its libretro core by default), its screen, how
long its screen takes to show a new table."""
import io
import sys
import time
from dataclasses import dataclass, field

from .. import roster
from ..errors import BuildError
from ..files import write_whole
from ..results import records as recmod
from ..results.result import Build
from ..results.verify import checked
from . import image, screen
from .driver import EmulatorStopped

METER = "console-timer"
INSTRUMENT = "rom-timer"
SAMPLE_FIELDS = ("iters", "ticks")
START_AFTER_S = 1.0       # then A: the banner waits for it (or starts by itself after about 5 s)
POLL_FRAMES = 30          # frames between looks at the save RAM
PROGRESS_EVERY_S = 2.0    # wall seconds between progress lines
TITLE_LINES = 3           # the title, its second line, the column heads
STATUS_LINES = 1
DONE = '{"rec":"done"'      # the pass's last record


@dataclass
class Session:
    records: list
    text: str                        # the save RAM's records, as written
    emulated_s: float
    wall_s: float
    pages: list = field(default_factory=list)      # frames of the table, scrolled page by page
    screen_lines: list = field(default_factory=list)  # the table's lines read off the pages, in order
    interrupted: bool = False        # Ctrl-C: the records up to then, no `done`
    screen_complete: bool = True     # False: screen_lines are the table's first rows only (no input to scroll)
    legend_lines: int = 1            # the lines of the legend under the table (image.legend)


def save_text(raw: bytes) -> str:
    return raw.split(b"\0", 1)[0].decode("ascii", "replace")


def limit_s(rows: int, budget_ms: int, sizes: int = 1, slowest_call_s: float = 5.0) -> float:
    """Emulated seconds a pass may take: per row the budget about twice
    (calibration, the timed span) and the slowest row's own calls (a
    console's slowest_call_s), generously."""
    return 60.0 + rows * sizes * (4 * budget_ms / 1000.0 + slowest_call_s)


def measure(con, rom, rows: int, budget_ms: int, log=lambda m: None, stream=sys.stderr, pages=True,
            legend: int | None = None) -> Session:
    """One measured pass of `rom` in the console's emulator (con.open: a
    driver.Driver): boots it, presses A, runs until its records hold the
    `done` record, then scrolls the table page by page for the screenshot.
    Ctrl-C, or an emulator that stops early: the session of the records
    written so far, interrupted.  `legend`: the lines of the image's legend
    (image.legend of its plan; None: of the rows its records name, which a
    full save RAM may cut short)."""
    t0 = time.monotonic()
    with con.open(rom, log, limit_s(rows, budget_ms, 1, con.slowest_call_s)) as drv:
        if drv.takes_input:
            drv.run(int(drv.fps * START_AFTER_S))
            drv.press("a")
        try:
            text = wait_done(drv, con, rows, budget_ms, stream)
        except (KeyboardInterrupt, EmulatorStopped) as exc:
            if isinstance(exc, EmulatorStopped):
                print(f"{exc}: the rows done are kept, the run ends interrupted", file=sys.stderr)
            return interrupted(save_text(drv.records()), t0, drv.seconds)
        session = Session(parse(text), text, drv.seconds, 0.0)
        session.legend_lines = legend_lines(con, session.records) if legend is None else legend
        if pages and con.has_screen:
            session.pages, session.screen_lines = scroll_pages(drv, con, rows, session.legend_lines)
        session.screen_complete = con.has_screen and (
            drv.takes_input or rows <= layout(con, session.legend_lines)[1])
        drv.check()
    session.wall_s = time.monotonic() - t0
    return session


def wait_done(drv, con, rows: int, budget_ms: int, stream=sys.stderr, sizes: int = 1) -> str:
    """Runs the emulator until its records hold a pass's `done` record (a
    pass starts by writing its `engine` record over the last one's), with
    a progress line on `stream` every few seconds -> the records' text, up
    to the `done` record's line."""
    deadline = drv.seconds + limit_s(rows, budget_ms, sizes, con.slowest_call_s)
    last = start = time.monotonic()
    text, shown = "", 0
    while DONE not in text:
        if drv.seconds > deadline:
            raise BuildError(f"rom: no `done` record after {drv.seconds:.0f} emulated seconds "
                             f"({text.count('rom_result')}/{rows * sizes} rows written)")
        drv.run(POLL_FRAMES)
        text = save_text(drv.records())
        done, total = text.count("rom_result"), rows * sizes
        # every few seconds, and at once when the first row is done (a quick pass shows it started)
        if stream and (time.monotonic() - last >= PROGRESS_EVERY_S or (done and not shown)) and DONE not in text:
            shown = done
            print(f"{con.run_target}: {done}/{total} rows, {drv.seconds:.1f} s emulated"
                  + (f", {time_left(time.monotonic() - start, done, total)}" if done else ""), file=stream, flush=True)
            last = time.monotonic()
    done = text.index(DONE)
    text = text[:done] + text[done:].split("\n", 1)[0] + "\n"
    if con.has_screen and ("save_ram_full" in text or drv.done_when_drawn):
        # the pass goes on, on the screen only, until its status line asks for A
        while not screen.text(drv.frame(), con.cols, con.rows)[-1].startswith("A:"):
            if drv.seconds > deadline:
                raise BuildError(f"rom: the pass did not end after {drv.seconds:.0f} emulated seconds")
            drv.run(POLL_FRAMES, capture=True)
    drv.run(con.settle_frames)  # the table drawn after the last record
    return text


def time_left(elapsed_s: float, done: int, total: int) -> str:
    """The wall time the rows left may take, at the pace of those done."""
    from ..progress import about
    return about(elapsed_s / done * (total - done)) + " left"


def parse(text: str) -> list:
    errors = []
    recs = recmod.parse(text, errors)
    if errors:
        raise BuildError(f"rom: malformed records in save RAM: {errors[0]}")
    return recs


def interrupted(text: str, t0: float, emulated_s: float = 0.0) -> Session:
    """The session of a pass stopped by Ctrl-C at wall time `t0` + now:
    every whole record written so far."""
    text = text[:text.rfind("\n") + 1]
    return Session(parse(text), text, emulated_s, time.monotonic() - t0, interrupted=True)


def layout(con, legend_lines: int = 1, sweep: bool = False):
    """-> (screen lines a row takes: one, two in the sweep on a narrow
    screen (the Game Boy's); the rows a page shows above the legend's
    `legend_lines` (image.legend))."""
    per_row = 2 if sweep and con.cols < 30 else 1
    return per_row, (con.rows - TITLE_LINES - legend_lines - STATUS_LINES) // per_row


def legend_lines(con, recs) -> int:
    """The lines of the legend under the table of the image that wrote
    these records (image.legend of its rows)."""
    rows = {(r["algo"], r["impl"]) for r in recs if r.get("rec") == "rom_result" and "algo" in r}
    return len(image.legend(con.cols, [(roster.find(a), i) for a, i in rows]))


def scroll_pages(drv, con, rows: int, legend: int | None = None):
    """The table page by page (DOWN scrolls one row): [(frame, its text,
    the first row shown)], and the table's lines read off them, each row
    once (a driver that takes no input: the first page only).  `legend`:
    the legend's lines under the table; None: from the pass's records."""
    text = save_text(drv.records())
    recs = parse(text[:text.rfind("\n") + 1])
    per_row, visible = layout(con, legend_lines(con, recs) if legend is None else legend,
                              any(r.get("rec") == "engine" and r.get("sweep") for r in recs))
    pages, top = [], 0
    drv.run(1, capture=True)
    while True:
        frame = drv.frame()
        pages.append((frame, screen.text(frame, con.cols, con.rows), top))
        if top + visible >= rows or not drv.takes_input:
            break
        step = min(visible, rows - visible - top)
        for _ in range(step):
            drv.press("down", 2, con.settle_frames)
        drv.run(1, capture=True)
        top += step
    seen = {}
    for _frame, text, first in pages:
        for i in range(min(visible, rows - first)):
            seen.setdefault(first + i, text[TITLE_LINES + i * per_row:TITLE_LINES + (i + 1) * per_row])
    return pages, [ln for k in sorted(seen) for ln in seen[k]]


def screenshot(session: Session, con, rows: int, path, scale: int = 2):
    """One PNG of the whole table: the first page whole, then the rows each
    further page brought, then the status line."""
    legend = session.legend_lines
    per_row, visible = layout(con, legend, bool(read(session.records)["engine"].get("sweep")))
    parts, shown = [], 0
    for frame, _text, top in session.pages:
        first_new, last = shown - top, min(visible, rows - top)
        if first_new < last:
            start = 0 if not parts else TITLE_LINES + first_new * per_row
            parts.append(screen.crop(frame, start, TITLE_LINES + last * per_row - 1, con.cols))
            shown = top + last
    final = session.pages[-1][0]
    parts.append(screen.crop(final, con.rows - STATUS_LINES - legend, con.rows - 1, con.cols))
    if con.lower_screen and final[1] >= (con.rows + con.lower_screen) * screen.CELL:   # the DS's lower screen,
        width = parts[-1][0]                                                            # below a black strip
        parts.append((width, LOWER_GAP, [[(0, 0, 0)] * width for _ in range(LOWER_GAP)]))
        parts.append(screen.crop(final, con.rows, con.rows + con.lower_screen - 1, con.cols))
    png = io.BytesIO()
    screen.image(parts, scale).save(png, format="PNG")
    write_whole(path, png.getvalue())


def read(recs, partial=False) -> dict:
    """The pass's records -> {engine, harness {size: (iters, ticks)}, empty
    {size: ticks of a span of no call}, rows
    [(digest record, rom_result record)], done, full (the save RAM filled
    up: the rows after the last ones here are on the screen only),
    timer_checks [(expected ticks, ticks)] (the NES's timer against code of
    known cycles, the NMIs inside the span included)}."""
    out = {"engine": None, "harness": {}, "harness_irq": {}, "empty": {}, "timer_checks": [], "rows": [],
           "done": False, "full": False}
    digests = {}
    for r in recs:
        kind = r["rec"]
        if kind == "engine":
            out["engine"] = r
        elif kind == "rom_harness":
            out["harness"][r["size"]] = (r["iters"], r["ticks"])
            out["harness_irq"][r["size"]] = r.get("irq_ticks", 0)
            out["empty"][r["size"]] = r["empty_ticks"]
        elif kind == "rom_timer_check":
            out["timer_checks"].append((r["code_ticks"] + r["nmis"] * r["nmi_ticks"], r["ticks"]))
        elif kind == "digest":
            digests[(r["algo"], r["impl"], r["size"])] = r
        elif kind == "rom_result":
            out["rows"].append((digests.get((r["algo"], r["impl"], r["size"])), r))
        elif kind == "done":
            out["done"] = True
            out["full"] = bool(r.get("save_ram_full"))
    if not out["engine"] or out["engine"].get("engine") != "rom":
        raise BuildError("rom: the save RAM holds no `engine` record of a ROM")
    if not all(type(out["engine"].get(k)) is int and out["engine"][k] > 0 for k in ("tick_hz", "clock_hz")):
        raise BuildError("rom: the `engine` record's tick_hz and clock_hz must be whole numbers above 0")
    if not out["done"] and not partial:
        raise BuildError("rom: the pass did not finish (no `done` record)")
    return out


def overhead_ticks(r, got, con) -> float:
    """The ticks of a timed span (a rom_result's or the harness's record
    `r`) that are not its calls: the span's own set-up (a span of no call,
    the size's empty_ticks) and the interrupts inside it, recorded
    (irq_ticks: the NES's NMIs) or, for a timer that interrupts every so
    many ticks (con.timer_irq: the Game Boy's TIMA overflow), counted from
    the span's length (to one interrupt)."""
    out = got["empty"].get(r["size"], 0) + r.get("irq_ticks", 0)
    if con.timer_irq:
        every, cycles = con.timer_irq
        eng = got["engine"]
        out += r["ticks"] // every * cycles * eng["tick_hz"] / eng["clock_hz"]
    return out


def results(recs, con, expected, build: Build, partial=False) -> list:
    """Results of meter `console-timer`: per call the timer's ticks over
    the iterations, in CPU cycles (ticks x clock / tick rate: on the GBA the
    ticks are cycles), less the harness's (the same loop around a function
    that does nothing: `empty_call`, stored beside it), as every meter
    defines a figure: the cost of a call beyond an empty call.  Every digest
    verified against the reference here too, whatever the ROM said."""
    got = read(recs, partial)
    eng = got["engine"]
    tick_hz, clock_hz = eng["tick_hz"], eng["clock_hz"]
    out = []
    for digest, r in got["rows"]:
        if digest is None:
            raise BuildError(f"rom: a rom_result of {r['algo']} without its digest record")
        algo = roster.find(r["algo"])
        h_iters, h_ticks = got["harness"].get(r["size"], (0, 0))
        res = checked(algo, r["impl"], r["size"], digest["digest"], expected, target=con.run_target, build=build,
                      meter=METER, instrument=INSTRUMENT, sample_fields=SAMPLE_FIELDS,
                      samples=[[r["iters"], r["ticks"]]], harness=[[h_iters, h_ticks]] if h_iters else [])
        if res.verified != bool(r["verified"]):
            raise BuildError(f"rom: {r['algo']}: the ROM's own check ({r['verified']}) and the reference's "
                             f"({res.verified}) disagree")
        if res.verified and r["iters"]:
            # a tick's share of a call, the span's own set-up and its interrupts left out
            ticks = (r["ticks"] - overhead_ticks(r, got, con)) / r["iters"]
            res.spread_pct = 0.0
            res.clock_hz = clock_hz
            res.extra.update(iters=r["iters"], ticks=r["ticks"], tick_hz=tick_hz, timer=eng.get("timer"))
            if "irq_ticks" in r:
                res.extra["irq_ticks"] = r["irq_ticks"]
            if h_iters:
                harness = {"ticks": h_ticks, "size": r["size"], "irq_ticks": got["harness_irq"][r["size"]]}
                empty = (h_ticks - overhead_ticks(harness, got, con)) / h_iters
                ticks -= empty
                res.extra["empty_call"] = empty * clock_hz / tick_hz
                res.extra["empty_span_cycles"] = got["empty"][r["size"]] * clock_hz / tick_hz
            res.per_call = ticks * clock_hz / tick_hz
            res.ns_per_call = ticks * 1e9 / tick_hz
            res.mb_per_s = r["size"] / res.ns_per_call * 1e3 if res.ns_per_call > 0 else None
            res.cycles_per_byte = res.per_byte
        out.append(res)
    return out



# the DS's lower screen below its banner (hb_rom_app.c's lower_screen): the tier marks, the I
# column's legend from line 13, the controls from line 17
LOWER_TIERS = ["tier . checksum  * non-crypto", "     # crypto"]
LOWER_CONTROLS = ["A       sort: category, speed,", "        name", "B/START run the pass again",
                  "SELECT  size sweep 64/256/1024 B", "UP/DOWN scroll a row"]


LOWER_GAP = 4   # pixels between the two screens in a screenshot


def lower_lines(recs, con) -> list:
    """The lower screen the image draws at start-up (the DS's), from its
    records' engine record and rows, each line without its trailing blanks."""
    got = read(recs)
    engine = got["engine"]
    centi = (engine["clock_hz"] + 5000) // 10000
    rows = {(r["algo"], r["impl"]): r["size"] for _d, r in got["rows"]}
    size = min(rows.values()) if engine.get("sweep") else next(iter(rows.values()))
    lines = [""] * con.lower_screen
    lines[0:8] = [f"hashbench {engine['target']}", f"{engine['cpu']} {centi // 100}.{centi % 100:02d} MHz", "",
                  f"workload {size} B", " buf[i]=(i*31+7)&255", f"budget {engine['budget_ms']} ms a row",
                  f"timer {engine['timer']}", f"{engine['rows']} rows, verified first"]
    if engine.get("placement"):
        lines[8] = f"place {engine['placement']}"
    lines[11:13] = LOWER_TIERS
    legend = image.legend(con.cols, [(roster.find(a), i) for a, i in rows])
    lines[13:13 + len(legend)] = legend
    lines[17:17 + len(LOWER_CONTROLS)] = LOWER_CONTROLS
    return lines[:con.lower_screen]


def lower_text(frame, con):
    """The lower screen's text read off a frame (None: the frame has only the upper)."""
    if frame[1] < (con.rows + con.lower_screen) * screen.CELL:
        return None
    return [ln.rstrip() for ln in screen.text(frame, con.cols, con.lower_screen, first=con.rows)]


def expected_lines(recs, con, labels: dict, sort="category", marks=".*#") -> list:
    """The table's lines the ROM should show for these records, sorted as
    the app sorts (category: tier, then the image's order; speed: timer
    ticks per call at the table's size, unmeasured last; name: the label)."""
    got = read(recs)
    tick_hz, sweep = got["engine"]["tick_hz"], bool(got["engine"].get("sweep"))
    rows = {}   # (algo, impl) -> {size: (digest record, rom_result)}, in the image's order
    for digest, r in got["rows"]:
        rows.setdefault((r["algo"], r["impl"]), {})[r["size"]] = (digest, r)
    keyed = []
    for index, ((algo_id, impl), by_size) in enumerate(rows.items()):
        tier = roster.TIERS.index(roster.find(algo_id).tier)
        mark, label = marks[tier], labels[(algo_id, impl)]
        # the I column's mark from the implementation the records store, not from the image's table
        shown = dict(impl_mark=image.impl_mark(roster.find(algo_id), impl), decimal=con.decimal)
        if sweep:
            lines = screen.sweep_lines(con.cols, mark, label,
                                       [(bool(r["verified"]), r["iters"], r["ticks"], size, tick_hz)
                                        for size, (_d, r) in sorted(by_size.items())], **shown)
        else:
            (digest, r), = by_size.values()
            lines = screen.row_lines(con.cols, mark, label, bool(r["verified"]), r["iters"], r["ticks"],
                                     r["size"], tick_hz, digest["digest"], **shown)
        _d, last = by_size[max(by_size)]
        cost = last["ticks"] // last["iters"] if last["verified"] and last["iters"] else 0xFFFFFFFF
        key = {"category": (tier,), "speed": (cost,), "name": (label.encode(),)}[sort] + (index,)
        keyed.append((key, lines))
    return [ln for _, lines in sorted(keyed, key=lambda x: x[0]) for ln in lines]
