# SPDX-License-Identifier: MIT
"""The console ROMs: their font (data/font/hb8x8.txt): complete, every glyph its
own, inside its 5x7 box (descenders below), and the committed C table
(src/platform/rom/hb_font.c) generated from it; and the rows' labels."""

import pytest

from hashbench.rom import font

DESCENDERS = set("gjpqy_")


def test_the_committed_c_table_is_generated_from_the_font_file():
    assert font.FONT_C.read_text() == font.c_source(), "run: make generate"


def test_every_printable_character_has_a_glyph_of_its_own():
    g = font.glyphs()
    assert sorted(g) == list(range(0x20, 0x7F))
    shapes = [tuple(rows) for rows in g.values()]
    assert len(set(shapes)) == len(shapes)
    assert not any(g[0x20]) and all(any(g[c]) for c in range(0x21, 0x7F))


def test_glyphs_stay_in_columns_1_to_5_and_only_descenders_use_row_7():
    for c, rows in font.glyphs().items():
        assert all(r & 0x83 == 0 for r in rows), chr(c)  # columns 0, 6 and 7 stay clear: the gap
        assert bool(rows[7]) == (chr(c) in DESCENDERS), chr(c)


def test_a_malformed_font_is_refused():
    text = font.FONT_TXT.read_text()
    with pytest.raises(ValueError, match="not a row"):
        font.parse(text.replace("@ 41 A\n.", "@ 41 A\nx", 1))
    with pytest.raises(ValueError, match="incomplete"):
        font.parse(text.split("@ 7E")[0])


def test_every_row_of_an_image_has_a_label_of_its_own_and_a_mark_for_its_implementation():
    """The label names the algorithm, whole (no cut words: SHA3-256 is
    S3-256, as Murmur3-128 is M3-128), the I column's mark the
    implementation, and the legend names each mark by the store's name."""
    from hashbench import roster
    from hashbench.rom import image
    rows = [(a, i) for a in roster.algorithms() for i in [*a.impls, *a.asm]]
    got = dict(zip([(a.id, i) for a, i in rows], image.labels(rows)))
    assert all(len(x) <= image.LABEL_WIDTH for x in got.values())
    assert len({got[(a.id, "portable")] for a in roster.algorithms()}) == len(roster.algorithms())
    assert (got[("crc32", "compact")], got[("crc32c", "compact")], got[("sha3-256", "portable")]) == \
        ("CRC32", "CRC32C", "S3-256")
    marks = {(a.id, i): image.impl_mark(a, i) for a, i in rows}
    isas = [(isa,) for isa in {i.isa for a in roster.algorithms() for i in a.asm.values()}] + [("65816", "6502")]
    for isa in isas:   # one CPU's rows in an image (the Super NES's: the 65816's and the 6502's)
        held = [(a.id, i) for a in roster.algorithms() for i in a.impls_on(isa)]
        assert len({(got[k], marks[k]) for k in held}) == len(held), isa   # label and mark tell them apart
    crc32 = roster.find("crc32")
    assert [image.impl_mark(crc32, i) for i in ("portable", "compact", "small", "armv4", "6502", "65816")] == \
        ["p", "c", "s", "a", "a", "n"]
    assert image.legend(32, [(crc32, i) for i in ("65816", "6502", "portable")]) == ["I: a=6502 n=65816 p=portable"]
    assert image.legend(20, [(crc32, "sm83"), (crc32, "portable")]) == ["I: a=sm83 p=portable"]
    assert image.legend(32, [(crc32, i) for i in ("6502", "compact", "portable", "small")]) == \
        ["I: a=6502 c=compact p=portable", "s=small"]
    assert image.legend(20, [(crc32, i) for i in ("sm83", "compact", "portable", "small")]) == \
        ["I: a=sm83 c=compact", "p=portable s=small"]
