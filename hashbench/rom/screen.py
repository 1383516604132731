# SPDX-License-Identifier: MIT
"""Reading a ROM's screen back: a frame's 8x8 cells decoded with the font
the ROM draws (hashbench.rom.font), the table's lines the ROM should show
for its records (the app's integer arithmetic and layout, redone here), and
the screenshot PNG.

A cell is decoded by comparing its pixels with the background colour (the
frame's most common one): set where they differ.  A cell that is no glyph
of the font decodes as '\\x00', so that a blank or garbled screen never
reads as text."""
from collections import Counter

from . import font

CELL = 8


def background(rows) -> tuple:
    return Counter(p for row in rows for p in row).most_common(1)[0][0]


def single_width(frame, cols: int):
    """The frame at one pixel a dot: bsnes draws every line 512 pixels
    wide (for the Super NES's high-resolution modes), twice the 256 dots
    of a 32-cell screen; every other pixel is the picture."""
    w, h, rows = frame
    if w != 2 * cols * CELL:
        return frame
    return w // 2, h, [row[::2] for row in rows]


def text(frame, cols: int, lines: int, first: int = 0) -> list:
    """The screen's text, one string per line of cells (from line `first`:
    the DS's lower screen, below the upper one in the frame)."""
    _, _, rows = single_width(frame, cols)
    bg = background(rows)
    shapes = {tuple(g): chr(c) for c, g in font.glyphs().items()}
    out = []
    for cy in range(first, first + lines):
        chars = []
        for cx in range(cols):
            cell = tuple(sum(1 << (7 - x) for x in range(CELL) if rows[cy * CELL + y][cx * CELL + x] != bg)
                         for y in range(CELL))
            chars.append(shapes.get(cell, "\0"))
        out.append("".join(chars))
    return out


# ---- the table's lines, as src/engine/rom/hb_rom_app.c draws them ----------------------------------

MARK_COL = 8        # the implementation's mark (the I column)
FIGURES_COL = 10


def fmt_uint(v: int, width: int, decimal: bool = False) -> str:
    """put_uint: right-aligned in `width`; too wide: thousands (k) or
    millions (M), with one decimal where it fits and the console shows
    decimals (HB_ROM_DECIMAL)."""
    limit = 10 ** width
    suffix, unit = "", 1
    if width < 10 and v >= limit:
        suffix, unit = "k", 1000
        if v // 1000 >= limit // 10:
            suffix, unit = "M", 1000000
    whole = v // unit
    if decimal and suffix and whole < limit // 1000:
        s = f"{whole}.{v // (unit // 10) % 10}{suffix}"
    else:
        s = (str(whole) + suffix)[-width:]
    return s.rjust(width)


def per_call_us(iters, ticks, tick_hz) -> int:
    return (ticks * 1000000 // tick_hz + iters // 2) // iters


def fmt_speed(iters, ticks, size, tick_hz, width: int, decimal: bool = False) -> str:
    """put_speed: bytes a second, in one unit (the column's B/s): k and M
    where the digits do not fit (fmt_uint), one decimal below 10."""
    v = iters * size * tick_hz // ticks
    if v >= 10:
        return fmt_uint(v, width, decimal)
    v = iters * size * 10 * tick_hz // ticks
    return f"{v // 10}.{v % 10}".rjust(width)


def row_lines(cols: int, mark: str, label: str, verified: bool, iters: int, ticks: int, size: int, tick_hz: int,
              digest_hex: str, impl_mark: str = "p", decimal: bool = False) -> list:
    """The table line of one measured row at the image's size: tier mark,
    label, the implementation's mark, then on 30 columns or more ITER,
    US/IT, B/s and the digest's first bytes, on 20 B/s and US/IT."""
    wide = cols >= 30
    line = [" "] * cols

    def put(col, s):
        for i, ch in enumerate(s):
            if col + i < cols:
                line[col + i] = ch

    put(0, mark)
    put(1, label)
    put(MARK_COL, impl_mark)
    if not verified:
        put(FIGURES_COL, "BAD DIGEST")
    elif wide:
        put(FIGURES_COL, fmt_uint(iters, 4, decimal))
        put(21, fmt_speed(iters, ticks, size, tick_hz, 4, decimal))
    else:
        put(FIGURES_COL, fmt_speed(iters, ticks, size, tick_hz, 4, decimal))
    if verified:
        put(15, fmt_uint(per_call_us(iters, ticks, tick_hz), 5, decimal))
    if wide:
        put(26, digest_hex[:8].upper())
    return ["".join(line)]


def sweep_lines(cols: int, mark: str, label: str, figures, impl_mark: str = "p", decimal: bool = False) -> list:
    """The sweep's line(s) of one row: B/s at each sweep size; `figures`
    [(verified, iters, ticks, size, tick_hz)] in ascending size (on 20
    columns on a second line, under the heads' sizes)."""
    wide = cols >= 30
    lines = [[" "] * cols for _ in range(1 if wide else 2)]

    def put(n, col, s):
        for i, ch in enumerate(s):
            if col + i < cols:
                lines[n][col + i] = ch
    put(0, 0, mark)
    put(0, 1, label)
    put(0, MARK_COL, impl_mark)
    for c, (verified, iters, ticks, size, tick_hz) in enumerate(figures):
        end = (14 if wide else 9) + 5 * c
        if verified:
            put(0 if wide else 1, end - 4, fmt_speed(iters, ticks, size, tick_hz, 4, decimal))
        else:
            put(0 if wide else 1, end - 2, "!!")
    return ["".join(x) for x in lines]


def image(frames, scale: int = 2):
    """Frames stacked top to bottom as one Pillow image."""
    from PIL import Image
    w = max(f[0] for f in frames)
    h = sum(f[1] for f in frames)
    img = Image.new("RGB", (w, h))
    y = 0
    for fw, fh, rows in frames:
        part = Image.new("RGB", (fw, fh))
        part.putdata([p for row in rows for p in row])
        img.paste(part, (0, y))
        y += fh
    return img.resize((w * scale, h * scale), Image.NEAREST)


def crop(frame, first_line: int, last_line: int, cols: int = 0):
    """The cell lines first_line..last_line (inclusive) of a frame (of
    `cols` cells a line: single_width)."""
    w, _, rows = single_width(frame, cols)
    part = rows[first_line * CELL:(last_line + 1) * CELL]
    return w, len(part), part
