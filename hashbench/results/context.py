# SPDX-License-Identifier: MIT
"""What a result needs to be comparable later: the machine and the build."""
import datetime
import os
import platform
import subprocess

from .. import __version__
from ..paths import ROOT, is_clone, source_digest


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(("model name", "Processor", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def project_commit() -> str:
    """The clone's commit (-dirty with changes); an installed hashbench: its source digest."""
    if not is_clone():
        return "source-" + source_digest()[:12]
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
                             capture_output=True, text=True, timeout=5)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=5)
        if out.returncode == 0:
            return out.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        pass
    return "unknown"


def host_context(engine_rec=None, timer_rec=None, backends=None) -> dict:
    ctx = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "hashbench_version": __version__,
        "commit": project_commit(),
        "hostname": platform.node(),  # with cpu and kernel: which machine (the report's machine table)
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "machine": platform.machine(),
        "os": platform.system(),
        "kernel": platform.release(),
        "platform": platform.platform(),
        "python": platform.python_version(),
    }
    if engine_rec:
        ctx["compiler"] = engine_rec.get("compiler")
        ctx["cflags"] = engine_rec.get("cflags")
        ctx["endian"] = engine_rec.get("endian")
        ctx["engine_version"] = engine_rec.get("version")
    if timer_rec:
        ctx["timer"] = {k: timer_rec.get(k) for k in ("name", "unit", "hz", "hz_source", "is_cycles", "description")}
    if backends:
        ctx["libraries"] = {b["name"]: b.get("version") for b in backends if b.get("available")}
    return ctx
