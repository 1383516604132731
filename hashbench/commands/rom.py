# SPDX-License-Identifier: MIT
"""hashbench rom: a console ROM image of the benchmark, and (--run) its run
headless in a libretro core, stored like any run (hashbench/rom/)."""
import sys
import tempfile
from pathlib import Path

from ..errors import UserError
from ..files import writable_folder
from ..present import exporters
from ..present.run import present_run
from ..rom import console, flow, image, play, webrun
from ..spelling import one_name
from ..storage.store import Store, ended
from ..units import parse_budget, parse_size
from .options import add_store_args, formatter, log_to_stderr
from .play import add_play_args, check_port


def timers() -> str:
    """Every console's own timer, as its declaration says it (hashbench/rom/console.py)."""
    return "; ".join(f"{c.name}: {c.timer}" for c in console.all_consoles())


def add_parser(sub):
    c = sub.add_parser(
        "rom", help="a bootable console ROM of the benchmark; --run: run it headless, store the run",
        formatter_class=formatter,
        description="Build a ROM image that runs the benchmark on the console itself (a flash cart or an "
                    "emulator): a banner (target, clock, workload, budget, timer), then after A, or by itself "
                    "after about 5 s, every row of the image verified against the reference digest the ROM "
                    "carries and timed by the console's own timer for the budget (" + timers() + ").  "
                    "The table shows tier mark (. checksum, * non-crypto, # crypto), label (the algorithm), "
                    "I (the implementation: a the CPU's assembly (the Super NES: n the 65816's, a the "
                    "6502's), c compact, p portable, s small; a legend under the table names them), ITER, "
                    "us/iter, B/s (k and M where the digits do not fit; "
                    "gba, nds, n64 and nucleo-f767 with a decimal: 8.4M) and the first digest bytes (the Game "
                    "Boy's 20 columns: label, I, B/s and us/iter; the NDS's lower screen: the banner, the "
                    "marks' meanings and the controls).  "
                    "On the console: A cycles the sort (category, "
                    "speed, name), B re-runs, SELECT toggles the size sweep (64/256/1024 B), UP/DOWN scroll.  "
                    "Every pass writes its records (docs/records.md) into the cartridge's save RAM (NDS: a fixed "
                    "area of main RAM; nucleo-f767: the serial port).\n\n"
                    "--run boots the image in the console's libretro core (Debian's libretro-mgba for the GBA "
                    "and the Game Boy, "
                    "libretro-nestopia for the NES, libretro-bsnes-mercury-accuracy for the Super NES, "
                    "libretro-desmume for the NDS; mupen64plus for the N64; for "
                    "nucleo-f767 the same firmware under QEMU's mps2-an500, whose timer counts instructions), "
                    "headless, lets the pass finish, reads the records from save RAM, checks the table on the "
                    "screen against them, and stores the run (target " + ", ".join(c.run_target for c in console.all_consoles())
                    + "; meter console-timer: cycles per "
                    "call by the console's timer beyond an empty call's, the same loop around a function that "
                    "does nothing).  By default the image holds as much of "
                    "the roster as fits; what is left out is said (the Game Boy: an MBC5 cartridge, each "
                    "algorithm in a 16 KiB bank, one larger from bank 0 into bank 1).",
        epilog="examples:\n  hashbench rom --target gba -o hb.gba\n"
               "  hashbench rom --target gba -o hb.gba --run --screenshot shot.png\n"
               "  hashbench rom --target gba -o crypto.gba --tier crypto --budget 1s\n"
               "  hashbench rom --target gba -o hb.gba -a crc32,sha256 --impl all --size 256 --run\n"
               "  hashbench rom --target nes -o hb.nes --size 64 --run --screenshot nes.png   # the NES seed's size\n"
               "  hashbench rom --target snes -o hb.sfc --size 64 --run --screenshot snes.png\n"
               "  hashbench rom --target gb -o hb.gb --run --screenshot gb.png\n"
               "  hashbench rom --target nds -o hb.nds --run --screenshot nds.png\n"
               "  hashbench rom --target nds -o hb.nds --run --emulator melonds   # melonDS, in headless Chromium\n"
               "  hashbench rom --target gba -o hb.gba --play     # play it in the browser\n"
               "  hashbench rom --target nucleo-f767 -o hb.elf     # hb.elf and hb.bin for the board")
    c.add_argument("--target", required=True, metavar="CONSOLE", help="the console: " + ", ".join(console.names()))
    c.add_argument("-o", "--output", metavar="FILE", help="the image to write (e.g. hb.gba); with --run alone it may "
                   "be left out: the image is then built in a temporary folder, removed afterwards")
    c.add_argument("-a", "--algo", action="append", metavar="ALGO", help="ids, comma lists or globs (default: all)")
    c.add_argument("--tier", action="append", metavar="TIER", help="checksum, non-crypto, crypto")
    c.add_argument("--impl", default="fastest", help="portable, compact, the console CPU's assembly (6502 on the NES, sm83 "
                   "on the Game Boy, armv4 on the GBA and the NDS, 65816 and 6502 on the Super NES), "
                   "all, or fastest (the default: per algorithm the CPU's assembly where it has one (the Super "
                   "NES: the 65816's, else the 6502's), else portable)")
    c.add_argument("--size", default=str(image.DEFAULT_SIZE), help=f"the table's workload size (default "
                   f"{image.DEFAULT_SIZE} B; the sweep is always 64/256/1024)")
    c.add_argument("--budget", default=str(image.DEFAULT_BUDGET_MS), help="time per row on the console, e.g. 200, "
                   f"200ms, 1s (default {image.DEFAULT_BUDGET_MS} ms)")
    c.add_argument("--place", metavar="PLACEMENT",
                   help="the GBA: where the rows' code runs, named as `cross`'s GBA targets: gba-iwram-arm (the "
                        "default: each row's ARM code copied into IWRAM before it, the cartridge's prefetch on; a "
                        "row too big for IWRAM runs from ROM, and the image says so), gba-iwram (Thumb in IWRAM), "
                        "gba-prefetch (Thumb from ROM, prefetch on), gba (Thumb from ROM, WAITCNT at power-on)")
    c.add_argument("--run", action="store_true", help="run the image headless in its emulator (above) and store the run")
    c.add_argument("--emulator", metavar="NAME",
                   help="with --run: the emulator (default: the headless core above); the browser page's core "
                        "(melonds for the NDS, gambatte for the Game Boy; web: whichever the page uses) runs the "
                        "image in headless Chromium and stores the run as target <run target>-<core>, e.g. "
                        "nds-rom-melonds")
    c.add_argument("--play", action="store_true",
                   help="then serve the image in a web page on 127.0.0.1 (as `hashbench play`) until Ctrl-C")
    add_play_args(c)
    c.add_argument("--screenshot", metavar="PNG", help="with --run: the whole table as one PNG")
    c.add_argument("--json", metavar="FILE", help="with --run: also write the run (.json, .csv or .md)")
    add_store_args(c)
    c.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    c.add_argument("-v", "--verbose", action="store_true", help="also each file the build compiles or links")
    c.set_defaults(func=main)
    return c


def writable(path: str, what: str):
    if Path(path).is_dir():
        raise UserError(f"{what} {path}: is a folder; name the file to write")
    parent = Path(path).resolve().parent
    if not parent.is_dir():
        raise UserError(f"{what} {path}: no such folder {parent}")
    if not writable_folder(parent):
        raise UserError(f"{what} {path}: cannot write there")


def main(args) -> int:
    args.target = one_name(args.target, console.names(), "--target")
    if args.output is None:
        if not args.run or args.play:
            raise UserError("-o FILE: the image to write (only --run alone builds it in a temporary folder)")
        with tempfile.TemporaryDirectory(prefix="hashbench-rom-") as tmp:
            args.output = str(Path(tmp) / ("hashbench" + console.get(args.target).image_suffix()))
            args.temporary = True
            return main(args)
    con = console.get(args.target)
    algos, impls = flow.select(args.algo, args.tier, args.impl)
    size, budget = parse_size(args.size), parse_budget(args.budget)
    writable(args.output, "-o")
    if con.check_output:
        con.check_output(Path(args.output))
    if args.emulator and not args.run:
        raise UserError("--emulator goes with --run")
    if (args.open or args.port) and not args.play:
        raise UserError("--open and --port go with --play")
    check_port(args.port)
    if args.play:
        play.console_for(Path(args.output), args.target)    # a console the page plays, before building
    if args.emulator:
        choices = webrun.emulators(con)
        if args.emulator not in choices:
            raise UserError(f"--emulator {args.emulator}: the {con.name} runs in {', '.join(choices)}")
        if choices[args.emulator]:
            con = webrun.in_browser(con)
    if args.screenshot and not args.run:
        raise UserError("--screenshot goes with --run")
    if args.json and not args.run:
        raise UserError("--json goes with --run")
    if args.screenshot and not con.has_screen:
        raise UserError(f"--screenshot: the {con.name} has no screen")
    if args.screenshot:
        if not args.screenshot.lower().endswith(".png"):
            raise UserError("--screenshot: give a .png file")
        writable(args.screenshot, "--screenshot")
    if args.json:
        exporters.check_path(args.json)
    log = log_to_stderr(args.quiet)
    p, built = flow.build_image(con, algos, impls, size, budget, flow.build_log(log, args.verbose), place=args.place)
    (con.install or image.install)(built, Path(args.output))
    where = "a temporary image, removed after the run" if getattr(args, "temporary", False) else args.output
    print(f"{where}: {con.name} image, {len(p.rows)} rows, {con.describe(built)}")
    for algo, impl, why in p.left_out:
        print(f"left out: {algo}/{impl}: {why}")
    if not args.run:
        return serve(args) if args.play else 0
    store = None if args.no_save else Store(args.db)
    run = flow.run_image(con, p, built, store, args.screenshot, log, stream=None if args.quiet else sys.stderr,
                         command=args.command_line)
    present_run(run)
    tc = run.context["targets"].get(con.run_target, {})
    shown = {True: "equals the records", False: "DIFFERS from the records", None: "was not compared",
             "none": "does not exist (no screen)"}
    print(f"{con.run_target}: {tc.get('emulated_s')} s emulated in {tc.get('wall_s')} s here; "
          f"{sum(r.verified for r in run.results)}/{len(run.results)} digests verified; the table on the screen "
          + shown[tc.get("screen_matches_records", "none")])
    said = {(a, i) for a, i, _ in p.left_out}   # each said once, above
    for n in run.notes:
        if not (n.reason == "not-built" and (n.data.get("algorithm"), n.data.get("implementation")) in said):
            print(f"warning: {n.detail}", file=sys.stderr)
    if args.json:
        exporters.write(args.json, run)
        log(f"wrote {args.json}")
    code = ended(run, store, log) or (0 if run.status == "complete" else 1)
    return serve(args) if args.play and code == 0 else code


def serve(args) -> int:
    return play.serve(Path(args.output), args.target, args.port, args.open)
