# SPDX-License-Identifier: MIT
"""Where the project's files are: the one place that knows the layout."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
DATA = ROOT / "data"
TARGETS_DIR = ROOT / "targets"
