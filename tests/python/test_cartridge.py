# SPDX-License-Identifier: MIT
"""The Game Boy's banked cartridge (hashbench/toolchain/cartridge.py): where each
source goes, the link and header flags, the fit check bank by bank, and a
real MBC5 program under mGBA whose record writer runs from ROM bank 2."""

import pytest

from hashbench import roster
from hashbench.errors import BuildError, UserError
from hashbench.paths import ROOT
from hashbench.results.verify import Expected
from hashbench.targets import Job, load_all, read_description
from hashbench.toolchain import cartridge, sdcc

GB = load_all()["gb"]


def test_the_gb_target_is_an_mbc5_cartridge():
    assert GB.cartridge["mbc"] == 0x19 and GB.cartridge["far_bank"] == 2
    assert cartridge.makebin_flags(GB) == ["-yt", "0x19", "-yo", "4"]
    assert cartridge.link_flags(GB) == ["-Wl-b_CODE_2=0x24000", "-Wl-b_PAGES=0x7800"]   # page-aligned tables
    assert cartridge.engine_defines(GB) == ["HB_CONSOLE_FAR_BANK=2", "HB_CONSOLE_ALGO_BANK=1", "HB_CONSOLE_BANK_REG=0x2000"]
    assert cartridge.area_flags(GB, "src/algos/crc.c") == ["--codeseg", "ALGO", "--constseg", "ALGO"]
    assert cartridge.area_flags(GB, "src/engine/hb_record.c") == ["--codeseg", "CODE_2", "--constseg", "CODE_2"]
    assert cartridge.area_flags(GB, "src/engine/guest/console.c") == []  # the engine: bank 0
    z80 = load_all()["z80"]
    assert not cartridge.banked(z80) and cartridge.area_flags(z80, "src/algos/crc.c") == []
    assert cartridge.link_flags(z80) == cartridge.makebin_flags(z80) == cartridge.engine_defines(z80) == []


def test_a_cartridge_table_names_every_key(tmp_path):
    p = tmp_path / "gb.toml"
    p.write_text(GB.path.read_text().replace("home_end = 0x4000", ""))
    with pytest.raises(UserError, match=r"\[cartridge\] needs exactly"):
        read_description(p)


def hex_record(kind, addr, data=b""):
    body = bytes([len(data), addr >> 8, addr & 0xFF, kind]) + data
    return ":" + body.hex().upper() + f"{(-sum(body)) & 0xFF:02X}\n"


def check(tmp_path, noi, rom_bytes=0x8000):
    """The fit check on a program whose linker placed its areas so (.noi)
    and whose .ihx ends at ROM offset `rom_bytes`."""
    last = rom_bytes - 1
    f = tmp_path / "x.ihx"
    f.write_text(hex_record(4, 0, bytes([0, last >> 16])) + hex_record(0, last & 0xFFFF, b"\0") + hex_record(1, 0))
    (tmp_path / "x.noi").write_text("".join(f"DEF {k} 0x{v:X}\n" for k, v in noi.items()))
    sdcc.check_fit(GB, f)


def test_each_bank_is_checked_on_its_own(tmp_path):
    full = {"s__CODE": 0x200, "l__CODE": 0x3E00, "s__ALGO": 0x4000, "l__ALGO": 0x4000,
            "s__CODE_2": 0x24000, "l__CODE_2": 0x4000}
    check(tmp_path, full)  # bank 0, the window and bank 2 each full to the byte
    with pytest.raises(BuildError, match="too large for the ROM window") as exc:
        check(tmp_path, {**full, "l__ALGO": 0x4010})
    assert exc.value.data == {"bytes_over": 16}
    with pytest.raises(BuildError, match="too large for ROM bank 2") as exc:
        check(tmp_path, {**full, "l__CODE_2": 0x4010})
    assert exc.value.data == {"bytes_over": 16}
    with pytest.raises(BuildError, match="too large for ROM bank 0") as exc:  # the runtime pushed into bank 1
        check(tmp_path, {**full, "l__CODE": 0x3E10, "s__ALGO": 0x4010, "l__ALGO": 0x3FF0})
    assert exc.value.data == {"bytes_over": 16}
    with pytest.raises(BuildError, match="larger than the cartridge"):
        check(tmp_path, full, rom_bytes=4 * 0x4000 + 1)  # past the last of the 4 banks


@pytest.mark.toolchain
@pytest.mark.emulator
@pytest.mark.skipif(bool(GB.missing()), reason="gb not installed (sdcc, libmgba-dev)")
def test_gb_runs_from_an_mbc5_cartridge():
    """A real program: the header says MBC5 and 64 KiB, the record writer
    lies in bank 2 and every record it wrote came through, the digests
    verified: a 64-bit algorithm and, where each CRC has its own table file
    (src/algos/crc32_tables.c), the table-driven CRC-32 (seconds of SDCC)."""
    algos = ["xxh64"] + (["crc32"] if (ROOT / "src/algos/crc32_tables.c").exists() else [])
    job = Job(algos=[roster.find(a) for a in algos], impls=list(roster.OURS), sizes=[64], expected=Expected(),
              check_repeat=True, log=lambda m: None)
    out = GB.measure(job)
    assert not out.notes, [n.detail for n in out.notes]
    assert {r.algorithm for r in out.results} == set(algos)
    assert all(r.verified and r.per_call > 0 for r in out.results)
    prog = next(GB.build_root.glob("xxh64/portable/xxh64.gb"))
    rom = prog.read_bytes()
    assert len(rom) == 4 * 0x4000 and rom[0x147] == 0x19 and rom[0x148] == 0x01
    assert sdcc.symbol_address(prog, "hb_rec_begin") >> 14 == (2 << 2) | 1  # 0x24000-0x27FFF: bank 2
    assert sdcc.symbol_address(prog, "main") < 0x4000 and sdcc.symbol_address(prog, "hb_xxh64") < 0x8000
