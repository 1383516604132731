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
The platform maps an entry's bank before the application calls it, so the
code, its tables and the buffer (work RAM) are all visible.  A unit larger
than a bank is left out of the image, and said so.

The header (0x100-0x14F) is what the boot ROM and flash carts check:
makebin -Z writes the boot logo (the boot ROM compares it and stops a
cartridge without it), the title, the cartridge type 0x1B (MBC5 + RAM +
battery: emulators then keep the RAM as save RAM), the ROM size code for
the banks the image is padded to, the RAM size code 0x03 (32 KiB), and
both checksums; check_header() reads them all back.
"""
from dataclasses import dataclass, field
from pathlib import Path

from ..build import cache
from ..build.sdcc import area_symbols, ihx_end, object_bytes
from ..errors import BuildError
from ..paths import BUILD, ROOT

BANK = 0x4000
CART_TYPE = 0x1B          # MBC5 + RAM + battery
RAM_BANKS = 4             # 32 KiB: the platform's record stream (gb.c)
RAM_SIZE_CODE = 0x03      # 32 KiB in the header's code
TITLE = "HASHBENCH"
LOGO = slice(0x104, 0x134)
HEADER_SUM = slice(0x134, 0x14D)
SMALL_DEFINE = "HB_NO_PORTABLE_TABLES"

PLATFORM = "src/platform/rom/gb"
CRT0 = f"{PLATFORM}/crt0.s"
PLATFORM_ASM = [f"{PLATFORM}/gb_copy.s"]
PLATFORM_C = [f"{PLATFORM}/gb.c", "src/engine/hb_record.c", "src/engine/hb_workload.c",
              "src/engine/rom/hb_font.c"]
INCLUDES = ["-Isrc/platform/rom", f"-I{PLATFORM}", "-Isrc/engine", "-Isrc/engine/rom", "-Isrc/algos"]
HOME_AREAS = ("CODE", "HOME", "INITIALIZER", "GSINIT", "GSFINAL")
RAM_END = 0xDC00          # work RAM from 0xC000; the top KiB is the stack (crt0.s: SP = 0xE000)


@dataclass
class Unit:
    """Algorithm sources that must share a bank, and the entries they serve."""
    sources: list
    entries: list = field(default_factory=list)  # (Algorithm, impl name)
    size: int = 0
    bank: int = 0
    offset: int = 0

    @property
    def area(self) -> str:
        return "ROM_" + Path(self.sources[0]).stem


def units(entries) -> list:
    """[(Algorithm, impl name)] -> [Unit]: the entries whose implementations
    share a source file (transitively) in one unit, in the entries' order."""
    groups = []
    for algo, impl in entries:
        srcs = set(algo.impls[impl].sources)
        joined = [g for g in groups if g[0] & srcs]
        merged = (srcs.union(*(g[0] for g in joined)), [e for g in joined for e in g[1]] + [(algo, impl)])
        groups = [g for g in groups if not any(g is j for j in joined)] + [merged]
    return [Unit(sorted(s), e) for s, e in groups]


def pack(all_units) -> tuple:
    """Units -> (placed, too large): first fit, largest first, into banks
    1, 2, ...; sets each unit's bank and offset."""
    free, placed, too_large = [], [], []
    for u in sorted(all_units, key=lambda u: -u.size):
        if u.size > BANK:
            too_large.append(u)
            continue
        i = next((k for k, room in enumerate(free) if u.size <= room), None)
        if i is None:
            free.append(BANK)
            i = len(free) - 1
        u.bank, u.offset = i + 1, BANK - free[i]
        free[i] -= u.size
        placed.append(u)
    return placed, too_large


def rom_banks(placed) -> int:
    """Banks the image declares and is padded to: a power of two, at least 2."""
    n = 1 + max((u.bank for u in placed), default=1)
    return 1 << max(1, (n - 1).bit_length())


@dataclass
class Image:
    rom: Path
    placed: list           # Units, with banks
    left_out: list         # Units larger than a bank
    banks: int
    home_bytes: int        # bank 0 in use

    def bank_of(self, algo_id: str, impl: str) -> int:
        for u in self.placed:
            if any(a.id == algo_id and i == impl for a, i in u.entries):
                return u.bank
        raise KeyError((algo_id, impl))


class Builder:
    """Compiles and links one image in `out_dir` with the gb target's
    compiler and flags."""

    def __init__(self, target, out_dir: Path = BUILD / "rom" / "gb", log=lambda m: None):
        self.t, self.out_dir, self.log = target, out_dir, log

    def _compile(self, src, obj: Path, defines=(), flags=(), inputs=()):
        cmd = [self.t.cc] + list(self.t.cflags) + list(flags) + ["-c"] + INCLUDES + [f"-I{cache.rel(self.out_dir)}"] + \
            ["-D" + d for d in defines] + ["-o", cache.rel(obj), cache.rel(src)]
        cache.cached(obj, cmd, [cache.rel(src)] + headers() + list(inputs), cache.tool_version(self.t.cc), self.log)
        return obj

    def _assemble(self, src, obj: Path):
        cmd = [self.t.asm, "-plosgff", "-o", cache.rel(obj), src]
        incs = [cache.rel(p) for p in (ROOT / "src" / "platform" / "guest").glob("*.inc")]
        cache.cached(obj, cmd, [src] + incs, cache.tool_version(self.t.asm), self.log)
        return obj

    def small(self, src: str) -> bool:
        return Path(src).stem in self.t.no_portable_tables

    def entries(self, algos, impls) -> list:
        """[(Algorithm, impl)] to build, in roster order.  Where the target
        builds a source small (rolled rounds, no big tables), `portable`
        runs the compact code: only the compact is measured, as in
        `cross --target gb`."""
        out = []
        for a in algos:
            for name in [i for i in impls if i in a.impls]:
                if name == "portable" and a.has_compact and any(self.small(s) for s in a.impls[name].sources):
                    continue
                out.append((a, name))
        return out

    def compile_unit(self, unit: Unit) -> list:
        """The unit's objects, in its own area; sets unit.size."""
        objs = []
        for src in unit.sources:
            stem = Path(src).stem
            flags = self.t.source_cflags.get(stem, []) + ["--codeseg", unit.area, "--constseg", unit.area]
            obj = self.out_dir / "algos" / unit.area / (stem + ".rel")
            objs.append(self._compile(src, obj, [SMALL_DEFINE] if self.small(src) else [], flags))
        unit.size = sum(object_bytes(self.t, o) for o in objs)
        return objs

    def build(self, entries, home_sources, generate, stem="hashbench") -> Image:
        """The image of `entries` [(Algorithm, impl)] with the application's
        C sources `home_sources` (bank 0).  generate(placed units) writes
        the files that depend on the banks (the roster table) into the build
        folder and returns their paths: its .c files are linked into bank 0,
        and every one is an input of the bank-0 sources."""
        all_units = units(entries)
        unit_objs = {id(u): self.compile_unit(u) for u in all_units}
        placed, left_out = pack(all_units)
        for u in left_out:
            self.log(f"gb: {', '.join(sorted({a.id for a, _ in u.entries}))}: {u.size} bytes, larger than a "
                     f"{BANK // 1024} KiB bank: left out")
        return self._link(placed, left_out, unit_objs, home_sources, stem, generate(placed))

    def _link(self, placed, left_out, unit_objs, home_sources, stem, generated) -> Image:
        odir = self.out_dir / "obj"
        objs = [self._assemble(CRT0, odir / "crt0.rel")]
        objs += [self._assemble(s, odir / (Path(s).stem + ".rel")) for s in PLATFORM_ASM]
        gen = [cache.rel(g) for g in generated]
        objs += [self._compile(s, odir / (Path(s).stem + ".rel"), inputs=gen)
                 for s in PLATFORM_C + list(home_sources) + [g for g in gen if g.endswith(".c")]]
        objs += [o for u in placed for o in unit_objs[id(u)]]
        ihx = self.out_dir / f"{stem}.ihx"
        places = [f"-Wl-b_{u.area}=0x{(u.bank << 16) | (BANK + u.offset):X}" for u in placed]
        cmd = [self.t.cc] + [f for f in self.t.ldflags] + places + ["-o", cache.rel(ihx)] + \
            [cache.rel(o) for o in objs]
        cache.cached(ihx, cmd, [cache.rel(o) for o in objs], cache.tool_version(self.t.cc), self.log)
        syms = area_symbols(ihx.with_suffix(".noi").read_text())
        home = max(int(syms.get("s__" + a, "0"), 16) + int(syms.get("l__" + a, "0"), 16) for a in HOME_AREAS)
        if home > BANK:
            raise BuildError(f"{ihx.name}: bank 0 (start-up, platform, application, roster table, SDCC's "
                             f"runtime) is {home - BANK} bytes too large: ends at 0x{home:X}")
        ram = max(int(syms.get("s__" + a, "0"), 16) + int(syms.get("l__" + a, "0"), 16)
                  for a in ("DATA", "INITIALIZED", "BSS", "HEAP"))
        if ram > RAM_END:
            raise BuildError(f"{ihx.name}: data end at 0x{ram:X}, past 0x{RAM_END:X} (work RAM below the stack)")
        banks = rom_banks(placed)
        if ihx_end(ihx.read_text()) > banks * BANK:
            raise BuildError(f"{ihx.name}: code past the {banks} banks the image declares")
        rom = self.out_dir / f"{stem}.gb"
        cache.cached(rom, ["makebin", "-Z", "-yn", TITLE, "-yt", f"0x{CART_TYPE:02X}", "-yo", str(banks),
                           "-ya", str(RAM_BANKS), "-yp", "0x146=0", "-yp", "0x14C=0", cache.rel(ihx), cache.rel(rom)],
                     [cache.rel(ihx)], "", self.log)
        problems = check_header(rom.read_bytes())
        if problems:
            raise BuildError(f"{rom.name}: " + "; ".join(problems))
        return Image(rom, placed, left_out, banks, home)


def headers() -> list:
    pats = ["src/algos/*.h", "src/algos/*.def", "src/engine/*.h", "src/engine/rom/*.h", "src/platform/rom/*.h",
            f"{PLATFORM}/*.h"]
    return sorted(cache.rel(p) for pat in pats for p in ROOT.glob(pat))


def header_checksum(rom: bytes) -> int:
    """The byte at 0x14D, which the boot ROM checks: 0 - sum(x + 1) over 0x134-0x14C."""
    h = 0
    for b in rom[HEADER_SUM]:
        h = (h - b - 1) & 0xFF
    return h


def global_checksum(rom: bytes) -> int:
    """The big-endian word at 0x14E: the sum of every other byte (flash carts and emulators check it)."""
    return (sum(rom) - rom[0x14E] - rom[0x14F]) & 0xFFFF


def check_header(rom: bytes) -> list:
    """What is wrong with an image's header, as sentences ([] if nothing)."""
    if len(rom) < 0x8000 or len(rom) & (len(rom) - 1):
        return [f"{len(rom)} bytes: not a power of two of at least 32 KiB"]
    problems = []
    if rom[0x100:0x104] != b"\x00\xc3\x50\x01":
        problems.append("the entry point at 0x100 is not `nop; jp 0x150`")
    if not any(rom[LOGO]) or rom[LOGO] == b"\xff" * 48:
        problems.append("no boot logo at 0x104")
    if not rom[0x134:0x144].rstrip(b"\0").decode("ascii", "replace").startswith(TITLE):
        problems.append("title is not " + TITLE)
    if rom[0x147] != CART_TYPE:
        problems.append(f"cartridge type 0x{rom[0x147]:02X}, not 0x{CART_TYPE:02X} (MBC5 + RAM + battery)")
    if 0x8000 << rom[0x148] != len(rom):
        problems.append(f"ROM size code {rom[0x148]} declares {0x8000 << rom[0x148]} bytes, the image has {len(rom)}")
    if rom[0x149] != RAM_SIZE_CODE:
        problems.append(f"RAM size code {rom[0x149]}, not {RAM_SIZE_CODE} (32 KiB)")
    if rom[0x14D] != header_checksum(rom):
        problems.append(f"header checksum 0x{rom[0x14D]:02X}, should be 0x{header_checksum(rom):02X}")
    stored = rom[0x14E] << 8 | rom[0x14F]
    if stored != global_checksum(rom):
        problems.append(f"global checksum 0x{stored:04X}, should be 0x{global_checksum(rom):04X}")
    return problems
