# SPDX-License-Identifier: MIT
"""The README keeps its promises: its two opening commands, and a layout
section that matches the tree (every path it names exists, every top-level
folder of the project is named)."""
import re
import subprocess

from hashbench.paths import ROOT

README = (ROOT / "README.md").read_text()


def layout_paths():
    block = README.split("## Layout", 1)[1].split("```", 2)[1]
    paths, stack = [], []  # stack of (indent, path)
    for line in block.splitlines():
        m = re.match(r"^( *)(\S+)", line)
        if not m or not re.fullmatch(r"[\w./-]+", m.group(2)) or not ("/" in m.group(2) or m.group(2).endswith(".py")):
            continue
        indent, name = len(m.group(1)), m.group(2)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = (stack[-1][1] if stack else "") + name
        paths.append(path)
        if name.endswith("/"):
            stack.append((indent, path))
    return paths


def test_readme_opens_with_the_two_commands():
    head = README.split("```", 2)[1]
    assert "make bench" in head and "make test" in head


def test_every_path_of_the_layout_exists():
    paths = layout_paths()
    assert len(paths) > 20
    for p in paths:
        assert (ROOT / p).exists(), f"README layout names {p}, which is not in the tree"


def test_every_top_level_folder_is_in_the_layout():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if not tracked:  # not a git checkout (an sdist): nothing to compare
        return
    top = {p.split("/")[0] + "/" for p in tracked if "/" in p and not p.startswith(".")}
    named = {p.split("/")[0] + "/" for p in layout_paths()}
    assert top - named == set(), f"folders missing from the README layout: {sorted(top - named)}"
