#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the test vectors of MD4, MD5, SHA-1, RIPEMD-160 and Tiger into
tests/vectors/, in the format of tests/vectors/README.md.  It documents
where every value came from.

Sources read from files (none of them lives in this repository; fetch them
into scratch folders and pass their paths):

  --cryptography-vectors DIR   PyPI cryptography_vectors 50.0.2, unpacked
        (pip download --no-deps cryptography_vectors==50.0.2; unzip):
        hashes/MD5/rfc-1321.txt (the RFC 1321 A.5 test suite),
        hashes/SHA1/SHA1ShortMsg.rsp and SHA1LongMsg.rsp (NIST CAVP SHAVS,
        byte-oriented, CAVS 11.0), hashes/ripemd160/ripevectors.txt (the
        eight strings of the RIPEMD-160 home page of A. Bosselaers).
  --pycryptodome DIR           the installed PyPI pycryptodome 4.4.0 package
        folder (Crypto/): SelfTest/Hash/test_MD4.py (the RFC 1320 A.5 test
        suite) and SelfTest/Hash/test_RIPEMD160.py (the home page's ninth
        string, one million "a").  Read with the ast module, never executed.
  --tiger-crate DIR            crates.io tiger 0.3.0 (RustCrypto; cargo
        fetch): tests/data/tiger_kat.blb, the Tiger test values that the
        authors publish with their reference code (Tiger of "", "abc",
        "Tiger", the 64-byte alphabets, the paper's title...), in RustCrypto's
        blobby format (input, digest).

Typed in from the standards' own text (this file): the SHA-1 examples of
FIPS 180-4 (NIST "Examples with intermediate values", SHA1.pdf: "abc" and
the 448-bit message) and FIPS 180-2 appendix A.3 (one million "a"), and the
seed-published digest prefixes of docs/algorithms.md.

Every value read or typed is cross-checked against the independent oracles
of tests/oracles/mdfamily.py (hashlib, pycryptodome, libgcrypt) before it is
written, so a transcription slip cannot reach a vector file.  One file is
not official: tiger-libgcrypt.txt is computed with libgcrypt (the Tiger
oracle) to give the C suite, which also runs under QEMU where Python does
not, Tiger messages that cross the padding boundaries and one million "a".

Run with the project's .venv (it has pycryptodome):
  .venv/bin/python tests/vectors/importers/mdfamily.py --cryptography-vectors D1 \
      --pycryptodome .venv/lib/python3.11/site-packages/Crypto --tiger-crate D3
"""
import argparse
import ast
import sys
from pathlib import Path

from hashbench.paths import ROOT
from tests.oracles import workload
from tests.oracles.mdfamily import ORACLES
from tests.vectors.importers.vectorfile import write

# The workload has period 256.
WORKLOAD = workload(256)

# docs/algorithms.md, "Seed-published digest prefixes".
SEED_PREFIXES = {
    "md4": "a2909a64",
    "md5": "63b2177a",
    "sha1": "b66786cd",
    "ripemd160": "21d1d63f",
}

# FIPS 180-4 examples (SHA1.pdf) and FIPS 180-2 A.3: (message, repeat-to length, digest).
SHA1_FIPS = [
    (b"abc", None, "a9993e364706816aba3e25717850c26c9cd0d89d"),
    (b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", None,
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    (b"a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
]


def expand(msg, n):
    return msg if n is None else (msg * (n // len(msg) + 1))[:n]


def check(algo, msg, md_hex, n=None):
    """Cross-checks one vector against the oracle; md may be a prefix."""
    got = ORACLES[algo](expand(msg, n)).hex()
    if not got.startswith(md_hex.lower()):
        raise SystemExit(f"{algo}: vector disagrees with the oracle for "
                         f"{msg[:40]!r} (len {n}): {md_hex} vs {got}")


def line(algo, msg, md_hex, n=None):
    check(algo, msg, md_hex, n)
    s = f"{algo} msg={msg.hex()}"
    if n is not None:
        s += f" len={n}"
    return s + f" md={md_hex.lower()}"


def rsp_records(path):
    """Yields {FIELD: value} for each record (Len/Msg/MD) of a CAVP-style file."""
    rec = {}
    for raw in Path(path).read_text().splitlines():
        raw = raw.strip()
        if not raw or raw.startswith("#") or raw.startswith("["):
            if rec:
                yield rec
                rec = {}
            continue
        key, _, val = raw.partition("=")
        rec[key.strip()] = val.strip()
    if rec:
        yield rec


def rsp_vectors(algo, path):
    out = []
    for rec in rsp_records(path):
        nbits = int(rec["Len"])
        if nbits % 8:
            continue  # bit-oriented records: not ours
        msg = bytes.fromhex(rec["Msg"])[: nbits // 8]  # Len = 0 carries Msg = 00
        out.append(line(algo, msg, rec["MD"]))
    return out


def literal(node):
    """Value of a constant expression of the pycryptodome test files:
    strings, ints, tuples, lists, and + and * between them."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List)):
        return [literal(e) for e in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return literal(node.left) + literal(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return literal(node.left) * literal(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        return literal(node.left) ** literal(node.right)
    raise ValueError(f"not a literal: {ast.dump(node)[:80]}")


def pycryptodome_test_data(path):
    """The `test_data` list of (digest hex, input str[, description])."""
    tree = ast.parse(Path(path).read_text())
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "test_data" for t in stmt.targets):
            return [(t[0], t[1]) for t in literal(stmt.value)]
    raise SystemExit(f"{path}: no test_data")


def blobby_decode(data):
    """RustCrypto's blobby format: a count of blobs, a count of shared blobs,
    the shared blobs (length, bytes), then per blob either a reference to a
    shared one (odd value v: index v >> 1) or its length (even value v:
    v >> 1 bytes follow).  Integers are bijective base-128, high first."""
    pos = 0

    def vlq():
        nonlocal pos
        c = data[pos]
        pos += 1
        val = c & 0x7F
        while c & 0x80:
            c = data[pos]
            pos += 1
            val = ((val + 1) << 7) | (c & 0x7F)
        return val

    count, nshared = vlq(), vlq()
    shared = []
    for _ in range(nshared):
        n = vlq()
        shared.append(data[pos: pos + n])
        pos += n
    blobs = []
    for _ in range(count):
        v = vlq()
        if v & 1:
            blobs.append(shared[v >> 1])
        else:
            blobs.append(data[pos: pos + (v >> 1)])
            pos += v >> 1
    if pos != len(data):
        raise SystemExit("blobby: trailing bytes")
    return blobs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cryptography-vectors", required=True, type=Path)
    ap.add_argument("--pycryptodome", required=True, type=Path)
    ap.add_argument("--tiger-crate", required=True, type=Path)
    ap.add_argument("--out", default=ROOT / "tests" / "vectors", type=Path)
    args = ap.parse_args()
    cv = args.cryptography_vectors
    if (cv / "cryptography_vectors").is_dir():
        cv = cv / "cryptography_vectors"

    # MD4: RFC 1320 A.5.
    md4 = [line("md4", m.encode(), md) for md, m in
           pycryptodome_test_data(args.pycryptodome / "SelfTest/Hash/test_MD4.py")]
    assert len(md4) == 7
    write(args.out, "md4-rfc1320.txt", [
        "source: RFC 1320 (MD4) appendix A.5, the test suite; from PyPI pycryptodome 4.4.0,",
        "Crypto/SelfTest/Hash/test_MD4.py (\"Test vectors from RFC 1320\"); converted by",
        "tests/vectors/importers/mdfamily.py.",
    ], md4)

    # MD5: RFC 1321 A.5.
    md5 = rsp_vectors("md5", cv / "hashes/MD5/rfc-1321.txt")
    assert len(md5) == 7
    write(args.out, "md5-rfc1321.txt", [
        "source: RFC 1321 (MD5) appendix A.5, the test suite; from PyPI cryptography_vectors",
        "50.0.2, cryptography_vectors/hashes/MD5/rfc-1321.txt; converted by",
        "tests/vectors/importers/mdfamily.py.",
    ], md5)

    # SHA-1: FIPS 180 examples, then CAVP.
    write(args.out, "sha1-fips180.txt", [
        "source: FIPS 180-4 SHA-1 examples (NIST \"Examples with intermediate values\",",
        "SHA1.pdf: \"abc\" and the 448-bit message) and FIPS 180-2 appendix A.3 (one million",
        "\"a\": msg=61 len=1000000); typed in tests/vectors/importers/mdfamily.py, checked against hashlib.",
    ], [line("sha1", m, md, n) for m, n, md in SHA1_FIPS])
    sha1 = (rsp_vectors("sha1", cv / "hashes/SHA1/SHA1ShortMsg.rsp") +
            rsp_vectors("sha1", cv / "hashes/SHA1/SHA1LongMsg.rsp"))
    assert len(sha1) == 65 + 64
    write(args.out, "sha1-cavp.txt", [
        "source: NIST CAVP SHAVS, byte-oriented SHA1ShortMsg.rsp and SHA1LongMsg.rsp",
        "(CAVS 11.0), from PyPI cryptography_vectors 50.0.2, cryptography_vectors/hashes/SHA1/;",
        "converted by tests/vectors/importers/mdfamily.py (Len = 0 is the empty message).",
    ], sha1)

    # RIPEMD-160: the home page's eight strings, and one million "a".
    rmd = rsp_vectors("ripemd160", cv / "hashes/ripemd160/ripevectors.txt")
    assert len(rmd) == 8
    million = [(md, m) for md, m in
               pycryptodome_test_data(args.pycryptodome / "SelfTest/Hash/test_RIPEMD160.py")
               if len(m) == 10 ** 6]
    assert len(million) == 1 and set(million[0][1]) == {"a"}
    rmd.append(line("ripemd160", b"a", million[0][0], 10 ** 6))
    write(args.out, "ripemd160-authors.txt", [
        "source: the RIPEMD-160 test vectors of the authors' page",
        "(homes.esat.kuleuven.be/~bosselae/ripemd160.html): the eight strings from PyPI",
        "cryptography_vectors 50.0.2, cryptography_vectors/hashes/ripemd160/ripevectors.txt,",
        "and one million \"a\" from PyPI pycryptodome 4.4.0,",
        "Crypto/SelfTest/Hash/test_RIPEMD160.py; converted by tests/vectors/importers/mdfamily.py.",
    ], rmd)

    # Tiger: the authors' values as RustCrypto ships them.
    blobs = blobby_decode((args.tiger_crate / "tests/data/tiger_kat.blb").read_bytes())
    tiger = [line("tiger", blobs[i], blobs[i + 1].hex()) for i in range(0, len(blobs), 2)]
    assert len(tiger) == 11 and tiger[0].endswith("3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3")
    write(args.out, "tiger-authors.txt", [
        "source: Tiger/192 test values of its authors (Anderson and Biham's reference code and",
        "www.cs.technion.ac.il/~biham/Reports/Tiger/), as crates.io tiger 0.3.0 (RustCrypto)",
        "ships them in tests/data/tiger_kat.blb (blobby format: input, digest); converted by",
        "tests/vectors/importers/mdfamily.py.  Digest bytes as the authors print them (a, b, c",
        "little-endian): Tiger(\"\") = 3293AC630C13F0245F92BBB1766E16167A4E58492DDE73F3.",
    ], tiger)

    # Not official: Tiger across the padding boundaries and one million "a".
    gen = []
    for n in (55, 56, 57, 63, 64, 65, 111, 112, 113, 127, 128, 129, 1000):
        msg = bytes((i * 7 + n) & 0xFF for i in range(n))
        gen.append(line("tiger", msg, ORACLES["tiger"](msg).hex()))
    gen.append(line("tiger", b"1234567890", ORACLES["tiger"](b"1234567890" * 8).hex(), 80))
    gen.append(line("tiger", b"a", ORACLES["tiger"](b"a" * 10 ** 6).hex(), 10 ** 6))
    write(args.out, "tiger-libgcrypt.txt", [
        "source: not an official document: computed with libgcrypt (Debian libgcrypt20",
        "1.10.1, gcry_md_hash_buffer(GCRY_MD_TIGER1)), the independent oracle of",
        "tests/oracles/mdfamily.py, by tests/vectors/importers/mdfamily.py.  Messages that end on",
        "either side of Tiger's padding boundaries (message byte i = (7i + n) & 0xFF for",
        "length n), eight times \"1234567890\", and one million \"a\", so that the C suite",
        "checks them on every target, QEMU ones included.",
    ], gen)

    # The seed-published prefixes of the 1024-byte workload.
    write(args.out, "mdfamily-seed-prefixes.txt", [
        "source: docs/algorithms.md, \"Seed-published digest prefixes for the 1024-byte",
        "workload\" (buf[i] = (i*31+7) & 0xFF, period 256): md is the published prefix, so only",
        "those leading bytes are compared.  Written by tests/vectors/importers/mdfamily.py.",
    ], [line(a, WORKLOAD, p, 1024) for a, p in SEED_PREFIXES.items()])
    return 0


if __name__ == "__main__":
    sys.exit(main())
