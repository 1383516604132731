# SPDX-License-Identifier: MIT
"""The GBA's ROM image: the shared application (src/engine/rom/) on the GBA
platform (src/platform/rom/gba/), every algorithm compiled as the `gba`
target compiles it (targets/gba.toml: arm-none-eabi-gcc, Thumb, -O2, code
and constants in cartridge ROM, data in IWRAM, WAITCNT at its power-on
value), so that the ROM's timer figures and `hashbench cross --target gba`'s
exact cycles measure the same code.

The image: objcopy's binary of the ELF, padded with 0xFF to a power of two
(at least 256 KiB, as flash carts and emulators expect whole chip sizes),
the header's complement check filled in (hashbench/build/gbarom.py); no
Nintendo logo (not ours to copy: a real console's BIOS refuses the ROM,
emulators and flash carts that patch the logo in accept it).  Save type:
32 KiB SRAM, announced by the "SRAM_V113" tag after the header."""
import hashlib

from ..build import cache, gbarom
from ..build.gcc import STD, tool
from ..errors import BuildError
from ..paths import BUILD, ROOT
from ..targets import load_all
from . import image

NAME = "gba"
RUN_TARGET = "gba-rom"      # the target stored runs are named by
CORE = "mgba"               # hashbench.rom.libretro.core_path
PLATFORM = ("src/platform/rom/gba/platform.c",)
CRT0 = "src/platform/rom/gba/crt0.s"
CONFIG_DIR = "src/platform/rom/gba"
MIN_IMAGE = 256 * 1024
MAX_IMAGE = 32 * 1024 * 1024
CLOCK_HZ = 16777216
SAVE_BYTES = 32 * 1024
TITLE = "GBA (ARM7TDMI 16.78 MHz, Thumb, code in ROM): the ROM image's own timer"
COLS, ROWS = 30, 20           # the text screen (src/platform/rom/gba/hb_rom_config.h)


def target():
    return load_all()["gba"]


def compiler() -> str:
    return cache.tool_version(target().cc)


def flags() -> str:
    return " ".join(target().cflags)


def can_build(algo):
    """None: every algorithm builds for the ARM7TDMI (64-bit types included)."""
    return None


def build(plan: image.Plan, log=lambda m: None, save_bytes: int = SAVE_BYTES) -> image.Built:
    t = target()
    key = hashlib.sha256(repr([(r.algo.id, r.impl) for r in plan.rows] + [plan.size, plan.budget_ms, save_bytes])
                         .encode())
    folder = BUILD / "rom" / NAME / key.hexdigest()[:16]
    generated = image.write_generated(plan, folder / "gen")
    sources = [CRT0] + list(PLATFORM) + list(image.ENGINE_SOURCES) + plan.sources() + \
        [cache.rel(generated[1])]
    defines = [] if save_bytes == SAVE_BYTES else [f"-DHB_GBA_SAVE_BYTES={save_bytes}u"]
    includes = defines + ["-I" + CONFIG_DIR] + ["-I" + d for d in image.INCLUDES] + ["-I" + cache.rel(folder / "gen")]
    elf = folder / "hashbench.elf"
    cmd = ([t.cc] + STD + list(t.cflags) + includes + ["-nostartfiles", "-T", t.linker_script,
                                                       "-Wl,--gc-sections", "-Wl,-Map=" + cache.rel(folder / "map.txt"),
                                                       "-o", cache.rel(elf)] + sources + list(t.ldflags))
    headers = sorted(cache.rel(p) for d in image.INCLUDES + (CONFIG_DIR,) for p in (ROOT / d).glob("*.h"))
    log(f"rom: building the GBA image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    cache.cached(elf, cmd, sources + headers + [cache.rel(generated[0]), t.linker_script], cache.tool_version(t.cc),
                 log)
    raw = folder / "hashbench.bin"
    proc = cache.run([tool(t, "objcopy"), "-O", "binary", cache.rel(elf), cache.rel(raw)])
    if proc.returncode != 0:
        raise BuildError("rom: objcopy failed: " + cache.why(proc.stderr))
    data = raw.read_bytes()
    if len(data) > MAX_IMAGE:
        raise BuildError(f"rom: the image is {len(data)} bytes, more than the GBA's 32 MiB of cartridge ROM")
    padded = MIN_IMAGE
    while padded < len(data):
        padded *= 2
    rom = folder / "hashbench.gba"
    rom.write_bytes(data + b"\xff" * (padded - len(data)))
    gbarom.fix(rom)
    text, dat, bss = section_sizes(t, elf)
    return image.Built(rom, len(data), padded, text, dat + bss)


def section_sizes(t, elf):
    out = cache.run([tool(t, "size"), "-B", str(elf)]).stdout.splitlines()
    text, data, bss = (int(x) for x in out[1].split()[:3])
    return text, data, bss


def describe(built: image.Built) -> str:
    return (f"{built.image_bytes // 1024} KiB image ({built.used_bytes} bytes used, padded with 0xFF; "
            f"{built.ram_bytes} bytes of IWRAM), 32 KiB SRAM for the records")

