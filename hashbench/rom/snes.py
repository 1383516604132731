# SPDX-License-Identifier: MIT
"""The Super NES's ROM image: the shared application (src/engine/rom/) on
the Super NES platform (src/platform/rom/snes/), every C file compiled by
cc65 exactly as for the NES image (hashbench.rom.nes: the `nes` target's
flags, 6502 instructions), so that the two images run the same code and
`hashbench cross --target nes`'s exact 6502 cycles cross-check both.  The
65816 runs that code in native mode with 8-bit registers (crt0.s).

The cartridge is LoROM with FastROM (map mode $30), 32 KiB of battery-
backed SRAM at $70:0000 (the records), as its header at ROM offset $7FC0
says: the title, the map mode, the chipset (ROM, RAM, battery), the ROM
and SRAM sizes, the country (USA: NTSC), and the checksum of the whole
image with its complement.  The image is padded with $FF to a power of two
of at least 256 KiB.

Banks of 32 KiB, run in the FastROM mirror ($80 + n : $8000-$FFFF):
  bank 0    the start-up and interrupts (crt0.s), the platform, the
            application, the roster and its reference digests, the font,
            cc65's runtime, a trampoline per algorithm function, the header
            and the vectors;
  bank 1..  the algorithms: groups of core files (rows that share a file
            share a group; banked.fit_groups: a group too large is built with
            HB_NO_PORTABLE_TABLES or split), packed first fit, largest
            first.  Each bank is a link of its own, with its own copy of
            the runtime routines its code calls (a bank sees no other
            bank's code), and an entry stub per function at its start.

A row's call: the trampoline in bank 0 (`jsl` to the stub, `rts`) and the
stub (`phb`, `phk`, `plb`: the data bank is the code's, for its tables;
`jsr` the function; `plb`, `rtl`): TRAMPOLINE_CYCLES CPU cycles on top of
a direct call.  Every variable lives in the first 8 KiB of work RAM, which
every bank shows at $0000-$1FFF: the zero page (cc65's runtime variables
first, at the same addresses in every link), the stack page, the C stack,
the platform's text copy, the algorithms' variables (one address range for
all groups: one row runs at a time), then the application's."""
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildError
from ..paths import ROOT
from ..toolchain import cache, cc65
from . import banked, image, nes
from .console import Console, L, R, Web, pad

PLATFORM = ("src/platform/rom/snes/snes.c", "src/platform/rom/hb_rom_pending.c")
CRT0 = "src/platform/rom/snes/crt0.s"
CONFIG_DIR = "src/platform/rom/snes"
TRAMPOLINE_CYCLES = 34       # jsl 8, phb 3, phk 3, plb 4, jsr 6, plb 4, rtl 6 (the function's rts replaces the trampoline's)

BANK = 0x8000
FAST = 0x80                  # the FastROM mirror's first bank
STUB = 8                     # an entry stub's bytes: phb, phk, plb, jsr abs, plb, rtl
RUNTIME_ROOM = 0x1000        # kept free in an algorithm bank for its runtime routines and stubs
GROUP_ROOM = BANK - RUNTIME_ROOM
HEADER_AT, VECTORS_AT = 0x7FB0, 0x7FE0   # in bank 0: the header area ($FFB0-$FFDF), the vectors
MIN_IMAGE, MAX_IMAGE = 0x40000, 0x200000  # 256 KiB (2 Mbit) .. 2 MiB, where LoROM still mirrors RAM and I/O
SRAM_BYTES = 0x8000
HEADER_TITLE = "HASHBENCH"
MAP_MODE = 0x30              # LoROM, FastROM
CHIPSET = 0x02               # ROM, RAM, battery
COUNTRY = 0x01               # USA: NTSC
# low work RAM: the zero page, the stack page, the C stack, the platform's
# text copy and dirty rows (crt0.s's SNESBSS), then the algorithms' and
# the application's variables up to $2000
STACK_AT, STACK_END, PLATFORM_RAM_END, RAM_END = 0x0200, 0x0600, 0x0A80, 0x2000
RUNTIME_SYMBOLS = ("sp", "sreg", "regsave", "ptr1", "ptr2", "ptr3", "ptr4", "tmp1", "tmp2", "tmp3", "tmp4", "regbank",
                   "jmpvec")
DATA_AT = PLATFORM_RAM_END - 0x10   # the DATA segment: jmpvec alone (the application has no initialised variables)
# the zero page's last 128 bytes: the direct-page scratch src/algos/asm/65816/'s routines share
# (hb65816_dp; one row runs at a time), kept out of every link's ZEROPAGE, as the NES image keeps
# hb6502_zp.  The 6502 routines (src/algos/asm/6502/) take its first 80 bytes as their hb6502_zp,
# and each group's own zero page (banked.Cc65's zp_segment: a bank's link cannot see where bank
# 0's ZEROPAGE ends) the 48 after
ASM_DP_AT = 0x80
ASM_6502_ZP_BYTES = 80
GROUP_ZP_AT = ASM_DP_AT + ASM_6502_ZP_BYTES
# the groups' variables (the 6502 routines' ALGOBSS among them) from a page, as the NES image has
# them ($6000) and sim65.cfg: a 6502's indexed read costs a cycle more across a page
GROUP_RAM_AT = -(-PLATFORM_RAM_END // 0x100) * 0x100


@dataclass
class Built(image.Built):
    """image.Built and the Super NES image's banks."""
    banks: int = 0          # 32 KiB banks in the image, padding included
    banks_used: int = 0     # banks holding algorithm code
    fixed_bytes: int = 0    # bank 0's code and constants
    bank_bytes: list = field(default_factory=list)   # each algorithm bank's bytes used, runtime included
    groups: list = field(default_factory=list)
    plan: object = None
    left_out: list = field(default_factory=list)


def runtime_objects(folder: Path, log) -> list:
    """cc65's runtime variables, linked first in every bank so that they
    have the same addresses in all: zeropage.o (sp, sreg, ptr1...) and
    jmpvec.o, the `jmp` in RAM through which cc65 calls a function pointer
    (the code it jumps from and to is the bank's own: PBR stays)."""
    cc = nes.toolchain(CONFIG_DIR)
    return [cc.runtime_member(name, folder / "obj" / name, log) for name in ("zeropage.o", "jmpvec.o")]


def entry_symbols(groups, bank: int) -> list:
    return sorted({r.symbol for g in groups if g.bank == bank for r in g.rows})


def stubs_source(groups, bank: int) -> str:
    lines = [f"; generated by hashbench/rom/snes.py: the entry stubs of bank {bank} (${FAST + bank:02X}),",
             "; each STUB bytes at $8000 + STUB x its index; reached by jsl from bank 0's trampoline",
             ".p816", ".export __STARTUP__ : absolute = 1", '.segment "STUBS"']
    for g in (g for g in groups if g.bank == bank):
        for sym in sorted({r.symbol for r in g.rows}):
            lines.append(f".import _{g.banked(sym)}")
    for sym in entry_symbols(groups, bank):
        g = next(g for g in groups if g.bank == bank and any(r.symbol == sym for r in g.rows))
        lines += [f"; {sym}", "        phb", "        phk", "        plb            ; the data bank: this one",
                  f"        jsr _{g.banked(sym)}", "        plb", "        rtl"]
    return "\n".join(lines) + "\n"


def trampolines_source(groups, banks_used: int) -> str:
    lines = ["; generated by hashbench/rom/snes.py: each row's function in bank 0, a far call",
             "; to its entry stub (A and X, the call's last argument, untouched)", ".p816", '.segment "CODE"']
    for bank in range(1, banks_used + 1):
        for i, sym in enumerate(entry_symbols(groups, bank)):
            lines += [f".export _{sym}", f"_{sym}:", f"        jsl ${(FAST + bank) << 16 | 0x8000 + STUB * i:06X}",
                      "        rts"]
    return "\n".join(lines) + "\n"


def fixed_config(app_at: int) -> str:
    return "\n".join([
        "# generated by hashbench/rom/snes.py: bank 0 of the Super NES image",
        "SYMBOLS {",
        f"    __STACK_START__: type = export, value = ${STACK_AT:04X};",
        f"    __STACK_SIZE__: type = export, value = ${STACK_END - STACK_AT:04X};",
        "}", "MEMORY {",
        f"    ZP:    file = \"\", start = $0000, size = ${ASM_DP_AT:04X}, type = rw;",
        f"    PLRAM: file = \"\", start = ${STACK_END:04X}, size = ${DATA_AT - STACK_END:04X}, type = rw;",
        f"    DATAM: file = \"\", start = ${DATA_AT:04X}, size = ${PLATFORM_RAM_END - DATA_AT:04X}, type = rw;",
        f"    RAM:   file = \"\", start = ${app_at:04X}, size = ${max(RAM_END - app_at, 1):04X}, type = rw, define = yes;",
        f"    ROM:   file = %O, start = $8000, size = ${HEADER_AT:04X}, fill = yes, fillval = $FF;",
        f"    HDR:   file = %O, start = ${0x8000 + HEADER_AT:04X}, size = ${VECTORS_AT - HEADER_AT:04X}, fill = yes, "
        "fillval = $00;",
        f"    VEC:   file = %O, start = ${0x8000 + VECTORS_AT:04X}, size = $0020, fill = yes;",
        "}", "SEGMENTS {",
        "    ZEROPAGE: load = ZP, type = zp;",
        "    SNESBSS:  load = PLRAM, type = bss;",
        "    STARTUP:  load = ROM, type = ro;",
        "    CODE:     load = ROM, type = ro;",
        "    RODATA:   load = ROM, type = ro;",
        "    ONCE:     load = ROM, type = ro, optional = yes;",
        "    DATA:     load = ROM, run = DATAM, type = rw, define = yes;",
        # page-aligned: the application's first variable is the workload's buffer (as on the NES)
        "    BSS:      load = RAM, type = bss, define = yes, align = $100;",
        "    VECTORS:  load = VEC, type = ro;",
        "}", "FEATURES {",
        "    CONDES: type = constructor, label = __CONSTRUCTOR_TABLE__, count = __CONSTRUCTOR_COUNT__, segment = ONCE;",
        "    CONDES: type = destructor, label = __DESTRUCTOR_TABLE__, count = __DESTRUCTOR_COUNT__, segment = RODATA;",
        "    CONDES: type = interruptor, label = __INTERRUPTOR_TABLE__, count = __INTERRUPTOR_COUNT__, "
        "segment = RODATA, import = __CALLIRQ__;",
        "}", ""])


def bank_config(groups, bank: int) -> str:
    """An algorithm bank: its stubs at $8000, its groups' page-aligned
    tables (whole pages), the runtime routines they call, each group's code
    from a page (as the NES image lays them out, so that the 6502 routines
    cross a page where they do there); each group's variables from
    GROUP_RAM_AT, its zero page from GROUP_ZP_AT."""
    mem = [f"    ZP:  file = \"\", start = $0000, size = ${ASM_DP_AT:04X}, type = rw;",
           f"    DATAM: file = \"\", start = ${DATA_AT:04X}, size = ${PLATFORM_RAM_END - DATA_AT:04X}, type = rw;",
           "    ROM: file = %O, start = $8000, size = $8000, fill = yes, fillval = $FF;"]
    # DATA: jmpvec, which bank 0's start-up copies to the same address
    segs = ["    ZEROPAGE: load = ZP, type = zp;", "    STUBS: load = ROM, type = ro;"]
    segs += [f"    {g.name}T: load = ROM, type = ro, optional = yes, align = $100;" for g in groups if g.bank == bank]
    segs += ["    DATA: load = ROM, run = DATAM, type = rw;",
            "    CODE: load = ROM, type = ro, optional = yes;", "    RODATA: load = ROM, type = ro, optional = yes;"]
    for g in (g for g in groups if g.bank == bank):
        mem.append(f"    {g.name}V: file = \"\", start = ${GROUP_RAM_AT:04X}, size = ${max(g.ram_bytes, 1):04X}, "
                   "type = rw;")
        mem.append(f"    {g.name}Y: file = \"\", start = ${GROUP_ZP_AT:04X}, size = ${0x100 - GROUP_ZP_AT:04X}, "
                   "type = rw;")
        segs += [f"    {g.name}Z: load = {g.name}Y, type = zp, optional = yes;",
                 f"    {g.name}C: load = ROM, type = ro, optional = yes, align = $100;",
                 f"    {g.name}R: load = ROM, type = ro, optional = yes;",
                 f"    {g.name}B: load = {g.name}V, type = bss, optional = yes;"]
    return "\n".join([f"# generated by hashbench/rom/snes.py: bank {bank} of the Super NES image", "SYMBOLS {",
                      f"    hb65816_dp: type = export, value = ${ASM_DP_AT:04X}, addrsize = zp;",
                      f"    hb6502_zp: type = export, value = ${ASM_DP_AT:04X}, addrsize = zp;", "}", "MEMORY {"]
                     + mem + ["}", "SEGMENTS {"] + segs + ["}", ""])


def runtime_addresses(map_path: Path) -> dict:
    """The runtime's variables and their addresses in a link (None: the
    link does not use it)."""
    text = map_path.read_text().split("Exports list by name:", 1)[1].split("Exports list by value:", 1)[0]
    found = dict(re.findall(r"(\w+)\s+([0-9A-F]{6})\s+R?LZ?A?", text))
    return {k: found.get(k) for k in RUNTIME_SYMBOLS}


def rom_size_code(size: int) -> int:
    return (size // 1024).bit_length() - 1


def header(rom: bytearray, size: int):
    """The cartridge header at $7FC0 (read at $00:FFC0): title, map mode,
    chipset, ROM and SRAM sizes (log2 of KiB), country, developer, version,
    then the checksum's complement and the checksum: the 16-bit sum of
    every byte of the image, the two fields counted as $FFFF and $0000."""
    at = 0x7FC0
    rom[at:at + 21] = HEADER_TITLE.ljust(21).encode("ascii")
    rom[at + 0x15:at + 0x1C] = bytes([MAP_MODE, CHIPSET, rom_size_code(size), rom_size_code(SRAM_BYTES), COUNTRY,
                                      0x00, 0x00])
    rom[at + 0x1C:at + 0x20] = b"\xff\xff\x00\x00"
    total = sum(rom) & 0xFFFF
    rom[at + 0x1C:at + 0x20] = ((total ^ 0xFFFF) | total << 16).to_bytes(4, "little")


def check_header(rom: bytes) -> dict:
    """The header's fields read back; raises BuildError where one is wrong."""
    h = rom[0x7FC0:0x7FE0]
    fields = {"title": h[:21].decode("ascii").rstrip(), "map_mode": h[0x15], "chipset": h[0x16],
              "rom_kib": 1 << h[0x17], "sram_kib": 1 << h[0x18], "country": h[0x19],
              "complement": int.from_bytes(h[0x1C:0x1E], "little"), "checksum": int.from_bytes(h[0x1E:0x20], "little")}
    if fields["rom_kib"] * 1024 != len(rom) or fields["checksum"] ^ fields["complement"] != 0xFFFF \
            or sum(rom) & 0xFFFF != fields["checksum"]:
        raise BuildError(f"rom: the Super NES header does not match the image: {fields}")
    return fields


def build(plan: image.Plan, log=lambda m: None, group_room: int = GROUP_ROOM) -> Built:
    """The image; `group_room` the most code one group may have before it
    is built small or split (nes.BANK_ROOM: the NES image's choices, so that
    both run the same code)."""
    folder = image.build_folder(CONSOLE.name, plan, group_room)
    gen = folder / "gen"
    image.write_config(CONSOLE, gen)
    log(f"rom: building the Super NES image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    cc = nes.toolchain(CONFIG_DIR, page_tables=True, zp_segment=True)
    groups, left_out = banked.keep_fitting(plan, *banked.fit_groups(cc, plan.rows, folder, gen, group_room, log),
                                           "Super NES")
    generated = image.write_generated(plan, gen, CONSOLE)
    used = banked.pack(groups, 0, GROUP_ROOM)
    for g in groups:
        g.bank += 1                      # bank 0 is the application's
    group_ram = max([g.ram_bytes for g in groups] + [0])
    zp = runtime_objects(folder, log)
    banks = []
    for b in range(1, used + 1):
        stubs = folder / f"stubs{b}.s"
        image.write_if_changed(stubs, stubs_source(groups, b))
        cfg = folder / f"bank{b}.cfg"
        image.write_if_changed(cfg, bank_config(groups, b))
        objs = zp + [cc.assemble(stubs, folder / "obj" / f"stubs{b}.o", log)] + \
            [o for g in groups if g.bank == b for o in g.objects]
        out = folder / f"bank{b}.bin"
        banks.append(cc.link(cfg, objs, out, out.with_suffix(".map"), log))
    image.write_if_changed(folder / "trampolines.s", trampolines_source(groups, used))
    cfg = folder / "bank0.cfg"
    image.write_if_changed(cfg, fixed_config(GROUP_RAM_AT + group_ram))
    objs = zp + [cc.assemble(ROOT / CRT0, folder / "obj" / "crt0.o", log),
                 cc.assemble(folder / "trampolines.s", folder / "obj" / "trampolines.o", log)]
    # the platform's variables beside crt0.s's, so that the application's come first in BSS (its
    # buffer page-aligned, as on the NES)
    objs += [cc.compile(s, folder / "obj" / (Path(s).stem + ".o"), gen, ["--bss-name", "SNESBSS"], log)
             for s in PLATFORM]
    sources = list(image.APP_SOURCES) + [cache.rel(generated[1])]
    objs += [cc.compile(s, folder / "obj" / (Path(s).stem + ".o"), gen, (), log) for s in sources]
    fixed = cc.link(cfg, objs, folder / "bank0.bin", folder / "bank0.map", log)
    seen = [runtime_addresses(p.with_suffix(".map")) for p in [fixed] + banks]
    moved = [k for k in RUNTIME_SYMBOLS if len({a[k] for a in seen if a[k]}) > 1]
    if moved:
        raise BuildError(f"rom: cc65's runtime variables {', '.join(moved)} have different addresses in the banks")
    parts = [p.read_bytes() for p in [fixed] + banks]
    if any(len(x) != BANK for x in parts):
        raise BuildError("rom: ld65 wrote a bank that is not 32 KiB")
    size = MIN_IMAGE
    while size < len(parts) * BANK:
        size *= 2
    if size > MAX_IMAGE:
        raise BuildError(f"rom: the rows need {used} banks of algorithm code, more than a {MAX_IMAGE >> 20} MiB "
                         "LoROM image holds; choose fewer rows (-a, --tier, --impl)")
    data = bytearray(b"".join(parts).ljust(size, b"\xff"))
    header(data, size)
    rom = folder / "hashbench.sfc"
    image.write_image(rom, bytes(data))
    sizes = cc65.map_sizes(fixed.with_suffix(".map"))
    fixed_bytes = sum(sizes.get(s, 0) for s in ("STARTUP", "CODE", "RODATA", "ONCE", "DATA", "VECTORS"))
    bank_bytes = [sum(v for k, v in cc65.map_sizes(p.with_suffix(".map")).items() if k in ("STUBS", "CODE", "RODATA")
                      or re.fullmatch(r"G\w{6}[CR]", k)) for p in banks]
    if sizes.get("DATA", 0) != 3:
        raise BuildError("rom: the Super NES image's DATA must be cc65's jmpvec alone (no initialised variables)")
    ram = sizes.get("BSS", 0) + group_ram
    if GROUP_RAM_AT + ram > RAM_END:
        raise BuildError(f"rom: the variables take {ram} bytes, more than the {RAM_END - GROUP_RAM_AT} "
                         "the low work RAM has left; choose fewer rows")
    code = fixed_bytes + sum(bank_bytes)
    return Built(rom, code, size, code, ram, banks=size // BANK, banks_used=used, fixed_bytes=fixed_bytes,
                 bank_bytes=bank_bytes, groups=groups, plan=plan, left_out=left_out)


def describe(built: Built) -> str:
    checksum = sum(built.path.read_bytes()) & 0xFFFF
    return (f"{built.image_bytes // 1024} KiB LoROM image (FastROM, header checksum ${checksum:04X}: "
            f"{built.banks} banks of 32 KiB, {built.banks_used} holding algorithms, bank 0 {built.fixed_bytes} bytes "
            f"used), 32 KiB battery SRAM for the records, {built.ram_bytes} bytes of variables in the low work RAM"
            + banked.small_note(built.groups))


CONSOLE = Console(
    name="snes", run_target="snes-rom", target="nes", build=build, describe=describe,   # the NES's cc65 code
    timer=("the PPU's H/V counters latched beside the NMI count, in master cycles (21.48 MHz; the 65816 "
           "runs the NES's cc65 code at 3.58 MHz, FastROM)"),
    title=("Super NES (WDC 65816 3.58 MHz FastROM, cc65 -O 6502 code, LoROM banks): the PPU's latched H/V "
           "counters, in master cycles"),
    screen=(32, 28),             # BG1, 256x224 pixels
    emulator="bsnes_mercury_accuracy",
    slowest_call_s=150.0,        # PBKDF2: about half the NES's
    settle_frames=120,           # a whole table redrawn (the 6502 code formats the figures)
    cc=nes.CONSOLE.cc, cflags=nes.CONSOLE.cflags,
    cpu="65816",
    assembles=True, assembly_isa="65816",   # src/algos/asm/65816/ (ca65 .p816): `--impl 65816`
    assembly_also=("6502",),     # src/algos/asm/6502/, run in native mode with 8-bit registers where no 65816 routine is
    clock="hb_snes_clock_hz()", clock_header="hb_snes.h",   # with FastROM: the master clock over 6 (3.58 MHz NTSC, 3.55 MHz PAL)
    web=Web("snes9x", "Snes9x", (".sfc", ".smc"), 60.0988, pad(L, R)))
