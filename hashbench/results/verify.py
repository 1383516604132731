# SPDX-License-Identifier: MIT
"""Verify, then cost: the digests a measurement must print.

The reference is data/reference-digests.tsv (tools/generate/reference_digests.py
computes it from independent libraries).  For a size the table lacks, the
host engine's portable code, which the tests check at every length against
those libraries, gives the digest: `Expected` asks it through a callable,
so this module needs no engine."""
from ..paths import DATA
from .result import Build, Result

REFERENCE_TSV = DATA / "reference-digests.tsv"


def reference_table() -> dict:
    """{(algo, size): hex} ({} when the table is absent)."""
    ref = {}
    if not REFERENCE_TSV.exists():
        return ref
    for line in REFERENCE_TSV.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        algo, size, hexd = line.split("\t")
        ref[(algo, int(size))] = hexd.strip().lower()
    return ref


class Expected:
    """Where a digest to compare with comes from: the reference table first,
    else `fallback(algo, size)` (the host engine's portable digest)."""

    def __init__(self, fallback=None):
        self.ref = reference_table()
        self.fallback = fallback
        self.cache = {}

    def get(self, algo: str, size: int):
        """-> (hex, basis): basis 'reference' or 'portable'."""
        if (algo, size) in self.ref:
            return self.ref[(algo, size)], "reference"
        if self.fallback is None:
            raise KeyError(f"no reference digest for {algo} @{size} B")
        if (algo, size) not in self.cache:
            self.cache[(algo, size)] = self.fallback(algo, size).lower()
        return self.cache[(algo, size)], "portable"


def checked(algo, impl: str, size: int, digest: str, expected: Expected, *, target: str, build: Build,
            meter: str, instrument: str, sample_fields=(), samples=(), harness=()) -> Result:
    """A Result with its digest compared, byte for byte, against the
    reference: a mismatch keeps its digest and the expected one, and its raw
    data is dropped, so it can never become a cost."""
    want, basis = expected.get(algo.id, size)
    ok = digest == want
    return Result(algorithm=algo.id, implementation=impl, size=size, target=target, build=build, meter=meter,
                  instrument=instrument, digest=digest, verified=ok, verified_against=basis,
                  expected=None if ok else want, label=algo.label, tier=algo.tier,
                  sample_fields=tuple(sample_fields), samples=list(samples) if ok else [],
                  harness=list(harness) if ok else [])
