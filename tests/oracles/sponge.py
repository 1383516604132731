# SPDX-License-Identifier: MIT
"""Oracles for the sponge hashes (docs/algorithms.md): SHA3-256,
SHA3-512, Keccak-256 and Ascon-Hash256.

  sha3-256, sha3-512  Python's hashlib (OpenSSL's FIPS 202 code)
  keccak-256          pycryptodome's Crypto.Hash.keccak, digest_bits=256:
                      Keccak[c=512] with the submission's pad10*1 (first
                      padding byte 0x01), the Ethereum hash
  ascon-hash256       no well-kept Python library implements the final
                      standard (PyPI "ascon" 0.0.9 predates it and is
                      big-endian), so this module holds a plain
                      transcription of NIST SP 800-232 (August 2025),
                      section 5.1, written from the spec text and sharing
                      nothing with src/algos/ascon.c: the permutation is run
                      for the initial state instead of using precomputed
                      words, and the bitsliced S-box circuit (kept for
                      speed: the differential tests hash megabytes) is
                      checked at import against the 5-bit lookup table of
                      SP 800-232 Table 6 on all 32 inputs.  Adapted from the
                      transcription in tests/python/test_rust_backend.py.
"""
import hashlib

from Crypto.Hash import keccak as _keccak

_M64 = (1 << 64) - 1


def sha3_256(data):
    return hashlib.sha3_256(data).digest()


def sha3_512(data):
    return hashlib.sha3_512(data).digest()


def keccak_256(data):
    return _keccak.new(digest_bits=256, data=bytes(data)).digest()


# ---- Ascon-Hash256, NIST SP 800-232 ----------------------------------------

# Table 5: const_0 .. const_15; Ascon-p[12] round i adds const_{4+i} to S2.
_ASCON_CONST = (0x3C, 0x2D, 0x1E, 0x0F, 0xF0, 0xE1, 0xD2, 0xC3,
                0xB4, 0xA5, 0x96, 0x87, 0x78, 0x69, 0x5A, 0x4B)
# Table 6: the 5-bit S-box; bit 4 of the index is the S0 bit of the column.
_ASCON_SBOX = (0x04, 0x0B, 0x1F, 0x14, 0x1A, 0x15, 0x09, 0x02,
               0x1B, 0x05, 0x08, 0x12, 0x1D, 0x03, 0x06, 0x1C,
               0x1E, 0x13, 0x07, 0x0E, 0x00, 0x0D, 0x11, 0x18,
               0x10, 0x0C, 0x01, 0x19, 0x16, 0x0A, 0x0F, 0x17)
# Section 5.1 / Appendix B: IV of Ascon-Hash256.
ASCON_HASH256_IV = 0x0000080100CC0002


def _rotr(x, n):
    return ((x >> n) | (x << (64 - n))) & _M64


def _sbox_bitsliced(x0, x1, x2, x3, x4):
    """p_S (3.3) on 64 columns at once: the S-box as the designers' circuit
    of XORs, ANDs and NOTs over the five words (fast in Python)."""
    x0 ^= x4; x4 ^= x3; x2 ^= x1
    t0, t1, t2, t3, t4 = ~x0 & x1, ~x1 & x2, ~x2 & x3, ~x3 & x4, ~x4 & x0
    x0 ^= t1; x1 ^= t2; x2 ^= t3; x3 ^= t4; x4 ^= t0
    x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2
    return [w & _M64 for w in (x0, x1, x2, x3, x4)]


def _check_sbox():
    """The circuit must be Table 6: all 32 inputs, one per column."""
    words = [0] * 5
    for j in range(32):
        for w in range(5):
            words[w] |= ((j >> (4 - w)) & 1) << j
    out = _sbox_bitsliced(*words)
    for j in range(32):
        y = sum(((out[w] >> j) & 1) << (4 - w) for w in range(5))
        assert y == _ASCON_SBOX[j], f"S-box circuit differs from Table 6 at {j}"


_check_sbox()


def ascon_permutation(s, rounds=12):
    """Ascon-p[rounds] on a list of five 64-bit words (section 3): p_C, then
    p_S (_sbox_bitsliced's circuit, written out here: the differential tests
    hash megabytes and a call per round is a third of the time), then p_L."""
    x0, x1, x2, x3, x4 = s
    m = _M64
    for c in _ASCON_CONST[16 - rounds:]:
        x2 ^= c  # p_C (3.2)
        x0 ^= x4; x4 ^= x3; x2 ^= x1  # p_S (3.3)
        # NOT as XOR with 64 ones: the words stay non-negative 64-bit values, no masking
        t0, t1, t2, t3, t4 = (x0 ^ m) & x1, (x1 ^ m) & x2, (x2 ^ m) & x3, (x3 ^ m) & x4, (x4 ^ m) & x0
        x0 ^= t1; x1 ^= t2; x2 ^= t3; x3 ^= t4; x4 ^= t0
        x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 ^= m
        # p_L (3.4): Sigma_0 .. Sigma_4, x ^ (x >>> a) ^ (x >>> b)
        x0 ^= ((x0 >> 19) | (x0 << 45) & m) ^ ((x0 >> 28) | (x0 << 36) & m)
        x1 ^= ((x1 >> 61) | (x1 << 3) & m) ^ ((x1 >> 39) | (x1 << 25) & m)
        x2 ^= ((x2 >> 1) | (x2 << 63) & m) ^ ((x2 >> 6) | (x2 << 58) & m)
        x3 ^= ((x3 >> 10) | (x3 << 54) & m) ^ ((x3 >> 17) | (x3 << 47) & m)
        x4 ^= ((x4 >> 7) | (x4 << 57) & m) ^ ((x4 >> 41) | (x4 << 23) & m)
    return [x0, x1, x2, x3, x4]


def _ascon_absorb(s, blocks):
    """Absorb whole 64-bit blocks (len(blocks) a multiple of 8), each
    loaded little-endian into S0 (Appendix A) and followed by Ascon-p[12]."""
    for i in range(0, len(blocks), 8):
        s = [s[0] ^ int.from_bytes(blocks[i:i + 8], "little")] + s[1:]
        s = ascon_permutation(s)
    return s


def _ascon_finish(s, tail):
    """The last, padded block (tail: under 8 bytes; Algorithm 2, LE form),
    then four 64-bit blocks squeezed, Ascon-p[12] between them."""
    s = _ascon_absorb(s, tail + b"\x01" + bytes(7 - len(tail)))
    out = b""
    for i in range(4):
        out += s[0].to_bytes(8, "little")
        if i < 3:
            s = ascon_permutation(s)
    return out


def ascon_hash256(data):
    """Algorithm 5: S = Ascon-p[12](IV || 0^256); absorb the padded message
    in 64-bit blocks, Ascon-p[12] after each; squeeze four 64-bit blocks."""
    data = bytes(data)
    whole = len(data) - len(data) % 8
    return _ascon_finish(_ascon_absorb(ascon_permutation([ASCON_HASH256_IV, 0, 0, 0, 0]), data[:whole]),
                         data[whole:])


class AsconPrefixes:
    """Ascon-Hash256 of any prefix of one message, for tests that hash many
    prefixes of a megabyte: the state after every STEP bytes absorbed is kept,
    so a prefix costs at most STEP bytes more than the longest one before it
    (the same absorb and finish as ascon_hash256, which tests compare)."""
    STEP = 4096

    def __init__(self, message):
        self.message = bytes(message)
        self.states = [ascon_permutation([ASCON_HASH256_IV, 0, 0, 0, 0])]  # states[k]: k * STEP bytes in

    def __call__(self, n):
        if not 0 <= n <= len(self.message):
            raise ValueError(f"no prefix of length {n}")
        k = min(n // self.STEP, len(self.states) - 1)
        s = self.states[k]
        while k < n // self.STEP:
            s = _ascon_absorb(s, self.message[k * self.STEP:(k + 1) * self.STEP])
            k += 1
            self.states.append(s)
        whole = n - n % 8
        return _ascon_finish(_ascon_absorb(s, self.message[k * self.STEP:whole]), self.message[whole:n])


ORACLES = {
    "sha3-256": sha3_256,
    "sha3-512": sha3_512,
    "keccak-256": keccak_256,
    "ascon-hash256": ascon_hash256,
}
