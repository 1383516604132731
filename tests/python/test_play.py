# SPDX-License-Identifier: MIT
"""`hashbench play` without a browser: the page (the console's core, its
keys), what the server answers and refuses, the command line's errors, and
Ctrl-C.  npm's packages are stood in for by a folder of small files
($HASHBENCH_EMULATORJS), so none of this needs npm; tests/python/
test_play_browser.py boots the real ones."""
import json
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from cli_util import ENV, hb

from hashbench.errors import UserError
from hashbench.paths import ROOT
from hashbench.rom import play


@pytest.fixture
def packages(tmp_path, monkeypatch):
    """A stand-in node_modules: the front end and the mGBA core, a few bytes each."""
    base = tmp_path / "node_modules" / "@emulatorjs"
    for rel, text in (("emulatorjs/package.json", "{}"), ("emulatorjs/data/src/emulator.js", "// front end"),
                      ("core-mgba/package.json", "{}"), ("core-mgba/mgba-wasm.data", "core"),
                      ("core-mgba/reports/mgba.json", '{"core": "mgba"}')):
        (base / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / rel).write_text(text)
    (tmp_path / "secret.txt").write_text("not served")
    monkeypatch.setenv("HASHBENCH_EMULATORJS", str(tmp_path / "node_modules"))
    image = tmp_path / "hb.gba"
    image.write_bytes(b"\x2e\x00\x00\xea" + bytes(252))
    return tmp_path, image


def get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("Content-Type"), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, None, b""


def test_the_console_comes_from_the_extension_or_is_named():
    assert play.console_for(ROOT / "hb.gba") == "gba" and play.console_for(ROOT / "x.NDS") == "nds"
    assert play.console_for(ROOT / "rom.bin", "nes") == "nes"
    with pytest.raises(UserError, match="extension"):
        play.console_for(ROOT / "rom.bin")
    assert play.console_for(ROOT / "hb.z64") == "n64"
    with pytest.raises(UserError, match="no browser core for nucleo-f767"):
        play.console_for(ROOT / "hb.elf", "nucleo-f767")


@pytest.mark.parametrize("console", ["gba", "gb", "nes", "snes", "nds", "n64"])
def test_the_page_names_its_core_and_shows_the_keys(console, tmp_path):
    image = tmp_path / f"hb.{console}"
    text = play.page(console, image).decode()
    config = json.loads(re.search(r"window\.HB_PLAY = (.*?);</script>", text).group(1))
    web = play.web_consoles()[console]
    assert config["core"] == web.core and config["gameUrl"] == f"game/hb.{console}"
    assert config["coreOptions"] == web.options
    shown = dict(re.findall(r"<tr><td>([^<]+)</td><td><kbd>([^<]+)</kbd></td></tr>", text))
    assert shown == {k.button: k.key for k in web.keys}
    # the buttons the application reads: A, B, SELECT (the N64's Z), START, the pad
    assert {"A", "B", "START", "UP", "DOWN", "LEFT", "RIGHT"} <= set(shown) and ("SELECT" in shown or "Z (SELECT)" in shown)
    assert {k["id"]: k["key"] for k in config["keys"]} == {k.retropad: k.key for k in web.keys}
    assert "@@" not in text and web.emulator in text
    # everything the page names is on its own server
    assert not re.search(r'(src|href)="(https?:)?//', text)


def test_the_server_answers_the_page_the_front_end_the_core_and_the_image_only(packages):
    tmp, image = packages
    with play.Server(image, "gba") as server:
        import threading
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = server.url
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
        status, ctype, body = get(url)
        assert status == 200 and ctype.startswith("text/html") and b"mGBA" in body
        assert get(url + "play.js")[0] == 200
        assert get(url + "game/hb.gba")[2] == image.read_bytes()
        assert get(url + "ejs/src/emulator.js")[2] == b"// front end"
        assert get(url + "ejs/cores/mgba-wasm.data")[2] == b"core"
        assert get(url + "ejs/cores/reports/mgba.json")[0] == 200
        for path in ("ejs/cores/melonds-wasm.data", "game/other.gba", "ejs/../../secret.txt",
                     "ejs/%2e%2e/%2e%2e/%2e%2e/secret.txt", "ejs/cores/../../core-mgba/package.json", "nothing"):
            assert get(url + path)[0] == 404, path
        server.shutdown()
    assert ("GET", "/", 200) in server.requests


def test_a_name_with_odd_characters_is_served_and_a_busy_port_refused(packages):
    tmp, image = packages
    odd = image.rename(tmp / "my rom #1?.gba")
    import threading
    with play.Server(odd, "gba") as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        config = json.loads(re.search(r"window\.HB_PLAY = (.*?);</script>", get(server.url)[2].decode()).group(1))
        assert get(server.url + config["gameUrl"])[2] == odd.read_bytes()
        with pytest.raises(UserError, match=f"cannot listen on 127.0.0.1:{server.server_address[1]}"):
            play.Server(odd, "gba", port=server.server_address[1])
        server.shutdown()


def test_missing_packages_say_what_to_run(packages, monkeypatch, tmp_path):
    _, image = packages
    monkeypatch.setenv("HASHBENCH_EMULATORJS", str(tmp_path / "none"))
    with pytest.raises(UserError, match=r"@emulatorjs/emulatorjs, @emulatorjs/core-mgba not installed.*setup\.sh"):
        play.Server(image, "gba")


@pytest.mark.parametrize("args, said", [
    (["play", "/nonexistent/hb.gba"], "no such file"),
    (["play", "README.md"], "cannot tell the console"),
    (["play", "README.md", "--target", "nucleo-f767"], "no browser core for nucleo-f767"),
    (["play", "README.md", "--target", "gba", "--port", "70000"], "--port 70000"),
    (["rom", "--target", "nucleo-f767", "-o", "/tmp/hb.elf", "--play"], "no browser core for nucleo-f767"),
    (["rom", "--target", "n64", "-o", "/tmp/hb.z64", "--run", "--emulator", "web"], "the n64 runs in mupen64plus"),
    (["rom", "--target", "gba", "-o", "/tmp/hb.gba", "--emulator", "melonds"], "--emulator goes with --run"),
    (["rom", "--target", "gba", "-o", "/tmp/hb.gba", "--run", "--emulator", "melonds"], "the gba runs in mgba, web"),
    (["rom", "--target", "gba", "-o", "/tmp/hb.gba", "--open"], "go with --play"),
])
def test_bad_input_is_one_line_and_exit_2(args, said):
    code, out, err = hb(*args)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err


def test_ctrl_c_stops_the_server(packages):
    tmp, image = packages
    env = dict(ENV, HASHBENCH_EMULATORJS=str(tmp / "node_modules"))
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", "play", str(image)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # not inherited ignored
    try:
        first = proc.stdout.readline()
        url = first.split()[0]
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url) and "Ctrl-C" in first
        assert "A z" in proc.stdout.readline()
        assert get(url)[0] == 200
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "stopped" in err and "Traceback" not in err
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)
