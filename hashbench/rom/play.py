# SPDX-License-Identifier: MIT
"""A ROM image played in the browser: a web server on 127.0.0.1 that serves
one page (web/play.html and web/play.js), EmulatorJS's front end and the
console's libretro core built to WebAssembly (the npm packages
@emulatorjs/emulatorjs and @emulatorjs/core-*, installed by scripts/setup.sh
into web/node_modules from web/package-lock.json), and the image.  The page
loads nothing from anywhere else: EmulatorJS's update check and its CDN
fallback are never reached (play.js, and every core file is here).

    with play.Server(image_path, play.console_for(image_path)) as server:
        print(server.url)
        server.serve_forever()

A console the page plays declares how (its Console's `web`, a
hashbench.rom.console.Web: the core,
the keys, the core's options): the GBA in mGBA, the Game Boy in Gambatte,
the NES in Nestopia, the Super NES in Snes9x, the NDS in melonDS; the same
emulators as the headless runs where Debian has them (mGBA, Nestopia), the
studies' own where it does not (melonDS)."""
import functools
import html
import json
import mimetypes
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from .. import paths
from ..errors import UserError
from .console import Web

EMULATORJS_VERSION = "4.2.3"     # web/package.json pins the front end and every core to it


@functools.cache
def web_consoles() -> dict:
    """{--target: its Web} of every console the page plays (the Console declarations' `web`)."""
    from . import console
    return {c.name: c.web for c in console.all_consoles() if c.web}


WEB_DIR = paths.ROOT / "web"


def modules() -> Path:
    """The npm packages' folder: $HASHBENCH_EMULATORJS, else web/node_modules in the tree."""
    return Path(os.environ.get("HASHBENCH_EMULATORJS") or WEB_DIR / "node_modules")


def check_installed(web: Web) -> Path:
    """The folder of the npm packages when the front end and `web`'s core are there; else UserError."""
    base = modules() / "@emulatorjs"
    missing = [p for p in ("emulatorjs", f"core-{web.core}") if not (base / p / "package.json").is_file()]
    if missing:
        raise UserError(f"play: {', '.join('@emulatorjs/' + m for m in missing)} not installed in {base.parent}: "
                        f"run scripts/setup.sh (or `npm ci --omit=optional --prefix {WEB_DIR}`), "
                        "or set HASHBENCH_EMULATORJS to a node_modules folder that has them")
    return base


def console_for(image: Path, console: str = None) -> str:
    """The console an image is for: `console` where given, else by its extension."""
    web = web_consoles()
    if console is None:
        console = next((name for name, w in web.items() if image.suffix.lower() in w.extensions), None)
        if console is None:
            raise UserError(f"play: {image}: cannot tell the console from the extension "
                            f"({', '.join(e for w in web.values() for e in w.extensions)}); name it with --target")
    if console not in web:
        raise UserError(f"play: no browser core for {console}: the page plays {', '.join(web)}")
    return console


def page(console: str, image: Path) -> bytes:
    web = web_consoles()[console]
    config = {"core": web.core, "gameUrl": "game/" + quote(image.name), "gameName": image.stem, "dataPath": "ejs/",
              "coreOptions": web.options, "keys": [{"id": k.retropad, "key": k.key} for k in web.keys]}
    rows = "\n".join(f"<tr><td>{k.button}</td><td><kbd>{html.escape(k.key)}</kbd></td></tr>" for k in web.keys)
    title = f"{image.name} ({web.machine or console.upper()}) in {web.emulator} (EmulatorJS {EMULATORJS_VERSION})"
    note = ("The ROM starts by itself after about 5 s (or press A). On the console: A cycles the sort, B re-runs, "
            "SELECT toggles the size sweep, UP/DOWN scroll. The emulator's own menu (the bar under the screen) "
            "can change the keys.")
    text = (WEB_DIR / "play.html").read_text()
    for name, value in (("TITLE", html.escape(title)), ("KEYS", rows), ("NOTE", html.escape(note)),
                        ("CONFIG", json.dumps(config).replace("</", "<\\/"))):
        text = text.replace(f"@@{name}@@", value)
    return text.encode()


class Server(ThreadingHTTPServer):
    """The page's server on 127.0.0.1 (`port` 0: a free one).  `requests`
    lists every path asked for, with its status (the tests check them)."""
    daemon_threads = True

    def __init__(self, image: Path, console: str, port: int = 0, log=None):
        self.image, self.console = Path(image).resolve(), console
        self.packages = check_installed(web_consoles()[console])
        if not self.image.is_file():
            raise UserError(f"play: {image}: no such file")
        self.page = page(console, self.image)
        self.log = log
        self.requests = []
        self.lock = threading.Lock()
        try:
            super().__init__(("127.0.0.1", port), Handler)
        except OSError as exc:
            raise UserError(f"play: cannot listen on 127.0.0.1:{port}: {exc.strerror}") from exc

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def resolve(self, path: str):
        """A request's path -> (bytes or file Path, content type), or None (404)."""
        if path in ("/", "/index.html"):
            return self.page, "text/html; charset=utf-8"
        if path == "/play.js":
            return WEB_DIR / "play.js", "text/javascript"
        if path == "/game/" + self.image.name:
            return self.image, "application/octet-stream"
        if path.startswith("/ejs/cores/"):
            # EmulatorJS asks for cores/<core>-[thread-][legacy-]wasm.data and cores/reports/<core>.json;
            # npm puts each core in a package of its own
            name = path[len("/ejs/cores/"):]
            core = web_consoles()[self.console].core
            if name == f"reports/{core}.json" or (name.startswith(core + "-") and name.endswith("-wasm.data")
                                                  and "/" not in name):
                return within(self.packages / f"core-{core}", name), None
            return None
        if path.startswith("/ejs/"):
            return within(self.packages / "emulatorjs" / "data", path[len("/ejs/"):]), None
        return None


def within(base: Path, rel: str):
    """base/rel when that is a file inside base (never above it), else None."""
    p = (base / rel).resolve()
    return p if p.is_file() and p.is_relative_to(base.resolve()) else None


class Handler(SimpleHTTPRequestHandler):
    server: Server

    def do_GET(self):
        self.answer(body=True)

    def do_HEAD(self):
        self.answer(body=False)

    def answer(self, body: bool):
        path = unquote(urlsplit(self.path).path)
        found = self.server.resolve(path)
        what = found[0] if found else None
        if what is None:
            self.send_error(404)
            return
        data = what if isinstance(what, bytes) else what.read_bytes()
        ctype = found[1] or mimetypes.guess_type(str(what))[0] or "application/octet-stream"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")   # a rebuilt image is the one played
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_request(self, code="-", size="-"):
        with self.server.lock:
            self.server.requests.append((self.command, self.path, int(code) if str(code).isdigit() else code))
        if self.server.log:
            self.server.log(f'play: {self.command} {self.path} {code}')

    def log_message(self, format, *args):   # noqa: A002 - the base class's name
        if self.server.log:
            self.server.log("play: " + format % args)


def serve(image: Path, console: str, port: int = 0, open_browser: bool = False, log=None, stream=sys.stdout) -> int:
    """Serves the page until Ctrl-C; -> 0."""
    with Server(image, console, port, log) as server:
        web = web_consoles()[console]
        print(f"{server.url}  {image} in {web.emulator} (EmulatorJS {EMULATORJS_VERSION}); Ctrl-C stops the server",
              file=stream, flush=True)
        print("keys: " + ", ".join(f"{k.button} {k.key}" for k in web.keys), file=stream, flush=True)
        if open_browser:
            import webbrowser
            webbrowser.open(server.url)
        try:
            server.serve_forever(poll_interval=0.2)
        except KeyboardInterrupt:
            print("play: stopped", file=sys.stderr)
    return 0
