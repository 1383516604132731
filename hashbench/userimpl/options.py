# SPDX-License-Identifier: MIT
"""The option every command that runs code takes for implementation folders,
and the variable that names them too: light, so that a command's parser can
offer --impl-dir without reading any manifest (hashbench hash starts fast)."""

ENV = "HASHBENCH_IMPLS"


def add_args(p, then="measured beside ours"):
    """--impl-dir, for every command that measures or runs code (`then`:
    what the command does with it once verified)."""
    p.add_argument("--impl-dir", action="append", metavar="DIR",
                   help="an implementation folder: your C and its hashbench.toml (docs/your-code.md), "
                        f"verified, then {then}; repeatable; also ${ENV} (DIR:DIR...)")


def named(impl_dirs, environ) -> bool:
    """Whether the command line (`impl_dirs`: its --impl-dir) or the environment names any folder."""
    return bool(impl_dirs) or bool((environ.get(ENV) or "").strip(": "))
