# SPDX-License-Identifier: MIT
"""The Nintendo DS's ROM image: the shared application (src/engine/rom/) on
the ARM9 (src/platform/rom/nds/), every algorithm compiled with the `nds`
target's flags (targets/nds.toml: ARMv5TE, ARM state, -O2, tuned for the
ARM946E-S) by Debian's arm-none-eabi-gcc, code and data in main RAM with the
instruction and data caches on and the stack in the data TCM, as libnds
sets a DS program up and as the ARM946E-S cycle model
(data/cpu-models/arm946e-s-nds.toml) assumes.

The image (hashbench/build/ndsrom.py): our cartridge header with its CRC16s,
the ARM9 binary at 0x4000, an ARM7 stub after it; no Nintendo logo (not ours
to copy: the DS firmware refuses the cartridge, flash carts' loaders and
emulators' direct boot do not check it).  Records: 64 KiB of main RAM at
0x023E0000, read through the core's retro_get_memory_data(SYSTEM_RAM) (the
DeSmuME core exposes main RAM and no save RAM)."""
import hashlib

from ..build import cache, ndsrom
from ..build.gcc import STD
from ..errors import BuildError
from ..paths import BUILD, ROOT
from ..targets import load_all
from . import image, libretro

NAME = "nds"
RUN_TARGET = "nds-rom"
CORE = "desmume"
# the interpreter (DeSmuME's JIT runs blocks with its own cycle estimates), the upper screen above the lower
CORE_OPTIONS = {"desmume_cpu_mode": "interpreter", "desmume_screens_layout": "top/bottom",
                "desmume_advanced_timing": "enabled", "desmume_frameskip": "0"}
PLATFORM = ("src/platform/rom/nds/platform.c",)
CRT0 = "src/platform/rom/nds/crt0.s"
LINKER_SCRIPT = "src/platform/rom/nds/nds.ld"
CONFIG_DIR = "src/platform/rom/nds"
CC = "arm-none-eabi-gcc"
EXTRA_FLAGS = []   # exactly the target's flags: -fdata-sections would change ARM code (no section anchors)
LDFLAGS = ["--specs=nosys.specs", "-lgcc"]
CLOCK_HZ = 67027964          # the ARM9; its timers count the 33,513,982 Hz bus clock
RECORDS_AT = 0x023E0000 - 0x02000000   # offset in main RAM (platform.c)
RECORDS_BYTES = 0x10000
MAX_BINARY = 0x3E0000        # main RAM below the records (nds.ld)
TITLE = "NDS (ARM946E-S 67.03 MHz, ARM, caches on): the ROM image's own timer"
COLS, ROWS = 32, 24          # the upper screen (src/platform/rom/nds/hb_rom_config.h)


def target():
    return load_all()["nds"]


def cflags() -> list:
    return list(target().cflags) + EXTRA_FLAGS


def compiler() -> str:
    return cache.tool_version(CC)


def flags() -> str:
    return " ".join(cflags())


def can_build(algo):
    """None: every algorithm builds for the ARM946E-S."""
    return None


def records(core) -> bytes:
    """The records area of the emulated main RAM: through
    retro_get_memory_data(SYSTEM_RAM) where the core exposes it (DeSmuME's
    libretro core since 2018), else out of the core's serialized state
    (Debian's core, a 2016 snapshot, exposes no memory), where main RAM
    lies whole and uncompressed: found by the ARM9 binary's first bytes,
    which the loader put at its start."""
    ram = core.memory(libretro.MEMORY_SYSTEM_RAM)
    if len(ram) >= RECORDS_AT + RECORDS_BYTES:
        return ram[RECORDS_AT:RECORDS_AT + RECORDS_BYTES]
    state = core.state()
    start = state.find(arm9_head(core.rom))
    if start < 0 or state.find(arm9_head(core.rom), start + 1) >= 0:
        raise BuildError(f"rom: main RAM not found in the {CORE} core's state")
    return state[start + RECORDS_AT:start + RECORDS_AT + RECORDS_BYTES]


def arm9_head(rom, n: int = 256) -> bytes:
    data = rom.read_bytes()
    offset = int.from_bytes(data[0x20:0x24], "little")
    return data[offset:offset + n]


def build(plan: image.Plan, log=lambda m: None) -> image.Built:
    key = hashlib.sha256(repr([(r.algo.id, r.impl) for r in plan.rows] + [plan.size, plan.budget_ms]).encode())
    folder = BUILD / "rom" / NAME / key.hexdigest()[:16]
    generated = image.write_generated(plan, folder / "gen")
    sources = [CRT0] + list(PLATFORM) + list(image.ENGINE_SOURCES) + plan.sources() + [cache.rel(generated[1])]
    includes = ["-I" + CONFIG_DIR] + ["-I" + d for d in image.INCLUDES] + ["-I" + cache.rel(folder / "gen")]
    elf = folder / "hashbench.elf"
    cmd = ([CC] + STD + cflags() + includes + ["-nostartfiles", "-T", LINKER_SCRIPT, "-Wl,--gc-sections",
                                               "-Wl,-Map=" + cache.rel(folder / "map.txt"), "-o", cache.rel(elf)]
           + sources + LDFLAGS)
    headers = sorted(cache.rel(p) for d in image.INCLUDES + (CONFIG_DIR,) for p in (ROOT / d).glob("*.h"))
    log(f"rom: building the NDS image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    cache.cached(elf, cmd, sources + headers + [cache.rel(generated[0]), LINKER_SCRIPT], compiler(), log)
    raw = folder / "arm9.bin"
    proc = cache.run(["arm-none-eabi-objcopy", "-O", "binary", cache.rel(elf), cache.rel(raw)])
    if proc.returncode != 0:
        raise BuildError("rom: objcopy failed: " + cache.why(proc.stderr))
    arm9 = raw.read_bytes()
    if len(arm9) > MAX_BINARY:
        raise BuildError(f"rom: the ARM9 binary is {len(arm9)} bytes, more than main RAM below the records holds")
    rom = folder / "hashbench.nds"
    rom.write_bytes(ndsrom.build(arm9))
    size = cache.run(["arm-none-eabi-size", "-B", str(elf)]).stdout.splitlines()
    text, dat, bss = (int(x) for x in size[1].split()[:3])
    return image.Built(rom, len(arm9), rom.stat().st_size, text, dat + bss)


def describe(built: image.Built) -> str:
    return (f"{built.image_bytes // 1024} KiB image (an ARM9 binary of {built.used_bytes} bytes in main RAM, "
            f"{built.ram_bytes} bytes of data and bss; an ARM7 stub), records in 64 KiB of main RAM")
