# SPDX-License-Identifier: MIT
"""Implementation folders: the user's own C, verified, then measured beside
ours everywhere (docs/your-code.md).  manifest.py reads and checks a
folder's hashbench.toml; check.py verifies the code before anything is
timed; engine.py builds it into host engines as a backend;
hashbench.targets.Substitute carries it to the cross targets."""
import importlib

from .options import ENV, add_args

# read when first used (PEP 562), so that a command's parser can take add_args without them
_LAZY = {"check": None, "MANIFEST": "manifest", "UserImpl": "manifest", "folders": "manifest", "load": "manifest",
         "load_all": "manifest"}

__all__ = ["ENV", "MANIFEST", "UserImpl", "add_args", "folders", "load", "load_all", "prepare"]


def prepare(impl_dirs=None, log=lambda m: None) -> list:
    """The implementations of `impl_dirs` (a command's --impl-dir) and
    HASHBENCH_IMPLS, each verified (hashbench.userimpl.check) before
    anything is built for timing or stored: a failure is a UserError."""
    from . import check
    from .manifest import load_all
    impls = load_all(impl_dirs)
    check.verify_all(impls, log)
    return impls


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f".{_LAZY[name] or name}", __name__)
    return module if _LAZY[name] is None else getattr(module, name)

