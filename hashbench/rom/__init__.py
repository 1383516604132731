# SPDX-License-Identifier: MIT
"""The console ROMs: hashbench as a program that runs on the console itself,
timed by the console's own timer, with its table on the screen.

    font      the 8x8 font every console draws (data/font/hb8x8.txt)
    image     the rows an image holds and the C tables that carry them
    gba, nes  one module per console: its image's build, core and screen
    libretro  a headless libretro frontend; run: an image run into a stored run
"""
