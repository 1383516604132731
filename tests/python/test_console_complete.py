# SPDX-License-Identifier: MIT
"""Every console of the registry (hashbench/rom/console.py) is complete:
its module declares a Console that names a target description, its
build writes its hb_rom_config.h whole from the declaration, its platform
folder holds C that defines the whole of hb_rom.h, its emulator is one
the front end can run, the ROM tests and docs/roms.md cover it.  Each
failure names what is missing and where it goes (docs/adding-a-console.md
walks through the pieces)."""
import contextlib
import functools
import importlib
import inspect
import io
import re

import pytest
import rom_cases

from hashbench.cli import main
from hashbench.paths import ROOT
from hashbench.rom import console, image, libretro
from hashbench.targets import load_all

PLATFORM = ROOT / "src" / "platform" / "rom"
# hb_rom.h's functions, and the record writer's hb_putc (src/engine/hb_record.h), which the platform provides
CONTRACT = ("hb_rom_init", "hb_rom_clear", "hb_rom_text", "hb_rom_frame", "hb_rom_ticks", "hb_rom_tick_hz",
            "hb_rom_tick_unit", "hb_rom_records_reset", "hb_putc")
# a timer coarser than the budget needs times each span itself (hb_rom.h: HB_ROM_FINE_SPAN)
FINE_SPAN = ("hb_rom_span_start", "hb_rom_span_ticks", "hb_rom_timer_check")
GUIDE = "(docs/adding-a-console.md)"

NAMES = console.names()


@functools.cache
def rom_help() -> str:
    """`hashbench rom --help`, its words only (the formatter wraps lines anywhere)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["rom", "--help"])
    return " ".join(out.getvalue().split())


def module_of(name):
    return importlib.import_module(f"hashbench.rom.{console.REGISTRY[name]}")


def platform_of(name: str) -> str:
    """The platform folder a console builds with: its own, or, for a mode of
    another console's image (gbc: the Game Boy's run as a Color), that
    console's, whose module its build function is in."""
    owner = console.get(name).build.__module__.rsplit(".", 1)[-1]
    return next(n for n, module in console.REGISTRY.items() if module == owner)


@pytest.mark.parametrize("name", NAMES)
def test_the_module_declares_its_console(name):
    module = module_of(name)
    con = getattr(module, "CONSOLE", None)
    assert isinstance(con, console.Console), \
        f"hashbench/rom/{console.REGISTRY[name]}.py declares no CONSOLE = Console(...) {GUIDE}"
    assert con.name == name, f"the registry's {name!r} declares a console named {con.name!r}"
    assert con.target in load_all(), f"{name}: no targets/{con.target}.toml, which its compiler and flags come from"
    assert con.run_target and con.title, f"{name}: declare the stored runs' target and title"
    assert con.timer and " ".join(con.timer.split()) in rom_help(), \
        f"{name}: declare the console's own timer (timer=...), which `hashbench rom --help` lists"
    assert con.screen is None or (len(con.screen) == 2 and all(isinstance(n, int) and 16 <= n <= 64
                                                               for n in con.screen)), \
        f"{name}: screen is (columns, rows) of 8x8 cells, or None"


@pytest.mark.parametrize("name", NAMES)
def test_stored_targets_are_unique(name):
    con = console.get(name)
    others = {t for c in console.all_consoles() if c is not con for t in (c.run_target, c.board_target) if t}
    assert con.run_target not in others, f"{name}: another console stores its runs as {con.run_target!r}"


@pytest.mark.parametrize("name", NAMES)
def test_its_emulator_is_one_the_front_end_runs(name):
    con = console.get(name)
    if con.runs_in_libretro:
        assert con.emulator in libretro.CORE_FILES, \
            f"{name}: {con.emulator!r} is no libretro core in hashbench/rom/libretro.py CORE_FILES; " \
            "a console run another way declares driver= and find_emulator="
    else:
        assert con.find_emulator, f"{name}: a console with its own driver= declares find_emulator= (what to install)"
        assert con.runner, f"{name}: a console with its own driver= says what runs it (runner=)"


def defines(text: str) -> dict:
    return dict(re.findall(r"^#define\s+(HB_ROM_\w+)\s+(.*?)\s*(?:/\*.*)?$", text, re.M))


@pytest.mark.parametrize("name", NAMES)
def test_the_config_is_generated_whole_from_the_declaration(name, tmp_path):
    """hb_rom_config.h is the build's, from the declaration (screen=, cpu=,
    clock=) and the target description (cpu, clock_hz): no platform folder
    types it a second time."""
    con = console.get(name)
    typed = PLATFORM / platform_of(name) / "hb_rom_config.h"
    assert not typed.exists(), f"{typed.relative_to(ROOT)}: the build writes hb_rom_config.h from {name}'s declaration"
    head, _inc = image.write_config(con, tmp_path)
    got = defines(head.read_text())
    t = con.description()
    assert (got["HB_ROM_COLS"], got["HB_ROM_ROWS"]) == (str(con.cols), str(con.rows))
    assert got["HB_ROM_CPU"] == f'"{con.cpu or t.cpu}"'
    assert got["HB_ROM_CLOCK_HZ"] == (con.clock or f"{t.clock_hz}UL"), "the board's clock: the target description's"
    assert got["HB_ROM_TARGET"] == (con.target_call or f'"{con.board_target or con.name}"')
    assert ("HB_ROM_FINE_SPAN" in got) == con.fine_span
    assert all(line in head.read_text() for line in con.config_lines)
    if con.clock:
        declared = f'#include "{con.clock_header}"' if con.clock_header else f"uint32_t {con.clock[:-2]}(void);"
        assert declared in head.read_text()


@pytest.mark.parametrize("name", NAMES)
def test_the_platform_defines_the_whole_contract(name):
    """hb_rom.h's functions, in the console's folder or in the shared
    platform files (src/platform/rom/*.c) its module builds with."""
    name = platform_of(name)
    module_text = inspect.getsource(module_of(name))
    files = sorted((PLATFORM / name).glob("*.c")) + [p for p in sorted(PLATFORM.glob("*.c"))
                                                      if f"src/platform/rom/{p.name}" in module_text]
    code = "\n".join(p.read_text() for p in files)
    asm = "\n".join(p.read_text() for p in sorted((PLATFORM / name).glob("*.[sS]")))
    contract = CONTRACT
    if console.get(name).fine_span:
        contract = tuple(f for f in CONTRACT if f != "hb_rom_ticks") + FINE_SPAN
    missing = [f for f in contract if not re.search(rf"^[A-Za-z][\w \*]*\b{f}\s*\([^;]*$", code, re.M)
               and not re.search(rf"^_?{f}:", asm, re.M)]
    assert not missing, (f"{name}: no definition of {', '.join(missing)} in src/platform/rom/{name}/ "
                         f"(src/platform/rom/hb_rom.h says what each does)")


@pytest.mark.parametrize("name", NAMES)
def test_the_platform_includes_no_engine_header(name):
    """The platform meets the application at hb_rom.h only (and hb_font.h,
    the font the image carries): no engine header."""
    engine = {p.name for p in (ROOT / "src" / "engine").rglob("*.h")}
    name = platform_of(name)
    for p in sorted((PLATFORM / name).glob("*.[ch]")) + sorted(PLATFORM.glob("*.[ch]")):
        for inc in re.findall(r'#include\s+"([^"]+)"', p.read_text()):
            assert "engine/" not in inc and inc.split("/")[-1] not in engine, \
                f"{p.relative_to(ROOT)} includes {inc}: put what it needs behind src/platform/rom/hb_rom.h"


@pytest.mark.parametrize("name", NAMES)
def test_the_rom_suite_and_the_docs_cover_it(name):
    assert name in rom_cases.CASES, \
        f"tests/python/rom_cases.py CASES has no {name!r}: what its image holds and its engine record says"
    roms = (ROOT / "docs" / "roms.md").read_text()
    assert f"--target {name}" in roms, f"docs/roms.md does not show `hashbench rom --target {name}`"
