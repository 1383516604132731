# SPDX-License-Identifier: MIT
"""A throw-away PostgreSQL server for the store's tests: Debian's
`postgresql` binaries, initdb into a temporary folder, pg_ctl with its
socket in that folder and a free port on 127.0.0.1, stopped and removed at
the end.  As root (CI) the server runs as the `postgres` user, since
PostgreSQL refuses root.  Where no server can start, the tests that need one
skip with the reason."""
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time

import pytest


def binary(name):
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return found[0] if found else shutil.which(name)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self):
        self.initdb, self.pg_ctl = binary("initdb"), binary("pg_ctl")
        if not self.initdb or not self.pg_ctl:
            raise RuntimeError("PostgreSQL is not installed (Debian package postgresql; scripts/setup.sh installs it)")
        self.dir = tempfile.mkdtemp(prefix="hb-pg-")
        self.prefix = []
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError as exc:
                raise RuntimeError("running as root and there is no 'postgres' user to run the server as") from exc
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.data = os.path.join(self.dir, "data")

    def run(self, *cmd):
        proc = subprocess.run(self.prefix + list(cmd), capture_output=True, text=True, timeout=120)
        if proc.returncode:
            raise RuntimeError(f"{os.path.basename(cmd[0])} failed: {(proc.stderr or proc.stdout).strip()[-500:]}")

    def start(self):
        self.run(self.initdb, "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.resume()

    def resume(self):
        """Starts the server on its data folder (again, after halt)."""
        opts = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off"
        self.run(self.pg_ctl, "-D", self.data, "-l", os.path.join(self.dir, "log"), "-o", opts, "-w", "-t", "60",
                 "start")
        self.started = True

    def halt(self):
        """Stops the server at once, as a crash would, keeping its data folder."""
        self.run(self.pg_ctl, "-D", self.data, "-m", "immediate", "-w", "stop")
        self.started = False

    def url(self, db="postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    def create_database(self, name) -> str:
        import psycopg
        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self):
        if getattr(self, "started", False):
            subprocess.run(self.prefix + [self.pg_ctl, "-D", self.data, "-m", "immediate", "-w", "stop"],
                           capture_output=True, timeout=60)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server():
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (make setup installs it)")
    server = None
    try:
        server = Server()
        server.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        if server:
            server.stop()
        pytest.skip(f"no PostgreSQL server could start here: {exc}")
    yield server
    server.stop()


_count = iter(range(1, 1 << 30))


@pytest.fixture
def pg_url(pg_server):
    """A new, empty database on the session's server."""
    return pg_server.create_database(f"hb_test_{next(_count)}_{int(time.time())}")
