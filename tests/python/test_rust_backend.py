# SPDX-License-Identifier: MIT
"""The Rust crates backend (backends/rust/): every rust-* implementation
that `hashbench-engine list` shows gives, through `hashbench-engine digest`,
the digest of the differential tests' independent oracles (tests/oracles)
at sizes across the block boundaries.

Also, by loading the two libraries directly: every function copes with
len == 0 and a NULL pointer, each row's exported hb_rust_<crate>_<algo>
symbol is the function the row gives, and the versions the libraries report
are the ones Cargo.lock pins.

Skipped only when cargo is absent (the backend is then listed missing)."""
import ctypes
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from hashbench.paths import ROOT

CARGO = shutil.which("cargo") or (
    str(Path.home() / ".cargo/bin/cargo") if (Path.home() / ".cargo/bin/cargo").exists() else None)
if CARGO is None:
    pytest.skip("cargo is not installed: the rust backends are listed missing", allow_module_level=True)

from hashbench.targets.host import catalogue  # noqa: E402
from hashbench.toolchain.host import ensure_engine  # noqa: E402
from tests.oracles import all_oracles, workload  # noqa: E402

SIZES = [0, 1, 3, 64, 1000, 1024, 65536]
LIB_NAMES = {"rust": "libhb_rust-default.so", "rust-native": "libhb_rust-native.so"}
# Rows lib.rs always builds (xkcp and keccak-asm are optional: they need
# build tools that backend.mk may not find).
ALWAYS = {
    "keccak-256": ["tiny-keccak", "sha3"],
    "sha3-256": ["sha3"], "sha3-512": ["sha3"],
    "sha256": ["sha2"], "sha512": ["sha2"], "sha1": ["sha1"], "md5": ["md-5"], "md4": ["md4"],
    "ripemd160": ["ripemd"], "blake2s": ["blake2"], "blake2b": ["blake2"], "tiger": ["tiger"],
    "blake3": ["blake3", "blake3-tree"], "ascon-hash256": ["ascon-hash"], "crc32": ["crc32fast"],
    "crc32c": ["crc32c"], "xxh32": ["xxhash"], "xxh64": ["xxhash"], "xxh3-64": ["xxhash"],
    "siphash24": ["siphasher"],
}
OPTIONAL = {"keccak-256": ["xkcp", "keccak-asm"]}


# The differential tests' independent oracles (tests/oracles): hashlib,
# pycryptodome, blake3, xxhash, siphash24, google-crc32c, the SP 800-232
# Ascon transcription, and libgcrypt for Tiger where it is installed.
REFS = all_oracles()
ENGINE = ensure_engine()
ALGOS, BACKENDS = catalogue(ENGINE)
IMPLS = {a["id"]: a["impls"] for a in ALGOS}
ROWS = [(a["id"], impl) for a in ALGOS for impl in a["impls"] if impl.startswith("rust-")]


def engine_digest(algo, impl, size):
    proc = subprocess.run([str(ENGINE), "digest", algo, impl, str(size)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"digest {algo} {impl} {size}: {proc.stderr.strip()}"
    return proc.stdout.strip()


def tiger_reference(size):
    """No Python library computes Tiger: libgcrypt (through the engine) where
    it is linked, and the authors' published Tiger("") in any case."""
    if size == 0:
        return "3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3"
    if "gcrypt" in IMPLS.get("tiger", []):
        return engine_digest("tiger", "gcrypt", size)
    pytest.skip("no Tiger reference here (libgcrypt backend missing)")


def test_backends_available():
    """cargo is here, so both flavours must have built and loaded."""
    by_name = {b["name"]: b for b in BACKENDS}
    for name in LIB_NAMES:
        assert name in by_name, f"backend {name} not in this engine"
        assert by_name[name]["available"], (
            f"backend {name} did not load: look for warnings from backends/rust in make's output")
    assert by_name["rust"]["version"].startswith("rustc ")
    assert "target-cpu=native" in by_name["rust-native"]["version"]


def test_every_crate_listed():
    for algo, crates in ALWAYS.items():
        for crate in crates:
            for suffix in ("", "-native"):
                assert f"rust-{crate}{suffix}" in IMPLS[algo], f"{algo}: rust-{crate}{suffix} missing"
    known = {(a, c) for a, cs in ALWAYS.items() for c in cs} | {
        (a, c) for a, cs in OPTIONAL.items() for c in cs}
    for algo, impl in ROWS:
        crate = impl[len("rust-"):].removesuffix("-native")
        assert (algo, crate) in known, f"{algo}/{impl} is not one this test knows"


@pytest.mark.parametrize("algo,impl", ROWS, ids=[f"{a}/{i}" for a, i in ROWS])
def test_digest_matches_reference(algo, impl):
    for size in SIZES:
        got = engine_digest(algo, impl, size)
        if algo == "tiger":
            want = tiger_reference(size)
        else:
            want = REFS[algo](workload(size)).hex()
        assert got == want, f"{algo}/{impl} at {size} bytes"


# rust-blake3-tree splits an input of 1 MiB or more between the cores: lengths either side of that,
# of a whole number of chunks and not, with a left subtree of 1, 2 and 4 MiB
TREE_SIZES = [(1 << 20) - 1, 1 << 20, (1 << 20) + 1, (1 << 20) + 1025, (3 << 20) + 7, (1 << 22) + 5]


@pytest.mark.parametrize("impl", ["rust-blake3-tree", "rust-blake3-tree-native"])
def test_blake3_tree_is_blake3_at_every_split(impl, tmp_path):
    for size in TREE_SIZES:
        assert engine_digest("blake3", impl, size) == REFS["blake3"](workload(size)).hex(), f"{impl} at {size} bytes"
    # a file of random bytes, hashed as `hashbench hash` hashes it (mapped whole)
    data = os.urandom((5 << 20) + 333)
    (tmp_path / "r.bin").write_bytes(data)
    proc = subprocess.run([str(ENGINE), "hash", "blake3", impl, str(tmp_path / "r.bin")], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.split()[0] == REFS["blake3"](data).hex()


# ---- the libraries themselves -------------------------------------------------
class Entry(ctypes.Structure):  # HbRustEntry in backends/rust/src/lib.rs
    _fields_ = [("algo", ctypes.c_char_p), ("id", ctypes.c_char_p), ("version", ctypes.c_char_p),
                ("digest_len", ctypes.c_size_t), ("func", ctypes.c_void_p)]


def load(flavour):
    path = ENGINE.parent / "rust" / LIB_NAMES[flavour]
    if not path.exists():
        pytest.fail(f"{path} missing although cargo is installed")
    lib = ctypes.CDLL(str(path), mode=os.RTLD_LOCAL)
    lib.hb_rust_entries.restype = ctypes.POINTER(Entry)
    lib.hb_rust_entries.argtypes = [ctypes.POINTER(ctypes.c_size_t)]
    count = ctypes.c_size_t()
    rows = lib.hb_rust_entries(ctypes.byref(count))
    return lib, [rows[i] for i in range(count.value)]


def lock_versions():
    lock = tomllib.loads((ROOT / "backends/rust/Cargo.lock").read_text())
    return {(p["name"], p["version"]) for p in lock["package"]}


HASH_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


@pytest.mark.parametrize("flavour", sorted(LIB_NAMES))
def test_library_rows(flavour):
    lib, rows = load(flavour)
    pinned = lock_versions()
    assert rows
    for row in rows:
        algo, crate = row.algo.decode(), row.id.decode()
        # "sha2 0.11.1" or "keccak-asm 0.1.9 (keccak1600-x86_64)": crate and
        # version as Cargo.lock has them.
        package, version = row.version.decode().split(" (")[0].split(" ")
        assert (package, version) in pinned, f"{row.version!r} is not in Cargo.lock"
        # The exported symbol, hb_rust_<crate>_<algo> with '-' as '_', is
        # the function the row gives.
        symbol = f"hb_rust_{crate}_{algo}".replace("-", "_")
        assert ctypes.cast(getattr(lib, symbol), ctypes.c_void_p).value == row.func, symbol
        # len == 0 with a NULL pointer: the empty message, no crash.
        out = ctypes.create_string_buffer(row.digest_len)
        HASH_FN(row.func)(out, None, 0)
        if algo == "tiger":
            want = tiger_reference(0)
        else:
            want = REFS[algo](b"").hex()
        assert out.raw.hex() == want, f"{algo}/{crate} of the empty message"
