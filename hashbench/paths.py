# SPDX-License-Identifier: MIT
"""Where the project's files are: the one place that knows the layout.

In a clone the C sources, the target descriptions and the data sit beside
the package, and builds go to build/ there.  An installed hashbench (pip,
a wheel) carries the same files as package data, in hashbench/_tree/
(setup.py copies them there when the wheel is built).  Site-packages may be
read-only and the build commands name their files relative to one root, so
the first use copies that tree into the user's cache folder
($XDG_CACHE_HOME/hashbench, default ~/.cache/hashbench), one folder per
source digest, and builds go to build/ inside it: an upgrade starts a
fresh folder and never mixes two versions' objects."""
import functools
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
# What the engines' builds and the front end read besides the package, travelling as package data
# (setup.py, MANIFEST.in); the Makefile takes the version from pyproject.toml, an implementation
# folder is checked against the official test vectors, and web/ is `hashbench play`'s page
TREE_PARTS = ("Makefile", "pyproject.toml", "src", "backends", "targets", "data", "tests/vectors", "web")
# never part of the tree: build output that may sit inside it, and the npm packages `hashbench play`
# serves (installed beside the tree: scripts/setup.sh, web/package-lock.json)
_SKIP_DIRS = {"__pycache__", "target", "build", "node_modules"}
_SKIP_SUFFIXES = (".o", ".pyc")
PACKAGED_TREE = PACKAGE / "_tree"


def tree_files(root: Path) -> list:
    """The tree's files under `root`, relative, sorted: what is packaged and digested."""
    out = []
    for part in TREE_PARTS:
        p = root / part
        if p.is_file():
            out.append(part)
            continue
        for dirpath, dirnames, filenames in os.walk(p):
            dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS)
            rel = Path(dirpath).relative_to(root)
            out += [str(rel / f) for f in filenames if not f.endswith(_SKIP_SUFFIXES)]
    return sorted(out)


def _package_files() -> list:
    return sorted(str(p.relative_to(PACKAGE.parent)) for p in PACKAGE.rglob("*.py")
                  if "_tree" not in p.relative_to(PACKAGE).parts)


def digest_of(source: Path) -> str:
    """SHA-256 over the tree under `source` and the package's Python: two
    installations with the same digest build the same programs and read
    them the same way (a cluster's workers must agree on it)."""
    import hashlib  # here, not at the top: loading OpenSSL costs every command's start-up
    h = hashlib.sha256()
    for base, files in ((source, tree_files(source)), (PACKAGE.parent, _package_files())):
        for f in files:
            h.update(f.encode() + b"\0")
            h.update((base / f).read_bytes())
            h.update(b"\0")
    return h.hexdigest()


def is_clone() -> bool:
    """True when the package runs from a source checkout (its tree beside it)."""
    return (PACKAGE.parent / "Makefile").is_file() and (PACKAGE.parent / "src" / "engine").is_dir()


def cache_home() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "hashbench"


@functools.cache
def source_digest() -> str:
    return digest_of(PACKAGE.parent if is_clone() else PACKAGED_TREE)


def _unpacked_root() -> Path:
    """The packaged tree copied into the cache folder (once per digest):
    copied beside its final name and renamed, so a second process never
    sees half a tree."""
    if not PACKAGED_TREE.is_dir():
        sys.exit(f"hashbench: {PACKAGE} has neither a source tree beside it nor its packaged copy (_tree): "
                 "reinstall it")
    import shutil
    root = cache_home() / f"tree-{source_digest()[:16]}"
    if (root / "Makefile").is_file():
        return root
    root.parent.mkdir(parents=True, exist_ok=True)
    tmp = root.with_name(f"{root.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(PACKAGED_TREE, tmp)
    try:
        tmp.rename(root)
    except OSError:   # another process unpacked it first
        shutil.rmtree(tmp, ignore_errors=True)
    return root


ROOT = PACKAGE.parent if is_clone() else _unpacked_root()
BUILD = ROOT / "build"
DATA = ROOT / "data"
TARGETS_DIR = ROOT / "targets"
