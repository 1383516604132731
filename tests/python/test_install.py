# SPDX-License-Identifier: MIT
"""hashbench installed outside the source tree: the sdist built by
`python -m build`, its wheel installed into a fresh venv in a temporary
folder, run from another temporary folder.  The engines build on first use
in the user's cache folder, from the tree the wheel carries.  No network:
the build runs without isolation and the new venv borrows the test venv's
dependencies (a .pth file), installing hashbench alone."""
import os
import subprocess
import sys
import sysconfig

import pytest

from hashbench import paths

ROOT = paths.PACKAGE.parent
# the installed package builds its engines on first use, and runs cross runs (the NES under sim65, the N64 under QEMU)
pytestmark = [pytest.mark.install, pytest.mark.toolchain, pytest.mark.emulator]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("install")
    dist = tmp / "dist"
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "-o", str(dist), str(ROOT)], check=True,
                   capture_output=True, text=True, timeout=300)
    sdist, = dist.glob("hashbench-*.tar.gz")   # the wheel is built from the sdist: both carry the tree
    wheel, = dist.glob("hashbench-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True, text=True, timeout=300)
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    with open(os.path.join(site, "hashbench-test-deps.pth"), "w") as fh:
        fh.write(sysconfig.get_paths()["purelib"] + "\n")
    cwd = tmp / "elsewhere"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("HASHBENCH_ENGINE", "HASHBENCH_DB", "PYTHONPATH")}
    env.update(XDG_CACHE_HOME=str(tmp / "cache"), XDG_DATA_HOME=str(tmp / "data"), HB_FOUND_RUST="no",
               NO_COLOR="1")

    def hb(*args):
        return subprocess.run([str(venv / "bin" / "hashbench"), *args], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=600)
    return {"sdist": sdist, "py": py, "tmp": tmp, "hb": hb, "env": env, "cwd": cwd}


def test_installed_package_is_not_the_clone(installed):
    where = subprocess.run([str(installed["py"]), "-c", "import hashbench.paths as p; print(p.PACKAGE); "
                            "print(p.ROOT); print(p.is_clone()); print(p.source_digest())"],
                           cwd=installed["cwd"], env=installed["env"], capture_output=True, text=True, check=True)
    package, root, clone, digest = where.stdout.split()
    assert not package.startswith(str(ROOT)) and clone == "False"
    assert root.startswith(str(installed["tmp"] / "cache" / "hashbench" / "tree-"))
    assert digest == paths.source_digest(), "the installed tree differs from the clone's"


def test_run_and_cross_from_the_installed_package(installed):
    proc = installed["hb"]("run", "-a", "crc32", "--budget", "50")
    assert proc.returncode == 0, proc.stderr
    assert "building the engine in " + str(installed["tmp"] / "cache" / "hashbench") in proc.stderr
    crc32 = [line.split() for line in proc.stdout.splitlines() if line.split()[1:2] == ["CRC32"]]
    assert crc32 and crc32[0][-4:] == ["7C", "32", "1B", "5D"], proc.stdout   # the reference digest's first bytes
    assert (installed["tmp"] / "data" / "hashbench" / "results.sqlite").exists()

    proc = installed["hb"]("cross", "--target", "nes", "-a", "crc8", "--size", "64")
    assert proc.returncode == 0, proc.stderr
    assert "nes: built, 3/3 digests match" in proc.stderr
    assert [line.split()[:2] for line in proc.stdout.splitlines() if line.startswith("CRC8")][:2] == \
        [["CRC8", "portable"], ["CRC8", "compact"]]


@pytest.mark.cluster
def test_a_build_made_on_one_worker_is_reused_on_another(installed, tmp_path):
    """Two workers of the installed hashbench, each with a cache folder of
    its own (two machines' worth of build trees): the target built on the
    first is not built again on the second, which gets the first's build
    with its job."""
    pytest.importorskip("distributed")
    from test_cluster import start_scheduler, stop  # the same real scheduler, its processes stopped here

    sched, address = start_scheduler(tmp_path)
    dask = [str(installed["py"]), "-c", "from dask.cli import run_cli; run_cli()", "worker", address, "--host",
            "127.0.0.1", "--nthreads", "1", "--no-nanny", "--no-dashboard", "--death-timeout", "30"]
    procs = [sched]

    def worker(name):
        env = dict(installed["env"], XDG_CACHE_HOME=str(tmp_path / name))
        procs.append(subprocess.Popen(dask + ["--name", name], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
        return procs[-1]

    try:
        import distributed
        client = distributed.Client(address, timeout="30s")
        first = worker("first")
        client.wait_for_workers(1, timeout=120)
        cross = ["cross", "--target", "n64", "-a", "crc32", "--size", "64", "--no-save", "--cluster", address]
        one = installed["hb"](*cross)
        assert one.returncode == 0, one.stderr
        assert "building build/cross/n64/hb-cross.elf" in one.stderr and "n64: built, 2/2" in one.stderr
        stop(first)
        worker("second")
        client.wait_for_workers(1, timeout=120)
        two = installed["hb"](*cross)
        client.close()
    finally:
        stop(*reversed(procs))
    assert two.returncode == 0, two.stderr
    assert "n64: cached build, 2/2 digests match" in two.stderr, two.stderr
    assert "hb-cross.elf" not in two.stderr
    assert two.stdout == one.stdout
