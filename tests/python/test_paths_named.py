# SPDX-License-Identifier: MIT
"""Every repository path named in a document (*.md) or in a code comment exists:
a token like `src/engine/host/main.c` that starts with one of the repository's
top-level folders and ends in an extension.  A path relative to the file's own
folder counts too (the Rust backend's README naming its crate's files), and a
path whose folder is not one of ours names another project's file."""
import ast
import io
import re
import tokenize

from hashbench.paths import ROOT

SKIP_DIRS = {".git", ".venv", "build", "target", "__pycache__", ".pytest_cache", ".ruff_cache"}
TOP = sorted(p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in SKIP_DIRS and not p.name.endswith(".egg-info"))
TOKEN = re.compile(r"(?<![\w/.$*{<-])((?:%s)/[\w./-]*\.[A-Za-z]\w*)(?![\w*{<$/])" % "|".join(map(re.escape, TOP)))
# Files of other projects that comments cite, in those projects' own trees.
ELSEWHERE = {
    "src/algorithm.rs": "the crc-catalog crate",
    "src/tests.rs": "the siphasher crate",
    "tests/test_mmh3.py": "PyPI mmh3",
    "tests/test_xxh32.py": "PyPI xxhash",
}
C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
HASH_COMMENT = re.compile(r"(?:^|\s)#[^\n]*")


def python_comments(text: str) -> str:
    out = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append(ast.get_docstring(node, clean=False) or "")
    return "\n".join(out)


def commented_text(path) -> str | None:
    """The part of a file where a path is prose: a whole .md, a code file's comments."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".md":
        return text
    if path.suffix == ".py":
        return python_comments(text)
    if path.suffix in (".c", ".h", ".def", ".inc", ".rs", ".ld", ".s", ".S"):
        return "\n".join(C_COMMENT.findall(text))
    if path.suffix in (".sh", ".mk", ".toml", ".yml", ".yaml", ".cfg", ".tsv") or path.name == "Makefile":
        return "\n".join(HASH_COMMENT.findall(text))
    return None


def scanned_files():
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for p in sorted(folder.iterdir()):
            if p.is_dir():
                if p.name not in SKIP_DIRS and not p.name.endswith(".egg-info"):
                    stack.append(p)
            elif p.is_file():
                yield p


def test_every_named_path_exists():
    missing, scanned = [], 0
    for path in scanned_files():
        text = commented_text(path)
        if text is None:
            continue
        scanned += 1
        for m in TOKEN.finditer(text):
            name = m.group(1).rstrip(".")
            if name in ELSEWHERE or (ROOT / name).exists() or (path.parent / name).exists():
                continue
            if not (ROOT / name).parent.is_dir():   # another project's tree (tests/data/..., src/hash/...)
                continue
            missing.append(f"{path.relative_to(ROOT)} names {name}, which does not exist")
    assert scanned > 100, scanned
    assert not missing, "\n".join(sorted(set(missing)))


def test_the_check_sees_a_dangling_path(tmp_path):
    """The scanner finds a path in a comment and in a docstring, and not in code."""
    src = '"""See tests/python/test_nowhere.py."""\nx = "docs/nowhere.md"  # and hashbench/nowhere.py\n'
    f = tmp_path / "m.py"
    f.write_text(src)
    found = [m.group(1) for m in TOKEN.finditer(commented_text(f))]
    assert sorted(found) == ["hashbench/nowhere.py", "tests/python/test_nowhere.py"]
