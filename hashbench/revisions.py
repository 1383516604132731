# SPDX-License-Identifier: MIT
"""Two git revisions of the code measured side by side (compare --rev A
--rev B), for CI: did B make ALGO slower than A?

The revisions are of the hashbench tree, or, with an implementation folder,
of the git repository that holds it.  Both are resolved to commit hashes
first; each is checked out in its own git worktree (build/revs/...), kept
for the next run's builds.  Then:
- on the host under time: each revision's engine in interleaved rounds of
  short processes, as `matrix` measures builds (hashbench.targets.rounds);
  B / A is the geometric mean of the per-round ratios with its 95%
  confidence interval (Student's t on their logarithms);
- under --meter est-cycles, or on a cross target: exact counts, so B / A is exact.
`fail_above` PCT: B is slower by more than PCT % - with confidence (the
interval's lower end above 1 + PCT/100) under time, exactly otherwise."""
import dataclasses
import hashlib
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import cross, roster, stats, userimpl
from .build import cache
from .build.configs import BuildConfig
from .context import host_context
from .errors import BuildError, UserError
from .meters import CROSS, DEFAULT, HOST, REGISTRY, choose, option
from .paths import BUILD, ROOT
from .result import Result, Run
from .targets import host, host_sim, load_all, rounds
from .userimpl import engine as user_engine

WORKTREES = BUILD / "revs"
DEFAULT_ROUNDS = 10


@dataclass
class Revision:
    label: str           # as the user wrote it: HEAD~1, v1.2, a branch
    commit: str          # its full hash
    tree: Path = None    # its worktree
    impl: object = None  # its implementation folder (hashbench.userimpl.UserImpl), with --impl-dir

    @property
    def name(self) -> str:
        return f"{self.label}@{self.commit[:10]}"


@dataclass
class Outcome:
    """B against A: each revision's result, B / A and its interval, the
    meter's title, whether exact, and the verdict."""
    a: object
    b: object
    ratio: float
    lo: float
    hi: float
    exact: bool
    rounds: int = 0
    notes: list = field(default_factory=list)

    @classmethod
    def exact_pair(cls, a, b) -> "Outcome":
        """B against A under an exact meter: the ratio is the interval."""
        r = b.per_call / a.per_call
        return cls(a, b, r, r, r, exact=True)

    def slower_by_more_than(self, pct: float) -> bool:
        """B slower than A by more than pct %: surely (lo) under time, exactly under an exact meter."""
        return (self.ratio if self.exact else self.lo) > 1.0 + pct / 100.0

    def verdict(self) -> str:
        if self.exact:
            return "B is slower" if self.ratio > 1 else "B is faster" if self.ratio < 1 else "B costs the same"
        if self.lo > 1:
            return "B is slower"
        if self.hi < 1:
            return "B is faster"
        return "no significant difference"


def git_output(repo: Path, *args):
    """git's output in `repo`, or None where it fails."""
    proc = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else None


def git(repo: Path, *args) -> str:
    proc = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(f"git {' '.join(args)} in {repo}: {(proc.stderr or proc.stdout).strip().splitlines()[-1:]}")
    return proc.stdout.strip()


def repository(impl_dir=None) -> Path:
    """The git repository whose revisions are compared: the hashbench tree,
    or the one holding the implementation folder."""
    where = Path(impl_dir).resolve() if impl_dir else ROOT
    top = git_output(where, "rev-parse", "--show-toplevel")
    if top is None:
        raise UserError(f"{where}: not in a git repository, so --rev has no revisions to build")
    return Path(top)


def resolve(repo: Path, labels) -> list:
    """--rev A --rev B -> [Revision], each a commit hash before anything is built."""
    if len(labels) != 2:
        raise UserError("--rev: name exactly two revisions, A then B (compare ALGO --rev A --rev B)")
    out = []
    for label in labels:
        commit = git_output(repo, "rev-parse", "--verify", "--quiet", f"{label}^{{commit}}")
        if commit is None:
            raise UserError(f"--rev {label}: not a commit of {repo}")
        out.append(Revision(label, commit))
    return out


def checkout(repo: Path, rev: Revision, log) -> Path:
    """The revision's own worktree (created once, reused while it holds that commit)."""
    key = "hashbench" if repo == ROOT else hashlib.sha256(str(repo).encode()).hexdigest()[:10]
    tree = WORKTREES / key / rev.commit[:12]
    if tree.exists():
        if git_output(tree, "rev-parse", "HEAD") == rev.commit:
            return tree
        raise UserError(f"{tree}: holds another checkout; remove it ('git worktree remove --force {tree}')")
    tree.parent.mkdir(parents=True, exist_ok=True)
    log(f"{rev.name}: git worktree add {cache.rel(tree)}")
    git(repo, "worktree", "add", "--detach", "--quiet", str(tree), rev.commit)
    return tree


def prepare(revs, repo: Path, impl_dir, log):
    """Each revision checked out; with an implementation folder, its folder
    in that checkout read and verified (the same path inside the repository)."""
    for rev in revs:
        rev.tree = checkout(repo, rev, log)
        if impl_dir:
            inside = Path(impl_dir).resolve().relative_to(repo)
            impl = userimpl.load(rev.tree / inside)
            rev.impl = impl
            userimpl.check.verify(impl, log)


def hashbench_engine(rev: Revision, log) -> Path:
    """The revision's own host engine, built by its own Makefile (our code only)."""
    log(f"{rev.name}: building its engine")
    proc = subprocess.run(["make", "-s", "-C", str(rev.tree), "BUILD=build/host", "HB_NO_BACKENDS=1",
                           "build/host/hashbench-engine"], capture_output=True, text=True)
    path = rev.tree / "build" / "host" / "hashbench-engine"
    if proc.returncode != 0 or not path.exists():
        raise UserError(f"{rev.name}: the engine does not build: {cache.why(proc.stderr + proc.stdout)}")
    return path


def engine_of(rev: Revision, log) -> Path:
    if rev.impl is None:
        return hashbench_engine(rev, log)
    try:
        return user_engine.matrix_engine(user_engine.default_build(), [rev.impl], log)[0]
    except BuildError as exc:
        raise UserError(f"{rev.name}: {exc}") from None


def interval(ratios):
    """Geometric mean of per-round ratios with its 95% interval."""
    est = stats.estimate(ratios)
    half = (est.ci_pct or 0.0) / 100.0
    return est.value, est.value / (1 + half), est.value * (1 + half)


def measure_host(revs, algo: str, impl: str, size: int, meter: str, budget_ms: int, n_rounds: int, quiet, log):
    """Both revisions on this machine -> Outcome."""
    engines = {rev.name: engine_of(rev, log) for rev in revs}
    opts = {"algos": [algo], "impls": [impl], "sizes": [size], "budget_ms": budget_ms, "timer": "auto",
            "processes": 1}
    got = {}
    if choose(meter, HOST).jobs:   # counted, not timed
        for rev in revs:
            log(f"{rev.name}: {algo}/{impl} @{size} B under Callgrind")
            _, results, _ = host_sim.measure(opts, engines[rev.name], quiet=True)
            got[rev.name] = one(results, rev)
        return Outcome.exact_pair(got[revs[0].name], got[revs[1].name])
    catalogue, _ = host.catalogue(engines[revs[0].name])
    cfg = user_engine.default_build()
    builds = {rev.name: (BuildConfig(cfg.compiler, cfg.flags, rev.name), engines[rev.name]) for rev in revs}
    results, status, _ = rounds.measure(builds, opts, catalogue, n_rounds, quiet)
    if status == "interrupted":
        raise KeyboardInterrupt
    for rev in revs:
        got[rev.name] = one([x for x in results if x.build.name == rev.name], rev)
    a, b = got[revs[0].name], got[revs[1].name]
    ratios = [y / x for x, y in zip(a.extra["rounds_ns"], b.extra["rounds_ns"]) if x > 0 and y > 0]
    ratio, lo, hi = interval(ratios)
    return Outcome(a, b, ratio, lo, hi, exact=False, rounds=len(ratios))


def one(results, rev):
    """The revision's one result, verified."""
    if len(results) != 1:
        raise UserError(f"{rev.name}: expected one result, the engine gave {len(results)}")
    r = results[0]
    if not r.verified:
        raise UserError(f"{rev.name}: {r.algorithm}/{r.implementation} digest {r.digest} does not match "
                        f"{r.expected}: not timed")
    return r


def measure_target(revs, target_name: str, algo: str, size: int, log, meter=DEFAULT):
    """Both revisions on a cross target, exact (`meter`: the target's own, or
    cycle-model) -> Outcome."""
    targets = load_all()
    if target_name not in targets:
        raise UserError(f"unknown target {target_name!r} (targets: {', '.join(targets)})")
    if targets[target_name].missing():
        raise UserError(f"{target_name}: not installed: {', '.join(targets[target_name].missing())}")
    got = {}
    if revs[0].impl is not None:
        subs = []
        for rev in revs:
            sub = rev.impl.substitute()
            subs.append(type(sub)(name=f"{sub.name}-{rev.commit[:10]}", functions=sub.functions,
                                  sources=sub.sources, includes=sub.includes, needs_u64=sub.needs_u64))
        run = cross.measure([target_name], [size], [roster.find(algo)], impls=[], log=log, targets=targets,
                            meter=meter, beside=subs)
        for rev, sub in zip(revs, subs):
            mine = [r for r in run.results if r.implementation == sub.name]
            if not mine:   # not built, or failed: the run's notes say why
                raise UserError(f"{rev.name}: {'; '.join(n.detail for n in run.notes) or 'no result'}")
            got[rev.name] = one(mine, rev)
    else:
        for rev in revs:
            got[rev.name] = cross_in_tree(rev, target_name, algo, size, log, meter)
    return Outcome.exact_pair(got[revs[0].name], got[revs[1].name])


def old_spelling(meter: str) -> str:
    """cross --meter as every revision spells it (one from before the meter
    registry knows only the old names)."""
    name = option(meter, *CROSS)
    return next((m.aliases[0] for m in REGISTRY if m.option == name and m.aliases), name)


def cross_in_tree(rev: Revision, target_name: str, algo: str, size: int, log, meter=DEFAULT):
    """The revision's own `hashbench cross`, run in its worktree -> its result."""
    out = rev.tree / "build" / "revs-cross.json"
    log(f"{rev.name}: hashbench cross --target {target_name} -a {algo} (its own code, in its worktree)")
    spelled = old_spelling(meter)
    proc = subprocess.run([sys.executable, "-m", "hashbench", "cross", "--target", target_name, "-a", algo,
                           "--impl", "portable", "--size", str(size), "--meter", spelled, "--no-save", "-q",
                           "-o", str(out)],
                          cwd=rev.tree, capture_output=True, text=True)
    if proc.returncode != 0 or not out.exists():
        why = (proc.stderr or proc.stdout).strip().splitlines() or [f"exit {proc.returncode}"]
        raise UserError(f"{rev.name}: its cross run failed: {why[-1]}")
    data = json.loads(out.read_text())
    results = [Result.from_dict(d) for d in data.get("results", []) if d.get("size") == size]
    return one(results, rev)


def ratio_text(o: Outcome) -> str:
    if o.exact:
        return f"B/A = {o.ratio:.6f} (exact)"
    return f"B/A = {o.ratio:.4f}, 95% interval {o.lo:.4f} .. {o.hi:.4f} ({o.rounds} paired rounds)"


def percent(o: Outcome) -> str:
    pct = (o.ratio - 1) * 100
    return f"{abs(pct):.{4 if o.exact else 2}f}% {'more' if pct > 0 else 'less'}"


def rounds_ok(n: int) -> int:
    if not 2 <= n <= 200:
        raise UserError("--rounds must be between 2 and 200")
    return n


def as_run(revs, o: Outcome) -> Run:
    """The two results as a run, each build named by its revision (for -o)."""
    results = []
    for rev, res in zip(revs, (o.a, o.b)):
        res.build = dataclasses.replace(res.build, name=rev.name)
        results.append(res)
    return Run(kind="compare", command=" ".join(sys.argv), context=host_context(), results=results, status="complete",
               options={"revisions": {rev.label: rev.commit for rev in revs}, "ratio": o.ratio,
                        "ratio_interval": [o.lo, o.hi], "exact": o.exact})
