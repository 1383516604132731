# SPDX-License-Identifier: MIT
"""The roster: every algorithm and our implementations of it, read from
data/roster.json, which tools/generate/describe_roster.c generates from
src/algos/registry.def (`make roster`).  Nothing in the front end parses C.

Library backends add implementations at run time; the host engine's
`list` names them (hashbench.targets.host.catalogue).  Hand-written
assembly for one CPU (src/algos/asm/registry.def) sits apart, in
Algorithm.asm: only a target of that `isa` has it (Algorithm.impls_on)."""
import difflib
import fnmatch
import functools
import json
from dataclasses import dataclass, field

from .errors import UserError
from .paths import DATA

DESCRIPTION = DATA / "roster.json"
TIERS = ("checksum", "non-crypto", "crypto")
OURS = ("portable", "compact")  # our implementation ids, in the order tables show them
# The portable code of an algorithm without a compact, built with
# HB_NO_PORTABLE_TABLES (rolled rounds, no big tables) where the written-out
# code does not fit: other code than `portable`, so it is never called so.
SMALL = "small"


@dataclass(frozen=True)
class Impl:
    name: str          # "portable", "compact"
    symbol: str        # the one-shot: hb_sha256, hb_sha256_compact
    sources: tuple     # files of src/algos it needs, its own first
    isa: str = ""      # assembly: the CPU it is written for (a target's `isa`); "" for C


@dataclass(frozen=True)
class Algorithm:
    id: str
    label: str
    tier: str
    digest_len: int
    block_len: int
    width: int         # widest integer it needs: 16, 32 or 64
    streaming: bool
    spec: str
    impls: dict = field(default_factory=dict)  # {name: Impl}: ours in C, on every CPU
    asm: dict = field(default_factory=dict)    # {name: Impl}: ours in one CPU's assembly

    @property
    def has_compact(self) -> bool:
        return "compact" in self.impls

    def code(self, name: str):
        """Implementation `name`'s entry (its symbol and sources): C, or a
        CPU's assembly; SMALL is the portable entry, compiled small."""
        return self.impls.get("portable" if name == SMALL else name) or self.asm[name]

    def impls_on(self, isa) -> dict:
        """Our implementations a CPU of this `isa` runs: the C ones and its assembly.  `isa`: one
        target's `isa`, or a tuple of them (Target.isas: the NDS's ARMv5TE runs ARMv4T's ARM code; a
        console's asm_isas: the Super NES's 65C816 its own and the 6502's)."""
        isas = (isa,) if isinstance(isa, str) else tuple(isa)
        return {**self.impls, **{n: i for n, i in self.asm.items() if i.isa in isas}}


@functools.lru_cache(maxsize=1)
def algorithms() -> tuple:
    """Every algorithm, in registry order."""
    try:
        doc = json.loads(DESCRIPTION.read_text())
    except (OSError, ValueError) as exc:
        raise UserError(f"{DESCRIPTION}: cannot read the roster description ({exc}); run 'make roster'") from exc
    out = []
    for a in doc["algorithms"]:
        impls = {name: Impl(name, i["symbol"], tuple(i["sources"]), i.get("isa", ""))
                 for name, i in a["implementations"].items()}
        out.append(Algorithm(a["id"], a["label"], a["tier"], a["digest_len"], a["block_len"], a["width"],
                             a["streaming"], a["spec"], {n: i for n, i in impls.items() if not i.isa},
                             {n: i for n, i in impls.items() if i.isa}))
    return tuple(out)


def asm_names() -> tuple:
    """The assembly implementations' names ("sm83", ...), in roster order."""
    return tuple(dict.fromkeys(n for a in algorithms() for n in a.asm))


def isa_of(name: str) -> str:
    """The CPU an assembly implementation is written for ("" for C)."""
    return next((a.asm[name].isa for a in algorithms() if name in a.asm), "")


def ids() -> list:
    return [a.id for a in algorithms()]


def find(algo_id: str) -> Algorithm:
    for a in algorithms():
        if a.id == algo_id:
            return a
    raise UserError(f"unknown algorithm {algo_id!r} (see 'hashbench list')")


def order() -> dict:
    """{id: position}: registry order, for sorting."""
    return {a.id: i for i, a in enumerate(algorithms())}


def labels() -> dict:
    return {a.id: a.label for a in algorithms()}


def split(values) -> list:
    """Repeatable, comma-separated options -> their items."""
    out = []
    for v in values or []:
        out.extend(x.strip() for x in str(v).split(",") if x.strip())
    return out


def select(patterns=None, tiers=None, catalogue=None) -> list:
    """Algorithms named by ids, labels, globs ('sha*') and tiers, in registry
    order; all of them when nothing is named.  `catalogue`: the algorithms to
    choose from (default: the whole roster).  Unknown names fail with the
    nearest ids suggested."""
    pool = list(catalogue if catalogue is not None else algorithms())
    all_ids = [a.id for a in pool]
    by_label = {a.label.lower(): a.id for a in pool}
    chosen = set()
    for pat in split(patterns):
        p = pat.lower()
        if any(c in p for c in "*?["):
            hits = fnmatch.filter(all_ids, p)
            if not hits:
                raise UserError(f"no algorithm matches {pat!r} (see 'hashbench list')")
            chosen.update(hits)
        elif p in all_ids:
            chosen.add(p)
        elif p in by_label:
            chosen.add(by_label[p])
        else:
            near = difflib.get_close_matches(p, all_ids + list(by_label), n=3, cutoff=0.5)
            names = list(dict.fromkeys(by_label.get(n, n) for n in near))
            hint = f"; did you mean {', '.join(names)}?" if names else ""
            raise UserError(f"unknown algorithm {pat!r}{hint} (see 'hashbench list')")
    tier_set = set()
    for t in split(tiers):
        if t.lower() not in TIERS:
            raise UserError(f"unknown tier {t!r}: choose from {', '.join(TIERS)}")
        tier_set.add(t.lower())
    out = [a for a in pool if (not chosen or a.id in chosen) and (not tier_set or a.tier in tier_set)]
    if not out:
        raise UserError("that selection names no algorithm")
    return out


def check_selection(has: dict, algo_ids, impl_names) -> None:
    """Refuses a selection with no measurement in it: every chosen algorithm
    lacking every chosen implementation (`has`: algorithm id -> the names of
    its implementations), which would end having done nothing."""
    if "all" in impl_names:
        return
    if not any(i in has[a] for a in algo_ids for i in impl_names):
        which = ", ".join(impl_names)
        if len(algo_ids) == 1:
            raise UserError(f"{algo_ids[0]} has no implementation {which} (available: {', '.join(has[algo_ids[0]])})")
        raise UserError(f"no selected algorithm has an implementation {which}")
