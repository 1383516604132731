# SPDX-License-Identifier: MIT
"""Our C against independent implementations (tests/oracles), per algorithm:
every length 0..2048, random lengths up to 1 MiB, and the streaming API at
random split points.  Every implementation of ours is checked; each
oracle digest is computed once, for all of an algorithm's implementations."""
import functools
import random

import hbnative
import pytest

from tests.oracles import all_oracles
from tests.oracles.sponge import AsconPrefixes

ORACLES = all_oracles()
IMPLS = hbnative.impls()
ALGOS = sorted({i.algo for i in IMPLS})

RNG = random.Random(0x5EED)
BASE = bytes(RNG.getrandbits(8) for _ in range(1 << 20))
BIG_LENGTHS = sorted(RNG.sample(range(2049, 1 << 20), 6)) + [1 << 20]
# Oracles written in Python (tests/oracles/sponge.py: about 4.5 s of CPU a MiB): their rows are `slow`
# (conftest.py), the C suite's official vectors and compact == portable still run in make test-quick.
PURE_PYTHON = {"ascon-hash256"}
# ... and for those, the digests of BASE's prefixes share their absorbed blocks (the random-length and
# streaming tests hash prefixes of BASE): one pass over the MiB instead of one per length.
PREFIX_ORACLES = {"ascon-hash256": AsconPrefixes(BASE)}


def params(impls):
    return [pytest.param(i, id=repr(i), marks=[pytest.mark.slow] if i.algo in PURE_PYTHON else []) for i in impls]


@functools.cache
def oracle_digest(algo: str, start: int, n: int) -> bytes:
    """The oracle's digest of BASE[start:start + n]."""
    if start == 0 and algo in PREFIX_ORACLES:
        return PREFIX_ORACLES[algo](n)
    return ORACLES[algo](BASE[start:start + n])


def test_every_algorithm_has_an_oracle():
    missing = [a for a in ALGOS if a not in ORACLES]
    assert not missing, f"no independent oracle for: {missing}"


def test_no_oracle_for_an_unknown_algorithm():
    assert not set(ORACLES) - set(ALGOS)


def test_a_prefix_oracle_equals_its_oracle_at_and_around_its_checkpoints():
    step = AsconPrefixes.STEP
    for algo, prefixes in PREFIX_ORACLES.items():
        fresh = type(prefixes)(BASE[:3 * step])   # asked out of order, from nothing kept
        for n in [2 * step + 9, 0, 1, 7, 8, step - 1, step, step + 1, 3 * step, 2 * step - 8]:
            assert fresh(n) == ORACLES[algo](BASE[:n]), f"{algo} prefix at {n}"


@pytest.mark.parametrize("impl", params(IMPLS))
def test_every_length_up_to_2048(impl):
    if impl.algo not in ORACLES:
        pytest.fail(f"no oracle for {impl.algo}")
    bad = []
    for n in range(0, 2049):
        # a different slice for each length
        if impl.hash(BASE[n: n + n]) != oracle_digest(impl.algo, n, n):
            bad.append(n)
    assert not bad, f"{impl}: differs at lengths {bad[:20]} ({len(bad)} in all)"


@pytest.mark.parametrize("impl", params(IMPLS))
def test_random_long_inputs(impl):
    for n in BIG_LENGTHS:
        assert impl.hash(BASE[:n]).hex() == oracle_digest(impl.algo, 0, n).hex(), f"{impl} at length {n}"


@pytest.mark.parametrize("impl", params([i for i in IMPLS if i.ctx_size and i.name == "portable"]))
def test_streaming_random_splits(impl):
    rng = random.Random(impl.algo)
    for _ in range(150):
        n = rng.choice([rng.randrange(0, 300), rng.randrange(0, 5000), rng.randrange(0, 70000)])
        data = BASE[:n]
        cuts = sorted(rng.randrange(0, n + 1) for _ in range(rng.randrange(0, 12)))
        pieces = [data[a:b] for a, b in zip([0] + cuts, cuts + [n])]
        assert impl.hash_stream(pieces) == oracle_digest(impl.algo, 0, n), f"{impl}: n={n} cuts={cuts}"
