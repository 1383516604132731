# SPDX-License-Identifier: MIT
"""QEMU targets: the same portable C on other CPUs (the N64's VR4300, the
NDS's ARM946E-S, PowerPC, s390x, a Cortex-M7, ...), instructions counted
exactly by a plugin (hashbench.meters.qemu_insn), or - where the target
names a CPU model - cycles estimated by the cycle-model plugin
(hashbench.meters.cycle_model, `--meter est-cycles`).

For each target: build the guest engine (src/engine/guest/qemu.c + the core)
with the target's gcc into build/cross/<target>/, cached; find the marker
functions with the target's nm; run the engine under QEMU with the meter's
plugin, as many times as the meter asks (run_calls); verify every digest
against the reference; the meter makes each result's figure from the
region and the harness region (the same loop around a do-nothing function)
of every run.  `check_repeat` runs everything twice: the counts must be equal."""
import dataclasses
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import roster
from ..errors import BuildError, UserError
from ..meters import QEMU, for_target, qemu_insn
from ..paths import BUILD, ROOT
from ..results import records
from ..results.result import Build
from ..results.verify import checked
from ..toolchain import assembly_search, cache, gcc
from ..toolchain.configs import replace_opt
from . import Outcome, Target

ENGINE_SRC = ["src/engine/guest/qemu.c", "src/engine/hb_region.c", "src/engine/hb_registry.c",
              "src/engine/hb_workload.c", "src/engine/hb_record.c"]
REGISTRY = "src/engine/hb_registry.c"
INCLUDES = ["-Isrc/engine", "-Isrc/platform/guest"]
MAX_SIZE = 65536  # HB_CROSS_MAX_SIZE in src/engine/guest/qemu.c
RUN_TIMEOUT_S = 600
GUEST_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C"}
# Bytes of argument and environment strings every guest run gets: the rest
# of the engine's arguments is padded with an environment variable, so the
# stack starts at the same address whatever a run selects (the cycle model's
# caches see the stack's addresses: -a sha512 alone moved its N64 estimate 0.6%).
GUEST_STRINGS = 4096
# A system-mode guest reads its command line through semihosting into
# newlib's crt0 buffer (libgloss/arm/crt0.S, rdimon: "Maximum length of 255
# chars handled"); a longer one is cut short without a word.
SEMIHOSTING_CMDLINE = 255


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
    size_libc: str = ""       # the C library a size probe links, by name (default: newlib, or its own)
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

    def engine(self, log=lambda m: None, substitute=None):
        """-> (elf, cached?, the compile command).  `substitute`
        (hashbench.targets.Substitute): its sources linked too, and the
        registry compiled apart with the one-shots it replaces renamed to
        its functions, in a folder of its own."""
        out_dir = self.build_dir / substitute.name if substitute else self.build_dir
        elf = out_dir / "hb-cross.elf"
        sources = list(self.platform) + ENGINE_SRC + sorted({s for a in roster.algorithms()
                                                              for i in a.impls.values() for s in i.sources})
        # the CPU's assembly, linked after every C file, so that the C's code sits where it sat without it
        rows = self.assembly()
        sources += [s for s in dict.fromkeys(s for _, i in rows for s in i.sources) if s not in sources]
        search, incs = assembly_search(sources)
        includes, inputs = list(INCLUDES) + search, list(incs)
        defines = ["HB_CROSS_ASM_ROWS=" + "".join(f'HB_ASM_ROW("{a}","{i.name}",{i.symbol})' for a, i in rows)] \
            if rows else []
        if substitute:
            reg = self.registry_object(substitute, out_dir / "hb_registry.o", log)
            sources = [cache.rel(reg) if s == REGISTRY else s for s in sources] + list(substitute.files())
            includes += substitute.flags()
            inputs = substitute.inputs()
        # GNU/Linux's ld warns of an object without .note.GNU-stack (a .s file's): say the stack is not executable
        flags = ["-Wa,--noexecstack"] if rows else []
        cmd = gcc.executable_cmd(self, sources, elf, defines=defines, includes=flags + includes)
        inputs += sources + cache.core_headers() + [p for p in self.ldflags if p.endswith(".ld")]
        was_cached = cache.cached(elf, cmd, inputs, gcc.version(self), log)
        return elf, was_cached, cmd

    def assembly(self) -> list:
        """[(algorithm id, Impl)]: the hand-written assembly this target's CPU runs (its `isas`), in roster order."""
        return [(a.id, i) for a in roster.algorithms() for n, i in a.asm.items() if i.isa in self.isas]

    def registry_object(self, substitute, obj, log):
        """src/engine/hb_registry.c with each replaced one-shot's name
        defined as its stand-in's (-Dhb_sha256=f): the table, and nothing
        else, calls the substitute."""
        renames = [f"{roster.find(a).impls['portable'].symbol}={fn}" for a, fn in substitute.functions.items()]
        cmd = gcc.compile_cmd(self, REGISTRY, obj, renames, includes=INCLUDES)
        cache.cached(obj, cmd, [REGISTRY] + cache.core_headers(), gcc.version(self), log)
        return obj

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

    def command(self, elf, plugin_arg, engine_args) -> list:
        if self.mode == "user":
            return list(self.runner) + ["-plugin", plugin_arg, str(elf)] + engine_args
        line = " ".join(["hb-cross"] + engine_args)
        if len(line) > SEMIHOSTING_CMDLINE:
            raise BuildError(f"{self.name}: the engine's command line ({len(line)} characters) is longer than the "
                            f"{SEMIHOSTING_CMDLINE} a semihosting guest reads: select fewer algorithms")
        semi = ",".join(["enable=on", "target=native", "arg=hb-cross"] +
                        [f"arg={qemu_insn.option(a)}" for a in engine_args])
        return list(self.runner) + ["-semihosting-config", semi, "-plugin", plugin_arg, "-kernel", str(elf)]

    def run_engine(self, elf, meter, probe, engine_args) -> dict:
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
        cmd = self.command(Path(cache.rel(elf)), meter.engine_plugin_arg(probe, self.markers(elf), count_file),
                           engine_args)
        try:
            proc = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=RUN_TIMEOUT_S, errors="replace", env=guest_env(engine_args))
            counts = meter.read_counts(count_file.read_text())
        except subprocess.TimeoutExpired as exc:
            raise BuildError(f"{self.name}: {cmd[0]} did not finish within {RUN_TIMEOUT_S} s") from exc
        except OSError as exc:
            raise BuildError(f"{self.name}: cannot run {cmd[0]}: {exc}") from exc
        finally:
            count_file.unlink(missing_ok=True)
        return read_run(self.name, proc.stdout, counts, proc.returncode, proc.stderr) | {"command": cmd}

    def measure(self, job):
        meter = for_target(QEMU, job.meter).load()
        elf, was_cached, cmd = self.engine(job.log, job.substitute)
        probe = meter.prepare(self, elf, job)
        args = self.engine_args(job)
        runs = [self.run_engine(elf, meter, probe, args + ["-k", str(k)]) for k in meter.run_calls(job)]
        if any(run["digests"] != runs[0]["digests"] for run in runs[1:]):
            raise BuildError(f"{self.name}: the digests differ between two runs")
        if any([(r["algo"], r["impl"], r["size"]) for r in run["regions"]] !=
               [(r["algo"], r["impl"], r["size"]) for r in runs[0]["regions"]] for run in runs[1:]):
            raise BuildError(f"{self.name}: the regions differ between two runs")
        results = self.results(runs, job.expected, meter, probe)
        ctx = self.context()
        ctx.update(compiler=gcc.version(self), compile=" ".join(cmd), runner=" ".join(self.runner),
                   runner_version=cache.tool_version(self.runner[0]), cached_build=was_cached,
                   repeat_checked=job.check_repeat, **meter.context(probe))
        return Outcome(ctx, results)

    def engine_args(self, job) -> list:
        """The engine's options but -k.  User mode: every option, always (as
        many argument pointers on the guest's stack in every run: guest_env).
        System mode: the stack does not move with them, and the command line
        is short (SEMIHOSTING_CMDLINE), so the default selections are left out."""
        sub = job.substitute
        algos = [a.id for a in (sub.algorithms(job.algos) if sub else job.algos)]
        mine = roster.OURS + tuple(dict.fromkeys(i.name for _, i in self.assembly()))
        impls = ["portable"] if sub else [i for i in job.impls if i in mine]
        args = ["-s", ",".join(str(s) for s in job.sizes)]
        if self.mode == "user" or algos != roster.ids():
            args += ["-a", ",".join(algos)]
        if self.mode == "user" or impls != list(roster.OURS):
            args += ["-i", ",".join(impls)]
        return args

    def results(self, runs, expected, meter, probe) -> list:
        """Regions and counts of the runs -> results: the meter makes each
        one's samples and harness of every run's region and the harness
        region of that size."""
        first = runs[0]
        harness = {r["size"]: pos for pos, r in enumerate(first["regions"]) if r["algo"] == "-"}
        out = []
        for pos, reg in enumerate(first["regions"]):
            if reg["algo"] == "-":
                continue
            algo = roster.find(reg["algo"])
            samples, base, extra = meter.measured(runs, pos, harness[reg["size"]])
            digest = first["digests"].get((reg["algo"], reg["impl"], reg["size"]), "")
            res = checked(algo, reg["impl"], reg["size"], digest, expected, target=self.name,
                          build=self.build(), meter=meter.METER, instrument=meter.NAME,
                          sample_fields=meter.SAMPLE_FIELDS, samples=samples, harness=base)
            res.variant = meter.result_variant(probe)
            if res.verified:
                res.extra.update(extra)
            out.append(meter.fill(res, self))
        return out


def guest_env(engine_args) -> dict:
    """GUEST_ENV, padded so that the engine's arguments and environment fill
    GUEST_STRINGS bytes: user mode copies them to the top of the guest's
    stack, which then starts at the same address in every run."""
    used = sum(len(a) + 1 for a in engine_args) + sum(len(k) + len(v) + 2 for k, v in GUEST_ENV.items())
    pad = GUEST_STRINGS - used - len("HB_PAD=") - 1
    if pad < 0:
        raise UserError(f"the engine's arguments are longer than {GUEST_STRINGS} bytes")
    return GUEST_ENV | {"HB_PAD": "." * pad}


def read_run(name, engine_text, counts, returncode=0, stderr="") -> dict:
    """The engine's records and the plugin's counts of one run -> {digests,
    regions, counts}, checked: the engine finished, and the plugin counted
    every region it ran."""
    recs = records.parse(engine_text)
    done = records.of_kind(recs, "done")
    errors = [r.get("message", "") for r in records.of_kind(recs, "error")]
    if returncode != 0 or not done:
        detail = "; ".join(errors) or (stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"{name}: the engine failed ({records.died_in(returncode, engine_text)}): {detail}")
    regions = records.of_kind(recs, "region")
    if len(counts) != len(regions) or done[-1].get("regions", len(regions)) != len(regions):
        raise BuildError(f"{name}: the plugin counted {len(counts)} regions, the engine ran {len(regions)}")
    digests = {(r["algo"], r["impl"], r["size"]): r["digest"] for r in records.of_kind(recs, "digest")}
    return {"digests": digests, "regions": regions, "counts": counts}

