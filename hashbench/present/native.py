# SPDX-License-Identifier: MIT
"""bench-keccak256's form: one ranking per build of the Rust crates,
default (no RUSTFLAGS) beside native (-C target-cpu=native), each "N.
1.00 ± 0.02 crate" relative to its own column's fastest.  Our portable C
is ranked in the default column: the project's default build (-O2, no
-march) is the same kind of build; its -march=native build is a matrix
(hashbench matrix --flags='-O2,-O2 -march=native')."""
from ..statistics import relative

NATIVE = "-native"
RUST = "rust-"


def columns(results):
    """-> (default, native) lists of Relative, each best first, or None when
    no Rust crate was measured in both builds."""
    rs = [r for r in results if r.verified and r.per_call is not None]
    native = [r for r in rs if r.implementation.startswith(RUST) and r.implementation.endswith(NATIVE)]
    crates = {r.implementation[:-len(NATIVE)] for r in native}
    default = [r for r in rs if r.implementation in crates or r.implementation == "portable"]
    if not native or not crates & {r.implementation for r in default}:
        return None
    return relative.ranked(default), relative.ranked(native)


def name(r) -> str:
    impl = r.implementation
    if impl == "portable":
        return "portable (ours)"
    return impl[len(RUST):].removesuffix(NATIVE)


def native_table(results):
    """(headers, rows, aligns) of the two rankings side by side, or None."""
    cols = columns(results)
    if cols is None:
        return None
    default, native = cols
    rows = []
    for n in range(max(len(default), len(native))):
        row = [f"{n + 1}."]
        for col in (default, native):
            row += [col[n].text, name(col[n].result)] if n < len(col) else ["", ""]
        rows.append(row)
    return ["#", "DEFAULT (rel.)", "CRATE", "NATIVE (rel.)", "CRATE"], rows, "lrlrl"
