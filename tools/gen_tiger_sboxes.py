# SPDX-License-Identifier: MIT
"""Generates Tiger's four S-boxes (4 x 256 64-bit words) with the procedure
its authors publish (R. Anderson, E. Biham, "Tiger: A Fast New Hash
Function", FSE 1996, and the S-box generation program of their reference
implementation), and prints them as the C table of src/algos/tiger.c.

The procedure: every byte of entry i starts as i mod 256; then, for 5
passes over the 256 rows of the 4 boxes, a Tiger state (starting from the
Tiger IV) is advanced by one compression of the fixed 64-byte block
"Tiger - A Fast New Hash Function, by Ross Anderson and Eli Biham" every
third step, and in byte column `col` the row is swapped with the row named
by byte `col` of one of the state's three words.  The compression uses the
boxes as they are at that moment, so the boxes depend on themselves.

Checks before printing: Tiger("") with the generated boxes must equal the
published 3293AC630C13F0245F92BBB1766E16167A4E58492DDE73F3, and the
boxes must be byte-column permutations.

Usage:
  python3 tools/gen_tiger_sboxes.py              # prints the C table
  python3 tools/gen_tiger_sboxes.py --check FILE # 0 if FILE holds exactly it
"""
import argparse
import sys

M64 = (1 << 64) - 1
IV = (0x0123456789ABCDEF, 0xFEDCBA9876543210, 0xF096A5B4C3B2E187)
SEED = b"Tiger - A Fast New Hash Function, by Ross Anderson and Eli Biham"


def byte(v, n):
    return (v >> (8 * n)) & 0xFF


def key_schedule(x):
    x[0] = (x[0] - (x[7] ^ 0xA5A5A5A5A5A5A5A5)) & M64
    x[1] ^= x[0]
    x[2] = (x[2] + x[1]) & M64
    x[3] = (x[3] - (x[2] ^ ((~x[1] << 19) & M64))) & M64
    x[4] ^= x[3]
    x[5] = (x[5] + x[4]) & M64
    x[6] = (x[6] - (x[5] ^ ((~x[4] & M64) >> 23))) & M64
    x[7] ^= x[6]
    x[0] = (x[0] + x[7]) & M64
    x[1] = (x[1] - (x[0] ^ ((~x[7] << 19) & M64))) & M64
    x[2] ^= x[1]
    x[3] = (x[3] + x[2]) & M64
    x[4] = (x[4] - (x[3] ^ ((~x[2] & M64) >> 23))) & M64
    x[5] ^= x[4]
    x[6] = (x[6] + x[5]) & M64
    x[7] = (x[7] - (x[6] ^ 0x0123456789ABCDEF)) & M64


def compress(s, block, state):
    """One Tiger compression; s is the list of 1024 box words."""
    t1, t2, t3, t4 = s[0:256], s[256:512], s[512:768], s[768:1024]
    x = [int.from_bytes(block[8 * i: 8 * i + 8], "little") for i in range(8)]
    a, b, c = state
    for pass_no, mul in enumerate((5, 7, 9)):
        if pass_no:
            key_schedule(x)
        for i in range(8):
            c ^= x[i]
            a = (a - (t1[byte(c, 0)] ^ t2[byte(c, 2)] ^ t3[byte(c, 4)] ^ t4[byte(c, 6)])) & M64
            b = (b + (t4[byte(c, 1)] ^ t3[byte(c, 3)] ^ t2[byte(c, 5)] ^ t1[byte(c, 7)])) & M64
            b = (b * mul) & M64
            a, b, c = b, c, a  # the next round is round(b, c, a)
    # 24 renamings bring a, b, c back to their roles: feed forward.
    return (a ^ state[0], (b - state[1]) & M64, (c + state[2]) & M64)


def generate():
    s = [(i & 0xFF) * 0x0101010101010101 for i in range(1024)]
    state = IV
    abc = 2
    for _ in range(5):
        for i in range(256):
            for sb in (0, 256, 512, 768):
                abc += 1
                if abc == 3:
                    abc = 0
                    state = compress(s, SEED, state)
                for col in range(8):
                    j = sb + byte(state[abc], col)
                    mask = 0xFF << (8 * col)
                    u, v = s[sb + i], s[j]
                    s[sb + i] = (u & ~mask) | (v & mask)
                    s[j] = (v & ~mask) | (u & mask)
    return s


def tiger(s, msg):
    """Tiger/192 with the authors' 0x01 padding; digest bytes a, b, c LE."""
    n = len(msg)
    data = msg + b"\x01" + b"\0" * ((55 - n) % 64) + (8 * n & M64).to_bytes(8, "little")
    state = IV
    for off in range(0, len(data), 64):
        state = compress(s, data[off: off + 64], state)
    return b"".join(w.to_bytes(8, "little") for w in state)


def c_table(s):
    lines = ["static const uint64_t hb_tiger_sbox[4][256] = {"]
    for t in range(4):
        lines.append("    {")
        for r in range(0, 256, 3):
            row = s[256 * t + r: 256 * t + min(r + 3, 256)]
            lines.append("        " + " ".join("0x%016Xu," % w for w in row))
        lines[-1] = lines[-1].rstrip(",")
        lines.append("    }," if t < 3 else "    }")
    lines.append("};")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", metavar="FILE",
                    help="exit 0 if FILE contains exactly the generated table")
    args = ap.parse_args()
    s = generate()
    for t in range(4):  # each byte column of each box is a permutation
        for col in range(8):
            assert sorted(byte(w, col) for w in s[256 * t: 256 * t + 256]) == list(range(256))
    assert tiger(s, b"").hex().upper() == "3293AC630C13F0245F92BBB1766E16167A4E58492DDE73F3"
    assert tiger(s, b"abc").hex() == "2aab1484e8c158f2bfb8c5ff41b57a525129131c957b5f93"
    table = c_table(s)
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            ok = table in f.read()
        print("tiger S-boxes in %s: %s" % (args.check, "match" if ok else "DIFFER"))
        return 0 if ok else 1
    sys.stdout.write(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
