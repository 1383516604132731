# SPDX-License-Identifier: MIT
"""hashbench: a cross-platform benchmark suite for hash algorithms."""
from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("hashbench")   # pyproject.toml's, as installed
except PackageNotFoundError:             # a source tree that is not installed
    import tomllib

    from .paths import ROOT
    __version__ = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
