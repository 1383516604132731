# SPDX-License-Identifier: MIT
"""Verification of an implementation folder's code before anything times it:
the C checker src/engine/check/hb_check.c, built with the user's sources and
our portable sources of the algorithm, fed the algorithm's official vectors
(tests/vectors/) and the workload's reference digests (data/reference-
digests.tsv).  It checks every length 0..2048 and RANDOM_LENGTHS random
lengths up to 64 KiB (xorshift32, seed SEED) against our portable code,
with guard bytes, unaligned input, the input left unchanged and a second
call (docs/your-code.md).  A failure is a UserError naming the first failing
check, its length and both digests."""
import shutil
import subprocess

from .. import roster
from ..build import cache
from ..errors import BuildError, UserError
from ..paths import BUILD, DATA, ROOT
from .manifest import UserImpl

CHECKER = "src/engine/check/hb_check.c"
VECTORS = ROOT / "tests" / "vectors"
REFERENCE = DATA / "reference-digests.tsv"
RANDOM_LENGTHS = 48
SEED = 0x68617368   # "hash"
CHECK_TITLES = {
    "digest-vs-portable": "digest against our portable code",
    "guard-bytes": "guard bytes around the output (written outside the digest; shown: guard, digest, guard)",
    "input-unchanged": "input left unchanged",
    "second-call": "the same digest on a second call",
    "unaligned-input": "unaligned input (1 to 3 bytes past an aligned address)",
    "official-vector": "official vector (tests/vectors/)",
    "reference-digest": "reference digest of the workload (data/reference-digests.tsv)",
}


def vector_lines(algo: str) -> list:
    """'V LEN MSG MD' of the algorithm's plain vectors (msg=, md=, len=)."""
    out = []
    for f in sorted(VECTORS.glob("*.txt")):
        for line in f.read_text().splitlines():
            parts = line.split()
            if not parts or parts[0] != algo:
                continue
            kv = dict(p.split("=", 1) for p in parts[1:] if "=" in p)
            if set(kv) - {"msg", "md", "len"} or "md" not in kv or "msg" not in kv:
                continue
            length = int(kv["len"]) if "len" in kv else len(kv["msg"]) // 2
            out.append(f"V {length} {kv['msg'] or '-'} {kv['md']}")
    return out


def reference_lines(algo: str) -> list:
    """'W SIZE MD' of the workload's reference digests."""
    out = []
    for line in REFERENCE.read_text().splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0] == algo:
            out.append(f"W {parts[1]} {parts[2]}")
    return out


def checker(impl: UserImpl, log=lambda m: None):
    """The checker program of `impl`, built (cached by content) with the
    host's compiler."""
    cc = next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)
    if cc is None:
        raise UserError("no C compiler (cc, gcc or clang): run scripts/setup.sh (or 'make setup')")
    ours = roster.find(impl.algorithm).impls["portable"]
    out = BUILD / "impls" / "check" / f"{impl.name}-{impl.digest()[:16]}" / "hb-check"
    cmd = [cc, "-std=c99", "-O1", "-Isrc/algos", "-Isrc/engine"] + impl.include_flags() + list(impl.cflags) + \
        [f"-DHB_CHECK_USER={impl.function}", f"-DHB_CHECK_PORTABLE={ours.symbol}", CHECKER] + list(ours.sources) + \
        [str(s) for s in impl.sources] + ["-o", cache.rel(out)]
    headers = sorted(cache.rel(p) for p in ROOT.glob("src/algos/*.h"))
    try:
        cache.cached(out, cmd, [CHECKER] + list(ours.sources) + headers + [str(f) for f in impl.files()],
                     cache.tool_version(cc), log)
    except BuildError as exc:
        raise UserError(f"{impl.name} ({impl.folder}): does not build with our checker: {cache.why(exc)}") from None
    return out


def verify(impl: UserImpl, log=lambda m: None) -> int:
    """Runs every check on `impl` -> the number of calls checked; a
    UserError names the first failure."""
    prog = checker(impl, log)
    digest_len = roster.find(impl.algorithm).digest_len
    log(f"{impl.name}: verifying {impl.algorithm} against official vectors, reference digests and our portable "
        f"code (lengths 0..2048, {RANDOM_LENGTHS} random up to 64 KiB)")
    stdin = "\n".join(vector_lines(impl.algorithm) + reference_lines(impl.algorithm)) + "\n"
    try:
        proc = subprocess.run([str(prog), str(digest_len), str(RANDOM_LENGTHS), hex(SEED)], input=stdin,
                              capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise UserError(f"{impl.name}: verification did not finish in 10 minutes") from None
    words = proc.stdout.split()
    if proc.returncode == 0 and words[:1] == ["ok"]:
        return int(words[1])
    if proc.returncode == 1 and words[:1] == ["fail"] and len(words) == 5:
        _, check, length, got, want = words
        raise UserError(f"{impl.name} ({impl.algorithm}, {impl.folder}) fails verification: "
                        f"{CHECK_TITLES.get(check, check)} at length {length}: {impl.name} gives {got}, "
                        f"expected {want}: nothing timed, nothing stored")
    why = (proc.stderr or proc.stdout).strip().splitlines() or [f"exit status {proc.returncode}"]
    raise UserError(f"{impl.name} ({impl.algorithm}, {impl.folder}): the checker failed "
                    f"(exit {proc.returncode}): {why[-1]}: nothing timed, nothing stored")


def verify_all(impls, log=lambda m: None):
    for i in impls:
        n = verify(i, log)
        log(f"{i.name}: verified ({n} calls checked)")
