# SPDX-License-Identifier: MIT
"""The README's picture of the browser page (docs/play-gba.png): the GBA
image's page (`hashbench play`) in headless Chromium after one pass, the
table on the screen and the keys below it.

    .venv/bin/python -m studies.play_picture [-a ALGO] [--budget 200] [-o docs/play-gba.png]"""
import argparse
import sys

from hashbench.rom import console, flow, run, webrun
from studies import listed
from studies.rom_pass import log


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-a", "--algo", action="append", help="algorithms (default: crc32, xxh32, sha256, blake3)")
    ap.add_argument("--budget", type=int, default=200, help="ms per row on the console (default 200)")
    ap.add_argument("-o", "--output", default="docs/play-gba.png", help="the PNG (default docs/play-gba.png)")
    args = ap.parse_args(argv)
    con = console.get("gba")
    algos, impls = flow.select(listed(args.algo) or ["crc32,xxh32,sha256,blake3"], None, "portable")
    p, built = flow.build_image(con, algos, impls, 1024, args.budget, log)
    with webrun.Page(built.path, con) as page:
        page.run(int(page.fps * run.START_AFTER_S))
        page.press("a")
        run.wait_done(page, con, len(p.rows), p.budget_ms, stream=sys.stderr)
        page.driver.set_window_size(1100, 720)
        page.js("EJS_emulator.gameManager.toggleFastForward(0)")   # the picture, not the fast-forward badge
        page.run(30)
        page.driver.save_screenshot(args.output)
    log(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
