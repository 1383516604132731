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


def text(frame, cols: int, lines: int) -> list:
    """The screen's text, one string per line of cells."""
    _, _, rows = single_width(frame, cols)
    bg = background(rows)
    shapes = {tuple(g): chr(c) for c, g in font.glyphs().items()}
    out = []
    for cy in range(lines):
        chars = []
        for cx in range(cols):
            cell = tuple(sum(1 << (7 - x) for x in range(CELL) if rows[cy * CELL + y][cx * CELL + x] != bg)
                         for y in range(CELL))
            chars.append(shapes.get(cell, "\0"))
        out.append("".join(chars))
    return out


# ---- the table's lines, as src/engine/rom/hb_rom_app.c draws them ----------------------------------

def fmt_uint(v: int, width: int) -> str:
    """put_uint: right-aligned in `width`; too wide: thousands (k) or millions (M)."""
    limit = 10 ** width
    suffix = ""
    if width < 10 and v >= limit:
        suffix, v = "k", v // 1000
        if v >= limit // 10:
            suffix, v = "M", v // 1000
    s = (str(v) + suffix)[-width:]
    return s.rjust(width)


def per_call_us(iters, ticks, tick_hz) -> int:
    return (ticks * 1000000 // tick_hz + iters // 2) // iters


def fmt_speed(iters, ticks, size, tick_hz, width: int) -> str:
    """put_speed: bytes a second, in one unit (the column's B/s): k and M
    where the digits do not fit (fmt_uint), one decimal below 10."""
    v = iters * size * tick_hz // ticks
    if v >= 10:
        return fmt_uint(v, width)
    v = iters * size * 10 * tick_hz // ticks
    return f"{v // 10}.{v % 10}".rjust(width)


def row_lines(cols: int, mark: str, label: str, verified: bool, iters: int, ticks: int, size: int, tick_hz: int,
              digest_hex: str) -> list:
    """The table line(s) of one measured row at the image's size (one line on
    a screen of 30 columns or more, two below)."""
    wide = cols >= 30
    line = [" "] * cols

    def put(col, s):
        for i, ch in enumerate(s):
            if col + i < cols:
                line[col + i] = ch

    head = digest_hex[:8].upper()
    put(0, mark)
    put(1, label)
    if not verified:
        put(7, "!")
        put(9, "BAD DIGEST")
    else:
        put(8, fmt_uint(iters, 5))
        put(14, fmt_uint(per_call_us(iters, ticks, tick_hz), 6))
        if wide:
            put(21, fmt_speed(iters, ticks, size, tick_hz, 4))
    if wide:
        put(26, head)
        return ["".join(line)]
    first = "".join(line)
    line = [" "] * cols
    if verified:
        put(2, fmt_speed(iters, ticks, size, tick_hz, 5))
    put(8, head)
    return [first, "".join(line)]


def sweep_lines(cols: int, mark: str, label: str, figures) -> list:
    """The sweep's line(s) of one row: B/s at each sweep size; `figures`
    [(verified, iters, ticks, size, tick_hz)] in ascending size."""
    wide = cols >= 30
    lines = [[" "] * cols for _ in range(1 if wide else 2)]

    def put(n, col, s):
        for i, ch in enumerate(s):
            if col + i < cols:
                lines[n][col + i] = ch
    put(0, 0, mark)
    put(0, 1, label)
    for c, (verified, iters, ticks, size, tick_hz) in enumerate(figures):
        end = (13 if wide else 7) + 6 * c
        if verified:
            put(0 if wide else 1, end - 5, fmt_speed(iters, ticks, size, tick_hz, 5))
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
