# SPDX-License-Identifier: MIT
"""Implementation folders: the user's own C, verified, then measured beside
ours everywhere (docs/your-code.md).  manifest.py reads and checks a
folder's hashbench.toml; check.py verifies the code before anything is
timed; engine.py builds it into host engines as a backend;
hashbench.targets.Substitute carries it to the cross targets."""
from . import check
from .manifest import ENV, MANIFEST, UserImpl, add_args, folders, load, load_all

__all__ = ["ENV", "MANIFEST", "UserImpl", "add_args", "folders", "load", "load_all", "prepare", "default_selection"]


def prepare(args, log=lambda m: None) -> list:
    """The implementations a command's --impl-dir and HASHBENCH_IMPLS name,
    each verified (hashbench.userimpl.check) before anything is built for
    timing or stored: a failure is a UserError."""
    impls = load_all(getattr(args, "impl_dir", None))
    check.verify_all(impls, log)
    return impls


def default_selection(args, impls):
    """With implementation folders and no --impl (nor -a / --tier): ours
    beside theirs, on their algorithms."""
    if not impls:
        return
    if getattr(args, "impl", None) is None:
        args.impl = ["portable"] + [i.name for i in impls]
    if hasattr(args, "algo") and not args.algo and not getattr(args, "tier", None):
        args.algo = list(dict.fromkeys(i.algorithm for i in impls))
