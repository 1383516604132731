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
from ..build import gbarom
from ..errors import BuildError
from . import image
from .console import Console
from .play import L, R, Web, pad

PLATFORM = (image.RECORDS_STREAM, "src/platform/rom/hb_gba2d.c", "src/platform/rom/gba/platform.c")
CRT0 = "src/platform/rom/gba/crt0.s"
CONFIG_DIR = "src/platform/rom/gba"
MIN_IMAGE = 256 * 1024
MAX_IMAGE = 32 * 1024 * 1024
SAVE_BYTES = 32 * 1024


def build(plan: image.Plan, log=lambda m: None, save_bytes: int = SAVE_BYTES) -> image.Built:
    t = CONSOLE.description()
    folder = image.build_folder(CONSOLE.name, plan, save_bytes)
    defines = [] if save_bytes == SAVE_BYTES else [f"-DHB_GBA_SAVE_BYTES={save_bytes}u"]
    log(f"rom: building the GBA image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    elf = image.link_elf(CONSOLE, plan, folder, folder / "hashbench.elf", t.cc, list(t.cflags) + defines, CONFIG_DIR,
                         [CRT0, *PLATFORM], t.linker_script, ["-nostartfiles", "-Wl,--gc-sections", *t.ldflags], log)
    data = image.objcopy_binary(t.cc, elf, folder / "hashbench.bin")
    if len(data) > MAX_IMAGE:
        raise BuildError(f"rom: the image is {len(data)} bytes, more than the GBA's 32 MiB of cartridge ROM")
    padded = MIN_IMAGE
    while padded < len(data):
        padded *= 2
    rom = folder / "hashbench.gba"
    rom.write_bytes(data + b"\xff" * (padded - len(data)))
    gbarom.fix(rom)
    text, dat, bss = image.section_sizes(t.cc, elf)
    return image.Built(rom, len(data), padded, text, dat + bss)


def describe(built: image.Built) -> str:
    return (f"{built.image_bytes // 1024} KiB image ({built.used_bytes} bytes used, padded with 0xFF; "
            f"{built.ram_bytes} bytes of IWRAM), 32 KiB SRAM for the records")



CONSOLE = Console(
    name="gba", run_target="gba-rom", target="gba", build=build, describe=describe,
    title="GBA (ARM7TDMI 16.78 MHz, Thumb, code in ROM): the ROM image's own timer",
    screen=(30, 20),             # 240x160 pixels
    emulator="mgba",
    web=Web("mgba", "mGBA", (".gba",), 59.7275, pad(L, R)))
