# SPDX-License-Identifier: MIT
"""A console ROM, declared once: what `hashbench rom --target NAME` builds
and runs, and the registry of every console.

Each console module of this package (gba.py, nes.py, ...) declares one
`CONSOLE = Console(...)`; REGISTRY names the module per --target.  What the
target description (targets/<target>.toml) already says is read from it:
the compiler, its flags, whether the CPU has 64-bit integers, the CPU and
its clock.  The screen, the CPU's name and clock the image shows are
declared here only: the build writes the whole of hb_rom_config.h from
them (and hb_rom_screen.inc, the screen for assembly).  How the browser page plays a console (Web, its Keys) is
declared here too, so that a declaration imports no web server.
docs/adding-a-console.md walks through a new console."""
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
class Key:
    button: str      # the console's name for it
    retropad: int    # libretro's RETRO_DEVICE_ID_JOYPAD_* (what EmulatorJS's controls are keyed by)
    key: str         # EmulatorJS's name of the keyboard key


# EmulatorJS's own defaults for these buttons, so that its settings menu agrees with the page
ARROWS = (Key("UP", 4, "up arrow"), Key("DOWN", 5, "down arrow"), Key("LEFT", 6, "left arrow"),
          Key("RIGHT", 7, "right arrow"))
A, B, SELECT, START = Key("A", 8, "z"), Key("B", 0, "x"), Key("SELECT", 2, "v"), Key("START", 3, "enter")
L, R = Key("L", 10, "q"), Key("R", 11, "e")


def pad(*more) -> tuple:
    """The buttons the application reads (A, B, SELECT, START, the arrows), and `more`."""
    return (A, B, SELECT, START, *ARROWS, *more)


@dataclass(frozen=True)
class Web:
    """A console as the browser page plays it (a Console's `web`)."""
    core: str            # the core: npm's @emulatorjs/core-<core>, EmulatorJS's name for it
    emulator: str        # what the page says it runs in
    extensions: tuple    # the image files `hashbench play FILE` takes for this console
    fps: float           # the console's frames a second (webrun: emulated seconds from frames)
    keys: tuple = field(default_factory=pad)
    options: dict = field(default_factory=dict)   # the core's libretro variables
    # (image path) -> (bytes the records' place is found by, the records' offset from them, their length)
    # in the core's save state, where the records are not in the save RAM (the NDS's main RAM)
    records_in_state: Callable | None = None
    measures: bool = True   # False: played only (hashbench.rom.webrun does not read its records back)
    machine: str = ""       # the machine the core runs the image as, where not the console's name (the page's title)


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
    driver: Callable | None = None     # (console, image, log, limit_s) -> the driver.Driver that measures the
                                          # image (limit_s: wall seconds a pass may take, for a process of its own);
                                          # default: its libretro core, headless (open())
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
    web: Web | None = None       # how the browser page plays it; None: it does not
    placements: tuple = ()       # where the rows' code may run (--place; the GBA's), the default first
    small_rows: Callable | None = None   # (log) -> {algorithm id}: those the default image holds as `small`
                                   # (built small to fit), which `cross --target <target>` measures so too
    assembles: bool = False      # its build assembles the CPU's own implementations (src/algos/asm/)
    assembly_of: str = ""        # the target whose assembly it holds, where not its own (the NDS: gba-iwram-arm's)
    assembly_isa: str = ""       # the CPU whose assembly it holds where no target is that CPU (the Super NES: 65816)
    assembly_also: tuple = ()    # other CPUs whose assembly it holds too, taken where its own has none (the
                                 # Super NES: the 6502's, which the 65816 runs with 8-bit registers)
    # what the image says it runs on (its banner, its `engine` record: hb_rom_config.h, generated whole)
    cpu: str = ""                # the CPU's short name; default: the target description's cpu
    clock: str = ""              # HB_ROM_CLOCK_HZ: a call into the platform where the clock is found at run time
                                 # (the NES's region); default: the target description's clock_hz
    clock_header: str = ""       # the platform's header that declares the clock's call (else hb_rom_config.h does)
    emulated_clock_hz: int = 0   # with a board_target: the clock of the emulator's stand-in (built with
                                 # HB_ROM_EMULATED), the board's being the target description's
    lower_screen: int = 0        # the rows of a second screen below the first (the DS's: hb_rom.h's HB_ROM_LOWER_ROWS)
    decimal: bool = False        # k and M figures with a decimal ("8.4M": hb_rom.h's HB_ROM_DECIMAL), where the
                                 # image has room for the code (not the NES's fixed bank)
    fine_span: bool = False      # the platform times each span itself (hb_rom.h: HB_ROM_FINE_SPAN)
    config_lines: tuple = ()     # more lines of hb_rom_config.h: what the platform or the build adds by name
                                 # (a function of a generated stub's name, a define hb_rom.h asks for)
    target_call: str = ""        # HB_ROM_TARGET: a call into the platform where the image finds its machine at
                                 # run time (the Game Boy's image on a Color: "gbc"); default: the name
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
        from ..toolchain import cache
        return cache.tool_version(self.cc or self.description().cc)

    def build_flags(self) -> list:
        t = self.description()
        return list(self.cflags(t) if self.cflags else t.cflags)

    def flags(self) -> str:
        return " ".join(self.build_flags())

    def asm_isas(self, place=None) -> tuple:
        """The CPUs whose assembly implementations the image can hold, the
        preferred first (`--impl fastest` takes the first that has a routine;
        (): none).  Where the rows run as `place` says (the GBA's placements,
        named as cross targets; None: the default, the first), that target's
        `isa`."""
        if not self.assembles:
            return ()
        if self.assembly_isa:
            return (self.assembly_isa,) + tuple(self.assembly_also)
        place = place or (self.placements[0] if self.placements else None)
        if place or self.assembly_of:
            from ..targets import load_all
            return (load_all()[place or self.assembly_of].isa,)
        return (self.description().isa,)

    def can_build(self, algo) -> str | None:
        """None, or why the console cannot build `algo` (64-bit integers its compiler lacks)."""
        t = self.description()
        if getattr(t, "u64", True) or algo.width <= 32:
            return None
        return f"needs 64-bit integers ({t.toolchain} has none)"

    # ---- what the image says it runs on ----

    def cpu_name(self) -> str:
        return self.cpu or self.description().cpu

    def clock_expr(self, hz: int = 0) -> str:
        """HB_ROM_CLOCK_HZ as C: the platform's call, or `hz` (default the target description's clock_hz)."""
        return self.clock or f"{hz or self.description().clock_hz}UL"

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
        return self.driver is None

    def open(self, image, log=lambda m: None, limit_s: float = 3600.0):
        """The emulator that measures `image` (a driver.Driver, to be entered)."""
        if self.driver:
            return self.driver(self, image, log, limit_s)
        from . import libretro
        return libretro.Core(self.emulator, image, self.emulator_options, records=self.records_memory)

    def records_memory(self, core) -> bytes:
        """Where the image writes its records in a libretro core: the save
        RAM from records_offset, or what `records` reads (the NDS: main RAM)."""
        return self.records(core) if self.records else core.save_ram()[self.records_offset:]

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


def mhz(hz: int) -> str:
    """16777216 -> '16.78 MHz'; 216000000 -> '216 MHz'."""
    return f"{hz / 1e6:.2f}".rstrip("0").rstrip(".") + " MHz"


def chip(target: str, cpu: str = "") -> str:
    """'ARM7TDMI 16.78 MHz': a title's CPU (`cpu`, else the target
    description's) and its clock, read from targets/<target>.toml."""
    from ..targets import load_all
    t = load_all()[target]
    return f"{cpu or t.cpu} {mhz(t.clock_hz)}"


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
