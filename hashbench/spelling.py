# SPDX-License-Identifier: MIT
"""One name per console, target and implementation (docs/glossary.md): what a user types in
another case, or a console's name in words ('GB', 'Game Boy', 'SM83'), is taken as that name
with a one-line note on stderr; anything else is left for the caller's own error."""
import sys

WORDED = {   # a console's or CPU's name in words -> its one name
    "gameboy": "gb", "gameboycolor": "gbc", "gameboyadvance": "gba", "nintendods": "nds",
    "nintendo3ds": "3ds", "nintendo64": "n64", "supernes": "snes", "supernintendo": "snes",
    "famicom": "nes", "superfamicom": "snes", "mos6502": "6502", "sharpsm83": "sm83", "lr35902": "sm83",
}

_noted = set()


def _squeezed(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def one_name(typed: str, known, what: str) -> str:
    """`typed` as the one name among `known` it spells, noting the spelling once on stderr;
    `typed` itself when it is a name or spells none."""
    known = list(known)
    if typed in known:
        return typed
    by_squeezed = {_squeezed(k): k for k in known}
    squeezed = _squeezed(typed)
    name = by_squeezed.get(squeezed) or (WORDED.get(squeezed) if WORDED.get(squeezed) in known else None)
    if name is None:
        return typed
    if (what, typed) not in _noted:
        _noted.add((what, typed))
        print(f"note: {what} {typed!r} is spelled {name!r}", file=sys.stderr)
    return name
