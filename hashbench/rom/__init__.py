# SPDX-License-Identifier: MIT
"""The console ROMs: hashbench as a program that runs on the console itself,
timed by the console's own timer, with its table on the screen.

    console   the Console declaration and the registry (--target -> module)
    gba, nes, ...  one module per console: its image's build and its CONSOLE
    font      the 8x8 font every console draws (data/font/hb8x8.txt)
    image     the rows an image holds and the C tables that carry them
    banks     the bank packer of the banked cartridges (NES, Super NES, Game Boy)
    libretro  a headless libretro frontend; run: an image run into a stored run
    flow      `hashbench rom`'s build and run, without the command line

docs/adding-a-console.md walks through a new console.
"""
