# SPDX-License-Identifier: MIT
"""Writes the vector files of the modern non-cryptographic hashes
(murmur3-32, murmur3-128, xxh32, xxh64, xxh3-64, siphash24) and says where
every value came from.  Run from the repository root with the project's
venv (it needs mmh3, xxhash and siphash24, all in pyproject's test extra):

    .venv/bin/python tests/vectors/importers/noncrypto.py [--siphasher DIR] [--xxhash-h FILE]

Files written (tests/vectors/):
  siphash24-reference.txt   the 64 vectors of the SipHash reference
                            implementation (vectors.h: key 00..0F, messages
                            00 01 .. of length 0..63), parsed from the Rust
                            crate siphasher 1.0.4 (crates.io), src/tests.rs,
                            fn test_siphash_2_4, which carries them verbatim;
                            vector 15 is also the paper's Appendix A example.
  xxhash-sanity.txt         xxHash's own self-test values (xxhsum's sanity
                            check: cli/xsum_sanity_check.c of the xxHash
                            repository, v0.8 series, commit dde858b9a2e1;
                            not shipped by a registry package, so the values
                            are transcribed below): the seed-0 rows of
                            XSUM_XXH32_testdata, XSUM_XXH64_testdata and
                            XSUM_XXH3_testdata on its pseudorandom sanity
                            buffer; plus the small
                            values of the PyPI package xxhash 3.6.0's tests.
  murmur3-published.txt     MurmurHash3 values published with the PyPI
                            package mmh3 5.3.1 (tests/test_mmh3.py, the
                            seed-0 rows), and SMHasher's verification values
                            (main.cpp: MurmurHash3_x86_32 0xB0F57EE3,
                            MurmurHash3_x64_128 0x6384BA69) as the seed-0
                            hash of the verification test's key table.
  noncrypto-regression.txt  REGRESSION vectors, computed here with the
                            oracles of tests/oracles/noncrypto.py (libraries
                            wrapping the authors' C), over the hash-bench
                            workload at every length class: for the targets
                            (QEMU, 8-bit) that run the C tests without Python.

Every published value below is also checked against the oracle library
before it is written, so a transcription error cannot slip into a file.
With --xxhash-h (the deps/xxhash/xxhash.h of the xxhash sdist) the default
XXH3 secret in src/algos/xxh3.c is checked byte for byte against
XXH3_kSecret.
"""
import argparse
import glob
import hashlib
import os
import re
from pathlib import Path

import mmh3

from hashbench.paths import ROOT
from tests.oracles import workload
from tests.oracles.noncrypto import ORACLES

OUT = ROOT / "tests" / "vectors"
KEY = bytes(range(16))


def line(algo, **fields):
    return algo + "".join(f" {k}={v}" for k, v in fields.items())


def write(name, header, lines):
    path = OUT / name
    path.write_text("\n".join(header) + "\n" + "\n".join(lines) + "\n")
    print(f"wrote {path.relative_to(ROOT)}: {len(lines)} vectors")


def check(algo, msg, md_hex):
    got = ORACLES[algo](msg).hex()
    if not got.startswith(md_hex):
        raise SystemExit(f"{algo} len {len(msg)}: published {md_hex}, oracle {got}")


# ---- SipHash --------------------------------------------------------------

def siphash(crate_dir):
    cands = [crate_dir] if crate_dir else sorted(
        glob.glob(os.path.expanduser("~/.cargo/registry/src/*/siphasher-1.0.4")))
    if not cands or not os.path.isfile(os.path.join(cands[0], "src", "tests.rs")):
        raise SystemExit("siphasher 1.0.4 not found: in a scratch cargo project run "
                         "`cargo add siphasher@=1.0.4 && cargo fetch`, or pass --siphasher DIR")
    src = Path(cands[0], "src", "tests.rs").read_text()
    body = src[src.index("fn test_siphash_2_4()"):]
    body = body[body.index("= ["):]
    body = body[:body.index("];")]
    rows = re.findall(r"\[((?:\s*0x[0-9a-f]{2},?){8})\s*\]", body)
    vecs = [bytes(int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", r)) for r in rows]
    assert len(vecs) == 64, len(vecs)
    # SipHash paper, Appendix A: 15-byte message 00..0e -> a129ca6149be45e5
    assert vecs[15] == (0xA129CA6149BE45E5).to_bytes(8, "little")
    lines = []
    for n, md in enumerate(vecs):
        check("siphash24", bytes(range(n)), md.hex())
        lines.append(line("siphash24-keyed", key=KEY.hex(), msg=bytes(range(n)).hex(), md=md.hex()))
    # The same 64 through the fixed-key one-shot, compact and streaming API.
    for n, md in enumerate(vecs):
        lines.append(line("siphash24", msg=bytes(range(n)).hex(), md=md.hex()))
    write("siphash24-reference.txt", [
        "# source: SipHash reference implementation vectors.h (vectors_sip64, the 64",
        "# SipHash-2-4 vectors: key 00..0f, message 00 01 .. of length 0..63), as carried",
        "# verbatim by the Rust crate siphasher 1.0.4 (crates.io), src/tests.rs,",
        "# fn test_siphash_2_4.  Vector 15 is the example of Aumasson and Bernstein,",
        "# \"SipHash: a fast short-input PRF\" (2012), Appendix A (a129ca6149be45e5).",
        "# md = the reference's 8 output bytes.  The key is the roster's fixed key, so",
        "# the second half repeats the vectors as plain siphash24 lines.",
        "# Written by tests/vectors/importers/noncrypto.py.",
    ], lines)


# ---- xxHash ---------------------------------------------------------------

PRIME32 = 2654435761
PRIME64 = 11400714785074694797

# cli/xsum_sanity_check.c (xxHash v0.8 series, commit dde858b9a2e1), rows
# with seed 0: (len, value).
XXH32_SANITY = [(0, 0x02CC5D05), (1, 0xCF65B03E), (14, 0x1208E7E2), (222, 0x5BD11DBD)]
XXH64_SANITY = [(0, 0xEF46DB3751D8E999), (1, 0xE934A84ADB052768), (4, 0x9136A0DCA57457EE),
                (14, 0x8282DCC4994E35C8), (222, 0xB641AE8CB691C174)]
XXH3_SANITY = [(0, 0x2D06800538D394C2), (1, 0xC44BDFF4074EECDB), (6, 0x27B56A84CD2D7325),
               (12, 0xA713DAF0DFBB77E7), (24, 0xA3FE70BF9D3510EB), (48, 0x397DA259ECBA1F11),
               (80, 0xBCDEFBBB2C47C90A), (195, 0xCD94217EE362EC3A), (403, 0xCDEB804D65C6DEA4),
               (512, 0x617E49599013CB6B), (2048, 0xDD59E2C3A5F038E0),
               (2240, 0x6E73A90539CF2948), (2367, 0xCB37AEB9E5D361ED)]
# PyPI xxhash 3.6.0, tests/test_xxh32.py, test_xxh64.py, test_xxh3_64.py: hash of "a".
XXH_A = {"xxh32": (1426945110, 4), "xxh64": (15154266338359012955, 8),
         "xxh3-64": (16629034431890738719, 8)}


def sanity_buffer(n):
    # XSUM_fillTestBuffer: byteGen = PRIME32; each byte is its top byte,
    # then byteGen *= PRIME64 (mod 2^64).
    out, gen = bytearray(), PRIME32
    for _ in range(n):
        out.append(gen >> 56)
        gen = (gen * PRIME64) & (2**64 - 1)
    return bytes(out)


def xxh(xxhash_h):
    buf = sanity_buffer(2367)
    lines = []
    for algo, rows, width in (("xxh32", XXH32_SANITY, 4), ("xxh64", XXH64_SANITY, 8),
                              ("xxh3-64", XXH3_SANITY, 8)):
        for n, value in rows:
            md = value.to_bytes(width, "big").hex()
            check(algo, buf[:n], md)
            lines.append(line(algo, msg=buf[:n].hex(), md=md))
    for algo, (value, width) in XXH_A.items():
        md = value.to_bytes(width, "big").hex()
        check(algo, b"a", md)
        lines.append(line(algo, msg="61", md=md))
    write("xxhash-sanity.txt", [
        "# source: xxHash's own sanity check (xxhsum's XSUM_sanityCheck), file",
        "# cli/xsum_sanity_check.c of github.com/Cyan4973/xxHash (v0.8 series, read at",
        "# commit dde858b9a2e1ea650bd7105f368f5a9c1e52a284; XXH3 is frozen since v0.8.0):",
        "# the seed-0 rows of XSUM_XXH32_testdata, XSUM_XXH64_testdata and",
        "# XSUM_XXH3_testdata, over XSUM_fillTestBuffer's buffer (byte i = top byte of",
        "# 2654435761 * 11400714785074694797^i mod 2^64), msg = its first len bytes;",
        "# and the last three lines: PyPI package xxhash 3.6.0, tests/test_xxh32.py,",
        "# test_xxh64.py, test_xxh3_64.py (hash of \"a\").  md = the big-endian bytes of",
        "# the value (xxhsum's canonical form).  Written by tests/vectors/importers/noncrypto.py.",
    ], lines)
    if xxhash_h:
        check_secret(xxhash_h)


def check_secret(xxhash_h):
    def table(text, start):
        i = text.index(start)
        body = text[i:text.index("};", i)]
        return bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})\b", body))
    ref = table(Path(xxhash_h).read_text(), "XXH3_kSecret[XXH_SECRET_DEFAULT_SIZE] = {")
    ours = table((ROOT / "src" / "algos" / "xxh3.c").read_text(), "hb_xxh3_secret[SECRET_LEN] = {")
    assert len(ref) == 192 and ref == ours, "XXH3 default secret differs from xxhash.h"
    print(f"xxh3.c secret == XXH3_kSecret of {xxhash_h} "
          f"(sha256 {hashlib.sha256(ours).hexdigest()})")


# ---- MurmurHash3 -----------------------------------------------------------

# PyPI mmh3 5.3.1, tests/test_mmh3.py: the seed-0 values (most devised by
# Ian Boyd, as that file says).  (message, unsigned 32-bit value)
MMH3_32 = [
    (b"foo", 4138058784), (b"", 0), (b"\x21\x43\x65\x87", 0xF55B516B),
    (b"\x21\x43\x65", 0x7E4A8634), (b"\x21\x43", 0xA0F7B07A), (b"\x21", 0x72661CF4),
    (b"\xff\xff\xff\xff", 0x76293B50), (b"\x00\x00\x00\x00", 0x2362F9DE),
    (b"\x00\x00\x00", 0x85F0B427), (b"\x00\x00", 0x30F4C306), (b"\x00", 0x514E28B7),
    (b"abc", 0xB3DD93FA),
    (b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 0xEE925B90),
]
# test_hash_bytes / test_mmh3_x64_128_digest, seed 0: x64_128 bytes.
MMH3_128 = [
    (b"foo", b"aE\xf5\x01W\x86q\xe2\x87}\xba+\xe4\x87\xaf~"),
    (b"", bytes(16)),
]


def smhasher_key_table(hashfn, width):
    # SMHasher VerificationTest: key = 00 01 .. ff; hash key[0:i] with seed
    # 256 - i for i in 0..255, each result stored little-endian; the
    # verification value is the first 4 bytes (little-endian) of the seed-0
    # hash of those 256 results.
    key = bytes(range(256))
    return b"".join(hashfn(key[:i], 256 - i)[:width] for i in range(256))


def murmur3():
    lines = []
    for msg, value in MMH3_32:
        md = value.to_bytes(4, "big").hex()
        check("murmur3-32", msg, md)
        lines.append(line("murmur3-32", msg=msg.hex(), md=md))
    for msg, digest in MMH3_128:
        check("murmur3-128", msg, digest.hex())
        lines.append(line("murmur3-128", msg=msg.hex(), md=digest.hex()))
    # SMHasher verification values.  murmur3-32's canonical bytes are
    # big-endian, so the 32-bit value is the whole digest; murmur3-128's first
    # 4 canonical bytes are h1's low 4 bytes, little-endian: a prefix check.
    t32 = smhasher_key_table(
        lambda m, s: mmh3.hash(m, s, signed=False).to_bytes(4, "little"), 4)
    md = (0xB0F57EE3).to_bytes(4, "big").hex()
    check("murmur3-32", t32, md)
    lines.append(line("murmur3-32", msg=t32.hex(), md=md))
    t128 = smhasher_key_table(lambda m, s: mmh3.hash_bytes(m, s, x64arch=True), 16)
    md = (0x6384BA69).to_bytes(4, "little").hex()
    check("murmur3-128", t128, md)
    lines.append(line("murmur3-128", msg=t128.hex(), md=md))
    write("murmur3-published.txt", [
        "# source: PyPI package mmh3 5.3.1, tests/test_mmh3.py: the seed-0 values of",
        "# test_hash_unsigned (MurmurHash3_x86_32; most devised by Ian Boyd,",
        "# stackoverflow.com/a/31929528) and test_hash_bytes (MurmurHash3_x64_128 bytes).",
        "# Last two lines: SMHasher (Austin Appleby) verification values, main.cpp:",
        "# MurmurHash3_x86_32 0xB0F57EE3 and MurmurHash3_x64_128 0x6384BA69.  Their msg",
        "# is VerificationTest's table (hash of key[0:i] = 00 01 .. with seed 256-i,",
        "# i = 0..255, each stored little-endian), made with mmh3; md is the published",
        "# value: all 4 bytes of murmur3-32 (big-endian), the first 4 bytes of",
        "# murmur3-128 (h1's low bytes, little-endian).  Written by tests/vectors/importers/noncrypto.py.",
    ], lines)


# ---- regression over the workload -------------------------------------------

def regression():
    pattern = workload(256).hex()  # the workload has period 256
    lengths = {
        # all the tail / class boundaries of the six algorithms
        "murmur3-32": list(range(0, 41)) + [64, 256, 1023, 1024, 1025, 4099],
        "murmur3-128": list(range(0, 50)) + [64, 256, 1023, 1024, 1025, 4111],
        "xxh32": list(range(0, 50)) + [64, 256, 1023, 1024, 1025, 4111],
        "xxh64": list(range(0, 80)) + [256, 1023, 1024, 1025, 4127],
        "xxh3-64": list(range(0, 262)) + [
            319, 320, 321, 511, 512, 513, 1023, 1024, 1025, 1087, 1088, 1089,
            2047, 2048, 2049, 2240, 2367, 3072, 3073, 4096, 10000, 65536, 100003],
        "siphash24": list(range(0, 33)) + [64, 256, 1023, 1024, 1025, 4103],
    }
    lines = []
    for algo, ns in lengths.items():
        for n in ns:
            md = ORACLES[algo](workload(n)).hex()
            lines.append(line(algo, msg=pattern, len=str(n), md=md))
    write("noncrypto-regression.txt", [
        "# source: REGRESSION vectors, not from a standard: computed by",
        "# tests/vectors/importers/noncrypto.py with tests/oracles/noncrypto.py (PyPI mmh3, xxhash,",
        "# siphash24: the authors' C behind Python bindings) over the hash-bench",
        "# workload buf[i] = (i*31+7) & 0xFF (msg = its first period, len = N), at every",
        "# length class and tail length of each algorithm, so that targets without",
        "# Python (QEMU big-endian and 32-bit, the 8-bit ports) check them too.",
        "# len=64, 256 and 1024 are the seed sweep's workload digests.",
    ], lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--siphasher", help="unpacked siphasher-1.0.4 crate")
    ap.add_argument("--xxhash-h", help="xxhash.h of the xxhash sdist, to check the XXH3 secret")
    args = ap.parse_args()
    siphash(args.siphasher)
    xxh(args.xxhash_h)
    murmur3()
    regression()


if __name__ == "__main__":
    main()
