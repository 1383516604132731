# SPDX-License-Identifier: MIT
"""`hashbench hash`: the digests (a file streamed in blocks through our code equals the one-shot
of the same bytes), the default implementation (the fastest verified one, measured once and
kept beside the engine), and a start-up that imports only what hashing needs and then becomes
the engine (os.execv).  Nothing here times anything: studies/hash_speed.py measures the speed."""
import ast
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys

import pytest
from cli_util import hb

from hashbench import hashchoice
from hashbench.cli import main
from hashbench.paths import ROOT
from hashbench.toolchain.host import ensure_engine
from tests.oracles import workload

ENGINE = ensure_engine()
BLOCK = 1 << 18   # the engine's HB_FILE_STREAM_BLOCK
# a file spanning blocks, its length a multiple of no block: every algorithm's tail is exercised
SIZE = 2 * BLOCK + 12345


def engine(*args, stdin=None):
    return subprocess.run([str(ENGINE), *map(str, args)], input=stdin, capture_output=True, check=True).stdout


@pytest.fixture(scope="module")
def workload_file(tmp_path_factory):
    """The engine's standard workload of SIZE bytes in a file: its `digest` command hashes the
    same bytes in one piece."""
    path = tmp_path_factory.mktemp("hash") / "w.bin"
    path.write_bytes(workload(SIZE))
    return path


def streaming_algos():
    algos = [json.loads(line) for line in engine("list").decode().splitlines() if '"rec":"algo"' in line]
    return [a["id"] for a in algos if a["streaming"]]


@pytest.mark.parametrize("algo", streaming_algos())
def test_a_streamed_file_equals_the_one_shot(algo, workload_file):
    """Our portable code streams a file in blocks (init/update/final): the same digest as its
    one-shot over the same bytes in memory, from a file and from a pipe."""
    one_shot = engine("digest", algo, "portable", SIZE).decode().strip()
    assert engine("hash", algo, "portable", workload_file).decode() == f"{one_shot}  {workload_file}\n"
    assert engine("hash", algo, "portable", stdin=workload_file.read_bytes()).decode() == f"{one_shot}  -\n"


def test_a_library_gets_the_whole_file(workload_file):
    """A one-shot library implementation (mapped file) and our streamed code agree with Python's."""
    want = hashlib.sha256(workload_file.read_bytes()).hexdigest()
    impls = json.loads(next(line for line in engine("list").decode().splitlines() if '"id":"sha256"' in line))["impls"]
    for impl in impls:
        assert engine("hash", "sha256", impl, workload_file).decode().split()[0] == want, impl


# Around the engine's ways of reading (src/platform/host/hb_file.c): nothing, less than a block, a
# block, two (the most always read on one thread), past two (where a CPU is free, two threads read
# ahead into a ring of 8 blocks), past the ring and not a multiple of the block; a one-shot's
# mapping is faulted in ahead by a second thread from 4 MiB on.  Which of these runs depends on the
# machine's load: hb-file-test (tests/c/hb_file_test.c) takes every way explicitly.
READ_SIZES = [0, 1, BLOCK - 1, BLOCK, 2 * BLOCK, 2 * BLOCK + 1, 9 * BLOCK + 7]
POPULATED_SIZE = (4 << 20) + 4097


@pytest.mark.parametrize("size", READ_SIZES)
def test_every_way_of_reading_gives_pythons_digest(size, tmp_path):
    """Our streamed MD5 and SHA-256 of a file and of a pipe (stdin), at every size around the
    reading's block and ring, equal Python's (an independent implementation)."""
    data = workload(size) if size else b""
    path = tmp_path / "f.bin"
    path.write_bytes(data)
    for algo in ("md5", "sha256"):
        want = hashlib.new(algo, data).hexdigest()
        assert engine("hash", algo, "portable", path).decode() == f"{want}  {path}\n", (algo, size)
        assert engine("hash", algo, "portable", "-", stdin=data).decode() == f"{want}  -\n", (algo, size)


def test_a_large_mapping_faulted_in_ahead_gives_pythons_digest(tmp_path):
    """Every SHA-256 and XXH64 implementation on a file large enough for the mapping to be faulted
    in by a second thread (a one-shot library) or read ahead (our streamed code): Python's SHA-256,
    and for XXH64 our portable one-shot of the same bytes in memory (`digest`: the standard
    workload)."""
    data = workload(POPULATED_SIZE)
    path = tmp_path / "big.bin"
    path.write_bytes(data)
    listing = [json.loads(line) for line in engine("list").decode().splitlines() if '"rec":"algo"' in line]
    impls = {a["id"]: a["impls"] for a in listing}
    want = hashlib.sha256(data).hexdigest()
    for impl in impls["sha256"]:
        assert engine("hash", "sha256", impl, path).decode().split()[0] == want, impl
    want = engine("digest", "xxh64", "portable", POPULATED_SIZE).decode().strip()
    for impl in impls["xxh64"]:
        assert engine("hash", "xxh64", impl, path).decode().split()[0] == want, impl


def test_every_implementation_is_reached_with_only_its_own_backend(tmp_path):
    """`hash ALGO IMPL` sets up only the backend IMPL names (its first word: openssl,
    rust-sha2-native), none for our own code: every implementation `list` gives, of every
    algorithm, is still found that way and prints the digest our portable code prints."""
    f = tmp_path / "w.bin"
    f.write_bytes(workload(1000))
    algos = [json.loads(line) for line in engine("list").decode().splitlines() if '"rec":"algo"' in line]
    for a in algos:
        want = engine("hash", a["id"], "portable", f).decode()
        for impl in a["impls"]:
            assert engine("hash", a["id"], impl, f).decode() == want, (a["id"], impl)


def test_the_choice_is_verified_code_quickest_on_a_file(tmp_path):
    """Only what the engine verified is timed; the shortest call wins; and timed for real, on a
    file, XXH64's streamed portable code and the mapped libraries each print the digest."""
    results = [{"impl": "portable", "verified": "reference"}, {"impl": "openssl", "verified": "portable"},
               {"impl": "broken", "verified": False}]
    assert hashchoice.verified(results) == ["portable", "openssl"]
    assert hashchoice.quickest({"portable": [0.9, 0.5], "openssl": [0.7, 0.6], "none": []}) == "portable"
    assert hashchoice.quickest({"none": []}) is None
    said = []
    times = hashchoice.time_on_a_file(ENGINE, "xxh64", ["portable", "xxhash", "nosuch"], said.append)
    assert sorted(times) == ["portable", "xxhash"] and all(len(t) == hashchoice.ROUNDS for t in times.values())
    assert said == ["hashbench: xxh64/nosuch: left out (its `hash` of a file failed or disagreed)"]


@pytest.fixture
def own_engine(tmp_path):
    """A copy of the engine in a folder of the test's own: its memo (ENGINE.hash.memo) starts empty
    and is nobody else's."""
    copy = tmp_path / "hashbench-engine"
    shutil.copy2(ENGINE, copy)
    return copy


def test_the_default_is_measured_once_then_remembered(own_engine, tmp_path):
    f = tmp_path / "a.txt"
    f.write_bytes(b"abc")
    env = {"HASHBENCH_ENGINE": str(own_engine)}
    first = hb("hash", "-a", "md5", f, env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout == f"900150983cd24fb0d6963f7d28e17f72  {f}\n"
    assert "fastest verified implementation" in first.stderr
    memo = hashchoice.load(str(own_engine))
    assert (tmp_path / "hashbench-engine.hash.memo").read_text().startswith("stamp\t")
    chosen = memo["fastest"]["md5"]
    assert chosen in memo["algos"]["md5"]["impls"]
    again = hb("hash", "-a", "MD5", f, env=env)   # a label, any case
    assert again.returncode == 0 and again.stdout == first.stdout and again.stderr == ""
    helped = hb("hash", "--help", env=env)
    assert helped.returncode == 0 and f"md5: {chosen}" in helped.stdout and "fastest" in helped.stdout


def test_a_rebuilt_engine_forgets_the_memo(own_engine):
    memo = {"algos": {"md5": {"label": "MD5", "impls": ["portable"]}}, "fastest": {"md5": "portable"}}
    hashchoice.save(own_engine, memo)
    assert hashchoice.load(own_engine)["fastest"] == {"md5": "portable"}
    with open(own_engine, "ab") as f:   # another build: another size and date
        f.write(b"\0")
    assert hashchoice.load(own_engine) == {}


def test_the_memo_is_plain_lines_read_back_as_written(own_engine):
    """The memo is read without json (its import, with re's, was a third of `hash`'s start-up):
    tab-separated lines, read back to the same catalogue and choices; a line of anything else
    makes it no memo (asked again), never a wrong one."""
    memo = {"algos": {"md5": {"label": "MD5", "impls": ["portable", "openssl"]},
                      "hmac-sha256": {"label": "HMAC-SHA256", "impls": ["portable"]}},
            "fastest": {"md5": "openssl"}}
    hashchoice.save(own_engine, memo)
    got = hashchoice.load(own_engine)
    assert {k: got[k] for k in ("algos", "fastest")} == memo
    with open(hashchoice.memo_path(own_engine), "a") as f:
        f.write("{not a memo line}\n")
    assert hashchoice.load(own_engine) == {}


def test_the_engine_ends_quietly_at_a_closed_pipe(tmp_path):
    """Python ignores SIGPIPE and an ignored signal stays so across exec: the engine's `hash`
    restores its default itself, so that `hashbench hash ... | head` ends as sha256sum does,
    killed by the signal, with nothing on stderr."""
    f = tmp_path / "a.txt"
    f.write_bytes(b"abc")
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = subprocess.run([str(ENGINE), "hash", "crc32", "portable"] + [str(f)] * 2000, stdout=write_end,
                           stderr=subprocess.PIPE, restore_signals=False)   # SIGPIPE ignored, as after Python
    finally:
        os.close(write_end)
    assert r.returncode == -signal.SIGPIPE and r.stderr == b""


def test_bad_names_and_files(own_engine, tmp_path):
    env = {"HASHBENCH_ENGINE": str(own_engine)}
    r = hb("hash", "-a", "md5", "--impl", "nope", "x", env=env)
    assert r.returncode == 2 and r.stderr.startswith("hashbench: md5 has no implementation 'nope'"), r.stderr
    r = hb("hash", "-a", "sha*", "x", env=env)
    assert r.returncode == 2 and "hash needs exactly one" in r.stderr
    good = tmp_path / "good"
    good.write_bytes(b"abc")
    r = hb("hash", "-a", "md5", "--impl", "portable", tmp_path / "missing", good, env=env)
    assert r.returncode == 1 and r.stdout == f"900150983cd24fb0d6963f7d28e17f72  {good}\n"
    assert r.stderr == f"hashbench: {tmp_path / 'missing'}: No such file or directory\n"


# modules whose import on the way to the engine would be a start-up cost hashing does not need
HEAVY = ("subprocess", "hashbench.roster", "hashbench.userimpl.manifest", "hashbench.userimpl.check",
         "hashbench.storage.store", "hashlib", "shutil", "sqlite3", "difflib", "tomllib")
# what the quick path leaves out since it reads the memo and the engine's stamp with os alone
LIGHT_ONLY = ("json", "pathlib", "re", "enum", "signal", "shlex")


def test_the_path_to_the_engine_imports_only_what_hashing_needs(tmp_path):
    """With the memo in place, `hash` reads it and becomes the engine: no child process, and none
    of the slow imports (python -X importtime showed them: the catalogue, the roster, make's
    subprocess, OpenSSL through hashlib)."""
    f = tmp_path / "a.txt"
    f.write_bytes(b"abc")
    assert hb("hash", "-a", "crc32", f).returncode == 0   # the memo, if there was none
    probe = ("import os, sys\n"
             "def execv(path, argv):\n"
             "    print(repr((path, argv, sorted(sys.modules))))\n"
             "    sys.exit(0)\n"
             "os.execv = execv\n"
             "from hashbench.cli import main\n"
             f"sys.exit(main(['hash', '-a', 'crc32', {str(f)!r}]))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("HASHBENCH_ENGINE", "HASHBENCH_IMPLS")}
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    path, argv, modules = ast.literal_eval(out.stdout)
    assert path == str(ENGINE) and argv[:3] == ["hashbench", "hash", "crc32"] and argv[-1] == str(f)
    assert [m for m in HEAVY if m in modules] == []
    assert [m for m in LIGHT_ONLY if m in modules] == []
    assert "argparse" not in modules   # the plain forms need no parser


class Exec(Exception):
    """os.execv's arguments, raised instead of replacing the test's process."""


@pytest.fixture
def exec_args(monkeypatch):
    def execv(path, argv):
        raise Exec(argv)
    monkeypatch.setattr(os, "execv", execv)
    # hash restores SIGPIPE's default for the engine it becomes: not for this test process
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    monkeypatch.delenv("HASHBENCH_IMPLS", raising=False)


@pytest.mark.parametrize("argv,want", [
    (["-a", "sha256", "--impl", "portable", "x"], ["sha256", "portable", "x"]),
    (["--algo=md5", "--impl", "portable", "-", "y"], ["md5", "portable", "-", "y"]),
    (["-acrc32", "--impl=portable", "--", "-odd", "--impl"], ["crc32", "portable", "-odd", "--impl"]),
    (["x", "--impl=portable", "-a", "BLAKE3"], ["blake3", "portable", "x"]),
])
def test_the_plain_forms_reach_the_engine(exec_args, argv, want):
    with pytest.raises(Exec) as got:
        main(["hash"] + argv)
    assert got.value.args[0][1:] == ["hash"] + want


@pytest.mark.parametrize("argv", [[], ["x"], ["-a"], ["-a", "md5", "--bogus", "x"], ["--impl", "portable"]])
def test_anything_else_is_the_parsers_one_line_refusal(exec_args, argv, capsys):
    with pytest.raises(SystemExit) as got:
        main(["hash"] + argv)
    assert got.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_help_still_comes_from_the_parser(exec_args, capsys):
    with pytest.raises(SystemExit) as got:
        main(["hash", "-a", "md5", "--help"])
    assert got.value.code == 0 and "default implementations on this machine" in capsys.readouterr().out
