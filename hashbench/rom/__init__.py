# SPDX-License-Identifier: MIT
"""The console ROMs: hashbench as a program that runs on the console itself,
timed by the console's own timer, with its table on the screen.

    font      the 8x8 font every console draws (data/font/hb8x8.txt)
"""
