# SPDX-License-Identifier: MIT
"""The front end's shape stays what docs/ and the README say: no import
cycle inside hashbench/, no private name taken from another module, no
module much over 400 lines, and the commands only wired by cli.py."""
import ast

from hashbench.paths import ROOT

PKG = ROOT / "hashbench"
MAX_LINES = 450


def modules():
    out = {}
    for p in sorted(PKG.rglob("*.py")):
        rel = p.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def imports(name, path):
    """(module imported, names taken) for every import inside hashbench."""
    tree = ast.parse(path.read_text())
    pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("hashbench"):
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in MODS else target, alias.name))
        elif isinstance(node, ast.Import):
            found += [(a.name, None) for a in node.names if a.name.startswith("hashbench")]
    return found


MODS = modules()


def test_no_module_is_much_over_400_lines():
    long = {n: len(p.read_text().splitlines()) for n, p in MODS.items() if len(p.read_text().splitlines()) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_private_name_crosses_a_module():
    bad = [(n, t, what) for n, p in MODS.items() for t, what in imports(n, p)
           if what and what.startswith("_") and not what.startswith("__")]
    assert not bad, bad


def test_no_import_cycle():
    graph = {n: {t for t, _ in imports(n, p) if t in MODS and t != n} for n, p in MODS.items()}
    # a package's __init__ importing its own submodules is how a package exposes them, not a cycle
    for n in graph:
        graph[n] = {t for t in graph[n] if not (MODS[n].name == "__init__.py" and t.startswith(n + "."))}
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(m):] + [m]))
            if m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)


def test_cli_only_wires_commands():
    text = (PKG / "cli.py").read_text()
    assert len(text.splitlines()) < 80
    tree = ast.parse(text)
    defs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert defs == ["build_parser", "main"]


def imported_modules(path, package):
    """Absolute names of the modules `path` imports (relative imports resolved against `package`)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - (node.level - 1)] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            names += [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names]
    return names


def test_only_the_cli_imports_the_commands():
    """The library (hashbench/ outside commands/), the tools and the tests
    import library modules; commands/ is the command line, wired by cli.py."""
    files = {n: p for n, p in MODS.items() if not n.startswith("hashbench.commands") and n != "hashbench.cli"}
    files |= {str(p.relative_to(ROOT)): p for p in sorted((ROOT / "tools").rglob("*.py"))}
    files |= {str(p.relative_to(ROOT)): p for p in sorted((ROOT / "tests").rglob("*.py"))}
    bad = []
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        bad += [(name, m) for m in imported_modules(path, package) if m.startswith("hashbench.commands")]
    assert not bad, f"imports of hashbench.commands outside it: {bad}"


def test_cli_maps_every_command_to_the_module_that_registers_it():
    """cli.COMMANDS (which module to import for a command) matches what the
    modules register, in --help's order."""
    import argparse

    from hashbench import cli

    def registered(parser):
        return list(next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices)

    assert registered(cli.build_parser()) == list(cli.COMMANDS)
    for command in cli.COMMANDS:
        assert command in registered(cli.build_parser(command))
    assert registered(cli.build_parser("")) == []


def test_runs_are_begun_only_by_the_recorder():
    """Every kind of run is measured inside hashbench.storage.store.recording, which
    begins it (with its host and process), stores its rows, takes Ctrl-C and
    SIGTERM and ends it: no other module begins, fills or ends a stored run."""
    writes = {"begin_run", "end_run", "add_result", "update_result"}
    bad = [f"{n}:{node.lineno} .{node.attr}" for n, p in MODS.items() if n != "hashbench.storage.store"
           for node in ast.walk(ast.parse(p.read_text())) if isinstance(node, ast.Attribute) and node.attr in writes]
    assert not bad, f"runs written outside the recorder: {bad}"


def test_only_the_meter_registry_branches_on_a_meter_name():
    """hashbench.meters is the one registry of meters: code elsewhere asks a
    Meter what it is and does (exact, its modes, whether its jobs may go to
    a cluster...), never compares a meter's name.  Flagged: a comparison of
    something named *meter* with a meter's name (any spelling) or with the
    registry's DEFAULT or CYCLE_MODEL."""
    from hashbench import meters
    names = {s for m in meters.REGISTRY for s in (m.name, m.instrument) + m.spellings + m.stores} | set(meters.FIGURES)
    constants = {"DEFAULT", "CYCLE_MODEL", "HOST_DEFAULT"}

    def is_name(node):
        if isinstance(node, ast.Constant):
            return node.value in names
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(is_name(e) for e in node.elts)
        return (isinstance(node, ast.Name) and node.id in constants) or \
            (isinstance(node, ast.Attribute) and node.attr in constants)

    bad = []
    for n, p in MODS.items():
        if n == "hashbench.meters" or n.startswith("hashbench.meters."):
            continue
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.Compare):
                sides = [node.left] + node.comparators
                if any(is_name(s) for s in sides) and any("meter" in ast.unparse(s).lower() for s in sides
                                                            if not is_name(s)):
                    bad.append(f"{n}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, "meter names compared outside hashbench.meters: " + "; ".join(bad)


def test_no_argparse_namespace_below_the_commands():
    """The command line's options stop at hashbench/commands/: below it,
    functions take typed options (host_run.Options, revisions.Request, a
    folder list...), never the argparse Namespace.  Flagged: a function
    outside commands/ and cli.py that reads attributes of a parameter
    named `args` (or `getattr(args, ...)`)."""
    bad = []
    for n, p in MODS.items():
        if n == "hashbench.cli" or n.startswith("hashbench.commands"):
            continue
        for fn in ast.walk(ast.parse(p.read_text())):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
            if "args" not in params:
                continue
            for node in ast.walk(fn):
                read = (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "args") \
                    or (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr" and node.args
                        and isinstance(node.args[0], ast.Name) and node.args[0].id == "args")
                if read:
                    bad.append(f"{n}:{node.lineno} {fn.name}")
    assert not bad, f"a Namespace read below hashbench/commands/: {bad}"


def test_only_the_command_line_reads_sys_argv():
    """The command line is recorded once (cli.py, args.command_line) and
    passed down in the request objects: no library module reads sys.argv
    (a module's own `__main__` block may)."""
    bad = []
    for n, p in MODS.items():
        if n == "hashbench.cli" or n.startswith("hashbench.commands"):
            continue
        tree = ast.parse(p.read_text())
        mains = {id(x) for node in tree.body if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
                 for x in ast.walk(node)}
        mains |= {id(x) for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "main"
                  for x in ast.walk(node)}
        bad += [f"{n}:{node.lineno}" for node in ast.walk(tree) if id(node) not in mains
                and isinstance(node, ast.Attribute) and node.attr == "argv" and ast.unparse(node.value) == "sys"]
    assert not bad, f"sys.argv read below the command line: {bad}"


FLOWS = ("host_run", "cross", "matrix", "revisions", "fleet")


def test_the_presentation_imports_no_flow():
    """present/ formats what a flow returns: it imports no flow module
    (whose text it would then depend on)."""
    bad = [(n, m) for n, p in MODS.items() if n.startswith("hashbench.present")
           for m in imported_modules(p, n if p.name == "__init__.py" else n.rsplit(".", 1)[0])
           if m.rsplit(".", 1)[-1] in FLOWS and m.startswith("hashbench.") and not m.startswith("hashbench.present")]
    assert not bad, f"present/ imports a flow module: {bad}"


MAP = ROOT / "docs" / "package-map.md"


def test_the_package_map_names_every_module_once_under_its_folder():
    """docs/package-map.md has one line per module of hashbench/, under the
    heading of the module's folder, and no line for a module that is gone."""
    import re
    heading, entries, misplaced = None, [], []
    for line in MAP.read_text().splitlines():
        m = re.match(r"^## `(hashbench/[\w/]*)`", line)
        if m:
            heading = m.group(1)
            continue
        m = re.match(r"^- `(hashbench/[\w/]+\.py)`: \S", line)
        if m:
            entries.append(m.group(1))
            if heading != m.group(1).rsplit("/", 1)[0] + "/":
                misplaced.append(f"{m.group(1)} under {heading}")
    files = {str(p.relative_to(ROOT)) for p in MODS.values()}
    assert not (files - set(entries)), f"modules without a line in {MAP.name}: {sorted(files - set(entries))}"
    assert not (set(entries) - files), f"{MAP.name} names modules that are gone: {sorted(set(entries) - files)}"
    assert len(entries) == len(set(entries)), f"{MAP.name} names a module twice"
    assert not misplaced, f"{MAP.name}: lines under another folder's heading: {misplaced}"
