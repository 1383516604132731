# SPDX-License-Identifier: MIT
"""The roster description (data/roster.json) is what registry.def says, and
the sources it names for each implementation are exactly the files that
implementation links: checked on the host's object files with nm."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from hashbench import roster
from hashbench.paths import ROOT
from hashbench.toolchain.host import ensure_engine

CC = shutil.which("cc") or shutil.which("gcc")
pytestmark = pytest.mark.skipif(CC is None or shutil.which("nm") is None, reason="no host C compiler or nm")


def test_description_is_current(tmp_path):
    exe = tmp_path / "describe"
    subprocess.run([CC, "-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "tools/generate/describe_roster.c",
                    "-o", str(exe)], cwd=ROOT, check=True)
    fresh = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    assert (ROOT / "data" / "roster.json").read_text() == fresh, "data/roster.json is stale: run 'make roster'"


def test_description_matches_the_engine():
    """roster.json lists what the engine built from registry.def lists, in its order, with the same facts."""
    engine = ensure_engine()
    listed = [json.loads(line) for line in subprocess.run([str(engine), "list"], check=True, capture_output=True,
                                                           text=True).stdout.splitlines() if '"rec":"algo"' in line]
    assert [a["id"] for a in listed] == roster.ids()
    for rec in listed:
        a = roster.find(rec["id"])
        assert (a.label, a.tier, a.digest_len, a.width) == (rec["label"], rec["tier"], rec["digest_len"], rec["width"])
        assert sorted(a.impls) == sorted(i for i in rec["impls"] if i in ("portable", "compact")), rec["id"]


def test_roster_reads_the_description():
    algos = roster.algorithms()
    assert algos[0].id == "xor8"
    sha = roster.find("sha256")
    assert sha.label == "SHA256" and sha.width == 32 and sha.digest_len == 32
    assert sha.impls["compact"].symbol == "hb_sha256_compact"
    assert roster.find("pbkdf2-sha256").impls["portable"].sources == (
        "src/algos/pbkdf2_sha256.c", "src/algos/hmac_sha256.c", "src/algos/sha256.c")
    assert [a.id for a in roster.select(["sha*"])] == ["sha1", "sha256", "sha512", "sha3-256", "sha3-512"]


def _symbols(obj: Path):
    """(defined, undefined) external symbols of an object file."""
    out = subprocess.run(["nm", str(obj)], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDRBC":  # external: upper case
            defined.add(parts[2])
    return defined, undefined


@pytest.fixture(scope="module")
def objects(tmp_path_factory):
    out = tmp_path_factory.mktemp("objs")
    table = {}
    for src in sorted((ROOT / "src" / "algos").glob("*.c")):
        obj = out / (src.stem + ".o")
        subprocess.run([CC, "-std=c99", "-O1", "-c", str(src), "-o", str(obj)], check=True)
        table[f"src/algos/{src.name}"] = _symbols(obj)
    return table


def test_each_implementation_names_exactly_the_sources_it_links(objects):
    where = {}
    for src, (defined, _) in objects.items():
        for name in defined:
            where.setdefault(name, src)
    for algo in roster.algorithms():
        for impl in algo.impls.values():
            assert impl.symbol in where, f"{algo.id}: nothing defines {impl.symbol}"
            need, todo = set(), [where[impl.symbol]]
            while todo:  # the object closure, as a static linker takes it
                src = todo.pop()
                if src in need:
                    continue
                need.add(src)
                todo += [where[u] for u in objects[src][1] if u in where]
            assert set(impl.sources) == need, f"{algo.id}/{impl.name}: registry says {impl.sources}, links {sorted(need)}"
            assert impl.sources[0] == where[impl.symbol], f"{algo.id}/{impl.name}: its own file first"


def test_description_is_plain_json():
    doc = json.loads((ROOT / "data" / "roster.json").read_text())
    assert doc["generated_by"].startswith("tools/generate/describe_roster.c")
    assert {a["tier"] for a in doc["algorithms"]} == {"checksum", "non-crypto", "crypto"}
