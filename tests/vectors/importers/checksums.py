#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the test vectors of the checksums and simple byte hashes (CRC-8,
CRC-16, CRC-32, CRC-32C, CRC-64, Adler-32, Fletcher-16/32/64, Pearson-8,
XOR-8, DJB2, FNV-1a 32, Knuth, one-at-a-time, PJW, sdbm) into
tests/vectors/, in the format of tests/vectors/README.md.  It documents
where every value came from.

Sources read from files (none of them lives in this repository; fetch them
into scratch folders and pass their paths):

  --crc-catalog DIR   crates.io crc-catalog 2.4.0 (cargo fetch), whose
        src/algorithm.rs transcribes Greg Cook's "Catalogue of parametrised
        CRC algorithms" (reveng.sourceforge.io/crc-catalogue): parameters
        and check value (CRC of ASCII "123456789") of every CRC.
  --go-root DIR       a Go toolchain (1.26.8 here): the golden tables of
        src/hash/crc32/crc32_test.go (IEEE = CRC-32/ISO-HDLC and Castagnoli
        = CRC-32C) and src/hash/adler32/adler32_test.go (includes inputs
        that straddle zlib's NMAX = 5552 boundary).
  --fnvhash DIR       PyPI fnvhash 0.2.1 sdist, unpacked (pip download
        --no-binary :all: --no-deps fnvhash==0.2.1): fnvhash/test/vector.py,
        a transcription of test_fnv.c, the FNV reference test suite of
        Landon Curt Noll (isthe.com/chongo/src/fnv; the code of
        draft-eastlake-fnv).  Read with the ast module, never executed.

Values typed in from the documents' own text are in this file: RFC 3720
appendix B.4 (CRC-32C examples; the RFC prints the CRC bytes in
transmission order, i.e. little-endian, we store the big-endian value),
the test vectors of the English Wikipedia articles "Adler-32",
"Fletcher's checksum" and "Jenkins hash function", and the seed-published
digest prefixes of docs/algorithms.md.

Wikipedia's Fletcher-32 and -64 examples read the message as little-endian
words; our roster reads big-endian words.  We keep Wikipedia's words and
checksums and write each word's bytes in big-endian order (a short tail
zero-filled first), so our definition sees exactly the words Wikipedia's
did: msg="badc" for Wikipedia's "abcd" under Fletcher-32.

Every value read or typed is cross-checked against the independent oracles
of tests/oracles/checksums.py (zlib, google_crc32c, crcmod, transcriptions)
before it is written, so a transcription slip cannot reach a vector file.
The regression file (checksums-regression.txt) is computed with those
oracles: it is not official, it pins behaviour for the algorithms that have
no published vectors (XOR-8, Pearson-8 with the roster's table, DJB2,
Knuth, PJW, sdbm) and the tail rules of Fletcher-32/64.

Run with the project's .venv (it has crcmod and google_crc32c):
  .venv/bin/python tests/vectors/importers/checksums.py --crc-catalog ... --go-root ... --fnvhash ...
"""
import argparse
import ast
import re
from pathlib import Path

from hashbench.paths import ROOT
from tests.oracles import workload
from tests.oracles.checksums import ORACLES
from tests.vectors.importers.vectorfile import write


def vector(algo, msg: bytes, md: bytes, check_prefix=False):
    """One vector line; the digest must agree with the oracle first."""
    want = ORACLES[algo](msg)
    ok = want[: len(md)] == md if check_prefix else want == md
    if not ok:
        raise SystemExit(f"{algo}({msg[:40]!r}..., {len(msg)} B): source says {md.hex()}, oracle {want.hex()}")
    return f"{algo} msg={msg.hex()} md={md.hex()}"


def repeated(algo, unit: bytes, n: int, md: bytes):
    """`unit` cycled to n bytes, written with len= to keep the file small."""
    msg = (unit * (n // len(unit) + 1))[:n]
    vector(algo, msg, md)
    return f"{algo} msg={unit.hex()} len={n} md={md.hex()}"


# ---- CRC catalogue (crc-catalog 2.4.0) ----------------------------------------

# our id -> (catalogue name, the roster's parameters: width, poly, init, refin, refout, xorout)
CRCS = {
    "crc8": ("CRC_8_SMBUS", (8, 0x07, 0, False, False, 0)),
    "crc16": ("CRC_16_XMODEM", (16, 0x1021, 0, False, False, 0)),
    "crc32": ("CRC_32_ISO_HDLC", (32, 0x04C11DB7, 0xFFFFFFFF, True, True, 0xFFFFFFFF)),
    "crc32c": ("CRC_32_ISCSI", (32, 0x1EDC6F41, 0xFFFFFFFF, True, True, 0xFFFFFFFF)),
    "crc64": ("CRC_64_ECMA_182", (64, 0x42F0E1EBA9EA3693, 0, False, False, 0)),
}


def crc_catalogue(out, crate):
    text = (Path(crate) / "src" / "algorithm.rs").read_text()
    lines = []
    for algo, (name, params) in CRCS.items():
        m = re.search(
            rf"pub const {name}: Algorithm<u\d+> = Algorithm {{ width: (\d+), poly: (0x[0-9a-f]+), "
            r"init: (0x[0-9a-f]+), refin: (true|false), refout: (true|false), "
            r"xorout: (0x[0-9a-f]+), check: (0x[0-9a-f]+),", text)
        if not m:
            raise SystemExit(f"{name} not found in crc-catalog")
        got = (int(m[1]), int(m[2], 16), int(m[3], 16), m[4] == "true", m[5] == "true", int(m[6], 16))
        if got != params:
            raise SystemExit(f"{name}: catalogue parameters {got} differ from the roster's {params}")
        width = params[0]
        lines.append(vector(algo, b"123456789", int(m[7], 16).to_bytes(width // 8, "big")))
    write(out, "crc-catalogue.txt", [
        "source: Greg Cook, Catalogue of parametrised CRC algorithms (reveng.sourceforge.io/",
        "crc-catalogue): check = CRC of ASCII \"123456789\", for CRC-8/SMBUS, CRC-16/XMODEM,",
        "CRC-32/ISO-HDLC, CRC-32/ISCSI (CRC-32C) and CRC-64/ECMA-182, as transcribed in",
        "crates.io crc-catalog 2.4.0, src/algorithm.rs; tests/vectors/importers/checksums.py also checks",
        "that the catalogue's parameters are the roster's (docs/algorithms.md).",
    ], lines)


# ---- RFC 3720 B.4 (typed in) ---------------------------------------------------

ISCSI_READ_PDU = bytes.fromhex(
    "01c00000" "00000000" "00000000" "00000000" "14000000" "00000400"
    "00000014" "00000018" "28000000" "00000000" "02000000" "00000000")

RFC3720 = [  # (message, CRC bytes as the RFC prints them: transmission order)
    (bytes(32), "aa36918a"),
    (b"\xff" * 32, "43aba862"),
    (bytes(range(32)), "4e79dd46"),
    (bytes(range(31, -1, -1)), "5cdb3f11"),
    (ISCSI_READ_PDU, "563a96d9"),
]


def crc32c_rfc3720(out):
    lines = [vector("crc32c", msg, bytes.fromhex(crc)[::-1]) for msg, crc in RFC3720]
    write(out, "crc32c-rfc3720.txt", [
        "source: RFC 3720 (iSCSI), appendix B.4 \"CRC Examples\": 32 bytes of zeros, of ones,",
        "incrementing, decrementing, and an iSCSI SCSI Read (10) command PDU; typed in by",
        "tests/vectors/importers/checksums.py.  The RFC shows the CRC bytes in transmission (little-endian)",
        "order; md is the canonical big-endian value (aa 36 91 8a -> 8a9136aa).",
    ], lines)


# ---- Go's golden tables ---------------------------------------------------------

GO_ESCAPES = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92, '"': 34, "'": 39}


class GoExpr:
    """Reads the input expressions of Go's golden tables: interpreted string
    literals, strings.Repeat(lit, n) and '+' between them."""

    def __init__(self, s, pos):
        self.s, self.i = s, pos

    def ws(self):
        while self.s[self.i] in " \t":
            self.i += 1

    def literal(self):
        assert self.s[self.i] == '"', self.s[self.i:self.i + 30]
        self.i += 1
        out = bytearray()
        while self.s[self.i] != '"':
            c = self.s[self.i]
            if c == "\\":
                e = self.s[self.i + 1]
                if e == "x":
                    out.append(int(self.s[self.i + 2:self.i + 4], 16))
                    self.i += 4
                    continue
                out.append(GO_ESCAPES[e])
                self.i += 2
                continue
            out += c.encode()
            self.i += 1
        self.i += 1
        return bytes(out)

    def integer(self):
        m = re.compile(r"[0-9e+]+").match(self.s, self.i)
        self.i = m.end()
        return sum(int(float(t)) for t in m.group(0).split("+"))

    def term(self):
        self.ws()
        if self.s.startswith("strings.Repeat(", self.i):
            self.i += len("strings.Repeat(")
            unit = self.literal()
            assert self.s[self.i] == ","
            self.i += 1
            self.ws()
            n = self.integer()
            assert self.s[self.i] == ")"
            self.i += 1
            return unit * n
        return self.literal()

    def expr(self):
        v = self.term()
        self.ws()
        while self.s[self.i] == "+":
            self.i += 1
            v += self.term()
            self.ws()
        return v


def go_golden(path, nvalues):
    """Rows {0x.., [0x..,] <input>, ...} of the `golden` table of a Go test."""
    text = Path(path).read_text()
    body = text[text.index("var golden = "):]
    body = body[: body.index("\n}\n")]
    rows = []
    for line in body.splitlines():
        line = line.strip()
        if not line.startswith("{0x"):
            continue
        pos, values = 1, []
        for _ in range(nvalues):
            m = re.compile(r"0x([0-9a-f]+),\s*").match(line, pos)
            values.append(int(m[1], 16))
            pos = m.end()
        rows.append((values, GoExpr(line, pos).expr()))
    return rows


def compact_line(algo, msg, md):
    """A long message that is one short unit repeated goes in as msg=unit len=N."""
    if len(msg) > 64:
        for u in range(1, 33):
            if len(msg) % u == 0 and msg[:u] * (len(msg) // u) == msg:
                return repeated(algo, msg[:u], len(msg), md)
    return vector(algo, msg, md)


def go_crc32(out, go_root):
    rows = go_golden(Path(go_root) / "src/hash/crc32/crc32_test.go", 2)
    lines = [compact_line("crc32", msg, ieee.to_bytes(4, "big")) for (ieee, _), msg in rows]
    lines += [compact_line("crc32c", msg, cast.to_bytes(4, "big")) for (_, cast), msg in rows]
    write(out, "crc32-go.txt", [
        "source: Go 1.26.8, src/hash/crc32/crc32_test.go, table `golden`: IEEE (CRC-32/ISO-HDLC)",
        "and Castagnoli (CRC-32C) values of the same inputs; converted by tests/vectors/importers/checksums.py.",
    ], lines)


def go_adler32(out, go_root):
    rows = go_golden(Path(go_root) / "src/hash/adler32/adler32_test.go", 1)
    lines = [compact_line("adler32", msg, v.to_bytes(4, "big")) for (v,), msg in rows]
    write(out, "adler32-go.txt", [
        "source: Go 1.26.8, src/hash/adler32/adler32_test.go, table `golden` (its 0xff runs of",
        "5548..5555 bytes straddle the NMAX = 5552 reduction point of RFC 1950 practice);",
        "converted by tests/vectors/importers/checksums.py.",
    ], lines)


# ---- FNV reference test suite (fnvhash 0.2.1, from test_fnv.c) -------------------

FNV_MACROS = {"TEST": lambda s: s, "TEST0": lambda s: s + b"\x00",
              "R10": lambda s: s * 10, "R100": lambda s: s * 100, "R500": lambda s: s * 500}


def fnv_suite(out, fnvhash):
    tree = ast.parse((Path(fnvhash) / "fnvhash" / "test" / "vector.py").read_text())
    assigned = {t.targets[0].id: t.value for t in tree.body
                if isinstance(t, ast.Assign) and isinstance(t.targets[0], ast.Name)}

    def ev(node, strs=None):
        if isinstance(node, ast.Constant) and isinstance(node.value, (bytes, int)):
            return node.value
        if isinstance(node, ast.Call) and node.func.id in FNV_MACROS:
            return FNV_MACROS[node.func.id](ev(node.args[0]))
        if isinstance(node, ast.Subscript) and node.value.id == "fnv_test_str":
            return strs[ev(node.slice)]
        raise SystemExit(f"unexpected node in vector.py: {ast.dump(node)[:80]}")

    strs = [ev(e) for e in assigned["fnv_test_str"].elts]
    table = assigned["fnv1a_32_vector"]
    lines = []
    for k, v in zip(table.keys, table.values):
        lines.append(compact_line("fnv1a32", ev(k, strs), ev(v).to_bytes(4, "big")))
    write(out, "fnv1a32-reference.txt", [
        "source: the FNV reference test suite, test_fnv.c (Landon Curt Noll,",
        "isthe.com/chongo/src/fnv; the code that draft-eastlake-fnv publishes), fnv_test_str",
        "with fnv1a_32_vector, as transcribed in PyPI fnvhash 0.2.1 (sdist),",
        "fnvhash/test/vector.py; converted by tests/vectors/importers/checksums.py (TEST0 inputs end",
        "in a NUL byte, R10/R500 repeat a string).",
    ], lines)


# ---- Wikipedia examples (typed in) ----------------------------------------------

def le_words_as_be(msg, w):
    """Wikipedia's little-endian words, written so a big-endian reader sees them."""
    msg = msg + b"\x00" * (-len(msg) % w)
    return b"".join(msg[i:i + w][::-1] for i in range(0, len(msg), w))


def wikipedia(out):
    lines = [vector("adler32", b"Wikipedia", bytes.fromhex("11E60398"))]
    for s, f16, f32, f64 in [
        (b"abcde", 51440, 4031760169, 14467467625952928454),
        (b"abcdef", 8279, 1448095018, 14467579776138987718),
        (b"abcdefgh", 1575, 3957429649, 3543817411021686982),
    ]:
        lines.append(vector("fletcher16", s, f16.to_bytes(2, "big")))
        lines.append(vector("fletcher32", le_words_as_be(s, 2), f32.to_bytes(4, "big")))
        lines.append(vector("fletcher64", le_words_as_be(s, 4), f64.to_bytes(8, "big")))
    lines.append(vector("oat", b"a", bytes.fromhex("ca2e9442")))
    lines.append(vector("oat", b"The quick brown fox jumps over the lazy dog", bytes.fromhex("519e91f5")))
    write(out, "checksums-wikipedia.txt", [
        "source: English Wikipedia: \"Adler-32\" (example: \"Wikipedia\" -> 0x11E60398),",
        "\"Fletcher's checksum\" (test vectors for Fletcher-16/32/64 of \"abcde\", \"abcdef\",",
        "\"abcdefgh\") and \"Jenkins hash function\" (one_at_a_time examples); typed in by",
        "tests/vectors/importers/checksums.py.  Wikipedia's Fletcher-32/64 read little-endian words, the",
        "roster big-endian ones: each word's bytes are written reversed here (a short tail",
        "zero-filled first), so both definitions see the same words and the same checksum.",
    ], lines)


# ---- seed-published prefixes (docs/algorithms.md) --------------------------

SEED_PREFIXES = {
    "crc8": "DD", "crc16": "F0 09", "crc32": "7C 32 1B 5D", "adler32": "13 D3 FE 10",
    "fletcher16": "D4 00", "fletcher32": "F5 F3 FF 00", "fletcher64": "9C 5C 1D DD",
    "pearson8": "A0", "knuth": "16 9F A0 00", "oat": "D8 87 78 E4",
}


def seed_prefixes(out):
    unit = workload(256)  # the workload has period 256
    block = unit * 4
    lines = []
    for algo, prefix in SEED_PREFIXES.items():
        md = bytes.fromhex(prefix)
        vector(algo, block, md, check_prefix=True)
        lines.append(f"{algo} msg={unit.hex()} len=1024 md={md.hex()}")
    write(out, "checksums-seed-prefixes.txt", [
        "source: docs/algorithms.md, \"Seed-published digest prefixes for the 1024-byte",
        "workload\" (buf[i] = (i*31+7) & 0xFF, period 256): md is the published prefix, so only",
        "those leading bytes are compared.  Written by tests/vectors/importers/checksums.py.",
    ], lines)


# ---- regression vectors (computed with the oracles) -------------------------------

def regression(out):
    msgs = [b"", b"a", b"abc", b"123456789", b"The quick brown fox jumps over the lazy dog",
            bytes(range(256)), b"\xff" * 7, b"\x80\x00\x01", bytes(range(255, -1, -3))]
    lines = []
    for algo in ORACLES:
        for m in msgs:
            lines.append(vector(algo, m, ORACLES[algo](m)))
    # Long runs: deferred-modulo limits of Adler-32 and the Fletchers, PJW's top nibble.
    for algo in ORACLES:
        for unit, n in ((b"\xff", 100003), (b"\xfe\xff\xfd", 65537)):
            data = (unit * (n // len(unit) + 1))[:n]
            lines.append(repeated(algo, unit, n, ORACLES[algo](data)))
    write(out, "checksums-regression.txt", [
        "source: computed with the independent oracles of tests/oracles/checksums.py (zlib,",
        "google_crc32c, crcmod, and transcriptions of the roster's definitions) by",
        "tests/vectors/importers/checksums.py.  Regression vectors, NOT official: they pin the algorithms",
        "without published vectors (XOR-8, Pearson-8 with the roster's table, DJB2, Knuth, PJW,",
        "sdbm), the odd tails of Fletcher-32/64, and long runs of 0xFF past every reduction point.",
        "no published vectors: xor8 pearson8 djb2 knuth pjw sdbm",
    ], lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--crc-catalog", required=True, help="crates.io crc-catalog-2.4.0 source folder")
    ap.add_argument("--go-root", required=True, help="Go toolchain root (GOROOT)")
    ap.add_argument("--fnvhash", required=True, help="unpacked PyPI fnvhash-0.2.1 sdist folder")
    ap.add_argument("--out", default=str(ROOT / "tests" / "vectors"))
    a = ap.parse_args()
    crc_catalogue(a.out, a.crc_catalog)
    crc32c_rfc3720(a.out)
    go_crc32(a.out, a.go_root)
    go_adler32(a.out, a.go_root)
    fnv_suite(a.out, a.fnvhash)
    wikipedia(a.out)
    seed_prefixes(a.out)
    regression(a.out)


if __name__ == "__main__":
    main()
