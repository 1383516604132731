# SPDX-License-Identifier: MIT
"""QEMU targets: the same portable C on other CPUs (the N64's VR4300, the
NDS's ARM946E-S, PowerPC, s390x, a Cortex-M7, ...), instructions counted
exactly by a plugin (hashbench.meters.qemu_insn).

For each target: build the guest engine (src/engine/guest/qemu.c + the core)
with the target's gcc into build/cross/<target>/, cached; find the marker
functions with the target's nm; run the engine under QEMU with the plugin;
verify every digest against the reference; cost = (region - harness) /
calls, where the harness region is the same loop around a do-nothing
function.  `check_repeat` runs everything twice: the counts must be equal."""
import dataclasses
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import records, roster
from ..build import cache, gcc
from ..build.configs import replace_opt
from ..errors import BuildError, UserError
from ..meters import fill_exact, qemu_insn
from ..paths import BUILD, ROOT
from ..result import Build
from ..verify import checked
from . import Outcome, Target

ENGINE_SRC = ["src/engine/guest/qemu.c", "src/engine/hb_region.c", "src/engine/hb_registry.c",
              "src/engine/hb_workload.c", "src/engine/hb_record.c"]
INCLUDES = ["-Isrc/engine", "-Isrc/platform/guest"]
MAX_SIZE = 65536  # HB_CROSS_MAX_SIZE in src/engine/guest/qemu.c
RUN_TIMEOUT_S = 600
SAMPLE_FIELDS = ("calls", "count")
GUEST_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C"}


@dataclass(kw_only=True)
class QemuTarget(Target):
    cc: str
    cflags: list
    ldflags: list
    platform: list            # the guest platform's sources
    mode: str                 # "user": qemu-<arch> ELF args; "system": -kernel + semihosting
    runner: list
    thumb: bool = False       # marker addresses from nm carry the Thumb bit: clear it
    size_cflags: list = field(default_factory=list)  # the code-size build (-Os)
    size_ldflags: list = field(default_factory=list)  # a size probe's link (default: ldflags, entry main)
    size_sources: list = field(default_factory=list)  # sources every size probe links (a C library)
    meter: str = "qemu-plugin"

    toolchain = "gcc"         # not a field: every QEMU target is built by gcc
    variant = None            # not a field: a BuildConfig replacing the -O level (with_build)

    def check(self):
        if self.mode not in ("user", "system"):
            raise UserError(f"{self.path}: mode must be 'user' or 'system'")

    @property
    def build_root(self) -> Path:
        return BUILD / "cross" / self.name

    @property
    def build_dir(self) -> Path:
        return self.build_root / self.variant.folder if self.variant else self.build_root

    def with_build(self, cfg) -> "QemuTarget":
        """This target built by `cfg`: its flags with the -O level replaced,
        in a folder of its own, its results named by the build."""
        t = dataclasses.replace(self, cflags=replace_opt(self.cflags, cfg.flags))
        t.variant = cfg
        return t

    def missing(self) -> list:
        import shutil
        return [p for p in (self.cc, self.runner[0], gcc.tool(self, "nm")) if shutil.which(p) is None]

    def build(self) -> Build:
        return Build(self.variant.name if self.variant else self.name, gcc.version(self), " ".join(self.cflags))

    def engine(self, log=lambda m: None):
        """-> (elf, cached?, the compile command)."""
        elf = self.build_dir / "hb-cross.elf"
        sources = list(self.platform) + ENGINE_SRC + sorted({s for a in roster.algorithms()
                                                              for i in a.impls.values() for s in i.sources})
        cmd = gcc.executable_cmd(self, sources, elf, includes=INCLUDES)
        inputs = sources + headers() + [p for p in self.ldflags if p.endswith(".ld")]
        was_cached = cache.cached(elf, cmd, inputs, gcc.version(self), log)
        return elf, was_cached, cmd

    def markers(self, elf):
        proc = cache.run([gcc.tool(self, "nm"), str(elf)])
        if proc.returncode != 0:
            raise BuildError(f"{gcc.tool(self, 'nm')} failed on {elf}: {proc.stderr.strip()}")
        syms = {}
        for line in proc.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[2] in qemu_insn.MARKERS:
                addr = int(parts[0], 16)
                syms[parts[2]] = addr & ~1 if self.thumb else addr
        if len(syms) != 2:
            raise BuildError(f"{elf}: marker functions {' and '.join(qemu_insn.MARKERS)} not found")
        return tuple(syms[m] for m in qemu_insn.MARKERS)

    def command(self, elf, plugin, markers, count_file, engine_args) -> list:
        arg = qemu_insn.plugin_arg(plugin, markers, count_file)
        if self.mode == "user":
            return list(self.runner) + ["-plugin", arg, str(elf)] + engine_args
        semi = ",".join(["enable=on", "target=native", "arg=hb-cross"] +
                        [f"arg={qemu_insn.option(a)}" for a in engine_args])
        return list(self.runner) + ["-semihosting-config", semi, "-plugin", arg, "-kernel", str(elf)]

    def run_engine(self, elf, plugin, engine_args) -> dict:
        """One run under QEMU -> {digests, regions, counts}, checked: the
        engine finished, the plugin counted every region it ran."""
        import subprocess
        self.build_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=str(self.build_dir), prefix="counts.", suffix=".jsonl")
        os.close(fd)
        count_file = Path(tmp)
        # The guest's stack starts below its arguments and environment, and
        # its alignment moves some counts (ppc: 18 instructions per call in
        # MD5): a relative ELF path and a fixed environment make the count
        # the same from any checkout and any shell.
        cmd = self.command(Path(cache.rel(elf)), plugin, self.markers(elf), count_file, engine_args)
        try:
            proc = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=RUN_TIMEOUT_S, errors="replace", env=GUEST_ENV)
            counts = qemu_insn.read_counts(count_file.read_text())
        except subprocess.TimeoutExpired as exc:
            raise BuildError(f"{self.name}: {cmd[0]} did not finish within {RUN_TIMEOUT_S} s") from exc
        except OSError as exc:
            raise BuildError(f"{self.name}: cannot run {cmd[0]}: {exc}") from exc
        finally:
            count_file.unlink(missing_ok=True)
        return read_run(self.name, proc.stdout, counts, proc.returncode, proc.stderr) | {"command": cmd}

    def measure(self, job):
        plugin = qemu_insn.build_plugin(job.log)
        elf, was_cached, cmd = self.engine(job.log)
        args = ["-s", ",".join(str(s) for s in job.sizes), "-k", str(job.calls)]
        if [a.id for a in job.algos] != roster.ids():
            args += ["-a", ",".join(a.id for a in job.algos)]
        if list(job.impls) != list(roster.OURS):
            args += ["-i", ",".join(job.impls)]
        runs = [self.run_engine(elf, plugin, args)]
        if job.check_repeat:
            runs.append(self.run_engine(elf, plugin, args))
            if runs[1]["digests"] != runs[0]["digests"]:
                raise BuildError(f"{self.name}: the digests differ between two runs")
        results = self.results(runs, job.expected)
        ctx = self.context()
        ctx.update(compiler=gcc.version(self), compile=" ".join(cmd), runner=" ".join(self.runner),
                   runner_version=cache.tool_version(self.runner[0]), meter="instructions",
                   instrument=qemu_insn.NAME, cached_build=was_cached, repeat_checked=job.check_repeat)
        return Outcome(ctx, results)

    def results(self, runs, expected) -> list:
        """Regions and counts of one or more runs -> results: each run's count
        is one sample, the harness region of that size the harness."""
        first = runs[0]
        harness = {r["size"]: r for r in first["regions"] if r["algo"] == "-"}
        out = []
        for reg in first["regions"]:
            if reg["algo"] == "-":
                continue
            algo = roster.find(reg["algo"])
            h = harness[reg["size"]]
            samples = [[reg["calls"], run["counts"][reg["index"]]] for run in runs]
            base = [[h["calls"], first["counts"][h["index"]]]]
            if any(run["counts"][h["index"]] != base[0][1] for run in runs):
                raise BuildError(f"{self.name}: the harness count differs between runs")
            digest = first["digests"].get((reg["algo"], reg["impl"], reg["size"]), "")
            res = checked(algo, reg["impl"], reg["size"], digest, expected, target=self.name,
                          build=self.build(), meter="instructions", instrument=qemu_insn.NAME,
                          sample_fields=SAMPLE_FIELDS, samples=samples, harness=base)
            out.append(fill_exact(res))
        return out


def read_run(name, engine_text, counts, returncode=0, stderr="") -> dict:
    """The engine's records and the plugin's counts of one run -> {digests,
    regions, counts}, checked: the engine finished, and the plugin counted
    every region it ran."""
    recs = records.parse(engine_text)
    done = records.of_kind(recs, "done")
    errors = [r.get("message", "") for r in records.of_kind(recs, "error")]
    if returncode != 0 or not done:
        detail = "; ".join(errors) or (stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"{name}: the engine failed (exit {returncode}): {detail}")
    regions = records.of_kind(recs, "region")
    if len(counts) != len(regions) or done[-1].get("regions", len(regions)) != len(regions):
        raise BuildError(f"{name}: the plugin counted {len(counts)} regions, the engine ran {len(regions)}")
    digests = {(r["algo"], r["impl"], r["size"]): r["digest"] for r in records.of_kind(recs, "digest")}
    return {"digests": digests, "regions": regions, "counts": counts}


def headers() -> list:
    pats = ["src/algos/*.h", "src/algos/*.def", "src/engine/*.h", "src/platform/guest/*.h",
            "src/platform/guest/*/include/*.h"]
    return sorted(cache.rel(p) for pat in pats for p in ROOT.glob(pat))
