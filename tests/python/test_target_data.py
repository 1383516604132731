# SPDX-License-Identifier: MIT
"""Target descriptions as data: a description names a `base` and gives
only what differs; `order` places targets in listings and tables."""
import pytest

from hashbench.errors import UserError
from hashbench.targets import load_all, position, read_data, read_description

QEMU = 'kind = "qemu"\ncc = "gcc"\ncflags = ["-O2"]\nldflags = []\nplatform = []\nmode = "user"\nrunner = ["qemu-x"]\n'


def test_a_description_inherits_its_base_and_overrides_keys(tmp_path):
    (tmp_path / "a.toml").write_text('name = "a"\ntitle = "A"\norder = 2\n' + QEMU)
    (tmp_path / "b.toml").write_text('base = "a"\nname = "b"\ntitle = "B"\norder = 1\ncflags = ["-Os"]\n')
    b = read_description(tmp_path / "b.toml")
    assert (b.name, b.title, b.cflags, b.runner, b.kind) == ("b", "B", ["-Os"], ["qemu-x"], "qemu")
    assert list(load_all(tmp_path)) == ["b", "a"]
    assert position(tmp_path) == {"host": 0, "b": 1, "a": 2}


def test_a_base_may_be_no_target_and_a_missing_or_circular_base_is_a_user_error(tmp_path):
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "common.toml").write_text(QEMU)
    (tmp_path / "c.toml").write_text('base = "common"\nname = "c"\ntitle = "C"\n')
    assert list(load_all(tmp_path)) == ["c"]
    (tmp_path / "d.toml").write_text('base = "nowhere"\nname = "d"\n')
    with pytest.raises(UserError, match="no base description 'nowhere'"):
        read_description(tmp_path / "d.toml")
    (tmp_path / "e.toml").write_text('base = "f"\nname = "e"\n')
    (tmp_path / "f.toml").write_text('base = "e"\nname = "f"\n')
    with pytest.raises(UserError, match="leads back to itself"):
        read_data(tmp_path / "e.toml")


def test_the_gba_placements_differ_from_gba_only_in_what_they_say():
    targets = load_all()
    gba = targets["gba"]
    for name, differs in {"gba-prefetch": {"cflags", "cycle_model"}, "gba-iwram": {"linker_script"},
                          "gba-iwram-arm": {"linker_script", "isa", "cflags"}}.items():
        t = targets[name]
        changed = {k for k in vars(gba) if getattr(t, k) != getattr(gba, k)} - {"name", "title", "order", "path"}
        assert changed == differs, name
    assert list(targets).index("gba") < list(targets).index("gba-prefetch") < list(targets).index("gba-iwram")
