# SPDX-License-Identifier: MIT
"""Section headers and the symbol table of an ELF file (32 or 64-bit,
either byte order), read without binutils: what the cycle-model meter needs
to map a program's sections to memory kinds and to find its markers."""
import struct
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildError

SHT_SYMTAB = 2
SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR = 1, 2, 4
STT_OBJECT, STT_FUNC = 1, 2


@dataclass
class Section:
    name: str
    addr: int
    size: int
    alloc: bool
    execute: bool
    write: bool


@dataclass
class Elf:
    path: Path
    bits: int
    big_endian: bool
    sections: list = field(default_factory=list)
    symbols: dict = field(default_factory=dict)   # name -> value (an ARM Thumb function's bit 0 kept)
    sizes: dict = field(default_factory=dict)     # name -> st_size
    functions: set = field(default_factory=set)   # names of STT_FUNC symbols

    def symbol(self, name: str, clear_thumb: bool = False) -> int:
        if name not in self.symbols:
            raise BuildError(f"{self.path.name}: no symbol {name}")
        v = self.symbols[name]
        return v & ~1 if clear_thumb else v


def read_elf(path) -> Elf:
    path = Path(path)
    data = path.read_bytes()
    if data[:4] != b"\x7fELF":
        raise BuildError(f"{path}: not an ELF file")
    bits = 64 if data[4] == 2 else 32
    e = ">" if data[5] == 2 else "<"
    if bits == 64:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3A)
        head_fmt, sym_fmt = e + "IIQQQQIIQQ", e + "IBBHQQ"
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x2E)
        head_fmt, sym_fmt = e + "IIIIIIIIII", e + "IIIBBH"
    heads = [struct.unpack_from(head_fmt, data, shoff + i * shentsize) for i in range(shnum)]

    def cstr(off):
        return data[off:data.index(b"\0", off)].decode("ascii", "replace")

    names_at = heads[shstrndx][4] if shnum else 0
    elf = Elf(path=path, bits=bits, big_endian=e == ">")
    for name, typ, flags, addr, off, size, link, _info, _align, entsize in heads:
        elf.sections.append(Section(cstr(names_at + name), addr, size, bool(flags & SHF_ALLOC),
                                    bool(flags & SHF_EXECINSTR), bool(flags & SHF_WRITE)))
        if typ == SHT_SYMTAB and entsize:
            strings = heads[link][4]
            for i in range(size // entsize):
                fields = struct.unpack_from(sym_fmt, data, off + i * entsize)
                if bits == 64:
                    st_name, st_info, _other, st_shndx, st_value, st_size = fields
                else:
                    st_name, st_value, st_size, st_info, _other, st_shndx = fields
                if st_name and st_shndx and (st_info & 0xF) in (0, STT_OBJECT, STT_FUNC):
                    sym = cstr(strings + st_name)
                    if sym not in elf.symbols:
                        elf.symbols[sym] = st_value
                        elf.sizes[sym] = st_size
                    if st_info & 0xF == STT_FUNC:
                        elf.functions.add(sym)
    return elf
