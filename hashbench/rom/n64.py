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
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

from ..errors import BuildError, UserError
from ..toolchain import cache, n64rom
from ..toolchain.gcc import expand
from . import headless, image, screen
from .console import ARROWS, START, Console, Key, Web, chip

EMULATOR = "/usr/games/mupen64plus"
EMULATOR_PACKAGES = "mupen64plus-ui-console libmupen64plus2"
EMULATOR_DATA = "/usr/share/games/mupen64plus"
PLATFORM = (image.RECORDS_STREAM, "src/platform/rom/n64/platform.c", "src/platform/guest/n64/sys.c")
CRT0 = "src/platform/rom/n64/crt0.S"
BOOT = "src/platform/rom/n64/boot.S"
LINKER_SCRIPT = "src/platform/rom/n64/n64.ld"
BOOT_LINKER_SCRIPT = "src/platform/rom/n64/boot.ld"
CONFIG_DIR = "src/platform/rom/n64"
COUNT_HZ = 93750000 // 2          # COP0 Count: half the VR4300's clock
MAX_PROGRAM = 0x2FFC00            # RDRAM from 0x400 below the frame buffer (n64.ld)
RECORDS_BYTES = 0x7000            # SRAM 0x0000-0x6FFF (platform.c)
SCREEN_AT = 0x7000                # SRAM 0x7000: the screen's copy


def cflags() -> list:
    t = CONSOLE.description()
    return expand(t, t.cflags)


def build(plan: image.Plan, log=lambda m: None) -> image.Built:
    t = CONSOLE.description()
    folder = image.build_folder(CONSOLE.name, plan)
    boot_elf = folder / "boot.elf"
    link = ["-nostdlib", "-static", "-Wl,--gc-sections", "-Wl,--build-id=none"]
    log(f"rom: building the N64 image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    elf = image.link_elf(CONSOLE, plan, folder, folder / "hashbench.elf", t.cc, cflags(), CONFIG_DIR, [CRT0, *PLATFORM],
                         LINKER_SCRIPT, link, log, header_dirs=("src/platform/guest/n64/include",))
    boot_cmd = [t.cc] + cflags() + link + ["-T", BOOT_LINKER_SCRIPT, "-o", cache.rel(boot_elf), BOOT]
    cache.cached(boot_elf, boot_cmd, [BOOT, BOOT_LINKER_SCRIPT], CONSOLE.compiler(), log)
    program = image.objcopy_binary(t.cc, elf, folder / "program.bin")
    if len(program) > MAX_PROGRAM:
        raise BuildError(f"rom: the program is {len(program)} bytes, more than RDRAM below the frame buffer holds")
    rom = folder / "hashbench.z64"
    image.write_image(rom, n64rom.build(image.objcopy_binary(t.cc, boot_elf, folder / "boot.bin"), program))
    text, dat, bss = image.section_sizes(t.cc, elf)
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


# mupen64plus's Count does not count cycles: it advances CountPerOp a retired instruction, whatever
# the instruction (its interpreter has no cycle model), so under it the ROM's "cycles" (two a Count
# tick, as on the console) are 2 x CountPerOp x the instructions.  Set here to mupen64plus's own default,
# 2, deliberately and on the command line, so that no configuration file changes what the figures
# are: four times the instruction count (docs/roms.md, "The N64 image").
COUNT_PER_OP = 2


class Mupen(headless.Emulator):
    """mupen64plus on the image, headless (a driver.Driver): its records and
    the screen's copy read from the SRAM file it rewrites; emulated seconds
    from the screen copy's Count."""
    done_when_drawn = True   # the screen's copy shows the table some frames after the `done` record

    def __init__(self, rom, limit_s: float):
        self.work = Path(tempfile.mkdtemp(prefix="hashbench-mupen64plus-"))
        cmd = [emulator(), "--nospeedlimit", "--noosd", "--nosaveoptions", "--gfx", "dummy", "--audio", "dummy",
               "--input", "dummy", "--rsp", "dummy", "--emumode", "0", "--configdir", str(self.work),
               "--datadir", EMULATOR_DATA, "--set", f"Core[SaveSRAMPath]={self.work}",
               "--set", f"Core[SaveStatePath]={self.work}", "--set", f"Core[ScreenshotPath]={self.work}",
               "--set", f"Core[CountPerOp]={COUNT_PER_OP}", str(rom)]
        super().__init__("mupen64plus", cmd, limit_s, stdout=subprocess.DEVNULL)
        self.shown = None    # (lines, Count, frames) of the screen's copy, the latest read

    def __exit__(self, *exc):
        try:
            return super().__exit__(*exc)
        finally:
            shutil.rmtree(self.work, ignore_errors=True)

    def read(self) -> bytes:
        sram = sram_bytes(b"".join(p.read_bytes() for p in self.work.glob("*.sra")))
        self.shown = parse_screen(sram) or self.shown
        return sram[:RECORDS_BYTES]

    @property
    def seconds(self) -> float:
        return self.shown[1] / COUNT_HZ if self.shown else 0.0

    def frame(self):
        return render(self.shown[0] if self.shown else [" " * CONSOLE.cols] * CONSOLE.rows)


def driver(con, rom, log=lambda m: None, limit_s: float = 3600.0) -> Mupen:
    return Mupen(rom, limit_s)


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


CONSOLE = Console(
    name="n64", run_target="n64-rom", target="n64", build=build, describe=describe,
    timer="COP0 Count",
    title=f"N64 ({chip('n64')}, caches on): the ROM image's own timer (COP0 Count; under mupen64plus, "
          "CountPerOp 2: 4 'cycles' a retired instruction, not the VR4300's cycles)",
    screen=(40, 30),             # the 320x240 frame buffer
    decimal=True,                # "8.4M": gcc-built, room for put_uint's decimal
    emulator="mupen64plus", driver=driver, find_emulator=emulator,
    runner="mupen64plus-ui-console 2.5.9 (dummy video, input, audio and RSP; pure interpreter; headless; "
           "CountPerOp 2: Count advances 2 a retired instruction, whatever the instruction)",
    # the page plays it only: mupen64plus-next's keys (N64 A on RetroPad B, B on Y, Z on L2: its default
    # map); GLideN64 draws our frame buffer without its first column, and its SRAM is not read back
    web=Web("mupen64plus_next", "mupen64plus-next", (".z64",), 60.0,
            (Key("A", 0, "x"), Key("B", 1, "s"), Key("Z (SELECT)", 12, "tab"), START, *ARROWS),
            {"mupen64plus-43screensize": "320x240", "mupen64plus-EnableOverscan": "Disabled"}, measures=False))
