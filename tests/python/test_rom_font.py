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


def test_every_row_of_an_image_has_a_label_of_its_own():
    from hashbench import roster
    from hashbench.rom import image
    rows = [(a, i) for a in roster.algorithms() for i in a.impls]
    got = dict(zip([(a.id, i) for a, i in rows], image.labels(rows)))
    assert len(set(got.values())) == len(got) and all(len(x) <= image.LABEL_WIDTH for x in got.values())
    assert (got[("crc32", "compact")], got[("crc32c", "compact")], got[("sha256", "portable")]) == \
        ("CRC32c", "CRC3Cc", "SHA256")
