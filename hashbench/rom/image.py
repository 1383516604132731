# SPDX-License-Identifier: MIT
"""What every console's ROM image shares: the rows it holds, chosen by the
usual selection (-a, --tier, --impl, --size, --budget), and the generated C
that carries them (src/engine/rom/hb_rom_image.h: hb_rom_roster.c and
hb_rom_sizes.h in the image's build folder).

A console module (hashbench/rom/gba.py, ...) builds an image from a Plan:

    plan = image.plan(algos, impls, size, budget_ms, con.can_build)
    image.write_generated(plan, folder, con)   # the generated files
    ... compile src/engine/rom/*.c, the platform and plan.sources() ...

(a gcc console: image.link_elf does all three).
"""
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildError, UserError
from ..files import write_whole
from ..paths import BUILD, ROOT
from ..results.verify import reference_table
from ..roster import SMALL, TIERS
from ..toolchain import assembly_search, cache
from ..toolchain.gcc import STD

SWEEP_SIZES = (64, 256, 1024)     # the reference studies' sweep (SELECT)
LABEL_WIDTH = 6                   # the table's label column
MAX_SIZE = 4096                   # the app keeps iters * size below 2^32
MAX_BUDGET_MS = 60000             # a span stays far below a 32-bit timer's wrap
DEFAULT_SIZE, DEFAULT_BUDGET_MS = 1024, 200   # the rom command's --size and --budget
FONT = "src/platform/rom/hb_font.c"   # the font the platforms draw (hb_font.h; generated: hashbench/rom/font.py)
# what every image links beside its platform: the application, the font, the record writer, the workload
APP_SOURCES = ("src/engine/rom/hb_rom_app.c", FONT, "src/engine/hb_record.c", "src/engine/hb_workload.c")
RECORDS_STREAM = "src/platform/rom/hb_rom_stream.c"   # for the platforms whose host reads the records from memory
# --impl fastest (the rom command's default): per algorithm the implementation
# of fewest cycles on the console's CPU.  The rule, from data: the CPU's own
# assembly where the image can hold it (it is faster than the C at every
# size measured, by exact cycles and by the ROM's timer: docs/assembly.md),
# else portable.
FASTEST = "fastest"
INCLUDES = ("src/engine/rom", "src/platform/rom", "src/engine", "src/algos")


@dataclass
class Row:
    algo: object       # hashbench.roster.Algorithm
    impl: str          # portable | compact | small (roster.SMALL) | the CPU's assembly (6502, sm83, armv4:
                       # src/algos/asm/registry.def): the code that runs, as records and the store name it
    label: str         # what the table shows, LABEL_WIDTH characters at most, unique in the image

    @property
    def code(self):
        """The implementation's roster entry (its symbol and sources)."""
        return self.algo.code(self.impl)

    @property
    def symbol(self) -> str:
        return self.code.symbol


@dataclass
class Plan:
    rows: list
    size: int                      # the image's size (the table's)
    sizes: list                    # every size the image holds digests for, ascending
    budget_ms: int
    left_out: list = field(default_factory=list)   # [(algo id, impl, why)]

    @property
    def std_index(self) -> int:
        return self.sizes.index(self.size)

    def sources(self) -> list:
        """The core files the rows need (the roster's lists, registry.def)."""
        return sorted({s for r in self.rows for s in r.code.sources})


@dataclass
class Built:
    """A console module's build of an image."""
    path: Path            # the finished image in the build folder
    used_bytes: int       # before padding
    image_bytes: int      # the file, padded
    text_bytes: int       # code and constants
    ram_bytes: int        # the console's RAM the image uses (data + bss)


def install(built: Built, out: Path):
    """Copies the image to `out` whole or not at all."""
    write_whole(out, built.path.read_bytes())


# A label longer than LABEL_WIDTH, shortened whole (Murmur3-128's roster label is M3-128 already)
SHORT_LABELS = {"SHA3-256": "S3-256", "SHA3-512": "S3-512"}
# The implementation's mark in the table's I column, beside the label; the CPU's assembly is "a"
# (its name, armv4, 6502, ..., in the legend), the 65816's "n" (native code: the Super NES image
# holds it beside the 6502 routines' "a").  One letter a name, the same on every console.
IMPL_MARKS = {"portable": "p", "compact": "c", SMALL: "s"}
ASM_MARK = "a"
ASM_MARKS = {"65816": "n"}


def labels(rows) -> list:
    """The table's labels: the algorithm's roster label (SHORT_LABELS where
    it is longer than LABEL_WIDTH); the implementation is not in it but in
    its own column (impl_mark)."""
    return [short_label(algo) for algo, _impl in rows]


def short_label(algo) -> str:
    lab = SHORT_LABELS.get(algo.label, algo.label)
    if len(lab) > LABEL_WIDTH:
        raise UserError(f"rom: {algo.id}'s label {lab!r} is longer than the table's {LABEL_WIDTH} columns")
    return lab


def impl_mark(algo, impl: str) -> str:
    """The I column's letter for a row: a (the CPU's assembly; n the 65816's), c, p or s."""
    return ASM_MARKS.get(impl, ASM_MARK) if impl in algo.asm else IMPL_MARKS[impl]


def legend(cols: int, rows) -> list:
    """The lines under the table that name each mark its rows show
    ("I: a=armv4 p=portable"), `cols` wide, for [(algorithm, impl)]:
    the store's names (docs/glossary.md), in the marks' order."""
    named = sorted({(impl_mark(a, i), i) for a, i in rows})
    lines, line = [], "I:"
    for mark, impl in named:
        word = f"{mark}={impl}"
        if len(line) + 1 + len(word) > cols:
            lines.append(line)
            line = word
        else:
            line += " " + word
    return lines + [line]


def plan(algos, impls, size: int, budget_ms: int, can_build=lambda algo: None, isas: tuple = ()) -> Plan:
    """The rows of an image: every selected (algorithm, implementation) the
    console can build (`can_build(algo)` returns None, or why not), in
    roster order; an assembly implementation only where its CPU is one of
    the console's `isas` (and the console's build assembles it: asm_isas);
    `fastest` the first of `isas` that has a routine, else portable."""
    if not 1 <= size <= MAX_SIZE:
        raise UserError(f"rom: --size must be 1..{MAX_SIZE} B for a console image")
    if not 1 <= budget_ms <= MAX_BUDGET_MS:
        raise UserError(f"rom: --budget must be 1 ms .. {MAX_BUDGET_MS // 1000} s for a console image")
    chosen, left_out = [], []
    for a in algos:
        why = can_build(a)
        mine = impls
        if FASTEST in impls:
            mine = [next((n for isa in isas for n, i in a.asm.items() if i.isa == isa), "portable")]
        for impl in mine:
            if impl not in a.impls_on(isas):
                continue
            if why:
                left_out.append((a.id, impl, why))
            else:
                chosen.append((a, impl))
    if not chosen:
        raise UserError("rom: the selection leaves no algorithm this console can run")
    if len(chosen) > 250:
        raise UserError("rom: at most 250 rows in one image")
    sizes = sorted(set(SWEEP_SIZES) | {size})
    rows = [Row(a, impl, lab) for (a, impl), lab in zip(chosen, labels(chosen))]
    return Plan(rows, size, sizes, budget_ms, left_out)


def c_bytes(hexd: str) -> str:
    return ", ".join(f"0x{hexd[i:i + 2]}" for i in range(0, len(hexd), 2))


def write_if_changed(path: Path, text: str):
    """A generated input of a build, rewritten only when it changes and then
    whole: test workers build the same image side by side, and a compiler
    reading it while another process truncated it to rewrite the same text
    would see half a file."""
    if not path.exists() or path.read_text() != text:
        write_whole(path, text)


def write_image(path: Path, data: bytes):
    """A finished image, written whole (a temporary renamed): another
    process may be loading the same file into an emulator, and a half-written
    image runs with its tail missing (a row's reference digest read as
    zeros: its own check fails where its digest is right)."""
    write_whole(path, data)


def write_config(con, folder: Path) -> list:
    """hb_rom_config.h (and hb_rom_screen.inc, the screen for assembly) in
    `folder`, whole, from the console's declaration and its target
    description: the screen, the target, the CPU and its clock that the
    application shows and records -> their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    what = f"{con.cols} x {con.rows} cells of 8x8" if con.has_screen else \
        f"no screen: the {con.cols} x {con.rows} text layout of the records"
    lines = [f"/* generated by hashbench/rom/image.py from the {con.name} console's declaration and its target",
             f" * description (targets/{con.target}.toml): do not edit */",
             "#ifndef HB_ROM_CONFIG_H", "#define HB_ROM_CONFIG_H", ""]
    if con.clock_header:
        lines += [f'#include "{con.clock_header}"   /* {con.clock} */', ""]
    elif con.clock.endswith("()"):
        lines += ["#include <stdint.h>", f"uint32_t {con.clock[:-2]}(void);   /* the platform's */", ""]
    lines += [f"/* the screen: {what} */", f"#define HB_ROM_COLS {con.cols}", f"#define HB_ROM_ROWS {con.rows}",
              f'#define HB_ROM_CPU "{con.cpu_name()}"']
    if con.board_target:
        lines += ["#ifdef HB_ROM_EMULATED   /* the emulator's stand-in */",
                  f'#define HB_ROM_TARGET "{con.run_target}"', f"#define HB_ROM_CLOCK_HZ {con.clock_expr(con.emulated_clock_hz)}",
                  "#else", f'#define HB_ROM_TARGET "{con.board_target}"', f"#define HB_ROM_CLOCK_HZ {con.clock_expr()}",
                  "#endif"]
    elif con.target_call:
        lines += [f"const char *{con.target_call[:-2]}(void);   /* the platform's */",
                  f"#define HB_ROM_TARGET {con.target_call}", f"#define HB_ROM_CLOCK_HZ {con.clock_expr()}"]
    else:
        lines += [f'#define HB_ROM_TARGET "{con.name}"', f"#define HB_ROM_CLOCK_HZ {con.clock_expr()}"]
    if con.lower_screen:
        lines += [f"#define HB_ROM_LOWER_ROWS {con.lower_screen}   /* hb_rom_text's rows from HB_ROM_ROWS: the lower screen */"]
    if con.decimal:
        lines += ["#define HB_ROM_DECIMAL 1   /* k and M figures with a decimal */"]
    if con.fine_span:
        lines += ["#define HB_ROM_FINE_SPAN 1   /* the platform times each span itself */"]
    lines += list(con.config_lines)
    head, inc = folder / "hb_rom_config.h", folder / "hb_rom_screen.inc"
    write_if_changed(head, "\n".join(lines + ["", "#endif", ""]))
    write_if_changed(inc, f"; generated by hashbench/rom/image.py from the {con.name} console's declaration\n"
                          f"        HB_ROM_COLS = {con.cols}\n        HB_ROM_ROWS = {con.rows}\n")
    return [head, inc]


def image_references(p: Plan) -> dict:
    """{(algo, size): hex} the image checks its rows against: the reference table, and for a size
    the table lacks (`--size 77`) the host engine's portable digest, as `--run` then checks the
    row (the image carried no digest there, and its own check failed every row)."""
    ref = reference_table()
    missing = sorted({(r.algo.id, s) for r in p.rows for s in p.sizes} - set(ref))
    if missing:
        from ..targets.host import expected_digests
        expected = expected_digests()
        ref = {**ref, **{(a, s): expected.get(a, s)[0] for a, s in missing}}
    return ref


def write_generated(p: Plan, folder: Path, con, fn_of=None) -> list:
    """hb_rom_sizes.h, hb_rom_roster.c and the console's hb_rom_config.h in
    `folder` -> the first two's paths.  `fn_of` {row index: C expression}
    replaces a row's function (the GBA's overlays: its address in IWRAM)."""
    fn_of = fn_of or {}
    ref = image_references(p)
    folder.mkdir(parents=True, exist_ok=True)
    write_config(con, folder)
    head = folder / "hb_rom_sizes.h"
    write_if_changed(head,
        "/* generated by hashbench/rom/image.py: the counts of hb_rom_image.h */\n"
        f"#define HB_ROM_ENTRIES {len(p.rows)}\n#define HB_ROM_NSIZES {len(p.sizes)}\n"
        f"#define HB_ROM_STD {p.std_index}\n#define HB_ROM_BUF {max(p.sizes)}\n"
        f"#define HB_ROM_LEGEND_LINES {len(legend(con.cols, [(r.algo, r.impl) for r in p.rows]))}\n")
    lines = ["/* generated by hashbench/rom/image.py: the image's rows and their reference",
             " * digests (data/reference-digests.tsv) */",
             '#include "hb_rom_image.h"', ""]
    lines += [f"void {s}(uint8_t *out, const uint8_t *in, size_t len);"
              for s in sorted({r.symbol for i, r in enumerate(p.rows) if i not in fn_of})]
    lines.append("")
    legend_lines = legend(con.cols, [(r.algo, r.impl) for r in p.rows])
    lines += ["const char *const hb_rom_legend[HB_ROM_LEGEND_LINES] = {",
              *(f'    "{x}",' for x in legend_lines), "};", ""]
    for a in {r.algo.id: r.algo for r in p.rows}.values():
        for size in p.sizes:
            hexd = ref.get((a.id, size))
            if hexd:
                lines.append(f"static const uint8_t d_{a.id.replace('-', '_')}_{size}[] = {{{c_bytes(hexd)}}};")
    lines += ["", "const hb_rom_entry hb_rom_roster[HB_ROM_ENTRIES] = {"]
    for i, r in enumerate(p.rows):
        exp = ", ".join(f"d_{r.algo.id.replace('-', '_')}_{size}" if (r.algo.id, size) in ref else "0"
                        for size in p.sizes)
        lines.append(f'    {{"{r.algo.id}", "{r.impl}", "{r.label}", \'{impl_mark(r.algo, r.impl)}\', '
                     f'{TIERS.index(r.algo.tier)}, '
                     f"{r.algo.digest_len}, {fn_of.get(i, r.symbol)}, {{{exp}}}}},")
    lines += ["};", "",
              f"const uint16_t hb_rom_sizes[HB_ROM_NSIZES] = {{{', '.join(str(s) for s in p.sizes)}}};",
              f"const uint8_t hb_rom_in_sweep[HB_ROM_NSIZES] = "
              f"{{{', '.join('1' if s in SWEEP_SIZES else '0' for s in p.sizes)}}};",
              f"const uint16_t hb_rom_budget_ms = {p.budget_ms};", ""]
    roster_c = folder / "hb_rom_roster.c"
    write_if_changed(roster_c, "\n".join(lines))
    return [head, roster_c]


# ---- the gcc consoles' build (GBA, NDS, N64, NUCLEO-F767) -------------------------------------------

def build_folder(console: str, p: Plan, *depends) -> Path:
    """The image's build folder: one per console and selection, the
    reference digests the image checks its rows against (a test that builds
    the same rows with a wrong one must not rewrite another's image: the GBA
    case then ran that image, MD5's own check failing on its right digest)
    and whatever else its build `depends` on."""
    ref = image_references(p)
    digests = [ref.get((r.algo.id, size)) for r in p.rows for size in p.sizes]
    key = hashlib.sha256(repr([(r.algo.id, r.impl) for r in p.rows] + [p.size, p.budget_ms, *depends, digests])
                         .encode())
    return BUILD / "rom" / console / key.hexdigest()[:16]


def includes(config_dir: str, gen: Path) -> list:
    """-I flags: the platform's config folder, the shared ones, the generated files'."""
    return ["-I" + config_dir] + ["-I" + d for d in INCLUDES] + ["-I" + cache.rel(gen)]


def headers(config_dir: str, *more_dirs) -> list:
    """The headers an image's build depends on (for the build cache), the
    registry's X-macro list with them."""
    found = [p for d in INCLUDES + (config_dir, *more_dirs) for p in (ROOT / d).glob("*.h")]
    return sorted(cache.rel(p) for p in found + list((ROOT / "src/algos").glob("*.def")))


def link_elf(con, p: Plan, folder: Path, elf: Path, cc: str, flags: list, config_dir: str, platform: list,
             linker_script: str, ldflags: list, log, header_dirs=(), fn_of=None, algo_sources=None,
             includes_too=()) -> Path:
    """Compiles and links (through the build cache) the console's
    `platform` sources, the shared application, the rows' algorithm files
    (or `algo_sources`: the GBA's overlays leave theirs out) and the
    generated roster into `elf`, with its link map beside it;
    `includes_too`: files the platform's assembly .includes (inputs too)."""
    head, roster_c = write_generated(p, folder / "gen", con, fn_of)
    algo = p.sources() if algo_sources is None else list(algo_sources)
    sources = list(platform) + list(APP_SOURCES) + algo + [cache.rel(roster_c)]
    asm_dirs, asm_incs = assembly_search(sources)
    cmd = ([cc] + STD + list(flags) + includes(config_dir, folder / "gen") + asm_dirs
           + ["-T", linker_script, "-Wl,-Map=" + cache.rel(elf.with_suffix(".map")), "-o", cache.rel(elf)]
           + sources + list(ldflags))
    inputs = sources + asm_incs + headers(config_dir, *header_dirs) + \
        [cache.rel(head), cache.rel(folder / "gen" / "hb_rom_config.h"), linker_script, *includes_too]
    cache.cached(elf, cmd, inputs, cache.tool_version(cc), log)
    return elf


def binutil(cc: str, name: str) -> str:
    """The binutils tool (objcopy, size) beside a gcc."""
    return cc[:-3] + name


def objcopy_binary(cc: str, elf: Path, out: Path) -> bytes:
    """`elf`'s loadable bytes (objcopy -O binary) written to `out` -> them.
    objcopy writes a temporary name that is then renamed: another process
    building the same image (test workers) may be reading `out` (an overlay
    the assembler .incbin's) and must never see half of it."""
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        proc = cache.run([binutil(cc, "objcopy"), "-O", "binary", cache.rel(elf), cache.rel(tmp)])
        if proc.returncode != 0:
            raise BuildError("rom: objcopy failed: " + cache.why(proc.stderr))
        data = tmp.read_bytes()
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return data


def section_sizes(cc: str, elf: Path):
    """-> (text, data, bss) bytes of `elf` (size -B)."""
    out = cache.run([binutil(cc, "size"), "-B", str(elf)]).stdout.splitlines()
    text, data, bss = (int(x) for x in out[1].split()[:3])
    return text, data, bss
