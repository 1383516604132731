# SPDX-License-Identifier: MIT
"""A console ROM, declared once: what `hashbench rom --target NAME` builds
and runs, and the registry of every console.

Each console module of this package (gba.py, nes.py, ...) declares one
`CONSOLE = Console(...)`; REGISTRY names the module per --target.  What the
target description (targets/<target>.toml) already says is read from it:
the compiler, its flags, whether the CPU has 64-bit integers.  The screen
is declared here only: the build writes it into hb_rom_screen.h (and
hb_rom_screen.inc for assembly), which the platform's hb_rom_config.h
includes.  docs/adding-a-console.md walks through a new console."""
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..errors import UserError

# --target -> the module of this package that declares its CONSOLE, in the order help lists them
REGISTRY = {
    "nes": "nes",
    "snes": "snes",
    "gb": "gb",
    "gbc": "gbc",
    "gba": "gba",
    "nds": "nds",
    "n64": "n64",
    "nucleo-f767": "nucleo",
}

# The text layout the application formats for a console with no screen
# (its records go out over a serial port): the GBA's 30 x 20 cells.
NO_SCREEN_CELLS = (30, 20)


@dataclass(frozen=True)
class Console:
    name: str                    # --target
    run_target: str              # the target stored runs are named by (gba-rom)
    title: str                   # the stored run's title for run_target
    timer: str                   # the console's own timer, one phrase for `rom --help` (in cycles, how)
    target: str                  # targets/<target>.toml: compiler, flags, 64-bit integers
    build: Callable              # (image.Plan, log) -> image.Built; may narrow plan.rows to what fits
    describe: Callable           # (image.Built) -> one line for the command's output
    screen: tuple | None      # the text screen's (columns, rows) of 8x8 cells; None: no screen
    emulator: str                # a libretro core (libretro.CORE_FILES), else the program `play` runs
    emulator_options: dict = field(default_factory=dict)   # the libretro core's variables
    runner: str = ""             # what ran the image, for the stored run (default: the libretro core)
    play: Callable | None = None       # (console, image, rows, budget_ms, log, stream, pages) -> run.Session;
                                          # default run.play: the libretro core, headless
    find_emulator: Callable | None = None   # () -> raises UserError where missing; default: the core's file
    records: Callable | None = None    # (core) -> the bytes holding the records; default: the save RAM
    records_offset: int = 0      # where the records start in the save RAM
    settle_frames: int = 5       # frames the screen takes to show a whole new table
    slowest_call_s: float = 5.0  # emulated seconds the slowest row's calls may take (run.limit_s)
    cc: str = ""                 # the compiler, where not the target description's
    cflags: Callable | None = None     # (target description) -> the build's flags; default its cflags
    install: Callable | None = None    # (built, out path): write the image; default image.install
    check_output: Callable | None = None   # (out path) -> raises UserError for a name it cannot write
    board_target: str = ""       # where records imported from real hardware are stored otherwise (nucleo-f767)
    board_title: str = ""
    web: object = None           # how the browser page plays it (hashbench.rom.play.Web); None: it does not
    placements: tuple = ()       # where the rows' code may run (--place; the GBA's), the default first
    assembles: bool = False      # its build assembles the CPU's own implementations (src/algos/asm/)
    assembly_of: str = ""        # the target whose assembly it holds, where not its own (the NDS: gba-iwram-arm's)
    timer_irq: tuple | None = None   # (ticks between, cycles each): the timer's own interrupt, which a
                                     # span holds every so many ticks and no call's cost includes (the GB's)

    def image_suffix(self) -> str:
        """The image file's usual ending (the browser page's, where it plays
        it; the Game Boy's for the Color, which runs the same image; the
        NUCLEO's ELF)."""
        if self.web:
            return self.web.extensions[0]
        return {"gbc": ".gb"}.get(self.name, ".elf")

    # ---- read from the target description ----

    def description(self):
        """The target description (targets/<target>.toml)."""
        from ..targets import load_all
        return load_all()[self.target]

    def compiler(self) -> str:
        """The compiler's version line, as stored with results."""
        from ..build import cache
        return cache.tool_version(self.cc or self.description().cc)

    def build_flags(self) -> list:
        t = self.description()
        return list(self.cflags(t) if self.cflags else t.cflags)

    def flags(self) -> str:
        return " ".join(self.build_flags())

    def asm_isa(self, place=None) -> str:
        """The CPU whose assembly implementations the image can hold ("": none).
        Where the rows run as `place` says (the GBA's placements, named as
        cross targets; None: the default, the first), that target's `isa`."""
        if not self.assembles:
            return ""
        place = place or (self.placements[0] if self.placements else None)
        if place or self.assembly_of:
            from ..targets import load_all
            return load_all()[place or self.assembly_of].isa
        return self.description().isa

    def can_build(self, algo) -> str | None:
        """None, or why the console cannot build `algo` (64-bit integers its compiler lacks)."""
        t = self.description()
        if getattr(t, "u64", True) or algo.width <= 32:
            return None
        return f"needs 64-bit integers ({t.toolchain} has none)"

    # ---- the screen ----

    @property
    def has_screen(self) -> bool:
        return self.screen is not None

    @property
    def cols(self) -> int:
        return (self.screen or NO_SCREEN_CELLS)[0]

    @property
    def rows(self) -> int:
        return (self.screen or NO_SCREEN_CELLS)[1]

    # ---- running ----

    @property
    def runs_in_libretro(self) -> bool:
        return self.play is None

    def runner_text(self) -> str:
        return self.runner or f"libretro core {self.emulator} (headless)"

    def check_emulator(self):
        """Raises UserError, with what to install, where the emulator is missing."""
        if self.find_emulator:
            self.find_emulator()
        else:
            from . import libretro
            libretro.core_path(self.emulator)

    def with_options(self, **options) -> "Console":
        """The same console with other emulator options (a study's region, say)."""
        return replace(self, emulator_options={**self.emulator_options, **options})


def names() -> tuple:
    return tuple(REGISTRY)


def get(name: str) -> Console:
    """The console a --target names (UserError otherwise)."""
    if name not in REGISTRY:
        raise UserError(f"rom: unknown target {name!r}: choose from {', '.join(REGISTRY)}")
    try:
        module = importlib.import_module(f"{__package__}.{REGISTRY[name]}")
    except ModuleNotFoundError as exc:
        raise UserError(f"rom: no ROM for {name} in this version of hashbench") from exc
    return module.CONSOLE


def available() -> list:
    out = []
    for name in REGISTRY:
        try:
            get(name)
            out.append(name)
        except UserError:
            pass
    return out


def all_consoles() -> list:
    return [get(name) for name in REGISTRY]
