# SPDX-License-Identifier: MIT
"""Implementation folders: the user's own C, verified, then measured beside
ours everywhere (docs/your-code.md).  manifest.py reads and checks a
folder's hashbench.toml; check.py verifies the code before anything is
timed; engine.py builds it into host engines as a backend;
hashbench.targets.Substitute carries it to the cross targets."""
from . import check
from .manifest import ENV, MANIFEST, UserImpl, add_args, folders, load, load_all

__all__ = ["ENV", "MANIFEST", "UserImpl", "add_args", "folders", "load", "load_all", "prepare"]


def prepare(impl_dirs=None, log=lambda m: None) -> list:
    """The implementations of `impl_dirs` (a command's --impl-dir) and
    HASHBENCH_IMPLS, each verified (hashbench.userimpl.check) before
    anything is built for timing or stored: a failure is a UserError."""
    impls = load_all(impl_dirs)
    check.verify_all(impls, log)
    return impls

