# SPDX-License-Identifier: MIT
"""Every algorithm of the roster is complete: reference digests at every tabulated size, an
official-vector file, a row in docs/algorithms.md and an oracle.  Each failure names what is
missing and where it goes (docs/adding-an-algorithm.md lists the files)."""
import re

from hashbench import roster
from hashbench.paths import ROOT
from hashbench.results import verify
from tests.oracles import all_oracles
from tools.generate.reference_digests import SIZES

VECTORS = ROOT / "tests" / "vectors"
NOT_OFFICIAL = ("-regression.txt", "-seed-prefixes.txt")
NO_PUBLISHED = re.compile(r"^# no published vectors:(.*)$", re.M)


def vector_files() -> dict:
    """{algorithm id: names of the vector files whose lines name it}."""
    named = {}
    for f in sorted(VECTORS.glob("*.txt")):
        for line in f.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                algo = re.sub(r"-(keyed|params)$", "", line.split()[0])
                named.setdefault(algo, set()).add(f.name)
    return named


def without_published_vectors() -> set:
    return {a for f in VECTORS.glob("*-regression.txt") for m in NO_PUBLISHED.findall(f.read_text())
            for a in m.split()}


def test_reference_digests_at_every_tabulated_size():
    table = verify.reference_table()
    missing = [f"{a} at {n} B" for a in roster.ids() for n in SIZES if (a, n) not in table]
    assert not missing, ("data/reference-digests.tsv has no digest for " + ", ".join(missing)
                                   + ": run 'make generate' (tools/generate/reference_digests.py)")


def test_official_vectors():
    named, exempt = vector_files(), without_published_vectors()
    missing = []
    for a in roster.ids():
        files = named.get(a, set())
        official = [f for f in files if not f.endswith(NOT_OFFICIAL)]
        if not official and not (a in exempt and files):
            missing.append(a)
    assert not missing, ("no official-vector file in tests/vectors names " + ", ".join(missing)
                         + " (tests/vectors/README.md: the format, and what counts as official)")


def test_exemptions_are_real():
    """An algorithm listed as having no published vectors is in the roster and has none here."""
    named, exempt = vector_files(), without_published_vectors()
    assert exempt <= set(roster.ids()), exempt - set(roster.ids())
    wrongly = [a for a in exempt if any(not f.endswith(NOT_OFFICIAL) for f in named.get(a, ()))]
    assert not wrongly, f"{wrongly} have official vectors: drop them from '# no published vectors:'"


def test_documented_in_algorithms_md():
    rows = set(re.findall(r"^\| ([a-z0-9-]+) \|", (ROOT / "docs" / "algorithms.md").read_text(), re.M))
    missing = [a for a in roster.ids() if a not in rows]
    assert not missing, "docs/algorithms.md has no table row for " + ", ".join(missing)


def test_oracle_for_every_algorithm():
    oracles = all_oracles()
    missing = [a for a in roster.ids() if a not in oracles]
    assert not missing, "no oracle in tests/oracles for " + ", ".join(missing)
    extra = sorted(set(oracles) - set(roster.ids()))
    assert not extra, f"oracles for algorithms not in the roster: {extra}"
