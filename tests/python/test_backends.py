# SPDX-License-Identifier: MIT
"""The library backends (backends/*/) and our hardware CRC-32C, through the
real engine: every implementation that `hashbench-engine list` shows besides
ours must give, at sizes around every block boundary, the digest of our
portable code and of the independent oracle (tests/oracles) where there is
one.  A backend whose library is missing is listed as unavailable and
skipped, never an error: checked by building an engine with every backend
forced missing."""
import json
import os
import random
import subprocess

import pytest

from hashbench.paths import ROOT
from hashbench.targets.host import catalogue
from hashbench.toolchain.host import ensure_engine
from tests.oracles import all_oracles, workload

OURS = {"portable", "compact"}
# Empty, short, around the 8/16/64/128-byte blocks and words of every
# roster algorithm, odd lengths, and long enough for the bulk paths
# (OpenSSL's AES-CBC chunking at 4 KiB, zlib's and xxHash's stripes).
SIZES = [0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 127, 129, 1000, 1023, 1024,
         4097, 65536, 100003]

ENGINE = ensure_engine()
ALGOS, BACKENDS = catalogue(ENGINE)
ORACLES = all_oracles()
ROWS = [(a["id"], impl) for a in ALGOS for impl in a["impls"] if impl not in OURS]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """name -> (path, bytes): the workload at every size, and random bytes
    at the same sizes (a backend must agree on any message)."""
    rng = random.Random(0xBAC6)
    folder = tmp_path_factory.mktemp("backend-inputs")
    files = {}
    for size in SIZES:
        noise = bytes(rng.getrandbits(8) for _ in range(size))
        for kind, data in (("w", workload(size)), ("r", noise)):
            path = folder / f"{kind}{size}"
            path.write_bytes(data)
            files[path.name] = (path, data)
    return files


def engine_hash(algo, impl, files, engine=ENGINE):
    """name -> hex digest, from one `hash ALGO IMPL FILE...` run: one process
    per implementation keeps the test fast."""
    names = sorted(files)
    proc = subprocess.run([str(engine), "hash", algo, impl] + [str(files[n][0]) for n in names],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"hash {algo} {impl}: {proc.stderr.strip()}"
    digests = [line.split()[0] for line in proc.stdout.splitlines()]
    assert len(digests) == len(names)
    return dict(zip(names, digests))


def engine_digest(algo, impl, size, engine=ENGINE):
    proc = subprocess.run([str(engine), "digest", algo, impl, str(size)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"digest {algo} {impl} {size}: {proc.stderr.strip()}"
    return proc.stdout.strip()


_portable = {}
_oracle = {}


def oracle_hex(algo, name, data):
    """The oracle's digest of input `name`, computed once for all of an algorithm's rows (the Python
    Ascon takes seconds)."""
    if (algo, name) not in _oracle:
        _oracle[algo, name] = ORACLES[algo](data).hex()
    return _oracle[algo, name]


def portable_hash(algo, files):
    if algo not in _portable:
        _portable[algo] = engine_hash(algo, "portable", files)
    return _portable[algo]


def test_backends_are_listed():
    """Every backend folder appears in `list`, available or not, with a
    version when available."""
    names = {b["name"] for b in BACKENDS}
    for b in BACKENDS:
        assert isinstance(b["available"], bool)
        assert b["name"] and isinstance(b["version"], str)
        if b["available"]:
            assert b["version"], f"{b['name']}: available but no version"
    for mk in sorted(ROOT.glob("backends/*/backend.mk")):
        folder = mk.parent.name
        # accel names itself after the instructions it runs on
        expected = {"accel", "sse42", "armv8-crc"} if folder == "accel" else {folder}
        assert names & expected, f"backends/{folder} is not listed by the engine"


def test_unavailable_backends_have_no_rows():
    impls = {impl for _, impl in ROWS}
    for b in BACKENDS:
        if not b["available"]:
            assert b["name"] not in impls, f"{b['name']} is unavailable but has rows"


@pytest.mark.parametrize("algo,impl", ROWS, ids=[f"{a}/{i}" for a, i in ROWS])
def test_backend_matches_portable_and_oracle(algo, impl, inputs):
    oracle = ORACLES.get(algo)
    got = engine_hash(algo, impl, inputs)
    want = portable_hash(algo, inputs)
    bad = []
    for name in sorted(inputs, key=lambda n: (n[0], int(n[1:]))):
        if got[name] != want[name]:
            bad.append(f"{name}: {got[name]} != portable {want[name]}")
        if oracle is not None:
            ref = oracle_hex(algo, name, inputs[name][1])
            if got[name] != ref:
                bad.append(f"{name}: {got[name]} != oracle {ref}")
    # and the engine's own workload path, the one `bench` verifies
    if engine_digest(algo, impl, 1024) != got["w1024"]:
        bad.append("digest 1024 differs from hash of the same bytes")
    assert not bad, f"{algo}/{impl} (w = workload, r = random; the number is the length):\n" + \
        "\n".join(bad[:10])


def test_backend_rows_verify_in_bench():
    """The engine's own verify-then-time path accepts every backend row."""
    if not ROWS:
        pytest.skip("no backend library installed")
    impls = sorted({impl for _, impl in ROWS})
    algos = sorted({algo for algo, _ in ROWS})
    proc = subprocess.run([str(ENGINE), "bench", "-a", ",".join(algos), "-i", ",".join(impls),
                           "-s", "64,1024", "-b", "1", "-n", "1"],
                          capture_output=True, text=True)
    recs = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    errors = [r for r in recs if r["rec"] == "error"]
    assert not errors, errors[:5]
    results = {(r["algo"], r["impl"]) for r in recs if r["rec"] == "result"}
    assert results == set(ROWS)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.slow
def test_missing_backends_are_skipped_not_fatal():
    """An engine built with every library "missing" (each backend.mk's
    HB_FOUND_<NAME> forced to no, accel's machine to none) builds, lists
    each backend as unavailable and still runs our code."""
    if os.environ.get("HASHBENCH_ENGINE"):
        pytest.skip("HASHBENCH_ENGINE set: this test needs to build its own engine")
    build = "build/test-nobackends"  # two levels deep, as backends.mk expects
    forced = {f"HB_FOUND_{mk.parent.name.upper()}": "no"
              for mk in ROOT.glob("backends/*/backend.mk") if mk.parent.name != "accel"}
    forced["HB_ACCEL_MACHINE"] = "none"
    engine = ensure_engine(build, make_vars=forced)
    _, backends = catalogue(engine)
    folders = {mk.parent.name for mk in ROOT.glob("backends/*/backend.mk")}
    assert {b["name"] for b in backends} == folders
    assert not any(b["available"] for b in backends)
    algos, _ = catalogue(engine)
    assert {impl for a in algos for impl in a["impls"]} <= OURS
    assert engine_digest("crc32", "portable", 1024, engine=engine)
