# SPDX-License-Identifier: MIT
"""A 6502 interpreter that runs a Super NES image's code as the 65816 does
in native mode with 8-bit registers (M = X = 1, D = 0), and counts every
bus cycle by the Super NES's memory timing, for studies.rom_snes_crosscheck.

    trace = Machine(image_bytes).call(bank0_address, args, ram_setup)
    trace.master      # master cycles of the CPU's own bus cycles
    trace.cycles      # 65816 CPU cycles; trace.cycles_6502: what a 6502 takes for the same instructions

The 65816's cycles of each addressing mode (WDC's W65C816S datasheet, the
table of cycles by addressing mode): program bytes (opcode and operands),
data reads and writes, and internal operations (IO).  The Super NES's
price of each (fullsnes, "CPU Clock Cycles"; the SNESdev wiki's Timing
page): 6 master cycles for a ROM read at $80-$FF:$8000-$FFFF with MEMSEL
set (FastROM), 8 for work RAM ($0000-$1FFF of those banks) and for ROM in
banks $00-$7F (SlowROM), 6 for an internal operation and for the I/O
registers at $2000-$3FFF and $4200-$5FFF.  (DRAM refresh and the NMI are
the caller's to add: they take time the CPU does not see.)

The opcodes are those cc65 emits for the 6502 (documented NMOS ones) and
the five 65816 ones of the image's trampolines and stubs (jsl, rtl, phb,
phk, plb).  Decimal mode is not modelled (cc65's code never sets D).  A
6502 takes the same cycles per instruction but for a taken branch: one more
where it crosses a page, which native mode does not charge.

Machine816 runs the 65816 routines (src/algos/asm/65816/) the same way:
native mode whole, 16-bit registers and the direct page anywhere, at the
same prices (docs/assembly.md, "Super NES", the timer's cross-check)."""
from dataclasses import dataclass

WRAM_END = 0x2000
ROM_AT = 0x8000
BANK = 0x8000
FAST_BANK = 0x80

# (mnemonic, addressing mode) by opcode
MODES8 = ("indx", "zp", "imm", "abs", "indy", "zpx", "absy", "absx")   # the 8 modes of group-one opcodes
GROUP1 = {0x00: "ORA", 0x20: "AND", 0x40: "EOR", 0x60: "ADC", 0x80: "STA", 0xA0: "LDA", 0xC0: "CMP", 0xE0: "SBC"}
OPS = {}
for base, name in GROUP1.items():
    for i, mode in enumerate(MODES8):
        if not (name == "STA" and mode == "imm"):
            OPS[base | i << 2 | 1] = (name, mode)
for base, name in {0x00: "ASL", 0x20: "ROL", 0x40: "LSR", 0x60: "ROR"}.items():
    OPS.update({base | 0x0A: (name, "acc"), base | 0x06: (name, "zp"), base | 0x16: (name, "zpx"),
                base | 0x0E: (name, "abs"), base | 0x1E: (name, "absx")})
OPS.update({0xE6: ("INC", "zp"), 0xF6: ("INC", "zpx"), 0xEE: ("INC", "abs"), 0xFE: ("INC", "absx"),
            0xC6: ("DEC", "zp"), 0xD6: ("DEC", "zpx"), 0xCE: ("DEC", "abs"), 0xDE: ("DEC", "absx"),
            0xA2: ("LDX", "imm"), 0xA6: ("LDX", "zp"), 0xB6: ("LDX", "zpy"), 0xAE: ("LDX", "abs"), 0xBE: ("LDX", "absy"),
            0xA0: ("LDY", "imm"), 0xA4: ("LDY", "zp"), 0xB4: ("LDY", "zpx"), 0xAC: ("LDY", "abs"), 0xBC: ("LDY", "absx"),
            0x86: ("STX", "zp"), 0x96: ("STX", "zpy"), 0x8E: ("STX", "abs"),
            0x84: ("STY", "zp"), 0x94: ("STY", "zpx"), 0x8C: ("STY", "abs"),
            0xE0: ("CPX", "imm"), 0xE4: ("CPX", "zp"), 0xEC: ("CPX", "abs"),
            0xC0: ("CPY", "imm"), 0xC4: ("CPY", "zp"), 0xCC: ("CPY", "abs"),
            0x24: ("BIT", "zp"), 0x2C: ("BIT", "abs"),
            0x4C: ("JMP", "abs"), 0x6C: ("JMP", "ind"), 0x20: ("JSR", "abs"), 0x60: ("RTS", "imp"),
            0x48: ("PHA", "imp"), 0x68: ("PLA", "imp"), 0x08: ("PHP", "imp"), 0x28: ("PLP", "imp"),
            0x22: ("JSL", "long"), 0x6B: ("RTL", "imp"), 0x8B: ("PHB", "imp"), 0x4B: ("PHK", "imp"),
            0xAB: ("PLB", "imp")})
for op, name in {0x10: "BPL", 0x30: "BMI", 0x50: "BVC", 0x70: "BVS", 0x90: "BCC", 0xB0: "BCS", 0xD0: "BNE",
                 0xF0: "BEQ"}.items():
    OPS[op] = (name, "rel")
for op, name in {0x18: "CLC", 0x38: "SEC", 0x58: "CLI", 0x78: "SEI", 0xB8: "CLV", 0xD8: "CLD", 0xAA: "TAX",
                 0x8A: "TXA", 0xA8: "TAY", 0x98: "TYA", 0xBA: "TSX", 0x9A: "TXS", 0xE8: "INX", 0xCA: "DEX",
                 0xC8: "INY", 0x88: "DEY", 0xEA: "NOP"}.items():
    OPS[op] = (name, "imp")
OPERAND = {"imp": 0, "acc": 0, "imm": 1, "zp": 1, "zpx": 1, "zpy": 1, "indx": 1, "indy": 1, "rel": 1,
           "abs": 2, "absx": 2, "absy": 2, "ind": 2, "long": 3}
READS = {"ORA", "AND", "EOR", "ADC", "LDA", "CMP", "SBC", "LDX", "LDY", "CPX", "CPY", "BIT"}
RMW = {"ASL", "ROL", "LSR", "ROR", "INC", "DEC"}
STORES = {"STA": "a", "STX": "x", "STY": "y"}
BRANCH = {"BPL": (0x80, 0), "BMI": (0x80, 1), "BVC": (0x40, 0), "BVS": (0x40, 1), "BCC": (0x01, 0),
          "BCS": (0x01, 1), "BNE": (0x02, 0), "BEQ": (0x02, 1)}
N, V, Z, C = 0x80, 0x40, 0x02, 0x01


class Fault(Exception):
    pass


@dataclass
class Trace:
    master: int = 0        # master cycles of the CPU's bus cycles
    cycles: int = 0        # 65816 CPU cycles
    cycles_6502: int = 0   # a 6502's cycles for the same instructions
    io: int = 0            # internal operations
    fetch_rom: int = 0     # program bytes read from ROM
    fetch_ram: int = 0     # program bytes read from work RAM (cc65's jmpvec)
    data_ram: int = 0      # data reads and writes in work RAM
    data_rom: int = 0      # data reads from ROM (tables)
    instructions: int = 0


class Machine:
    """The image's banks at $80 + n : $8000-$FFFF (LoROM, FastROM) and the
    low 8 KiB of work RAM."""

    def __init__(self, image: bytes):
        self.image = image
        self.ram = bytearray(WRAM_END)

    def price(self, bank: int, addr: int) -> int:
        if addr < WRAM_END:
            return 8
        if addr >= ROM_AT:
            return 6 if bank >= FAST_BANK else 8
        if 0x2100 <= addr < 0x2200 or 0x4200 <= addr < 0x6000:
            return 6
        raise Fault(f"access to ${bank:02X}:{addr:04X}")

    def peek(self, bank: int, addr: int) -> int:
        if addr < WRAM_END:
            return self.ram[addr]
        if addr >= ROM_AT:
            return self.image[((bank & 0x7F) * BANK + addr - ROM_AT) % len(self.image)]
        raise Fault(f"read of ${bank:02X}:{addr:04X}")

    def call(self, entry: int, a: int = 0, x: int = 0, limit: int = 10 ** 9) -> Trace:
        """Runs from bank $80's `entry` (as `jsr` from bank $80 would) until
        its `rts` -> the trace."""
        ram, t = self.ram, Trace()
        price, peek = self.price, self.peek
        sentinel = 0xFFF0
        s = 0x01FF
        ram[s], ram[s - 1] = (sentinel - 1) >> 8, (sentinel - 1) & 0xFF
        s -= 2
        pc, pbr, dbr, p, y = entry, FAST_BANK, FAST_BANK, 0x34, 0

        def data(addr, bank=None):
            cost = price(dbr if bank is None else bank, addr)
            t.master += cost
            if cost == 8 and addr < WRAM_END:
                t.data_ram += 1
            else:
                t.data_rom += 1

        def nz(v):
            nonlocal p
            p = (p & ~(N | Z)) | (v & N) | (0 if v else Z)
            return v

        while True:
            if pc == sentinel and pbr == FAST_BANK:
                return t
            t.instructions += 1
            if t.instructions > limit:
                raise Fault("instruction limit")
            op = peek(pbr, pc)
            try:
                name, mode = OPS[op]
            except KeyError:
                raise Fault(f"opcode ${op:02X} at ${pbr:02X}:{pc:04X}") from None
            n = OPERAND[mode]
            fetch = price(pbr, pc)
            t.master += fetch * (1 + n)
            if pc < WRAM_END:
                t.fetch_ram += 1 + n
            else:
                t.fetch_rom += 1 + n
            cyc = 1 + n
            io = 0
            lo = peek(pbr, (pc + 1) & 0xFFFF) if n else 0
            hi = peek(pbr, (pc + 2) & 0xFFFF) if n >= 2 else 0
            operand = lo | hi << 8
            pc = (pc + 1 + n) & 0xFFFF
            addr = None
            extra = 0   # a 6502's extra cycle for a taken branch across a page
            if mode == "zp":
                addr = lo
            elif mode == "zpx":
                addr, io = (lo + x) & 0xFF, io + 1
            elif mode == "zpy":
                addr, io = (lo + y) & 0xFF, io + 1
            elif mode == "abs":
                addr = operand
            elif mode in ("absx", "absy"):
                addr = (operand + (x if mode == "absx" else y)) & 0xFFFF
                if name not in READS or (addr ^ operand) & 0xFF00:
                    io += 1    # stores and read-modify-writes always; reads across a page
            elif mode == "indx":
                ptr = (lo + x) & 0xFF
                io += 1
                data(ptr, 0)
                data((ptr + 1) & 0xFF, 0)
                cyc += 2
                addr = ram[ptr] | ram[(ptr + 1) & 0xFF] << 8
            elif mode == "indy":
                data(lo, 0)
                data((lo + 1) & 0xFF, 0)
                cyc += 2
                base = ram[lo] | ram[(lo + 1) & 0xFF] << 8
                addr = (base + y) & 0xFFFF
                if name not in READS or (addr ^ base) & 0xFF00:
                    io += 1
            if name in READS:
                if mode == "imm":
                    m = lo
                else:
                    m = peek(dbr, addr)
                    data(addr)
                    cyc += 1
                if name == "LDA":
                    a = nz(m)
                elif name == "LDX":
                    x = nz(m)
                elif name == "LDY":
                    y = nz(m)
                elif name == "ORA":
                    a = nz(a | m)
                elif name == "AND":
                    a = nz(a & m)
                elif name == "EOR":
                    a = nz(a ^ m)
                elif name in ("ADC", "SBC"):
                    if name == "SBC":
                        m ^= 0xFF
                    r = a + m + (p & C)
                    p = (p & ~(C | V)) | (C if r > 0xFF else 0) | (V if ~(a ^ m) & (a ^ r) & 0x80 else 0)
                    a = nz(r & 0xFF)
                elif name == "BIT":
                    p = (p & ~(N | V | Z)) | (m & (N | V)) | (0 if a & m else Z)
                else:   # CMP, CPX, CPY
                    reg = a if name == "CMP" else x if name == "CPX" else y
                    p = (p & ~C) | (C if reg >= m else 0)
                    nz((reg - m) & 0xFF)
            elif name in STORES:
                v = a if name == "STA" else x if name == "STX" else y
                if addr >= WRAM_END:
                    raise Fault(f"write to ${dbr:02X}:{addr:04X}")
                ram[addr] = v
                data(addr)
                cyc += 1
            elif name in RMW:
                if mode == "acc":
                    m = a
                    io += 1
                else:
                    m = peek(dbr, addr)
                    data(addr)
                    io += 1
                    cyc += 2
                if name == "ASL":
                    p, m = (p & ~C) | (m >> 7), (m << 1) & 0xFF
                elif name == "LSR":
                    p, m = (p & ~C) | (m & 1), m >> 1
                elif name == "ROL":
                    p, m = (p & ~C) | (m >> 7), ((m << 1) | (p & C)) & 0xFF
                elif name == "ROR":
                    p, m = (p & ~C) | (m & 1), (m >> 1) | ((p & C) << 7)
                elif name == "INC":
                    m = (m + 1) & 0xFF
                else:
                    m = (m - 1) & 0xFF
                nz(m)
                if mode == "acc":
                    a = m
                else:
                    if addr >= WRAM_END:
                        raise Fault(f"write to ${dbr:02X}:{addr:04X}")
                    ram[addr] = m
                    data(addr)
            elif name in BRANCH:
                flag, want = BRANCH[name]
                if bool(p & flag) == bool(want):
                    target = (pc + (lo - 256 if lo & 0x80 else lo)) & 0xFFFF
                    io += 1
                    extra = 1 if (target ^ pc) & 0xFF00 else 0
                    pc = target
            elif name == "JMP":
                if mode == "ind":   # the pointer is read from bank 0
                    lo2, hi2 = peek(0, operand), peek(0, (operand + 1) & 0xFFFF)
                    data(operand, 0)
                    data((operand + 1) & 0xFFFF, 0)
                    cyc += 2
                    pc = lo2 | hi2 << 8
                else:
                    pc = operand
            elif name == "JSR":
                ret = (pc - 1) & 0xFFFF
                ram[s], ram[s - 1] = ret >> 8, ret & 0xFF
                s -= 2
                data(s + 2, 0)
                data(s + 1, 0)
                io += 1
                cyc += 2
                pc = operand
            elif name == "RTS":
                pc = ((ram[s + 1] | ram[s + 2] << 8) + 1) & 0xFFFF
                s += 2
                data(s - 1, 0)
                data(s, 0)
                io += 3
                cyc += 2
            elif name == "JSL":
                ret = (pc - 1) & 0xFFFF
                ram[s], ram[s - 1], ram[s - 2] = pbr, ret >> 8, ret & 0xFF
                s -= 3
                for k in range(3):
                    data(s + 1 + k, 0)
                io += 1
                cyc += 3
                pc, pbr = operand, peek(pbr, (pc - 1) & 0xFFFF)   # the operand's third byte: the bank
            elif name == "RTL":
                pc = ((ram[s + 1] | ram[s + 2] << 8) + 1) & 0xFFFF
                pbr = ram[s + 3]
                s += 3
                for k in range(3):
                    data(s - k, 0)
                io += 2
                cyc += 3
            elif name in ("PHA", "PHP", "PHB", "PHK"):
                ram[s] = {"PHA": a, "PHP": p | 0x30, "PHB": dbr, "PHK": pbr}[name]
                s -= 1
                data(s + 1, 0)
                io += 1
                cyc += 1
            elif name in ("PLA", "PLP", "PLB"):
                s += 1
                v = ram[s]
                data(s, 0)
                io += 2
                cyc += 1
                if name == "PLA":
                    a = nz(v)
                elif name == "PLB":
                    dbr = nz(v)
                else:
                    p = v | 0x30
            else:   # implied, two cycles: the opcode and an internal operation
                io += 1
                if name == "TAX":
                    x = nz(a)
                elif name == "TXA":
                    a = nz(x)
                elif name == "TAY":
                    y = nz(a)
                elif name == "TYA":
                    a = nz(y)
                elif name == "INX":
                    x = nz((x + 1) & 0xFF)
                elif name == "DEX":
                    x = nz((x - 1) & 0xFF)
                elif name == "INY":
                    y = nz((y + 1) & 0xFF)
                elif name == "DEY":
                    y = nz((y - 1) & 0xFF)
                elif name == "TSX":
                    x = nz(s & 0xFF)
                elif name == "TXS":   # the 65816 with 8-bit X would set S to $00xx, a 6502 to $01xx
                    raise Fault(f"txs at ${pbr:02X}:{(pc - 1) & 0xFFFF:04X}: native mode differs from a 6502")
                elif name == "CLC":
                    p &= ~C
                elif name == "SEC":
                    p |= C
                elif name == "CLV":
                    p &= ~V
                elif name in ("SED",):
                    raise Fault("decimal mode")
            t.master += 6 * io
            t.io += io
            t.cycles += cyc + io
            t.cycles_6502 += cyc + io + extra


class Machine816(Machine):
    """The same bus and prices, the 65816's native mode whole: 8- or 16-bit
    accumulator and index registers (M and X, set by rep and sep), the
    direct page anywhere (D, tcd, phd, pld), and the instructions the
    65816 routines (src/algos/asm/65816/) and the image's trampolines and
    stubs use.  Cycles by WDC's W65C816S datasheet: a 16-bit operand one
    more data byte; a direct-page access one more internal cycle where D's
    low byte is not 0; an indexed read one more where the index is 16-bit
    or the address crosses a page, an indexed write always; no page
    penalty on a taken branch (native mode).  cc65's C (6502 code) is
    Machine's to run: an opcode this one does not know raises Fault."""

    # group-one opcodes by their low bits: the addressing mode
    ALU_MODES = {0x05: "dp", 0x15: "dpx", 0x0D: "abs", 0x1D: "absx", 0x19: "absy", 0x11: "indy", 0x12: "ind"}
    IDX = {0xA2: ("LDX", "imm"), 0xA6: ("LDX", "dp"), 0xAE: ("LDX", "abs"), 0xBE: ("LDX", "absy"),
           0xA0: ("LDY", "imm"), 0xA4: ("LDY", "dp"), 0xAC: ("LDY", "abs"), 0xBC: ("LDY", "absx"),
           0x86: ("STX", "dp"), 0x8E: ("STX", "abs"), 0x84: ("STY", "dp"), 0x8C: ("STY", "abs"),
           0xE0: ("CPX", "imm"), 0xE4: ("CPX", "dp"), 0xEC: ("CPX", "abs"),
           0xC0: ("CPY", "imm"), 0xC4: ("CPY", "dp"), 0xCC: ("CPY", "abs")}
    STZ = {0x64: "dp", 0x74: "dpx", 0x9C: "abs", 0x9E: "absx"}
    RMW = {base | low: (name, mode) for base, name in ((0x00, "ASL"), (0x20, "ROL"), (0x40, "LSR"), (0x60, "ROR"))
           for low, mode in ((0x06, "dp"), (0x0A, "acc"), (0x0E, "abs"), (0x16, "dpx"), (0x1E, "absx"))}
    RMW.update({op: ("INC", mode) for op, mode in ((0xE6, "dp"), (0x1A, "acc"), (0xEE, "abs"), (0xF6, "dpx"),
                                                   (0xFE, "absx"))})
    RMW.update({op: ("DEC", mode) for op, mode in ((0xC6, "dp"), (0x3A, "acc"), (0xCE, "abs"), (0xD6, "dpx"),
                                                   (0xDE, "absx"))})
    BRANCHES = {0x10: (N, 0), 0x30: (N, 1), 0x50: (V, 0), 0x70: (V, 1), 0x90: (C, 0), 0xB0: (C, 1), 0xD0: (Z, 0),
                0xF0: (Z, 1)}

    def call(self, entry: int, a: int = 0, x: int = 0, limit: int = 10 ** 9) -> Trace:
        """As Machine.call: from bank $80's `entry` with 8-bit registers, the
        direct page at 0, until its `rts` -> the trace."""
        ram, t = self.ram, Trace()
        price, peek = self.price, self.peek
        sentinel = 0xFFF0
        st = {"s": 0x01FF, "pc": entry, "pbr": FAST_BANK, "dbr": FAST_BANK, "d": 0, "a": a & 0xFF, "x": x & 0xFF,
              "y": 0, "m16": False, "x16": False, "n": 0, "v": 0, "z": 0, "c": 0}
        ram[0x01FF], ram[0x01FE] = (sentinel - 1) >> 8, (sentinel - 1) & 0xFF
        st["s"] = 0x01FD

        def io(n=1):
            t.master += 6 * n
            t.io += n
            t.cycles += n

        def fetch():
            pc = st["pc"]
            v = peek(st["pbr"], pc)
            t.master += price(st["pbr"], pc)
            t.cycles += 1
            if pc < WRAM_END:
                t.fetch_ram += 1
            else:
                t.fetch_rom += 1
            st["pc"] = (pc + 1) & 0xFFFF
            return v

        def bus(bank, addr):
            cost = price(bank, addr)
            t.master += cost
            t.cycles += 1
            if cost == 8 and addr < WRAM_END:
                t.data_ram += 1
            else:
                t.data_rom += 1

        def read(bank, addr, wide):
            bus(bank, addr)
            v = peek(bank, addr)
            if wide:
                bus(bank, (addr + 1) & 0xFFFF)
                v |= peek(bank, (addr + 1) & 0xFFFF) << 8
            return v

        def write(bank, addr, v, wide):
            for k in range(2 if wide else 1):
                at = (addr + k) & 0xFFFF
                if at >= WRAM_END:
                    raise Fault(f"write to ${bank:02X}:{at:04X}")
                bus(bank, at)
                ram[at] = (v >> 8 * k) & 0xFF

        def push(v, n):
            for k in reversed(range(n)):
                write(0, st["s"], v >> 8 * k, False)
                st["s"] = (st["s"] - 1) & 0xFFFF

        def pull(n):
            v = 0
            for k in range(n):
                st["s"] = (st["s"] + 1) & 0xFFFF
                v |= read(0, st["s"], False) << 8 * k
            return v

        def nz(v, wide):
            v &= 0xFFFF if wide else 0xFF
            st["n"] = v >> (15 if wide else 7)
            st["z"] = int(v == 0)
            return v

        def dp_base():
            if st["d"] & 0xFF:
                io()
            return st["d"]

        def address(mode, write_op):
            """(bank, address) of an operand; the mode's internal cycles counted."""
            if mode == "dp":
                return 0, (dp_base() + fetch()) & 0xFFFF
            if mode == "dpx":
                o = fetch()
                io()
                return 0, (dp_base() + o + st["x"]) & 0xFFFF
            if mode in ("abs", "absx", "absy"):
                base = fetch()
                base |= fetch() << 8
                if mode == "abs":
                    return st["dbr"], base
                at = (base + st["x" if mode == "absx" else "y"]) & 0xFFFF
                if write_op or st["x16"] or (at ^ base) & 0xFF00:
                    io()
                return st["dbr"], at
            o = fetch()    # (dp) and (dp),y: the pointer in bank 0
            ptr = (dp_base() + o) & 0xFFFF
            base = read(0, ptr, True)
            if mode == "ind":
                return st["dbr"], base
            at = (base + st["y"]) & 0xFFFF
            if write_op or st["x16"] or (at ^ base) & 0xFF00:
                io()
            return st["dbr"], at

        def flags():
            return (st["n"] << 7 | st["v"] << 6 | (0 if st["m16"] else 0x20) | (0 if st["x16"] else 0x10)
                    | st["z"] << 1 | st["c"])

        def set_flags(p):
            st["n"], st["v"], st["z"], st["c"] = p >> 7 & 1, p >> 6 & 1, p >> 1 & 1, p & 1
            st["m16"], st["x16"] = not p & 0x20, not p & 0x10
            if not st["x16"]:
                st["x"] &= 0xFF
                st["y"] &= 0xFF

        while True:
            if st["pc"] == sentinel and st["pbr"] == FAST_BANK:
                return t
            t.instructions += 1
            if t.instructions > limit:
                raise Fault("instruction limit")
            at = st["pc"]
            op = fetch()
            m16, x16 = st["m16"], st["x16"]
            mask = 0xFFFF if m16 else 0xFF
            low = op & 0x1F
            if op & 0x03 == 0x01 or low == 0x12:
                # group one: ORA AND EOR ADC STA LDA CMP SBC, by the top three bits
                name = ("ORA", "AND", "EOR", "ADC", "STA", "LDA", "CMP", "SBC")[op >> 5]
                mode = "imm" if low == 0x09 else self.ALU_MODES.get(low)
                if mode is None or (name == "STA" and mode == "imm"):
                    raise Fault(f"opcode ${op:02X} at ${st['pbr']:02X}:{at:04X}")
                if name == "STA":
                    bank, addr = address(mode, True)
                    write(bank, addr, st["a"], m16)
                    continue
                if mode == "imm":
                    v = fetch()
                    if m16:
                        v |= fetch() << 8
                else:
                    bank, addr = address(mode, False)
                    v = read(bank, addr, m16)
                acc = st["a"] & mask
                keep = st["a"] & ~mask & 0xFFFF
                if name == "LDA":
                    st["a"] = keep | nz(v, m16)
                elif name in ("ORA", "AND", "EOR"):
                    r = acc | v if name == "ORA" else acc & v if name == "AND" else acc ^ v
                    st["a"] = keep | nz(r, m16)
                elif name in ("ADC", "SBC"):
                    if name == "SBC":
                        v ^= mask
                    r = acc + v + st["c"]
                    top = 0x8000 if m16 else 0x80
                    st["c"] = int(r > mask)
                    st["v"] = int(bool(~(acc ^ v) & (acc ^ r) & top))
                    st["a"] = keep | nz(r, m16)
                else:   # CMP
                    st["c"] = int(acc >= v)
                    nz(acc - v, m16)
                continue
            if op in self.IDX:
                name, mode = self.IDX[op]
                reg = "x" if name[-1] == "X" else "y"
                if name.startswith("ST"):
                    bank, addr = address(mode, True)
                    write(bank, addr, st[reg], x16)
                    continue
                if mode == "imm":
                    v = fetch()
                    if x16:
                        v |= fetch() << 8
                else:
                    bank, addr = address(mode, False)
                    v = read(bank, addr, x16)
                if name.startswith("LD"):
                    st[reg] = nz(v, x16)
                else:
                    st["c"] = int(st[reg] >= v)
                    nz(st[reg] - v, x16)
                continue
            if op in self.STZ:
                bank, addr = address(self.STZ[op], True)
                write(bank, addr, 0, m16)
                continue
            if op in self.RMW:   # ASL ROL LSR ROR INC DEC, on the accumulator or in memory
                name, mode = self.RMW[op]
                if mode == "acc":
                    io()
                    v = st["a"] & mask
                else:
                    bank, addr = address(mode, True)
                    v = read(bank, addr, m16)
                    io()
                top = 0x8000 if m16 else 0x80
                if name == "ASL":
                    st["c"], v = int(bool(v & top)), (v << 1) & mask
                elif name == "LSR":
                    st["c"], v = v & 1, v >> 1
                elif name == "ROL":
                    st["c"], v = int(bool(v & top)), ((v << 1) | st["c"]) & mask
                elif name == "ROR":
                    st["c"], v = v & 1, (v >> 1) | (top if st["c"] else 0)
                else:
                    v = (v + (1 if name == "INC" else -1)) & mask
                nz(v, m16)
                if mode == "acc":
                    st["a"] = (st["a"] & ~mask & 0xFFFF) | v
                else:
                    write(bank, addr, v, m16)
                continue
            if op in self.BRANCHES or op == 0x80:
                o = fetch()
                flag, want = self.BRANCHES.get(op, (0, 0))
                taken = op == 0x80 or bool({N: st["n"], V: st["v"], C: st["c"], Z: st["z"]}[flag]) == bool(want)
                if taken:
                    io()
                    st["pc"] = (st["pc"] + (o - 256 if o & 0x80 else o)) & 0xFFFF
                continue
            if op == 0x4C:   # jmp abs
                lo = fetch()
                st["pc"] = lo | fetch() << 8
            elif op == 0x7C:   # jmp (abs,x): the pointer in the program bank
                lo = fetch()
                base = (lo | fetch() << 8) + st["x"]
                io()
                st["pc"] = read(st["pbr"], base & 0xFFFF, True)
            elif op == 0x20:   # jsr abs
                lo = fetch()
                hi = fetch()
                io()
                push((st["pc"] - 1) & 0xFFFF, 2)
                st["pc"] = lo | hi << 8
            elif op == 0x60:   # rts
                io(2)
                st["pc"] = (pull(2) + 1) & 0xFFFF
                io()
            elif op == 0x22:   # jsl long
                lo = fetch()
                hi = fetch()
                push(st["pbr"], 1)
                io()
                bank = fetch()
                push((st["pc"] - 1) & 0xFFFF, 2)
                st["pc"], st["pbr"] = lo | hi << 8, bank
            elif op == 0x6B:   # rtl
                io(2)
                st["pc"] = (pull(2) + 1) & 0xFFFF
                st["pbr"] = pull(1)
            elif op in (0xC2, 0xE2):   # rep, sep
                bits = fetch()
                io()
                p = flags()
                set_flags(p & ~bits if op == 0xC2 else p | bits)
            elif op in (0x48, 0xDA, 0x5A, 0x0B, 0x8B, 0x4B, 0x08):   # pha phx phy phd phb phk php
                io()
                v, n = {0x48: (st["a"], 2 if m16 else 1), 0xDA: (st["x"], 2 if x16 else 1),
                        0x5A: (st["y"], 2 if x16 else 1), 0x0B: (st["d"], 2), 0x8B: (st["dbr"], 1),
                        0x4B: (st["pbr"], 1), 0x08: (flags(), 1)}[op]
                push(v, n)
            elif op in (0x68, 0xFA, 0x7A, 0x2B, 0xAB, 0x28):   # pla plx ply pld plb plp
                io(2)
                if op == 0x68:
                    st["a"] = (st["a"] & ~mask & 0xFFFF) | nz(pull(2 if m16 else 1), m16)
                elif op in (0xFA, 0x7A):
                    st["x" if op == 0xFA else "y"] = nz(pull(2 if x16 else 1), x16)
                elif op == 0x2B:
                    st["d"] = nz(pull(2), True)
                elif op == 0xAB:
                    st["dbr"] = nz(pull(1), False)
                else:
                    set_flags(pull(1))
            elif op == 0xEB:   # xba
                io(2)
                st["a"] = (st["a"] >> 8 | st["a"] << 8) & 0xFFFF
                nz(st["a"], False)
            else:   # implied, two cycles: the opcode and an internal operation
                io()
                if op == 0x18:
                    st["c"] = 0
                elif op == 0x38:
                    st["c"] = 1
                elif op in (0xAA, 0xA8):   # tax, tay
                    st["x" if op == 0xAA else "y"] = nz(st["a"], x16)
                elif op in (0x8A, 0x98):   # txa, tya
                    v = st["x" if op == 0x8A else "y"]
                    st["a"] = nz(v, True) if m16 else (st["a"] & 0xFF00) | nz(v, False)
                elif op in (0xE8, 0xC8, 0xCA, 0x88):   # inx iny dex dey
                    reg = "x" if op in (0xE8, 0xCA) else "y"
                    st[reg] = nz(st[reg] + (1 if op in (0xE8, 0xC8) else -1), x16)
                elif op == 0x5B:   # tcd
                    st["d"] = nz(st["a"], True)
                elif op == 0x7B:   # tdc
                    st["a"] = nz(st["d"], True)
                else:
                    raise Fault(f"opcode ${op:02X} at ${st['pbr']:02X}:{at:04X}")
