# SPDX-License-Identifier: MIT
"""A ROM image's rows are named by the code that runs: a bank's files built
with HB_NO_PORTABLE_TABLES run other code than `portable`, so such a row is
held as `compact` (the same code, the compact's entry) or, without a
compact, as `small` (roster.SMALL) - never as `portable`.  No toolchain:
the banks' groups are made by hand."""
from hashbench import roster
from hashbench.rom import banked, image


def rows_of(p):
    return [(r.algo.id, r.impl, r.label) for r in p.rows]


def groups_for(p, small_ids):
    """One group per row, as fit_groups leaves them: built small for `small_ids`."""
    return [banked.Group(sorted(r.code.sources), [r], small=r.algo.id in small_ids) for r in p.rows]


def test_a_portable_row_built_small_becomes_its_compact_or_small():
    p = image.plan(roster.select(["crc32,sha256,blake2s"]), ["portable"], 64, 20)
    groups, left_out = banked.keep_fitting(p, groups_for(p, {"sha256", "blake2s"}), [], "NES")
    assert rows_of(p) == [("crc32", "portable", "CRC32"), ("sha256", "compact", "SHA256"),
                          ("blake2s", roster.SMALL, "BLK2S")]
    # the trampolines are made from the groups' rows: they call the compact's entry
    assert [[r.symbol for r in g.rows] for g in groups] == [["hb_crc32"], ["hb_sha256_compact"], ["hb_blake2s"]]
    assert [(a, i) for a, i, _ in left_out] == [("sha256", "portable"), ("blake2s", "portable")]
    assert "as compact" in left_out[0][2] and f"as {roster.SMALL}" in left_out[1][2]


def test_a_compact_already_in_the_image_is_not_held_twice():
    p = image.plan(roster.select(["sha256"]), ["portable", "compact"], 64, 20)
    groups = [banked.Group(["src/algos/sha256.c"], list(p.rows), small=True)]
    banked.keep_fitting(p, groups, [], "NES")
    assert rows_of(p) == [("sha256", "compact", "SHA256")]
    assert [r.impl for r in groups[0].rows] == ["compact"]


def test_the_small_code_is_the_portable_entry_and_marked_apart():
    a = roster.find("blake2s")
    assert a.code(roster.SMALL) == a.code("portable")
    assert image.labels([(a, "portable"), (a, roster.SMALL)]) == ["BLK2S", "BLK2S"]
    assert [image.impl_mark(a, i) for i in ("portable", roster.SMALL)] == ["p", "s"]
