# SPDX-License-Identifier: MIT
"""The host engine of one build configuration, in build/matrix/<folder>/.

The project's Makefile builds it (CC and OPT set, no library backends:
a matrix measures our code), so the engine is exactly the default one but
for the compiler and flags.  make rebuilds it when a source changes; the
stamp build.json (compiler, its version, flags) makes it rebuild when the
compiler changes under the same name (an upgrade)."""
import json
import shutil

from ..errors import BuildError
from ..paths import BUILD, ROOT
from . import cache
from .configs import BuildConfig, version

MATRIX = BUILD / "matrix"


def folder(cfg: BuildConfig):
    return MATRIX / cfg.folder


def engine(cfg: BuildConfig, log=lambda m: None, out=None, extra_vars=None):
    """Builds (or finds up to date) the engine of `cfg` -> (path, was it
    already built?).  BuildError with the compiler's telling line when it
    does not build.  `out`, `extra_vars`: another folder and more make
    variables (an engine with implementation folders in it:
    hashbench.userimpl.engine)."""
    if shutil.which("make") is None:
        raise BuildError("'make' is not installed: run scripts/setup.sh (or 'make setup')")
    out = out or folder(cfg)
    path = out / "hashbench-engine"
    stamp = out / "build.json"
    want = {"compiler": cfg.compiler, "version": version(cfg), "flags": list(cfg.flags)}
    fresh = stamp.exists() and json.loads(stamp.read_text() or "{}") == want
    cmd = ["make", "-s", "-C", str(ROOT), f"BUILD={cache.rel(out)}", f"CC={cfg.compiler}",
           f"OPT={cfg.flag_text}", "HB_NO_BACKENDS=1", f"{cache.rel(out)}/hashbench-engine"]
    cmd += [f"{k}={v}" for k, v in (extra_vars or {}).items()]
    if not fresh:
        cmd.insert(1, "-B")
    before = path.stat().st_mtime if path.exists() and fresh else None
    log(f"build {cfg.name}: make ({cfg.compiler} {cfg.flag_text})")
    with cache.file_lock(out):   # two processes making one folder would write the same objects at once
        proc = cache.run(cmd)
    if proc.returncode != 0 or not path.exists():
        text = (proc.stderr + proc.stdout).strip()
        raise BuildError(f"build {cfg.name}: the engine does not build: "
                         + (cache.why(text) if text else f"make wrote no {cache.rel(path)}"))
    out.mkdir(parents=True, exist_ok=True)
    stamp.write_text(json.dumps(want) + "\n")
    return path, before is not None and path.stat().st_mtime == before
