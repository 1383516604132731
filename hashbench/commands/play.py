# SPDX-License-Identifier: MIT
"""hashbench play: a ROM image in the browser (hashbench/rom/play.py)."""
from pathlib import Path

from ..errors import UserError
from ..rom import play
from .options import formatter


def add_parser(sub):
    c = sub.add_parser(
        "play", help="play a ROM image in the browser (a local web page with the console's emulator)",
        formatter_class=formatter,
        description="Serve a web page on 127.0.0.1 that boots a ROM image (`hashbench rom` builds them) in the "
                    "console's emulator, built to WebAssembly: EmulatorJS " + play.EMULATORJS_VERSION + " and "
                    "its cores from npm (" + ", ".join(f"{name}: {w.emulator}" for name, w in play.web_consoles().items())
                    + "), installed by scripts/setup.sh into web/node_modules.  The page loads nothing from "
                    "anywhere but this server, and needs no BIOS or firmware (melonDS boots the NDS image "
                    "directly).  It shows which keys are the console's buttons.  The command prints the "
                    "address and serves until Ctrl-C.",
        epilog="examples:\n  hashbench play hb.gba                 # then open the address it prints\n"
               "  hashbench play hb.nds --open          # melonDS, in this machine's browser\n"
               "  hashbench rom --target gba -o hb.gba --play   # build, then serve")
    c.add_argument("image", metavar="FILE", help="the ROM image (" + ", ".join(
        e for w in play.web_consoles().values() for e in w.extensions) + ")")
    add_play_args(c, target=True)
    c.set_defaults(func=main)
    return c


def add_play_args(c, target=False):
    if target:
        c.add_argument("--target", metavar="CONSOLE",
                       help="the console, where the extension does not say it: " + ", ".join(play.web_consoles()))
    c.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (default: a free one)")
    c.add_argument("--open", action="store_true", help="open the page in this machine's web browser")


def check_port(port: int):
    if not 0 <= port <= 65535:
        raise UserError(f"--port {port}: give 0 (a free port) to 65535")


def main(args) -> int:
    check_port(args.port)
    image = Path(args.image)
    if not image.is_file():
        raise UserError(f"play: {image}: no such file")
    return play.serve(image, play.console_for(image, args.target), args.port, args.open)
