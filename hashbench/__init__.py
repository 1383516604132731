# SPDX-License-Identifier: MIT
"""hashbench: a cross-platform benchmark suite for hash algorithms."""


def __getattr__(name):
    # __version__ is pyproject.toml's, from the package metadata, read when first asked (a quick start)
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version
    try:
        value = version("hashbench")
    except PackageNotFoundError:   # a source tree that is not installed
        import tomllib

        from .paths import ROOT
        value = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    globals()["__version__"] = value
    return value
