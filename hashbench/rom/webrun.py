# SPDX-License-Identifier: MIT
"""A ROM image run in its browser page (hashbench.rom.play) by Debian's
headless Chromium through its WebDriver (chromium-driver, Selenium): the
same pass as the headless libretro runs (hashbench.rom.run), in the
WebAssembly builds of the cores EmulatorJS publishes on npm, melonDS among
them, which no Debian package carries.

    with Page(image_path, nds.CONSOLE) as page:    # server, browser, the game started
        page.run(60)                         # 60 more frames of the emulator's
        page.press("a")
        page.records()                       # bytes: save RAM, or the NDS's records area
        page.frame()                         # (width, height, rows of (r, g, b)), the core's own frame

A Page is a driver.Driver: hashbench.rom.run.measure runs the same pass
in it as in a headless core, so that flow.run_image stores a browser run as
it stores a headless one (`in_browser(console)`: the console declared to
run there).  The
emulator runs on its own in the page (fast-forward, no frame limit); the
host only watches its frame counter, so `run(n)` waits for n frames rather
than stepping them.  Emulated seconds are frames over the console's refresh
rate (its Web's fps).

The browser is kept off the network: every host name but 127.0.0.1
resolves to nothing, and `off_host()` lists any request that went
elsewhere all the same (the tests require none)."""
import base64
import io
import json
import shutil
import threading
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import BuildError, UserError
from . import libretro
from .play import EMULATORJS_VERSION, Server, check_installed

START_LIMIT_S = 60.0      # page load to the game running
STALL_LIMIT_S = 30.0      # wall seconds without a new frame: the emulator stopped
POLL_S = 0.5              # wall seconds between looks at the records


def browser_paths():
    """(chromium, chromedriver), or UserError saying what to install."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not binary or not driver:
        raise UserError("play: headless Chromium is not installed (Debian packages chromium and chromium-driver; "
                        "scripts/setup.sh installs them)")
    try:
        import selenium  # noqa: F401 - only whether it is there
    except ImportError as exc:
        raise UserError("play: the selenium package is not installed (pip install 'hashbench[rom]')") from exc
    return binary, driver


def start_chromium(binary: str, driver: str):
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900",
                "--autoplay-policy=no-user-gesture-required", "--mute-audio",
                # nothing but the page's server answers: any other host name resolves to nothing
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--disable-domain-reliability"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        return webdriver.Chrome(service=Service(driver), options=opts)   # the driver named: nothing downloaded
    except WebDriverException as exc:
        raise BuildError(f"play: headless Chromium did not start: {str(exc).strip().splitlines()[0]}") from exc


class Page:
    """The page's server, headless Chromium on it, the game started (with
    `fast`: the emulator's fast-forward on, without a frame limit); `con`
    is the image's console (a hashbench.rom.console.Console with a `web`).
    A driver.Driver."""
    takes_input = True
    done_when_drawn = False

    def __init__(self, image: Path, con, fast: bool = True, url: str = None):
        """`url`: the page of a server already serving `image` (`hashbench play`), else one is started."""
        self.image, self.con, self.web, self.fast, self.url = Path(image), con, con.web, fast, url
        self.fps = self.web.fps
        self.server = self.driver = None
        self.log = []                           # the browser's console, as read so far
        self.requests = []                      # every URL the browser asked for

    def __enter__(self):
        binary, driver = browser_paths()
        if self.url is None:
            self.server = Server(self.image, self.con.name)
            threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
            self.url = self.server.url
        self.port = urlsplit(self.url).port
        try:
            self.driver = start_chromium(binary, driver)
            self.driver.set_script_timeout(60)
            self.driver.get(self.url)
            self.wait_started()
            if self.fast:
                self.js("EJS_emulator.gameManager.setFastForwardRatio(0); "
                        "EJS_emulator.gameManager.toggleFastForward(1);")
            self.start_frame = self.frames()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        if self.driver:
            try:
                self.collect_logs()
            finally:
                self.driver.quit()
                self.driver = None
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None
        return False

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def wait_started(self):
        t0 = time.monotonic()
        while True:
            started, error = self.js("return window.hb ? [hb.started, hb.error] : [false, null]")
            if error:
                raise BuildError(f"play: EmulatorJS could not start the image: {error}")
            if started:
                return
            if time.monotonic() - t0 > START_LIMIT_S:
                self.collect_logs()
                errors = "; ".join(e["message"] for e in self.errors()) or "no error in the console"
                raise BuildError(f"play: the {self.web.emulator} core did not start in "
                                 f"{START_LIMIT_S:.0f} s ({errors})")
            time.sleep(0.2)

    # ---- a driver.Driver, as the headless cores are ----

    def frames(self) -> int:
        return int(self.js("return EJS_emulator.gameManager.getFrameNum()"))

    @property
    def seconds(self) -> float:
        """Emulated seconds since the game started."""
        return (self.frames() - self.start_frame) / self.fps

    def run(self, frames: int, capture: bool = False):
        """Waits until the emulator has run `frames` more frames."""
        start = last = self.frames()
        t_last = time.monotonic()
        while last - start < frames:
            time.sleep(0.02)
            now = self.frames()
            if now != last:
                last, t_last = now, time.monotonic()
            elif time.monotonic() - t_last > STALL_LIMIT_S:
                raise BuildError(f"play: the emulator stopped: no new frame in {STALL_LIMIT_S:.0f} s")

    def press(self, button: str, hold: int = 3, release: int = 3):
        pad = libretro.BUTTONS[button]
        self.js("EJS_emulator.gameManager.simulateInput(0, arguments[0], 1)", pad)
        self.run(hold)
        self.js("EJS_emulator.gameManager.simulateInput(0, arguments[0], 0)", pad)
        self.run(release)

    def frame(self):
        """The core's current frame at its own size (RetroArch's screenshot, no scaling)."""
        from PIL import Image
        png = base64.b64decode(self.driver.execute_async_script("hb.screenshot(arguments[0])"))
        img = Image.open(io.BytesIO(png)).convert("RGB")
        w, h = img.size
        data = img.tobytes()
        px = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
        return w, h, [px[y * w:(y + 1) * w] for y in range(h)]

    def records(self) -> bytes:
        """Where the ROM writes its records: the cartridge's save RAM from the
        console's records_offset, or where its `web` says they lie in the
        core's save state (the NDS's main RAM, found in melonDS's state by
        the ARM9 binary's first bytes)."""
        if self.web.records_in_state:
            needle, offset, length = self.web.records_in_state(self.image)
            got = self.js("return hb.stateSlice(arguments[0], arguments[1], arguments[2])",
                          base64.b64encode(needle).decode(), offset, length)
            if got is None:
                raise BuildError("play: the records' place was not found (once) in the core's state")
            return base64.b64decode(got)
        got = self.js("return hb.saveRam()")
        return base64.b64decode(got)[self.con.records_offset:] if got else b""

    def check(self):
        """A measured run fails where the page's console shows an error or
        the page asked for anything but its own server."""
        self.collect_logs()
        if self.off_host():
            raise BuildError(f"play: the page asked for {self.off_host()[0]}: only its own server may answer")
        if self.errors():
            raise BuildError(f"play: the page's console says: {self.errors()[0]['message']}")

    # ---- what the browser saw ----

    def collect_logs(self):
        for e in self.driver.get_log("browser"):
            self.log.append(e)
        for e in self.driver.get_log("performance"):
            m = json.loads(e["message"])["message"]
            if m["method"] == "Network.requestWillBeSent":
                self.requests.append(m["params"]["request"]["url"])
            elif m["method"] == "Network.webSocketCreated":
                self.requests.append(m["params"]["url"])

    def errors(self) -> list:
        """The console's errors (level SEVERE)."""
        return [e for e in self.log if e["level"] == "SEVERE"]

    def off_host(self) -> list:
        """Requests to anywhere but the page's server (blob: and data: URLs are the page's own)."""
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("blob", "data"):
                continue
            if parts.hostname != "127.0.0.1" or parts.port != self.port:
                out.append(url)
        return out


def open_page(con, rom, log=lambda m: None, limit_s: float = 0.0) -> Page:
    """The console's Console.driver in the browser: its page, to be entered."""
    log(f"rom: {rom} in {con.web.emulator} (EmulatorJS {EMULATORJS_VERSION}) in headless Chromium")
    return Page(rom, con)


def emulators(con) -> dict:
    """`--emulator` names for a console -> the page's core, or None for the
    headless run: its headless emulator's, its page's core's, and `web`
    for the page's whatever it is."""
    out = {con.emulator: None}
    if con.web and con.web.measures:
        out[con.web.core] = out["web"] = con.web.core
    return out


def chromium_version(binary: str) -> str:
    import subprocess
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30).stdout.split()
    except (OSError, subprocess.TimeoutExpired):
        return "Chromium"
    return " ".join(out[:2]) if out else "Chromium"


def in_browser(con):
    """The console declared to run in its browser page: its own stored
    target (the console's run target and the core: nds-rom-melonds), its
    runner, its page as the driver, and what it needs checked before a run."""
    web = con.web

    def find():
        check_installed(web)
        browser_paths()
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    browser = f"headless {chromium_version(binary)}" if binary else "headless Chromium"
    return replace(con, run_target=f"{con.run_target}-{web.core}", driver=open_page, find_emulator=find,
                   records=None,
                   runner=f"{web.emulator} ({web.core} libretro core of EmulatorJS {EMULATORJS_VERSION}, "
                          f"WebAssembly, fast-forward) in {browser}")
