# SPDX-License-Identifier: MIT
"""The Game Boy image of the console ROM: an MBC5 cartridge with
battery-backed RAM, built with SDCC (-msm83) like `cross --target gb`, with
the same compiler flags (targets/gb.toml), so that an algorithm runs the
same instructions in both.

The SM83 sees 32 KiB of ROM at once: bank 0 (0x0000-0x3FFF) and one
switchable bank (0x4000-0x7FFF).  Bank 0 holds the start-up, the platform
(src/platform/rom/gb/), the application, the roster table with its
reference digests, the font and SDCC's runtime (which every bank calls).
The algorithms go to the switchable banks: their sources are grouped into
units (implementations that share a source file - sha256.c for HMAC and
PBKDF2, crc_compact.c for every compact CRC - are one unit), each unit is
compiled into an area of its own (`--codeseg`/`--constseg ROM_<stem>`),
and the units are packed into banks, largest first, each placed by the
linker at its address in its bank (`-Wl-b_ROM_<stem>=0x<bank><addr>`).
The roster's rows point at stubs in bank 0 (hb_rom_gb_stubs.s), which
map the row's bank, call the function and map back the bank before
(src/platform/rom/gb/gb_asm.s: FAR_CALL_CYCLES a call), so the
code, its tables and the buffer (work RAM) are all visible while it runs.
Of a unit larger than a bank, the entries that fit one together stay
(SHA-256 and HMAC, not PBKDF2); a compact built small where that shrinks
its file (MD4); a portable row that cannot fit gives its place to its
algorithm's compact (the table-driven CRCs); what is left is left out of
the image, and said so, with its size.

The header (0x100-0x14F) is what the boot ROM and flash carts check:
makebin -Z writes the boot logo (the boot ROM compares it and stops a
cartridge without it), the title, the cartridge type 0x1B (MBC5 + RAM +
battery: emulators then keep the RAM as save RAM), the ROM size code for
the banks the image is padded to, the RAM size code 0x03 (32 KiB), and
both checksums; hashbench/toolchain/gbheader.py reads them all back.
"""
from ..toolchain.gbheader import CART_TYPE, HEADER_TITLE, check_header
from . import banked_sdcc, image
from .console import Console, Web, chip

FAR_CALL_CYCLES = 308     # a row's call through its stub and the banked call (gb_asm.s)

RAM_BANKS = 4             # 32 KiB: the platform's record stream (gb.c)
PLATFORM = "src/platform/rom/gb"


def makebin_header(n_banks: int) -> list:
    """makebin's flags: the boot logo, the title, MBC5 + RAM + battery, the ROM's banks, 32 KiB of RAM;
    -yc: a Color runs it too (gbc.py); the checksums left to makebin."""
    return ["-Z", "-yc", "-yn", HEADER_TITLE, "-yt", f"0x{CART_TYPE:02X}", "-yo", str(n_banks),
            "-ya", str(RAM_BANKS), "-yp", "0x146=0", "-yp", "0x14C=0"]


# The fitting, packing, stubs and link are banked_sdcc's; what is the Game Boy's is here.
LAYOUT = banked_sdcc.Layout(
    name="gb", title="Game Boy", platform=PLATFORM,
    crt0=f"{PLATFORM}/crt0.s",
    platform_asm=(f"{PLATFORM}/gb_asm.s",),
    platform_c=(f"{PLATFORM}/gb.c", "src/engine/hb_record.c", "src/engine/hb_workload.c", image.FONT),
    app=("src/engine/rom/hb_rom_app.c",),
    includes=("-Isrc/platform/rom", f"-I{PLATFORM}", "-Isrc/engine", "-Isrc/engine/rom", "-Isrc/algos"),
    far_call="_hb_gb_far",      # gb_asm.s: maps bank A, calls HL, maps back the bank before
    ram_start=0xC000,
    ram_end=0xDC00,             # work RAM from 0xC000; the top KiB is the stack (crt0.s: SP = 0xE000)
    window_end=0x8000,          # one unit larger than a bank: bank 0's free end through bank 1
    header=makebin_header, check_header=check_header, suffix=".gb")

# the banked build's pieces under the names the tests and studies use
Unit, Built, StubRow, units, pack, rom_banks, banked_assembly = (
    banked_sdcc.Unit, banked_sdcc.Built, banked_sdcc.StubRow, banked_sdcc.units, banked_sdcc.pack,
    banked_sdcc.rom_banks, banked_sdcc.banked_assembly)
stub_name = LAYOUT.stub_name
EMPTY_FN = banked_sdcc.EMPTY_FN


def Builder(target, out_dir=None, log=lambda m: None) -> banked_sdcc.Builder:
    """The Game Boy's image builder (banked_sdcc.Builder with LAYOUT)."""
    return banked_sdcc.Builder(CONSOLE, LAYOUT, target, out_dir, log)


def write_stubs(placed, folder, empty: bool = True):
    return banked_sdcc.write_stubs(LAYOUT, placed, folder, empty)


def build(plan: image.Plan, log=lambda m: None) -> Built:
    """The image of `plan`'s rows that fit (banked_sdcc.build)."""
    return banked_sdcc.build(CONSOLE, LAYOUT, plan, log)


def describe(built: Built) -> str:
    banks = sorted({u.bank for u in built.placed})
    return (f"{built.image_bytes // 1024} KiB MBC5 image ({built.banks} banks of 16 KiB: bank 0 "
            f"{built.home_bytes} bytes, algorithms in banks {banks[0]}-{banks[-1]}; {built.used_bytes} bytes used, "
            f"padded), 32 KiB battery RAM for the records")


def headers() -> list:
    return image.headers(PLATFORM)


CONSOLE = Console(
    name="gb", run_target="gb-rom", target="gb", build=build, describe=describe,
    timer="TIMA at 65,536 Hz with its overflow interrupt, 64 cycles a tick",
    title=f"Game Boy ({chip('gb', 'SM83')}, SDCC, MBC5 banks): the ROM image's own timer (TIMA, 65,536 Hz)",
    screen=(20, 18),             # 160x144 pixels
    emulator="mgba",
    emulator_options={"mgba_gb_model": "Game Boy"},   # the image is a Color's too (gbc.py): run as a DMG here
    slowest_call_s=480.0,        # the slowest row's calls (its digest's, one timed) at 4 KiB
    settle_frames=120,           # the app may take two seconds to redraw the table (32-bit divisions on the SM83)
    cpu="SM83",
    clock="hb_gb_clock_hz()",    # single or double speed (gb.c: a Color runs the image at double speed)
    target_call="hb_gb_target()",   # "gbc" where the start-up finds a Color (gb.c)
    config_lines=(f"#define HB_ROM_EMPTY_FN {stub_name(EMPTY_FN)}",),   # the harness's call through a far stub
    # Gambatte runs an image whose header says a Color runs it too as a Color (its hardware mode Auto)
    web=Web("gambatte", "Gambatte", (".gb", ".gbc"), 59.7275, machine="GBC"),
    assembles=True,              # src/algos/asm/sm83/ (sdasgb): `--impl sm83`, and the default's choice
    timer_irq=(256, 100 + 44 / 256))   # crt0.s's TIMA overflow: 20 dispatch + 80, 44 more every 256th
