# SPDX-License-Identifier: MIT
"""The Nintendo 64's ROM image: the shared application (src/engine/rom/) on
the N64 platform (src/platform/rom/n64/: our boot code, the VI frame
buffer and text, the PIF joypad, COP0 Count, SRAM records), every algorithm
compiled as the `n64` target compiles it (targets/n64.toml: Debian's
mips64-linux-gnuabi64-gcc, -march=vr4300, n64 ABI with 32-bit addresses,
-O2, freestanding), code and data in RDRAM through the caches (KSEG0), so
that the ROM's timer and `hashbench cross --target n64` measure the same
code.

--run boots it in Debian's mupen64plus (mupen64plus-ui-console, its
built-in dummy video, audio, input and RSP plugins, the pure interpreter),
headless: mupen64plus's high-level PIF boot runs our boot code as the
console would (no PIF ROM, no CIC check), and keeps the cartridge's SRAM in
a file it rewrites at every write, which the host polls.  The dummy video
shows no picture, so the platform also copies the screen's characters into
SRAM every frame, and the host checks those and renders the screenshot from
them with the font (the ROM's character buffer, not the emulator's video).
No input either: the image starts by itself after about 5 s, and only the
first page of the table is seen."""
import hashlib
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..build import cache, n64rom
from ..build.gcc import STD, expand
from ..errors import BuildError, UserError
from ..paths import BUILD, ROOT
from ..targets import load_all
from . import image, run, screen

NAME = "n64"
RUN_TARGET = "n64-rom"
CORE = "mupen64plus"
RUNNER = "mupen64plus-ui-console 2.5.9 (dummy video, input, audio and RSP; pure interpreter; headless)"
EMULATOR = "/usr/games/mupen64plus"
EMULATOR_PACKAGES = "mupen64plus-ui-console libmupen64plus2"
EMULATOR_DATA = "/usr/share/games/mupen64plus"
PLATFORM = ("src/platform/rom/n64/platform.c", "src/platform/guest/n64/sys.c")
CRT0 = "src/platform/rom/n64/crt0.S"
BOOT = "src/platform/rom/n64/boot.S"
LINKER_SCRIPT = "src/platform/rom/n64/n64.ld"
BOOT_LINKER_SCRIPT = "src/platform/rom/n64/boot.ld"
CONFIG_DIR = "src/platform/rom/n64"
EXTRA_FLAGS = []   # exactly the target's flags: -fdata-sections would change ARM code (no section anchors)
CLOCK_HZ = 93750000
COUNT_HZ = CLOCK_HZ // 2
MAX_PROGRAM = 0x2FFC00            # RDRAM from 0x400 below the frame buffer (n64.ld)
RECORDS_BYTES = 0x7000            # SRAM 0x0000-0x6FFF (platform.c)
SCREEN_AT = 0x7000                # SRAM 0x7000: the screen's copy
TITLE = "N64 (VR4300 93.75 MHz, caches on): the ROM image's own timer (COP0 Count)"
COLS, ROWS = 40, 30               # the frame buffer's cells (src/platform/rom/n64/hb_rom_config.h)
POLL_S = 0.25


def target():
    return load_all()["n64"]


def cflags() -> list:
    return expand(target(), target().cflags) + EXTRA_FLAGS


def compiler() -> str:
    return cache.tool_version(target().cc)


def flags() -> str:
    return " ".join(target().cflags + EXTRA_FLAGS)


def can_build(algo):
    """None: every algorithm builds for the VR4300."""
    return None


def tool(name: str) -> str:
    return target().cc[:-3] + name


def objcopy(elf: Path, out: Path):
    proc = cache.run([tool("objcopy"), "-O", "binary", cache.rel(elf), cache.rel(out)])
    if proc.returncode != 0:
        raise BuildError("rom: objcopy failed: " + cache.why(proc.stderr))
    return out.read_bytes()


def build(plan: image.Plan, log=lambda m: None) -> image.Built:
    t = target()
    key = hashlib.sha256(repr([(r.algo.id, r.impl) for r in plan.rows] + [plan.size, plan.budget_ms]).encode())
    folder = BUILD / "rom" / NAME / key.hexdigest()[:16]
    generated = image.write_generated(plan, folder / "gen")
    sources = [CRT0] + list(PLATFORM) + list(image.ENGINE_SOURCES) + plan.sources() + [cache.rel(generated[1])]
    includes = ["-I" + CONFIG_DIR] + ["-I" + d for d in image.INCLUDES] + ["-I" + cache.rel(folder / "gen")]
    elf, boot_elf = folder / "hashbench.elf", folder / "boot.elf"
    link = ["-nostdlib", "-static", "-Wl,--gc-sections", "-Wl,--build-id=none"]
    cmd = ([t.cc] + STD + cflags() + includes + link + ["-T", LINKER_SCRIPT, "-Wl,-Map=" + cache.rel(folder / "map.txt"),
                                                         "-o", cache.rel(elf)] + sources)
    headers = sorted(cache.rel(p) for d in image.INCLUDES + (CONFIG_DIR, "src/platform/guest/n64/include")
                     for p in (ROOT / d).glob("*.h"))
    log(f"rom: building the N64 image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    cache.cached(elf, cmd, sources + headers + [cache.rel(generated[0]), LINKER_SCRIPT], compiler(), log)
    boot_cmd = [t.cc] + cflags() + link + ["-T", BOOT_LINKER_SCRIPT, "-o", cache.rel(boot_elf), BOOT]
    cache.cached(boot_elf, boot_cmd, [BOOT, BOOT_LINKER_SCRIPT], compiler(), log)
    program = objcopy(elf, folder / "program.bin")
    if len(program) > MAX_PROGRAM:
        raise BuildError(f"rom: the program is {len(program)} bytes, more than RDRAM below the frame buffer holds")
    rom = folder / "hashbench.z64"
    rom.write_bytes(n64rom.build(objcopy(boot_elf, folder / "boot.bin"), program))
    size = cache.run([tool("size"), "-B", str(elf)]).stdout.splitlines()
    text, dat, bss = (int(x) for x in size[1].split()[:3])
    return image.Built(rom, len(program), rom.stat().st_size, text, dat + bss)


def describe(built: image.Built) -> str:
    return (f"{built.image_bytes // 1024} KiB image (our boot code, a program of {built.used_bytes} bytes "
            f"copied to RDRAM, {built.ram_bytes} bytes of data and bss), 32 KiB SRAM for the records")


# ---- --run: mupen64plus, headless ----------------------------------------------------------------

def emulator() -> str:
    if not Path(EMULATOR).exists():
        raise UserError(f"{EMULATOR} is missing: install the Debian packages {EMULATOR_PACKAGES} "
                        "(scripts/setup.sh does)")
    return EMULATOR


def sram_bytes(saved: bytes) -> bytes:
    """mupen64plus keeps SRAM as 32-bit words in the host's (little-endian)
    order: the bytes as the cartridge holds them (big-endian)."""
    n = len(saved) // 4
    return struct.pack(f">{n}I", *struct.unpack(f"<{n}I", saved[:4 * n]))


def parse_screen(sram: bytes):
    """SRAM's copy of the screen -> (lines, the timer, frames) or None."""
    head = sram[SCREEN_AT:SCREEN_AT + 16]
    if len(head) < 16 or head[:8] != b"HBSCREEN":
        return None
    ticks, frames, cols, rows = struct.unpack(">IHBB", head[8:16])
    body = sram[SCREEN_AT + 16:SCREEN_AT + 16 + cols * rows].decode("ascii", "replace")
    return [body[i * cols:(i + 1) * cols] for i in range(rows)], ticks, frames


def play(console, rom, rows: int, budget_ms: int, log=lambda m: None, stream=sys.stderr, pages=True):
    """Runs the image in mupen64plus until SRAM holds the `done` record and
    the screen's copy shows the table -> run.Session (the screen's lines:
    the first page's rows)."""
    t0 = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="hashbench-mupen64plus-"))
    cmd = [emulator(), "--nospeedlimit", "--noosd", "--nosaveoptions", "--gfx", "dummy", "--audio", "dummy",
           "--input", "dummy", "--rsp", "dummy", "--emumode", "0", "--configdir", str(work),
           "--datadir", EMULATOR_DATA, "--set", f"Core[SaveSRAMPath]={work}", "--set", f"Core[SaveStatePath]={work}",
           "--set", f"Core[ScreenshotPath]={work}", str(rom)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    limit = run.limit_s(rows, budget_ms)
    text, shown, last, emulated = "", None, time.monotonic(), 0.0
    try:
        while True:
            sram = sram_bytes(b"".join(p.read_bytes() for p in work.glob("*.sra")))
            text = run.save_text(sram[:RECORDS_BYTES])
            shown = parse_screen(sram)
            emulated = shown[1] / COUNT_HZ if shown else 0.0
            if '{"rec":"done"' in text and shown and shown[0][-1].startswith("A:"):
                break
            if proc.poll() is not None:
                raise BuildError(f"rom: mupen64plus stopped (exit {proc.returncode}): "
                                 + cache.why(proc.stderr.read().decode(errors="replace")))
            if time.monotonic() - t0 > limit:
                raise BuildError(f"rom: no `done` record after {time.monotonic() - t0:.0f} s "
                                 f"({text.count('rom_result')}/{rows} rows written)")
            if stream and time.monotonic() - last >= run.PROGRESS_EVERY_S:
                print(f"{RUN_TARGET}: {emulated:.1f} s emulated, {text.count('rom_result')}/{rows} rows",
                      file=stream, flush=True)
                last = time.monotonic()
            time.sleep(POLL_S)
    except KeyboardInterrupt:
        text = text[:text.rfind("\n") + 1]
        return run.Session(run.parse(text), text, emulated, time.monotonic() - t0, interrupted=True)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    lines, ticks, _frames = shown
    session = run.Session(run.parse(text), text, ticks / COUNT_HZ, time.monotonic() - t0)
    visible = ROWS - run.TITLE_LINES - 1
    session.screen_lines = lines[run.TITLE_LINES:run.TITLE_LINES + min(rows, visible)]
    session.pages = [(render(lines), lines, 0)]
    session.screen_complete = rows <= visible
    return session


def render(lines):
    """A frame (as libretro.Core.frame gives one) drawn from the screen's
    characters with the font, in the platform's colours."""
    fg, bg = (255, 255, 255), (8, 16, 65)
    glyphs = screen.font.glyphs()
    width = len(lines[0]) * screen.CELL
    rows = []
    for line in lines:
        for y in range(screen.CELL):
            row = []
            for ch in line:
                bits = glyphs.get(ord(ch), glyphs[ord("?")])[y]
                row.extend(fg if bits & (0x80 >> x) else bg for x in range(screen.CELL))
            rows.append(row)
    return width, len(rows), rows
