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
import math
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .. import roster, userimpl
from ..errors import BuildError, UserError
from ..meters import (
    CROSS,
    CYCLE_MODEL,
    DEFAULT,
    HOST,
    HOST_DEFAULT,
    REGISTRY,
    choose,
    model_spellings,
    named_where,
    option,
    uses_model,
)
from ..paths import BUILD, ROOT
from ..results.context import host_context
from ..results.result import Result, Run
from ..statistics import stats, verdicts
from ..storage.store import recording
from ..targets import host, host_sim, load_all, rounds
from ..toolchain import cache
from ..toolchain.configs import BuildConfig
from ..units import parse_budget, parse_sizes
from ..userimpl import engine as user_engine
from . import cross

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
    se_log: float = float("nan")   # the rounds' standard error of log(B / A)

    @classmethod
    def exact_pair(cls, a, b) -> "Outcome":
        """B against A under an exact meter: the ratio is the interval."""
        r = b.per_call / a.per_call
        return cls(a, b, r, r, r, exact=True)

    def slower_by_more_than(self, pct: float) -> bool:
        """B slower than A by more than pct %: surely (lo) under time, exactly under an exact meter."""
        return (self.ratio if self.exact else self.lo) > 1.0 + pct / 100.0

    def verdict(self) -> str:
        """Exact: the ratio's side of 1.  Timed: diff's rule (verdicts.judge) on the paired rounds, with
        its minimum effect: an interval that just excludes 1 is no verdict."""
        if self.exact:
            return "B is slower" if self.ratio > 1 else "B is faster" if self.ratio < 1 else "B costs the same"
        _, (c,) = verdicts.judge([(self.ratio, self.se_log, max(1, self.rounds - 1))], paired=True)
        return {"B slower": "B is slower", "B faster": "B is faster"}.get(c.verdict, c.verdict)


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
    """Geometric mean of per-round ratios with its 95% interval and the standard error of its log."""
    est = stats.estimate(ratios)
    half = (est.ci_pct or 0.0) / 100.0
    se = est.sd_log / math.sqrt(est.n) if est.sd_log is not None else float("nan")
    return est.value, est.value / (1 + half), est.value * (1 + half), se


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
    # both builds of a round on one CPU (each round the next CPU): the pair shares its core's speed
    results, status, _ = rounds.measure(builds, opts, catalogue, n_rounds, quiet, pin=True)
    if status == "interrupted":
        raise KeyboardInterrupt
    for rev in revs:
        got[rev.name] = one([x for x in results if x.build.name == rev.name], rev)
    a, b = got[revs[0].name], got[revs[1].name]
    ratios = [y / x for x, y in zip(a.extra["rounds_ns"], b.extra["rounds_ns"]) if x > 0 and y > 0]
    ratio, lo, hi, se = interval(ratios)
    return Outcome(a, b, ratio, lo, hi, exact=False, rounds=len(ratios), se_log=se)


def one(results, rev):
    """The revision's one result, verified."""
    if len(results) != 1:
        raise UserError(f"{rev.name}: expected one result, the engine gave {len(results)}")
    r = results[0]
    if not r.verified:
        raise UserError(f"{rev.name}: {r.algorithm}/{r.implementation} digest {r.digest} does not match "
                        f"{r.expected}: not timed")
    return r


def check_target(target_name: str) -> dict:
    """The targets, once `target_name` is known to be one and installed."""
    targets = load_all()
    if target_name not in targets:
        raise UserError(f"unknown target {target_name!r} (targets: {', '.join(targets)})")
    if targets[target_name].missing():
        raise UserError(f"{target_name}: not installed: {', '.join(targets[target_name].missing())}")
    return targets


def measure_target(revs, target_name: str, algo: str, size: int, log, meter=DEFAULT):
    """Both revisions on a cross target, exact (`meter`: the target's own, or
    cycle-model) -> Outcome."""
    targets = check_target(target_name)
    got = {}
    if revs[0].impl is not None:
        subs = []
        for rev in revs:
            sub = rev.impl.substitute()
            subs.append(type(sub)(name=f"{sub.name}-{rev.commit[:10]}", functions=sub.functions,
                                  sources=sub.sources, includes=sub.includes, needs_u64=sub.needs_u64))
        run = cross.measure(cross.Request([target_name], [size], [roster.find(algo)], impls=(), meter=meter,
                                          beside=subs), log=log, targets=targets)
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


def named_results(revs, o: Outcome) -> list:
    """The two results, each build named by its revision."""
    results = []
    for rev, res in zip(revs, (o.a, o.b)):
        res.build = dataclasses.replace(res.build, name=rev.name)
        results.append(res)
    return results


# ---- compare ALGO --rev A --rev B, without the command line ------------------------

@dataclass
class Request:
    """compare ALGO --rev A --rev B as the command line gives it."""
    algos: list
    revs: list                # the two revisions, as written
    sizes: list = None        # --size as written (one)
    sweep: str = None
    impl_dirs: list = None    # one implementation folder, whose repository's revisions are compared
    target: str = None        # a cross target instead of this machine
    meter: str = None         # None: measured time here, the target's own meter there
    budget: str = "200"
    rounds: int = DEFAULT_ROUNDS
    fail_above: float = None  # PCT: B slower than A by more than this fails
    cluster: str = None
    command: str = ""         # the command line, as stored with the run


@dataclass
class Plan:
    """A Request, checked: what compare measures."""
    algo: str
    size: int
    folder: str               # the implementation folder, or None
    target: str               # None: this machine
    meter: str                # hashbench.meters: a host meter's name; on a target DEFAULT or CYCLE_MODEL
    budget_ms: int
    rounds: int
    fail_above: float
    labels: list              # the two revisions, as written
    command: str = ""         # the command line, as stored with the run


def plan(req: Request) -> Plan:
    """Checks a Request before anything is built -> Plan."""
    models = model_spellings()
    if not req.revs:
        raise UserError(f"--fail-above, --target and --meter {' or '.join(models)} go with --rev A --rev B")
    if req.cluster:
        counted = named_where(HOST, lambda m: m.jobs)
        raise UserError(f"--cluster runs the jobs of --meter {counted} without --rev; --rev measures here")
    if len(req.algos) != 1 or any(c in req.algos[0] for c in "*?[,"):
        raise UserError("--rev compares one algorithm: compare ALGO --rev A --rev B")
    algo = roster.select(req.algos)[0].id
    if req.fail_above is not None and not 0 <= req.fail_above < math.inf:   # nan would never fail
        raise UserError("--fail-above takes a percentage, 0 or more")
    if req.sweep or (req.sizes and len(parse_sizes(req.sizes)) > 1):
        raise UserError("--rev measures one size: give one --size")
    size = parse_sizes(req.sizes)[0] if req.sizes else 1024
    dirs = userimpl.folders(req.impl_dirs)
    if len(dirs) > 1:
        raise UserError("--rev takes one implementation folder")
    model = req.meter is not None and uses_model(req.meter)
    if req.target and not (model or req.meter is None):
        raise UserError(f"--target measures with the target's own exact meter, or --meter {CYCLE_MODEL}")
    if req.meter in models and not req.target:
        raise UserError(f"--meter {req.meter} goes with --rev A --rev B --target T")
    if req.target:
        check_target(req.target)
        meter, budget_ms, n_rounds = (CYCLE_MODEL if model else DEFAULT), 0, 0
    else:
        meter = choose(req.meter or HOST_DEFAULT, HOST).option
        budget_ms, n_rounds = parse_budget(req.budget), req.rounds
        if not 2 <= n_rounds <= 200:
            raise UserError("--rounds must be between 2 and 200")
    return Plan(algo, size, dirs[0] if dirs else None, req.target, meter, budget_ms, n_rounds, req.fail_above,
                list(req.revs), req.command)


@dataclass
class Compared:
    """What compare measured: the revisions, B against A (None: interrupted), the run."""
    plan: Plan
    revs: list
    impl: str                 # the implementation measured: portable, or the folder's
    outcome: Outcome
    run: Run

    @property
    def where(self) -> str:
        return self.plan.target or "this machine"

    def fails(self) -> bool:
        """--fail-above's verdict: B slower than A by more than PCT %."""
        return self.plan.fail_above is not None and self.outcome.slower_by_more_than(self.plan.fail_above)


def compare(p: Plan, store=None, log=lambda m: None, quiet=False) -> Compared:
    """Both revisions built in their worktrees and measured, B against A, in
    one run recorded in `store` (hashbench.storage.store.recording)."""
    repo = repository(p.folder)
    revs = resolve(repo, p.labels)
    prepare(revs, repo, p.folder, log)
    impl = revs[0].impl.name if revs[0].impl else "portable"
    if revs[0].impl and revs[0].impl.algorithm != p.algo:
        raise UserError(f"{revs[0].impl.folder}: its code is {revs[0].impl.algorithm}, not {p.algo}")
    run = Run(kind="compare", command=p.command, context=host_context(),
              options={"revisions": {rev.label: rev.commit for rev in revs}})
    o = None
    with recording(store, run):
        if p.target:
            o = measure_target(revs, p.target, p.algo, p.size, log, p.meter)
        else:
            o = measure_host(revs, p.algo, impl, p.size, p.meter, p.budget_ms, p.rounds, quiet, log)
        run.results = named_results(revs, o)
        run.options.update(ratio=o.ratio, ratio_interval=[o.lo, o.hi], exact=o.exact)
    return Compared(p, revs, impl, o if run.results else None, run)
