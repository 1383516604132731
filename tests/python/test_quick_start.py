# SPDX-License-Identifier: MIT
"""The front end skips make only while the engine is up to date: nothing
it is made of, no folder holding one, and none of make's environment
changed since the last make."""
import os
import time

from hashbench.toolchain import host


def built(tmp_path, monkeypatch):
    """A build folder as ensure_engine leaves it: the engine, make's list of
    its inputs (absolute paths here), the stamp dated after them."""
    monkeypatch.delenv("CC", raising=False)
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.c").write_text("int a;\n")
    build = tmp_path / "build"
    build.mkdir()
    (build / "hashbench-engine").write_text("engine")
    (build / "hashbench-engine.inputs").write_text(f"{src / 'a.c'}\n")
    past = time.time() - 100
    for p in (src / "a.c", src, build / "hashbench-engine"):
        os.utime(p, (past - 10, past - 10))
    host.write_stamp(build / "hashbench-engine.stamp", past)
    return build, src


def test_up_to_date_until_an_input_changes(tmp_path, monkeypatch):
    build, src = built(tmp_path, monkeypatch)
    assert host.up_to_date(build)
    (src / "a.c").write_text("int a = 1;\n")
    assert not host.up_to_date(build)


def test_a_new_file_in_an_inputs_folder_is_a_change(tmp_path, monkeypatch):
    build, src = built(tmp_path, monkeypatch)
    (src / "b.c").write_text("int b;\n")
    assert not host.up_to_date(build)


def test_makes_environment_is_part_of_the_stamp(tmp_path, monkeypatch):
    build, _ = built(tmp_path, monkeypatch)
    monkeypatch.setenv("CC", "clang")
    assert not host.up_to_date(build)


def test_no_stamp_or_a_rebuilt_engine_means_make(tmp_path, monkeypatch):
    build, _ = built(tmp_path, monkeypatch)
    os.utime(build / "hashbench-engine")   # rebuilt by a make the front end did not run
    assert not host.up_to_date(build)
    (build / "hashbench-engine.stamp").unlink()
    assert not host.up_to_date(build)


def test_after_a_make_the_real_engine_is_up_to_date():
    """Every input make lists exists (a missing one would mean make on every command)."""
    if os.environ.get("HASHBENCH_ENGINE"):
        return
    engine = host.ensure_engine()
    inputs = engine.with_name("hashbench-engine.inputs").read_text().split()
    assert "src/engine/host/main.c" in inputs and "data/reference-digests.tsv" in inputs
    assert [p for p in inputs if not (host.ROOT / p).exists()] == []
    assert host.up_to_date()
