# SPDX-License-Identifier: MIT
"""The exact meters on a real Dask cluster: a `dask scheduler` and two
`dask worker` processes on 127.0.0.1, random ports, started here and
stopped at the end (each also stops by itself: the scheduler when idle, the
workers when the scheduler is gone).  A cross run on them equals the run
here row by row, samples included, and so do sim runs (Callgrind) of run
and compare; a worker killed mid-job costs nothing; an unreachable or
vanished scheduler is one line and exit 2."""
import json
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hashbench.storage.store import Store

# a cluster's jobs are cross runs (the NES under sim65, the N64 under QEMU) and Callgrind runs
pytestmark = [pytest.mark.cluster, pytest.mark.toolchain, pytest.mark.emulator]
distributed = pytest.importorskip("distributed", reason="the cluster extra (make setup installs it)")

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
ENV = {k: v for k, v in os.environ.items() if k not in ("HASHBENCH_ENGINE", "HASHBENCH_DB", "HASHBENCH_CLUSTER")}
ENV.update(NO_COLOR="1", HB_FOUND_RUST="no")
CROSS = ["cross", "--target", "nes,n64", "-a", "md5,crc32"]


def start_scheduler(folder: Path):
    file = folder / "scheduler.json"
    proc = subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                             "--idle-timeout", "600", "--scheduler-file", str(file)], cwd=folder, env=ENV,
                            stdout=subprocess.DEVNULL, stderr=open(folder / "scheduler.log", "w"))
    for _ in range(300):
        if file.exists() and file.stat().st_size:
            try:
                return proc, json.loads(file.read_text())["address"]
            except ValueError:
                pass
        time.sleep(0.1)
    proc.kill()
    pytest.fail("the Dask scheduler did not start: " + (folder / "scheduler.log").read_text()[-500:])


def start_worker(folder: Path, address: str, name: str):
    # no nanny: the worker is the process a test kills; --death-timeout: gone with its scheduler
    return subprocess.Popen([str(BIN / "dask"), "worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                             "--no-nanny", "--no-dashboard", "--death-timeout", "30", "--name", name],
                            cwd=folder, env=ENV, stdout=subprocess.DEVNULL, stderr=open(folder / f"{name}.log", "w"))


def stop(*procs):
    """In the order given (the workers before their scheduler, which they would wait for when it went
    first): SIGTERM, a few seconds to close, then SIGKILL (a test's cluster, nothing to keep)."""
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dask")
    sched, address = start_scheduler(folder)
    workers = [start_worker(folder, address, f"w{i}") for i in (1, 2)]
    client = distributed.Client(address, timeout="30s")
    try:
        client.wait_for_workers(2, timeout=120)
        yield {"address": address, "client": client, "workers": workers, "folder": folder}
    finally:
        client.close()
        stop(*workers, sched)


def hb(*args, db=None, **kw):
    env = dict(ENV, HASHBENCH_DB=str(db)) if db else ENV
    # SIGINT at its default in the child: a pytest-xdist worker ignores it, and an ignored SIGINT is
    # inherited (the Ctrl-C tests would see the run go on to its end)
    return subprocess.Popen([sys.executable, "-m", "hashbench", *map(str, args)] + ([] if db else ["--no-save"]),
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kw)


def finished(proc, timeout=300):
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


def results(path):
    return json.loads(Path(path).read_text())["results"]


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("local") / "local.json"
    rc, table, err = finished(hb(*CROSS, "-o", out))
    assert rc == 0, err
    return table, results(out)


def test_cross_on_the_cluster_equals_the_local_run(cluster, local_run, tmp_path):
    rc, table, err = finished(hb(*CROSS, "-o", tmp_path / "c.json", "--cluster", cluster["address"]))
    assert rc == 0, err
    assert table == local_run[0]
    assert results(tmp_path / "c.json") == local_run[1]   # row by row, samples and digests too
    assert len(local_run[1]) == 2 * 2 * 2 * 3 + 2 * 3   # and the NES's 6502 CRC-32 and MD5 at each size


def test_matrix_and_size_probes_on_the_cluster_equal_the_local_ones(cluster, tmp_path):
    matrix = ["matrix", "--target", "n64", "--flags=-O2,-Os", "-a", "crc32,md5", "-o"]
    rc, table, err = finished(hb(*matrix, tmp_path / "here.json"))
    assert rc == 0, err
    rc, there, err = finished(hb(*matrix, tmp_path / "there.json", "--cluster", cluster["address"]))
    assert rc == 0, err
    assert there == table and results(tmp_path / "there.json") == results(tmp_path / "here.json")
    assert all(r["code_bytes"] > 0 for r in results(tmp_path / "here.json"))

    size = [sys.executable, "-m", "hashbench", "size", "--target", "n64", "--flags=-O2,-Os", "-a", "crc32,md5",
            "--json"]
    here = subprocess.run(size, cwd=ROOT, env=ENV, capture_output=True, text=True)
    there = subprocess.run(size + ["--cluster", cluster["address"]], cwd=ROOT, env=ENV, capture_output=True, text=True)
    assert here.returncode == there.returncode == 0, there.stderr
    assert there.stdout == here.stdout and len(here.stdout.splitlines()) == 2 * 2 * 2


needs_valgrind = pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")


@needs_valgrind
@pytest.mark.parametrize("command", [["run", "--meter", "est-cycles", "-a", "crc32,md5,xxh64", "--size", "64,1m"],
                                     ["compare", "crc32", "--meter", "est-cycles", "--impl", "portable,compact,zlib"]])
def test_sim_on_the_cluster_equals_the_local_run(cluster, tmp_path, command):
    rc, table, err = finished(hb(*command, "-o", tmp_path / "here.json"))
    assert rc == 0, err
    rc, there, err = finished(hb(*command, "-o", tmp_path / "there.json", "--cluster", cluster["address"]))
    assert rc == 0, err
    # run: all three at 64 B in one job, each alone at 1 MiB (hashbench.targets.host_sim.jobs_of)
    jobs = 4 if command[0] == "run" else 1
    assert f"{jobs} job(s) sent to {cluster['address']}, 2 worker(s) fit for them" in err
    here, there = results(tmp_path / "here.json"), results(tmp_path / "there.json")
    assert there == here   # row by row, in the same order: every count of every region
    assert len(here) == (3 * 2 if command[0] == "run" else 3) and all(r["verified"] for r in here)
    context = json.loads((tmp_path / "there.json").read_text())["context"]
    assert context["executor"] == cluster["address"] and context["workers"] == [platform.node()]


def interrupt_when(proc, said) -> str:
    """Sends SIGINT (Ctrl-C) once a line of proc's stderr is `said`; its whole stderr when it has ended."""
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if said(line):
            proc.send_signal(signal.SIGINT)
            break
    _, err = proc.communicate(timeout=180)
    return "".join(lines) + err


@needs_valgrind
def test_ctrl_c_keeps_the_sim_jobs_that_finished(cluster, tmp_path):
    db = tmp_path / "sim-ctrl-c.sqlite"
    proc = hb("run", "--meter", "est-cycles", "-a", "crc32,md5,xxh64,fnv1a32", "--size", "1m", "--cluster", cluster["address"],
              db=db)   # a job per algorithm
    err = interrupt_when(proc, lambda line: "result(s) counted on " in line)
    assert proc.returncode == 130, err
    run = Store(db).load("last")
    assert run.status == "interrupted"
    done = {r.algorithm for r in run.results}
    assert done and len(run.results) == len(done), err
    assert all(r.verified and r.per_call > 0 for r in run.results)


def test_a_timed_run_refuses_the_cluster_in_one_line(cluster):
    for command in (["run", "-a", "crc32"], ["compare", "crc32", "--meter", "core-cycles"]):
        rc, out, err = finished(hb(*command, "--cluster", cluster["address"]))
        assert rc == 2 and out == "", err
        assert err.strip().splitlines() == [f"hashbench: --cluster runs the jobs of --meter est-cycles; --meter "
                                            f"{'ns' if command[0] == 'run' else 'core-cycles'} times this machine "
                                            "(every machine of a cluster: hashbench fleet --cluster ...)"]


def test_a_worker_killed_mid_job_costs_nothing(cluster, local_run, tmp_path):
    client = cluster["client"]
    pids = client.run(os.getpid)
    db = tmp_path / "kill.sqlite"
    # --check-repeat: each job runs its programs twice, long enough to be caught running
    proc = hb(*CROSS, "--check-repeat", "-o", tmp_path / "k.json", "--cluster", cluster["address"], db=db)
    killed = None
    deadline = time.monotonic() + 120
    while killed is None and time.monotonic() < deadline and proc.poll() is None:
        for worker, keys in client.processing().items():
            if any(str(k).startswith("hashbench-") for k in keys):
                os.kill(pids[worker], signal.SIGKILL)
                killed = worker
                break
        time.sleep(0.02)
    assert killed, "no job was seen running"
    rc, _, err = finished(proc)
    assert rc == 0, err
    got = results(tmp_path / "k.json")
    figures = lambda rows: [(r["target"], r["algorithm"], r["implementation"], r["size"], r["digest"], r["verified"],
                             r["per_call"]) for r in rows]
    assert figures(got) == figures(local_run[1])   # every row once (--check-repeat: twice the samples)
    stored = subprocess.run([sys.executable, "-m", "hashbench", "show", "last", "--db", str(db)], cwd=ROOT, env=ENV,
                            capture_output=True, text=True)
    assert stored.returncode == 0 and "complete" in stored.stdout + stored.stderr
    cluster["workers"].append(start_worker(cluster["folder"], cluster["address"], "w3"))
    client.wait_for_workers(2, timeout=120)   # two again, for the tests after this one


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_one_line_and_exit_2():
    rc, out, err = finished(hb("cross", "--target", "nes", "-a", "crc8", "--cluster", f"tcp://127.0.0.1:{free_port()}"))
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("hashbench: cannot reach the Dask scheduler at tcp://127.0.0.1:")


def test_a_scheduler_gone_mid_run_keeps_what_finished(tmp_path):
    sched, address = start_scheduler(tmp_path)
    worker = start_worker(tmp_path, address, "lone")
    db = tmp_path / "gone.sqlite"
    try:
        client = distributed.Client(address, timeout="30s")
        client.wait_for_workers(1, timeout=120)
        client.close()
        # nes first, then n64 (one worker, one thread: one after the other); the scheduler dies after nes
        proc = hb("cross", "--target", "nes,n64", "-a", "md5,crc32", "--check-repeat", "--cluster", address, db=db)
        lines = []
        for line in proc.stderr:
            lines.append(line)
            if line.startswith(("nes: ", "n64: ")) and "digests match" in line:
                sched.send_signal(signal.SIGKILL)
                break
        rest, err = proc.communicate(timeout=180)
        err = "".join(lines) + err
    finally:
        stop(worker, sched)
    assert proc.returncode == 2, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("hashbench: lost the Dask scheduler at " + address), err
    stored = subprocess.run([sys.executable, "-m", "hashbench", "show", "last", "--db", str(db)], cwd=ROOT, env=ENV,
                            capture_output=True, text=True)
    assert stored.returncode == 0, stored.stderr
    assert sum(line.startswith(("CRC32", "MD5")) for line in stored.stdout.splitlines()) >= 4, stored.stdout


def test_fleet_times_each_machine_once_and_stores_its_context(cluster, tmp_path):
    db = tmp_path / "fleet.sqlite"
    rc, out, err = finished(hb("fleet", "--cluster", cluster["address"], "--", "-a", "crc32", "--budget", "30",
                               "--processes", "2", db=db))
    assert rc == 0, err
    # both workers run on this machine: one machine, one timed run
    assert f"1 machine(s): {platform.node()}" in err
    assert out.startswith("1 machine(s) stored as runs 1;"), out
    run = Store(db).load("last")
    assert run.kind == "host" and run.context["hostname"] == platform.node()
    assert run.context["cpu"] and run.context["compiler"]
    assert [(r.algorithm, r.verified) for r in run.results] == [("crc32", True)]


def test_fleet_refuses_the_fleets_own_options(cluster):
    rc, out, err = finished(hb("fleet", "--cluster", cluster["address"], "--", "-a", "crc32", "-o", "x.json"))
    assert rc == 2 and err.strip() == "hashbench: fleet: -o is the fleet's, not each machine's (the runs are stored here)"


def test_no_worker_with_the_tool_is_one_line_naming_it(tmp_path):
    sched, address = start_scheduler(tmp_path)
    bare = tmp_path / "bare-path"
    bare.mkdir()
    # a real worker on a machine without cc65: its PATH holds none of the target's tools
    worker = subprocess.Popen([str(BIN / "dask"), "worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                               "--no-nanny", "--no-dashboard", "--death-timeout", "30"], cwd=tmp_path,
                              env=dict(ENV, PATH=str(bare)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = tmp_path / "none.sqlite"
    try:
        client = distributed.Client(address, timeout="30s")
        client.wait_for_workers(1, timeout=120)
        client.close()
        rc, out, err = finished(hb("cross", "--target", "nes", "-a", "crc8", "--cluster", address, db=db))
        sim = finished(hb("run", "--meter", "est-cycles", "-a", "crc32", "--cluster", address, db=db))
    finally:
        stop(worker, sched)
    assert rc == 2 and out == ""
    assert err.strip() == f"hashbench: no worker of {address} has ar65, cl65, sim65 (target nes needs it)"
    assert sim[0] == 2 and sim[1] == "", sim[2]
    assert sim[2].strip() == f"hashbench: no worker of {address} has valgrind (target host-sim needs it)"
    assert not db.exists() or Store(db).runs() == []   # nothing stored: it stopped before it started


def test_ctrl_c_keeps_the_targets_that_finished(cluster, tmp_path):
    db = tmp_path / "ctrl-c.sqlite"
    proc = hb("cross", "--target", "nes,n64,nds", "-a", "md5,crc32", "--check-repeat", "--cluster",
              cluster["address"], db=db)
    err = interrupt_when(proc, lambda line: "digests match" in line and not line.startswith("["))
    assert proc.returncode == 130, err
    run = Store(db).load("last")
    assert run.status == "interrupted"
    done = {r.target for r in run.results}
    assert done and all(len([r for r in run.results if r.target == t]) == 12 for t in done), err


def test_a_job_whose_only_worker_died_goes_to_the_one_that_joined(local_run, tmp_path):
    sched, address = start_scheduler(tmp_path)
    workers = [start_worker(tmp_path, address, "only")]
    try:
        client = distributed.Client(address, timeout="30s")
        client.wait_for_workers(1, timeout=120)
        pid = next(iter(client.run(os.getpid).values()))
        proc = hb(*CROSS, "--check-repeat", "-o", tmp_path / "j.json", "--cluster", address)
        deadline = time.monotonic() + 120
        running = lambda: any(str(k).startswith("hashbench-") for keys in client.processing().values() for k in keys)
        while time.monotonic() < deadline and proc.poll() is None and not running():
            time.sleep(0.02)
        os.kill(pid, signal.SIGKILL)
        workers.append(start_worker(tmp_path, address, "joined"))
        rc, _, err = finished(proc)
        client.close()
    finally:
        stop(*workers, sched)
    assert rc == 0, err
    assert "its workers left; sent again" in err
    figures = lambda rows: [(r["target"], r["algorithm"], r["implementation"], r["size"], r["per_call"]) for r in rows]
    assert figures(results(tmp_path / "j.json")) == figures(local_run[1])
