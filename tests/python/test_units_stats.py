# SPDX-License-Identifier: MIT
"""Front-end pieces that need no engine: sizes, budgets, selection, statistics."""

import pytest

from hashbench.errors import UserError
from hashbench.flows.host_run import select_impls
from hashbench.meters import timer
from hashbench.results.result import Build, Result
from hashbench.roster import Algorithm, select
from hashbench.statistics import stats
from hashbench.units import parse_budget, parse_size, parse_sizes

CAT = [
    {"id": "crc32", "label": "CRC32", "tier": "checksum", "impls": ["portable", "compact"]},
    {"id": "sha256", "label": "SHA256", "tier": "crypto", "impls": ["portable"]},
    {"id": "sha512", "label": "SHA512", "tier": "crypto", "impls": ["portable"]},
    {"id": "xxh64", "label": "XXH64", "tier": "non-crypto", "impls": ["portable"]},
]
ALGOS = [Algorithm(c["id"], c["label"], c["tier"], 4, 64, 32, True, "") for c in CAT]


def select_algorithms(cat, patterns=None, tiers=None):
    return [a.id for a in select(patterns, tiers, ALGOS)]


def timed(samples, harness, size):
    return Result(algorithm="x", implementation="portable", size=size, target="host", build=Build("host"),
                  meter="ns", instrument="tsc", digest="00", verified=True, samples=samples, harness=harness or [])


@pytest.mark.parametrize("text,n", [("64", 64), ("1k", 1024), ("1KiB", 1024), ("1K", 1024),
                                    ("1m", 1 << 20), ("2MiB", 2 << 20), ("4096B", 4096), (" 16 ", 16)])
def test_parse_size(text, n):
    assert parse_size(text) == n


@pytest.mark.parametrize("text", ["", "0", "-5", "1x", "k", "1.5k", "2g", "2000m"])
def test_parse_size_rejects(text):
    with pytest.raises(UserError):
        parse_size(text)


def test_parse_sizes_lists_and_dedupes():
    assert parse_sizes(["64,256", "1k", "64"]) == [64, 256, 1024]


@pytest.mark.parametrize("text,ms", [("200", 200), ("200ms", 200), ("1s", 1000), ("0.5s", 500)])
def test_parse_budget(text, ms):
    assert parse_budget(text) == ms


@pytest.mark.parametrize("text", ["0", "abc", "-1", "1h", "1000s"])
def test_parse_budget_rejects(text):
    with pytest.raises(UserError):
        parse_budget(text)


def test_selection_globs_lists_labels_tiers():
    assert select_algorithms(CAT, ["sha*"]) == ["sha256", "sha512"]
    assert select_algorithms(CAT, ["crc32,XXH64"]) == ["crc32", "xxh64"]
    assert select_algorithms(CAT, None, ["crypto"]) == ["sha256", "sha512"]
    assert select_algorithms(CAT) == ["crc32", "sha256", "sha512", "xxh64"]


def test_selection_suggests_nearest():
    with pytest.raises(UserError, match="did you mean sha256"):
        select_algorithms(CAT, ["sha265"])
    with pytest.raises(UserError, match="no algorithm matches"):
        select_algorithms(CAT, ["md*"])
    with pytest.raises(UserError, match="unknown tier"):
        select_algorithms(CAT, None, ["cryptographic"])


def test_select_impls():
    assert select_impls(CAT, None) == ["portable"]
    assert select_impls(CAT, ["all"]) == ["all"]
    with pytest.raises(UserError, match="compact"):
        select_impls(CAT, ["compakt"])


def test_summarise_subtracts_overhead_and_finds_cycles():
    # 10 samples of 1000 calls at 2000 ns per call, 2 ns overhead, 3 GHz cycles
    samples = [[1000, 6_000_000, 2_000_000 + k] for k in range(10)]
    overhead = [[1000, 6000, 2000]] * 5
    r = timer.summarise(timed(samples, overhead, 1024), {"is_cycles": True, "unit": "ref-cycles"})
    assert r.ns_per_call == pytest.approx(2000.0045 - 2, rel=1e-6) and r.per_call == r.ns_per_call
    assert r.mb_per_s == pytest.approx(1024 / r.ns_per_call * 1e3)
    assert r.cycles_per_byte == pytest.approx((6000 - 6) / 1024) and r.cycle_unit == "ref-cycles"
    assert 0 < r.spread_pct < 0.001


def test_summarise_without_cycle_counter():
    r = timer.summarise(timed([[10, 100, 100]] * 5, None, 64), {"is_cycles": False})
    assert r.cycles_per_byte is None and r.ns_per_call == 10


def test_spread_is_robust_to_one_outlier():
    vals = [100.0] * 9 + [1000.0]
    assert stats.spread_pct(vals) == 0.0
