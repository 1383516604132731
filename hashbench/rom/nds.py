# SPDX-License-Identifier: MIT
"""The Nintendo DS's ROM image: the shared application (src/engine/rom/) on
the ARM9 (src/platform/rom/nds/), every algorithm compiled with the `nds`
target's flags (targets/nds.toml: ARMv5TE, ARM state, -O2, tuned for the
ARM946E-S) by Debian's arm-none-eabi-gcc, code and data in main RAM with the
instruction and data caches on and the stack in the data TCM, as libnds
sets a DS program up and as the ARM946E-S cycle model
(data/cpu-models/arm946e-s-nds.toml) assumes; the ARM assembly's routines
(src/algos/asm/armv4/) in the instruction TCM (nds.ld, crt0.s).

The image (hashbench/toolchain/ndsrom.py): our cartridge header with its CRC16s,
the ARM9 binary at 0x4000, an ARM7 stub after it; no Nintendo logo (not ours
to copy: the DS firmware refuses the cartridge, flash carts' loaders and
emulators' direct boot do not check it).  Records: 64 KiB of main RAM at
0x023E0000, read through the core's retro_get_memory_data(SYSTEM_RAM) (the
DeSmuME core exposes main RAM and no save RAM)."""
from ..errors import BuildError
from ..toolchain import ndsrom
from . import image, libretro
from .console import Console, L, R, Web, chip, pad

PLATFORM = (image.RECORDS_STREAM, "src/platform/rom/hb_gba2d.c", "src/platform/rom/nds/platform.c")
CRT0 = "src/platform/rom/nds/crt0.s"
LINKER_SCRIPT = "src/platform/rom/nds/nds.ld"
CONFIG_DIR = "src/platform/rom/nds"
CC = "arm-none-eabi-gcc"        # bare metal, where targets/nds.toml's cross runs need arm-linux-gnueabi-gcc
# --enable-non-contiguous-regions: an armv4 routine the ITCM has no room left for links into .text
# (main RAM) instead of failing the link (nds.ld)
LDFLAGS = ["-nostartfiles", "-Wl,--gc-sections", "-Wl,--enable-non-contiguous-regions", "--specs=nosys.specs", "-lgcc"]
RECORDS_AT = 0x023E0000 - 0x02000000   # offset in main RAM (platform.c)
RECORDS_BYTES = 0x10000
MAX_BINARY = 0x3E0000        # main RAM below the records (nds.ld)


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
        raise BuildError(f"rom: main RAM not found in the {CONSOLE.emulator} core's state")
    return state[start + RECORDS_AT:start + RECORDS_AT + RECORDS_BYTES]


def arm9_head(rom, n: int = 256) -> bytes:
    data = rom.read_bytes()
    offset = int.from_bytes(data[0x20:0x24], "little")
    return data[offset:offset + n]


def build(plan: image.Plan, log=lambda m: None) -> image.Built:
    folder = image.build_folder(CONSOLE.name, plan)
    log(f"rom: building the NDS image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    # exactly the target's flags (-fdata-sections, say, would change the ARM code: no section anchors)
    elf = image.link_elf(CONSOLE, plan, folder, folder / "hashbench.elf", CC, CONSOLE.build_flags(), CONFIG_DIR,
                         [CRT0, *PLATFORM], LINKER_SCRIPT, LDFLAGS, log)
    arm9 = image.objcopy_binary(CC, elf, folder / "arm9.bin")
    if len(arm9) > MAX_BINARY:
        raise BuildError(f"rom: the ARM9 binary is {len(arm9)} bytes, more than main RAM below the records holds")
    rom = folder / "hashbench.nds"
    image.write_image(rom, ndsrom.build(arm9))
    text, dat, bss = image.section_sizes(CC, elf)
    return image.Built(rom, len(arm9), rom.stat().st_size, text, dat + bss)


def describe(built: image.Built) -> str:
    return (f"{built.image_bytes // 1024} KiB image (an ARM9 binary of {built.used_bytes} bytes in main RAM, "
            f"{built.ram_bytes} bytes of data and bss; an ARM7 stub), records in 64 KiB of main RAM")


CONSOLE = Console(
    name="nds", run_target="nds-rom", target="nds", build=build, describe=describe, cc=CC,
    timer="the ARM9's TM0 cascading into TM1 at the 33.51 MHz bus clock, two ARM9 cycles a tick",
    title=f"NDS ({chip('nds')}, ARM, caches on): the ROM image's own timer",
    screen=(32, 24),             # the upper screen, 256x192 pixels
    decimal=True,                # "8.4M": gcc-built, room for put_uint's decimal
    lower_screen=24,             # the lower screen (the sub engine's): the banner, the marks' meanings, the controls
    emulator="desmume",
    # the interpreter (DeSmuME's JIT runs blocks with its own cycle estimates), the upper screen above the lower
    emulator_options={"desmume_cpu_mode": "interpreter", "desmume_screens_layout": "top/bottom",
                      "desmume_advanced_timing": "enabled", "desmume_frameskip": "0"},
    records=records,
    # the ARM9 (ARMv5TE) runs the GBA's ARMv4T ARM-state assembly as it is (src/algos/asm/armv4/)
    assembles=True, assembly_of="gba-iwram-arm",
    # melonDS: its direct boot (no firmware menu, no Nintendo BIOS: its own free BIOS), the screens as
    # above; it exposes no memory either, so the records come out of its state as out of DeSmuME's
    web=Web("melonds", "melonDS", (".nds",), 59.8261, pad(L, R),
            # no touch: the core draws its touch cursor over the lower screen's first cell (the image reads no touch)
            {"melonds_boot_directly": "enabled", "melonds_screen_layout": "Top/Bottom",
             "melonds_touch_mode": "disabled"},
            records_in_state=lambda rom: (arm9_head(rom), RECORDS_AT, RECORDS_BYTES)))
