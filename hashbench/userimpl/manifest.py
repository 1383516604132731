# SPDX-License-Identifier: MIT
"""Implementation folders: the user's own C, measured beside ours.

A folder holds C sources and a `hashbench.toml` (docs/your-code.md):

    [implementation]
    name = "myfnv"            # the implementation id, beside portable, openssl, ...
    algorithm = "fnv1a32"     # an id of the roster
    function = "my_fnv1a32"   # void my_fnv1a32(uint8_t *out, const uint8_t *in, size_t len)
    sources = ["fnv.c"]       # relative to the folder
    cflags = []               # optional, added to the build's flags
    needs_u64 = false         # optional: true where the code needs uint64_t

Folders come from `--impl-dir DIR` (repeatable) and HASHBENCH_IMPLS (paths
separated by colons).  This module reads and checks the manifests."""
import hashlib
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .. import roster
from ..errors import UserError
from ..targets import Substitute
from .options import ENV

MANIFEST = "hashbench.toml"
C_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
IMPL_NAME = re.compile(r"[a-z0-9][a-z0-9_.+-]*")
RESERVED = set(roster.OURS) | {"all"}
KEYS = {"name": str, "algorithm": str, "function": str, "sources": list, "cflags": list, "needs_u64": bool}
REQUIRED = ("name", "algorithm", "function", "sources")


@dataclass(frozen=True)
class UserImpl:
    """One implementation folder, read and checked."""
    name: str
    algorithm: str
    function: str
    sources: tuple      # absolute paths, inside `folder`
    cflags: tuple
    needs_u64: bool
    folder: Path

    def files(self) -> list:
        """Every file its builds read: the manifest, the sources and the folder's headers."""
        return [self.folder / MANIFEST] + list(self.sources) + sorted(self.folder.glob("*.h"))

    def digest(self) -> str:
        """A SHA-256 of everything it is built from: folder keys and versions."""
        h = hashlib.sha256()
        for f in self.files():
            h.update(f.name.encode() + b"\0" + f.read_bytes())
        return h.hexdigest()

    def version(self) -> str:
        """What results name as its version: the folder and its content."""
        return f"{self.folder.name}@{self.digest()[:10]}"

    def include_flags(self) -> list:
        return ["-I" + str(self.folder)]

    def substitute(self) -> Substitute:
        """The same code for the cross targets, in place of our portable one-shot."""
        return Substitute(name=self.name, functions={self.algorithm: self.function}, sources=self.sources,
                          includes=(self.folder,), needs_u64=self.needs_u64)


def _fail(folder, what):
    raise UserError(f"{folder / MANIFEST}: {what}")


def load(folder) -> UserImpl:
    """The implementation of one folder: UserError, one line, when its
    manifest is missing, malformed or incomplete, names a source that is
    not there, an algorithm the roster lacks or a function that is not a C
    identifier."""
    folder = Path(folder).expanduser().resolve()
    if not folder.is_dir():
        raise UserError(f"--impl-dir {folder}: not a folder")
    path = folder / MANIFEST
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"{folder}: no {MANIFEST} (an implementation folder describes its code there: "
                        "see docs/your-code.md)") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        _fail(folder, f"not readable TOML ({exc})")
    extra = set(data) - {"implementation"}
    if extra or not isinstance(data.get("implementation"), dict):
        _fail(folder, "must hold one table, [implementation]" + (f" (unknown: {', '.join(sorted(extra))})"
                                                                  if extra else ""))
    table = data["implementation"]
    unknown = set(table) - set(KEYS)
    if unknown:
        _fail(folder, f"unknown keys {', '.join(sorted(unknown))} (keys: {', '.join(KEYS)})")
    lacking = [k for k in REQUIRED if k not in table]
    if lacking:
        _fail(folder, f"missing {', '.join(lacking)} in [implementation]")
    for key, kind in KEYS.items():
        if key in table and not isinstance(table[key], kind):
            _fail(folder, f"{key} must be a {dict(str='string', list='list', bool='boolean')[kind.__name__]}")
    name, algo, function = table["name"], table["algorithm"], table["function"]
    if not IMPL_NAME.fullmatch(name) or name in RESERVED:
        _fail(folder, f"name {name!r}: lower-case letters, digits, '_', '-', '.', '+', not "
                      + ", ".join(sorted(RESERVED)))
    if algo not in roster.ids():
        _fail(folder, f"unknown algorithm {algo!r} (see 'hashbench list')")
    if not C_IDENTIFIER.fullmatch(function):
        _fail(folder, f"function {function!r} is not a C identifier")
    if function.startswith(("hb_", "HB_")):
        _fail(folder, f"function {function!r}: the hb_ prefix is hashbench's own (its symbols would clash)")
    sources = table["sources"]
    if not sources or not all(isinstance(s, str) and s for s in sources):
        _fail(folder, "sources must be a non-empty list of file names")
    files = []
    for s in sources:
        f = (folder / s).resolve()
        if not f.is_relative_to(folder):
            _fail(folder, f"source {s!r} is outside the folder")
        if not f.is_file():
            _fail(folder, f"source {s!r} is not there")
        if f.suffix != ".c":
            _fail(folder, f"source {s!r}: a C file (.c) is compiled, headers are found beside it")
        files.append(f)
    cflags = table.get("cflags", [])
    if not all(isinstance(c, str) and c for c in cflags):
        _fail(folder, "cflags must be a list of strings")
    return UserImpl(name, algo, function, tuple(files), tuple(cflags), table.get("needs_u64", False), folder)


def folders(impl_dirs=None, environ=None) -> list:
    """The folders named by --impl-dir (repeatable) and HASHBENCH_IMPLS
    (colon-separated), in that order, each once."""
    environ = os.environ if environ is None else environ
    names = [d for d in (environ.get(ENV) or "").split(":") if d.strip()] + list(impl_dirs or [])
    out = []
    for d in names:
        p = Path(d).expanduser().resolve()
        if p not in out:
            out.append(p)
    return out


def load_all(impl_dirs=None, environ=None) -> list:
    """Every implementation named by --impl-dir and HASHBENCH_IMPLS; two
    with one name are an error."""
    impls = [load(f) for f in folders(impl_dirs, environ)]
    seen = {}
    for i in impls:
        if i.name in seen:
            raise UserError(f"two implementation folders are named {i.name!r}: {seen[i.name]} and {i.folder}")
        seen[i.name] = i.folder
    return impls
