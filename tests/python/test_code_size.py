# SPDX-License-Identifier: MIT
"""-Os, the build for size, gives no algorithm more code than -O3 on the host
(gcc) and on the Cortex-M7 (arm-none-eabi-gcc, newlib-nano), except the few
listed below, each with its reason, by a bounded margin; an entry that no
longer holds fails too, so the list stays the true one.  The size probes are
cached builds (hashbench/toolchain/size.py): seconds once built."""
import shutil

import pytest

from hashbench.targets import load_all
from hashbench.toolchain import configs, size

# gcc -Os optimises each file as a whole: the helpers a file shares between
# its entry points (init/update/final, shared by the one-shot, the streaming
# calls and compact; a block loop and its finish) stay out of line, with
# their calls and (on the host) their unwind entries.  A size probe calls
# one entry point, into which -O3 inlines them and folds a fresh context's
# constants.  A firmware calling several entry points gets the -Os trade.
SHARED_HELPERS = "helpers shared by the file's entry points stay out of line at -Os"
# gcc -Os allocates registers for a long written-out round function worse
# than -O3 (Cortex-M7 Ascon: three times the stack reloads): the rounds
# themselves grow.  The compact implementation is the build for size.
ROUNDS_SPILL = "the written-out rounds spill more at -Os"
# A big-endian 32-bit store: four byte stores at -Os, one byte-reversed word
# store (rev, str) at -O2 and -O3 (gcc's store merging), 2-12 bytes.
BYTE_STORES = "-Os does not merge the big-endian digest's byte stores"


def portable(ids, reason):
    return {(a, "portable"): reason for a in ids}


LARGER_AT_OS = {
    "host": {
        **portable(["murmur3-32", "siphash24", "sha3-512", "ascon-hash256"], SHARED_HELPERS),
        ("ascon-hash256", "compact"): SHARED_HELPERS,
        **portable(["sha512"], ROUNDS_SPILL),
    },
    "cortex-m7": {
        **portable(["djb2", "knuth", "oat", "pjw", "sdbm"], BYTE_STORES),
        **portable(["murmur3-32", "murmur3-128", "siphash24", "md4", "md5", "sha1", "ripemd160", "tiger"],
                   SHARED_HELPERS),
        **portable(["sha256", "ascon-hash256"], ROUNDS_SPILL),
    },
}

M7 = load_all()["cortex-m7"]


def sizes(where):
    target = None if where == "host" else M7
    builds = configs.parse(["gcc"], ["-Os,-O3"])
    return [size.sizes_of(target, cfg) for cfg in builds]


@pytest.mark.parametrize("where", [
    pytest.param("host", marks=[pytest.mark.slow,   # the roster compiled twice: 15 s of CPU until cached
                                pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")]),
    pytest.param("cortex-m7", marks=[pytest.mark.toolchain,
                                     pytest.mark.skipif(bool(M7.missing()), reason="cortex-m7 not installed")]),
])
def test_os_is_no_larger_than_o3(where):
    small, fast = sizes(where)
    listed = LARGER_AT_OS[where]
    larger = {(a, i): (small[a, i], fast[a, i]) for (a, i) in small if small[a, i] > fast[a, i]}
    unlisted = {k: v for k, v in larger.items() if k not in listed}
    assert not unlisted, f"{where}: -Os larger than -O3 (bytes -Os, -O3): {unlisted}"
    # the listed ones: still larger (else drop them from the list), and by a bounded margin
    assert set(larger) == set(listed), f"{where}: the list is stale: {sorted(larger)}"
    for k, (os_bytes, o3_bytes) in larger.items():
        assert os_bytes <= o3_bytes + max(180, o3_bytes // 12), (where, k, listed[k], os_bytes, o3_bytes)
    # every compact implementation is the smaller build at -Os
    for (a, i), n in small.items():
        if i == "compact":
            assert n < small[a, "portable"], (where, a)
