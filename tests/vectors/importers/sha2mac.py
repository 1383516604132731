# SPDX-License-Identifier: MIT
"""Writes the official test vectors of SHA-256, SHA-512, HMAC-SHA256,
PBKDF2-HMAC-SHA256 and AES-128 / AES-128 CBC-MAC into tests/vectors/, in the
format of tests/vectors/README.md.  It documents where every value came from.

Sources (none of them lives in this repository; fetch them into scratch
folders and pass their paths):

  --cryptography-vectors DIR   PyPI cryptography_vectors 50.0.2, unpacked
        (pip download --no-deps cryptography_vectors==50.0.2; unzip):
        NIST CAVP SHAVS byte-oriented .rsp files (hashes/SHA2/), NIST CAVP
        AESAVS KAT and MMT .rsp files (ciphers/AES/ECB, ciphers/AES/CBC),
        RFC 4231 test cases (HMAC/rfc-4231-sha256.txt).
  --hmac-crate DIR             crates.io hmac 0.12.1 (cargo fetch), whose
        tests/data/wycheproof-sha256.blb holds Project Wycheproof's valid
        HMAC-SHA256 cases (blobby format: key, message, tag, a tag possibly
        truncated on the right).
  --go-root DIR                a Go toolchain (1.26.8 here): the SHA-256
        vectors of src/crypto/pbkdf2/pbkdf2_test.go.

Values typed in from the standards' own text are in this file: FIPS 180-4's
example messages (NIST "Examples with intermediate values", SHA256.pdf and
SHA512.pdf), RFC 4231 test case 5 (missing from the file above), RFC 7914
section 11, FIPS 197 appendices B and C.1.  Everything read or typed is
cross-checked against Python's hashlib/hmac (and pycryptodome for AES) before
it is written, so a transcription slip cannot reach a vector file.

The one file that is not official, aes-cbc-mac-fixedkey.txt, is generated
with pycryptodome: it gives the same messages and MACs to hb_aes_cbc_mac (the
fixed key's precomputed schedule) and hb_aes_cbc_mac_keyed (run-time key
expansion), which shows that the precomputed table is the expansion.

Usage:
  .venv/bin/python tests/vectors/importers/sha2mac.py --cryptography-vectors D1 \
      --hmac-crate D2 --go-root D3 [--out tests/vectors]
"""
import argparse
import hashlib
import hmac
import re
from pathlib import Path

from Crypto.Cipher import AES

from hashbench.paths import ROOT
from tests.vectors.importers.vectorfile import write


def rsp_records(path):
    """Yields (section, {FIELD: value}) from a NIST CAVP .rsp file."""
    section, rec = None, {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if line.startswith("#"):  # comments may sit between a record's fields
            continue
        if not line:
            if rec:
                yield section, rec
                rec = {}
            continue
        k, _, v = line.partition("=")
        rec[k.strip().upper()] = v.strip()
    if rec:
        yield section, rec


# ---- SHA-256 / SHA-512 ------------------------------------------------------

# FIPS 180-4 examples: (algo, message, repeat-to length or None, digest)
FIPS180 = [
    ("sha256", b"abc", None,
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("sha256", b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", None,
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ("sha256", b"a", 1000000,
     "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ("sha512", b"abc", None,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
    ("sha512", b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
               b"ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", None,
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"),
    ("sha512", b"a", 1000000,
     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
     "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"),
]


def sha_fips(out):
    lines = []
    for algo, msg, n, md in FIPS180:
        full = msg * (n // len(msg)) if n else msg
        assert hashlib.new(algo, full).hexdigest() == md, (algo, msg[:8])
        lines.append(f"{algo} msg={msg.hex()}" + (f" len={n}" if n else "") + f" md={md}")
    write(out, "sha2-fips180.txt", [
        "source: FIPS 180-4 example messages, digests from NIST 'Examples with",
        "intermediate values' (csrc.nist.gov, SHA256.pdf, SHA512.pdf); typed in by",
        "tests/vectors/importers/sha2mac.py and checked there against Python hashlib.",
        "'abc', the 448-bit (SHA-256) and 896-bit (SHA-512) messages, one million 'a'.",
    ], lines)


def sha_cavp(out, cv):
    for algo, bits in (("sha256", "SHA256"), ("sha512", "SHA512")):
        lines = []
        for kind in ("ShortMsg", "LongMsg"):
            for _, r in rsp_records(Path(cv) / "hashes/SHA2" / f"{bits}{kind}.rsp"):
                if "MD" not in r:
                    continue
                n = int(r["LEN"])
                assert n % 8 == 0
                msg = bytes.fromhex(r["MSG"])[: n // 8]
                assert hashlib.new(algo, msg).hexdigest() == r["MD"].lower()
                lines.append(f"{algo} msg={msg.hex()} md={r['MD'].lower()}")
        write(out, f"{algo}-cavp.txt", [
            f"source: NIST CAVP SHAVS, byte-oriented {bits}ShortMsg.rsp and {bits}LongMsg.rsp",
            "(CAVS 11.0), from PyPI cryptography_vectors 50.0.2, cryptography_vectors/hashes/SHA2/;",
            "converted by tests/vectors/importers/sha2mac.py (Len = 0 is the empty message).",
        ], lines)


# ---- HMAC-SHA256 ---------------------------------------------------------------

# RFC 4231 section 4.6, test case 5: the MAC truncated to 128 bits.
RFC4231_CASE5 = ("0c" * 20, b"Test With Truncation".hex(), "a3b6167473100ee06e0c796c2955552b")


def hmac_rfc4231(out, cv):
    lines = []
    for _, r in rsp_records(Path(cv) / "HMAC/rfc-4231-sha256.txt"):
        if "MD" in r:
            lines.append((r["KEY"].lower(), r["MSG"].lower(), r["MD"].lower()))
    lines.insert(4, RFC4231_CASE5)
    assert len(lines) == 7
    for k, m, md in lines:
        full = hmac.new(bytes.fromhex(k), bytes.fromhex(m), hashlib.sha256).hexdigest()
        assert full.startswith(md)
    write(out, "hmac-sha256-rfc4231.txt", [
        "source: RFC 4231 section 4, HMAC-SHA-256 test cases 1-7: cases 1-4, 6, 7 from",
        "PyPI cryptography_vectors 50.0.2, cryptography_vectors/HMAC/rfc-4231-sha256.txt;",
        "case 5 (output truncated to 128 bits: a short md checks a prefix) typed in from",
        "RFC 4231 section 4.6.  Converted by tests/vectors/importers/sha2mac.py.",
    ], [f"hmac-sha256-keyed key={k} msg={m} md={md}" for k, m, md in lines])


def blobby_decode(data):
    """Decodes a blobby file (the format of RustCrypto's test data): a count
    of shared blobs, the shared blobs, then entries that are either a
    reference to a shared blob (odd value) or a length and the bytes."""
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

    shared = []
    for _ in range(vlq()):
        n = vlq()
        shared.append(data[pos:pos + n])
        pos += n
    blobs = []
    while pos < len(data):
        v = vlq()
        if v & 1:
            blobs.append(shared[v >> 1])
        else:
            blobs.append(data[pos:pos + (v >> 1)])
            pos += v >> 1
    return blobs


def hmac_wycheproof(out, crate):
    blobs = blobby_decode((Path(crate) / "tests/data/wycheproof-sha256.blb").read_bytes())
    assert len(blobs) % 3 == 0
    lines = []
    for i in range(0, len(blobs), 3):
        key, msg, tag = blobs[i:i + 3]
        assert hmac.new(key, msg, hashlib.sha256).digest()[: len(tag)] == tag
        lines.append(f"hmac-sha256-keyed key={key.hex()} msg={msg.hex()} md={tag.hex()}")
    write(out, "hmac-sha256-wycheproof.txt", [
        "source: Project Wycheproof hmac_sha256_test.json (valid cases), as shipped in",
        "crates.io hmac 0.12.1, tests/data/wycheproof-sha256.blb (blobby format: key,",
        "message, tag; a short tag is the MAC truncated on the right, so md checks a prefix).",
        "Decoded by tests/vectors/importers/sha2mac.py.",
    ], lines)


# ---- PBKDF2-HMAC-SHA256 ----------------------------------------------------------

# RFC 7914 section 11 (the PBKDF2-HMAC-SHA256 test vectors): P, S, c, DK.
RFC7914 = [
    (b"passwd", b"salt", 1,
     "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
     "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
    (b"Password", b"NaCl", 80000,
     "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
     "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"),
]


def go_pbkdf2_vectors(go_root):
    src = (Path(go_root) / "src/crypto/pbkdf2/pbkdf2_test.go").read_text()
    body = src.split("var sha256TestVectors = []testVector{", 1)[1].split("\n}\n", 1)[0]
    vecs = []
    for m in re.finditer(r'\{\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)",\s*(\d+),\s*'
                         r'\[\]byte\{([^}]*)\}', body):
        def unq(s):
            return s.encode().decode("unicode_escape").encode("latin-1")
        dk = bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})", m.group(4)))
        vecs.append((unq(m.group(1)), unq(m.group(2)), int(m.group(3)), dk.hex()))
    assert len(vecs) >= 5, vecs
    return vecs


def pbkdf2(out, go_root):
    lines = []
    for p, s, c, dk in RFC7914 + go_pbkdf2_vectors(go_root):
        n = len(dk) // 2
        assert hashlib.pbkdf2_hmac("sha256", p, s, c, n).hex() == dk
        lines.append(f"pbkdf2-sha256-params pass={p.hex()} salt={s.hex()} iter={c} md={dk}")
    write(out, "pbkdf2-sha256.txt", [
        "source: RFC 7914 section 11 (PBKDF2-HMAC-SHA256, dkLen 64: two blocks), typed in;",
        "and the SHA-256 vectors of the Go 1.26.8 standard library,",
        "src/crypto/pbkdf2/pbkdf2_test.go (sha256TestVectors, which cite",
        "stackoverflow.com/questions/5130513: RFC 6070's inputs with HMAC-SHA256,",
        "dkLen 16 to 25).  dkLen is the length of md.  Converted by tests/vectors/importers/sha2mac.py.",
    ], lines)


# ---- AES-128 and AES-128 CBC-MAC ------------------------------------------------

# FIPS 197 appendix B (cipher example) and C.1 (AES-128 example vector).
FIPS197 = [
    ("2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
     "3925841d02dc09fbdc118597196a0b32"),
    ("000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"),
]


def aes_check(key, pt, ct):
    assert AES.new(bytes.fromhex(key), AES.MODE_ECB).encrypt(bytes.fromhex(pt)).hex() == ct


def aes_block(out, cv):
    for k, p, c in FIPS197:
        aes_check(k, p, c)
    write(out, "aes128-fips197.txt", [
        "source: FIPS 197 (2001, updated 2023) appendix B (cipher example) and appendix C.1",
        "(AES-128 example vector), typed in by tests/vectors/importers/sha2mac.py.",
    ], [f"aes128-block key={k} pt={p} ct={c}" for k, p, c in FIPS197])

    lines = []
    for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"):
        for sec, r in rsp_records(Path(cv) / "ciphers/AES/ECB" / f"ECB{kind}128.rsp"):
            if sec != "ENCRYPT" or "CIPHERTEXT" not in r:
                continue
            k, p, c = r["KEY"].lower(), r["PLAINTEXT"].lower(), r["CIPHERTEXT"].lower()
            for i in range(0, len(p), 32):  # ECB: each block on its own
                aes_check(k, p[i:i + 32], c[i:i + 32])
                lines.append(f"aes128-block key={k} pt={p[i:i + 32]} ct={c[i:i + 32]}")
    write(out, "aes128-aesavs.txt", [
        "source: NIST CAVP AESAVS, ECB mode, 128-bit keys, [ENCRYPT] sections of",
        "ECBGFSbox128.rsp, ECBKeySbox128.rsp, ECBVarKey128.rsp, ECBVarTxt128.rsp and",
        "ECBMMT128.rsp (multi-block messages split into their independent ECB blocks),",
        "CAVS 11.1, from PyPI cryptography_vectors 50.0.2, cryptography_vectors/ciphers/AES/ECB/;",
        "converted by tests/vectors/importers/sha2mac.py.",
    ], lines)


def cbc_mac_ref(key, msg):
    padded = msg + b"\x00" * (-len(msg) % 16) if msg else b"\x00" * 16
    return AES.new(key, AES.MODE_CBC, iv=bytes(16)).encrypt(padded)[-16:]


def aes_cbc_mac(out, cv):
    lines = []
    for kind in ("GFSbox", "KeySbox", "MMT"):
        for sec, r in rsp_records(Path(cv) / "ciphers/AES/CBC" / f"CBC{kind}128.rsp"):
            if sec != "ENCRYPT" or "CIPHERTEXT" not in r:
                continue
            key, iv = bytes.fromhex(r["KEY"]), bytes.fromhex(r["IV"])
            pt, ct = bytes.fromhex(r["PLAINTEXT"]), bytes.fromhex(r["CIPHERTEXT"])
            # The last block of CBC encryption under IV is the CBC-MAC with
            # IV 0 of the message whose first block is P1 ^ IV.
            msg = bytes(a ^ b for a, b in zip(pt[:16], iv)) + pt[16:]
            assert cbc_mac_ref(key, msg) == ct[-16:]
            lines.append(f"aes-cbc-mac-keyed key={key.hex()} msg={msg.hex()} md={ct[-16:].hex()}")
    write(out, "aes-cbc-mac-cavp.txt", [
        "source: NIST CAVP AESAVS, CBC mode, 128-bit keys, [ENCRYPT] sections of",
        "CBCGFSbox128.rsp, CBCKeySbox128.rsp (IV 0, one block) and CBCMMT128.rsp (1-10",
        "blocks, random IV), CAVS 11.1, from PyPI cryptography_vectors 50.0.2,",
        "cryptography_vectors/ciphers/AES/CBC/.  md = the last ciphertext block; msg =",
        "the plaintext with the IV XORed into its first block (CBC under IV equals CBC",
        "under IV 0 of that message), so each is a CBC-MAC (IV 0) vector.",
        "Converted by tests/vectors/importers/sha2mac.py.",
    ], lines)


def aes_cbc_mac_fixed(out):
    key = b"hash-bench-aes!\x00"
    workload = bytes((i * 31 + 7) & 0xFF for i in range(1024))
    lines = []
    for n in (0, 1, 15, 16, 17, 31, 32, 33, 100, 1024):
        msg = workload[:n]
        md = cbc_mac_ref(key, msg).hex()
        if n == 1024:
            assert md.startswith("0ef7ea61")  # the seed's published prefix
        lines.append(f"aes-cbc-mac msg={msg.hex()} md={md}")
        lines.append(f"aes-cbc-mac-keyed key={key.hex()} msg={msg.hex()} md={md}")
    write(out, "aes-cbc-mac-fixedkey.txt", [
        "source: generated with pycryptodome 4.4.0 (AES, MODE_CBC, IV 0, message zero-filled",
        "to whole blocks, the empty message as one zero block; MAC = last block) by",
        "tests/vectors/importers/sha2mac.py.  Not an official document: each message appears once",
        "for the roster's aes-cbc-mac (fixed key ASCII 'hash-bench-aes!' + 0x00, whose",
        "schedule is a precomputed table in src/algos/aes.c and aes_compact.c) and once",
        "for aes-cbc-mac-keyed with that key (schedule expanded at run time): both passing",
        "shows the tables equal the key expansion.  Messages: the first N bytes of the",
        "workload buf[i] = (i*31+7) & 0xFF; N = 1024 starts 0E F7 EA 61 as the seed published.",
    ], lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cryptography-vectors", required=True,
                    help="unpacked cryptography_vectors wheel: the folder holding hashes/, HMAC/, ciphers/")
    ap.add_argument("--hmac-crate", required=True, help="crates.io hmac-0.12.1 source folder")
    ap.add_argument("--go-root", required=True, help="Go toolchain root (GOROOT)")
    ap.add_argument("--out", default=str(ROOT / "tests" / "vectors"))
    a = ap.parse_args()
    sha_fips(a.out)
    sha_cavp(a.out, a.cryptography_vectors)
    hmac_rfc4231(a.out, a.cryptography_vectors)
    hmac_wycheproof(a.out, a.hmac_crate)
    pbkdf2(a.out, a.go_root)
    aes_block(a.out, a.cryptography_vectors)
    aes_cbc_mac(a.out, a.cryptography_vectors)
    aes_cbc_mac_fixed(a.out)


if __name__ == "__main__":
    main()
