# SPDX-License-Identifier: MIT
"""The Game Boy Color: the Game Boy's image (hashbench/rom/gb.py), whose
header says it runs on a Color too (0x143 = 0x80), run as a Color: there
its start-up switches the CPU to double speed, 8,388,608 Hz
(src/platform/rom/gb/gb.c), so every row takes about half the Game Boy's
time.  mGBA's Game Boy Color model by default; Debian's libretro-gambatte
(its hardware mode GBC) runs it too (tests/python/test_rom_gb.py)."""
from dataclasses import replace

from .gb import CONSOLE as GB

CONSOLE = replace(
    GB, name="gbc", run_target="gbc-rom",
    timer="the same image on a Game Boy Color, switched to double speed (8.39 MHz): TIMA at 131,072 Hz",
    title="Game Boy Color (SM83 8.39 MHz double speed, SDCC, MBC5 banks): the ROM image's own timer "
          "(TIMA, 131,072 Hz)",
    emulator_options={"mgba_gb_model": "Game Boy Color"},
    slowest_call_s=GB.slowest_call_s / 2,
    web=None)
