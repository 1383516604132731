# SPDX-License-Identifier: MIT
"""The wheel carries the C sources, target descriptions and data the engines
are built from (hashbench.paths.TREE_PARTS) as package data, in
hashbench/_tree/: copied there when the wheel is built, so that a clone
keeps one copy of them, at the root.  The sdist carries them at its root
(MANIFEST.in).  Everything else is in pyproject.toml."""
import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _paths():
    # hashbench.paths alone, read from its file: the package's dependencies need not be installed here
    spec = importlib.util.spec_from_file_location("_hashbench_paths", HERE / "hashbench" / "paths.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class BuildWithTree(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):   # an editable install runs from the clone itself
            return
        paths = _paths()
        dest = Path(self.build_lib) / "hashbench" / "_tree"
        shutil.rmtree(dest, ignore_errors=True)
        for rel in paths.tree_files(HERE):
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(HERE / rel, dest / rel)


setup(cmdclass={"build_py": BuildWithTree})
