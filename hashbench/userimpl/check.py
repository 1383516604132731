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
import tempfile
import time

from .. import roster, watchdog
from ..errors import BuildError, UserError, signal_words
from ..paths import BUILD, DATA, ROOT
from ..toolchain import cache
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


# The watchdog: a call of the user's function may take WATCHDOG_SLACK times
# what our portable code took at that length (its CPU time, measured in the
# checker), never less than WATCHDOG_FLOOR_S (a call whose prediction is
# below the clock's resolution, a machine under load), never more than
# WATCHDOG_CEILING_S: code that never returns ends the command in a minute.
WATCHDOG_SLACK = 1000
WATCHDOG_FLOOR_S = 10.0
WATCHDOG_CEILING_S = 45.0
PROGRESS_EVERY_S = 5.0


def call_limit_s(portable_us: float) -> float:
    """How long one call at a length may run, from our portable code's time there."""
    return min(WATCHDOG_CEILING_S, max(WATCHDOG_FLOOR_S, WATCHDOG_SLACK * portable_us / 1e6))


class Watch:
    """What the checker said last (its 'p' and 'c' lines): where a call
    that hangs or crashes was, and when it has run too long."""

    def __init__(self):
        self.portable_us = {}    # length -> our portable code's time there
        self.check, self.length, self.since, self.limit_s = None, None, time.monotonic(), WATCHDOG_CEILING_S
        self.calls = 0
        self.last = []           # the lines that are not progress: the verdict
        self.stderr = tempfile.TemporaryFile("w+")   # a file: code that writes much there cannot block

    def line(self, text):
        words = text.split()
        if words[:1] == ["p"] and len(words) == 3:
            self.portable_us[int(words[1])] = float(words[2])
        elif words[:1] == ["c"] and len(words) == 3:
            self.check, self.length = words[1], int(words[2])
            self.since, self.calls = time.monotonic(), self.calls + 1
            self.limit_s = call_limit_s(self.portable_us.get(self.length, 0.0))
        else:
            self.last.append(text)

    def where(self) -> str:
        if self.check is None:
            return "before its first call"
        return f"at length {self.length} ({CHECK_TITLES.get(self.check, self.check)})"


def run_checker(cmd, stdin_text, watch: Watch, progress):
    """Runs the checker, feeding `watch` its lines -> its exit status, or
    None when the watchdog stopped a call (the process is killed)."""
    with tempfile.TemporaryFile("w+") as stdin:
        stdin.write(stdin_text)
        stdin.seek(0)
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.PIPE, stderr=watch.stderr, text=True)
    said = time.monotonic()
    try:
        for text in watchdog.lines(proc.stdout):
            if text:
                watch.line(text)
            now = time.monotonic()
            if now - watch.since > watch.limit_s:
                proc.kill()
                proc.wait()
                return None
            if now - said >= PROGRESS_EVERY_S:
                progress(watch)
                said = now
        return proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def verify(impl: UserImpl, log=lambda m: None) -> int:
    """Runs every check on `impl` -> the number of calls checked; a
    UserError names the first failure, a call stopped by the watchdog or
    a crash (its signal, the check and the length)."""
    prog = checker(impl, log)
    digest_len = roster.find(impl.algorithm).digest_len
    log(f"{impl.name}: verifying {impl.algorithm} against official vectors, reference digests and our portable "
        f"code (lengths 0..2048, {RANDOM_LENGTHS} random up to 64 KiB)")
    stdin = "\n".join(vector_lines(impl.algorithm) + reference_lines(impl.algorithm)) + "\n"
    watch = Watch()
    t0 = time.monotonic()

    def progress(w):
        log(f"{impl.name}: verifying, {w.calls} calls so far, now {w.where()} ({time.monotonic() - t0:.0f} s)")

    code = run_checker([str(prog), str(digest_len), str(RANDOM_LENGTHS), hex(SEED)], stdin, watch, progress)
    who = f"{impl.name} ({impl.algorithm}, {impl.folder})"
    if code is None:
        predicted = watch.portable_us.get(watch.length, 0.0)
        ours = f"{predicted / 1000:.3g} ms" if predicted >= 1000 else "under a millisecond"
        raise UserError(f"{who}: a call did not return in {time.monotonic() - watch.since:.0f} s {watch.where()}, "
                        f"where our portable code takes {ours}: stopped; nothing timed, nothing stored")
    if code < 0:
        raise UserError(f"{who} crashed: {signal_words(-code)} {watch.where()}: nothing timed, nothing stored")
    words = watch.last[-1].split() if watch.last else []
    if code == 0 and words[:1] == ["ok"]:
        return int(words[1])
    if code == 1 and words[:1] == ["fail"] and len(words) == 5:
        _, check, length, got, want = words
        raise UserError(f"{who} fails verification: "
                        f"{CHECK_TITLES.get(check, check)} at length {length}: {impl.name} gives {got}, "
                        f"expected {want}: nothing timed, nothing stored")
    watch.stderr.seek(0)
    why = (watch.stderr.read() or "\n".join(watch.last)).strip().splitlines() or [f"exit status {code}"]
    raise UserError(f"{who}: the checker failed (exit {code}): {why[-1]}: nothing timed, nothing stored")


def verify_all(impls, log=lambda m: None):
    for i in impls:
        n = verify(i, log)
        log(f"{i.name}: verified ({n} calls checked)")
