# SPDX-License-Identifier: MIT
"""The bank packer of every banked cartridge (the NES's MMC1 banks, the
Super NES's LoROM banks, the Game Boy's MBC5 banks): pieces of code that
must each sit whole in one switchable bank (a group of files that share
code, with the rows they serve), placed first fit, largest first.

    pieces = banks.sharing(rows, lambda r: r.code.sources)   # [(sources, rows)]
    placed, too_large, used = banks.pack(pieces, size, room)

Largest first keeps the count of banks near the least: the large pieces
take a bank each, the small ones fill the gaps they leave."""
from collections.abc import Callable
from dataclasses import dataclass


def sharing(items, sources_of: Callable) -> list:
    """Items joined where they share a source file, transitively (HMAC and
    PBKDF2 with SHA-256's file) -> [(sorted sources, [items])], a group
    where its last item came, its items in their order."""
    groups = []
    for item in items:
        srcs = set(sources_of(item))
        joined = [g for g in groups if g[0] & srcs]
        merged = (srcs.union(*(g[0] for g in joined)), [x for g in joined for x in g[1]] + [item])
        groups = [g for g in groups if not any(g is j for j in joined)] + [merged]
    return [(sorted(srcs), members) for srcs, members in groups]


@dataclass
class Place:
    piece: object
    bank: int      # first_bank, first_bank + 1, ...
    offset: int    # bytes from the bank's start


def pack(pieces, size: Callable, room: int, first_bank: int = 0, reserved: int | None = None):
    """-> (placed [Place], too large [piece: larger than `room`], banks used).
    `size(piece)`: its bytes; `room`: the bytes of a bank it may take;
    `reserved`: bytes already taken at the start of the first bank (the
    NES's font), which is then in use whatever goes into it."""
    free = [] if reserved is None else [room - reserved]
    placed, too_large = [], []
    for piece in sorted(pieces, key=lambda p: -size(p)):
        n = size(piece)
        if n > room:
            too_large.append(piece)
            continue
        i = next((k for k, left in enumerate(free) if n <= left), None)
        if i is None:
            free.append(room)
            i = len(free) - 1
        placed.append(Place(piece, first_bank + i, room - free[i]))
        free[i] -= n
    return placed, too_large, len(free)
