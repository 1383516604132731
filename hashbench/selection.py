# SPDX-License-Identifier: MIT
"""Which algorithms a command means: ids, comma lists, globs, tiers."""
import difflib
import fnmatch

from .errors import UserError

TIERS = ("checksum", "non-crypto", "crypto")


def select_algorithms(catalogue, patterns=None, tiers=None):
    """-> algorithm ids in registry order.  Unknown names fail with a suggestion."""
    ids = [a["id"] for a in catalogue]
    labels = {a["label"].lower(): a["id"] for a in catalogue}
    chosen = set()
    for pat in _split(patterns):
        p = pat.lower()
        if any(c in p for c in "*?["):
            hits = fnmatch.filter(ids, p)
            if not hits:
                raise UserError(f"no algorithm matches {pat!r} (see 'hashbench list')")
            chosen.update(hits)
        elif p in ids:
            chosen.add(p)
        elif p in labels:
            chosen.add(labels[p])
        else:
            near = difflib.get_close_matches(p, ids + list(labels), n=3, cutoff=0.5)
            names = list(dict.fromkeys(labels.get(n, n) for n in near))
            hint = f"; did you mean {', '.join(names)}?" if names else ""
            raise UserError(f"unknown algorithm {pat!r}{hint} (see 'hashbench list')")
    tier_set = set()
    for t in _split(tiers):
        if t.lower() not in TIERS:
            raise UserError(f"unknown tier {t!r}: choose from {', '.join(TIERS)}")
        tier_set.add(t.lower())
    out = []
    for a in catalogue:
        if chosen and a["id"] not in chosen:
            continue
        if tier_set and a["tier"] not in tier_set:
            continue
        out.append(a["id"])
    if not out:
        raise UserError("that selection names no algorithm")
    return out


def select_impls(catalogue, algos, impls):
    """-> implementation names to pass to the engine; 'all' means every one."""
    names = _split(impls) or ["portable"]
    if "all" in names:
        return ["all"]
    known = {i for a in catalogue for i in a["impls"]}
    for n in names:
        if n not in known:
            near = difflib.get_close_matches(n, sorted(known), n=2)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise UserError(f"unknown implementation {n!r}{hint} (available: {', '.join(sorted(known))})")
    return names


def _split(values):
    out = []
    for v in values or []:
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out
