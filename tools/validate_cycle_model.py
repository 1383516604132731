#!/usr/bin/env python3
"""Validates the cycle-model meter (est-cycles) where the truth is known, and
compares its estimates with the seeds' published speeds.

    .venv/bin/python tools/validate_cycle_model.py gba      # every algorithm, gba and gba-iwram,
                                                           # 64 and 1024 B: model against mGBA
    .venv/bin/python tools/validate_cycle_model.py seeds    # N64, NDS, 3DS, GBA rows of the seeds
    .venv/bin/python tools/validate_cycle_model.py layout   # N64: SHA-3 with its code shifted
    .venv/bin/python tools/validate_cycle_model.py stm32    # Cortex-M7: caches, DTCM against SRAM
    .venv/bin/python tools/validate_cycle_model.py all      # all of it (not the probes)
    .venv/bin/python tools/validate_cycle_model.py probes   # GBA: one Thumb instruction kind, repeated
Options: -a ALGO[,ALGO] (gba), --markdown FILE (write the tables), -j JOBS.

GBA: the same objects (arm-none-eabi-gcc with cross8/targets/gba.toml's
flags) are linked twice with the same linker script: once with the mGBA
start-up and platform (the ROM mGBA runs, exact cycles), once with
cross/gba-qemu/ (Linux system calls, for qemu-arm -cpu ti925t under the
cycle-model plugin).  The platform object is linked last in both, so every
measured function has the same address in both programs.  Every digest is
checked against data/reference-digests.tsv before a cost is compared.

Builds go to build/cyclemodel/ and are reused while their inputs do not change.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import os
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hashbench.meters import cycle_model as cm  # noqa: E402

BUILD = ROOT / "build" / "cyclemodel"
JOBS = int(os.environ.get("HB_CYCLEMODEL_JOBS", "2"))
GBA_SIZES = (64, 1024)


# ---- small helpers --------------------------------------------------------------------
def rel(p) -> str:
    p = Path(p)
    return str(p.relative_to(ROOT)) if p.is_absolute() and p.is_relative_to(ROOT) else str(p)


def headers_key() -> bytes:
    h = hashlib.sha256()
    for d in ("src/algos", "src/engine", "cross8", "cross/gba-qemu", "src/platform"):
        for p in sorted((ROOT / d).glob("*.h")):
            h.update(p.read_bytes())
    return h.digest()


_HEADERS = None


def cached(out: Path, cmd: list, inputs: list) -> Path:
    """Runs cmd (from the repository root) unless out exists with the same
    command and inputs."""
    global _HEADERS
    if _HEADERS is None:
        _HEADERS = headers_key()
    h = hashlib.sha256(_HEADERS)
    h.update("\0".join(cmd).encode())
    for i in inputs:
        h.update(Path(ROOT / i).read_bytes())
    key = h.hexdigest()
    stamp = out.with_name(out.name + ".key")
    if out.exists() and stamp.exists() and stamp.read_text() == key:
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    out.with_name(out.name + ".log").write_text(" ".join(shlex.quote(c) for c in cmd) + "\n" +
                                                proc.stdout + proc.stderr)
    if proc.returncode != 0:
        raise BuildFailed(f"{rel(out)}: {proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else 'failed'}")
    stamp.write_text(key)
    return out


class BuildFailed(Exception):
    pass


def registry() -> list:
    """src/algos/registry.def -> [{sym, id, label, digest_len, compact}]."""
    text = (ROOT / "src/algos/registry.def").read_text()
    out = []
    for m in re.finditer(r'^HB_ALGO\((\w+),\s*"([^"]+)",\s*"([^"]+)",\s*\w+,\s*(\d+),\s*\d+,\s*\d+,\s*\w+,\s*(\w+)',
                         text, re.M):
        out.append({"sym": m[1], "id": m[2], "label": m[3], "digest_len": int(m[4]),
                    "compact": m[5] == "COMPACT"})
    return out


def reference_digests() -> dict:
    ref = {}
    for line in (ROOT / "data/reference-digests.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        algo, size, digest = line.split("\t")
        ref[(algo, int(size))] = digest
    return ref


# ---- the GBA programs -------------------------------------------------------------------
@dataclass
class GbaTarget:
    name: str
    cc: str
    cflags: list
    ldflags: list
    crt0: str
    ldscript: str


def gba_target(name: str) -> GbaTarget:
    with open(ROOT / "cross8" / "targets" / f"{name}.toml", "rb") as f:
        t = tomllib.load(f)
    return GbaTarget(name, t["cc"], list(t["cflags"]), list(t["ldflags"]), t["crt0"], t["linker_script"])


def objcopy(t: GbaTarget) -> str:
    return t.cc.replace("gcc", "objcopy")


def needed_sources(algos: list) -> list:
    """The core files the algorithms' one-shots need: the file defining
    hb_<sym>[_compact], then every file defining an hb_ function it names."""
    text = {rel(p): p.read_text() for p in sorted((ROOT / "src/algos").glob("*.c"))}
    where = {}
    for f, body in text.items():
        for m in re.finditer(r"^\w[\w \t*]*?\b(hb_\w+)\s*\([^;]*?\)\s*\{", body, re.M):
            where.setdefault(m.group(1), f)
    todo = [where[n] for a in algos for n in (f"hb_{a['sym']}", f"hb_{a['sym']}_compact") if n in where]
    need = set()
    while todo:
        f = todo.pop()
        if f in need:
            continue
        need.add(f)
        todo += [where[n] for n in set(re.findall(r"\bhb_\w+", text[f])) if n in where and where[n] not in need]
    return sorted(need)


def gba_library(t: GbaTarget, srcs=None) -> Path:
    """The core sources (default: all) compiled once, with the target's
    flags, into one archive (the linker takes only what a program needs:
    --gc-sections)."""
    odir = BUILD / "gba-lib"
    srcs = srcs or sorted(rel(p) for p in (ROOT / "src/algos").glob("*.c"))
    def one(src):
        obj = odir / (Path(src).stem + ".o")
        return cached(obj, [t.cc, *t.cflags, "-c", "-Isrc/algos", "-Isrc/engine", "-o", rel(obj), src], [src])
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        objs = list(pool.map(one, srcs))
    lib = odir / f"libhb8-{hashlib.sha256(' '.join(srcs).encode()).hexdigest()[:8]}.a"
    return cached(lib, ["sh", "-c", f"rm -f {rel(lib)} && {t.cc.replace('gcc', 'ar')} rcs {rel(lib)} " +
                        " ".join(rel(o) for o in objs)], [rel(o) for o in objs])


def gba_common_objects(t: GbaTarget) -> dict:
    odir = BUILD / "gba-obj"
    crt0 = cached(odir / "crt0.o", [t.cc, *t.cflags, "-c", "-o", rel(odir / "crt0.o"), t.crt0], [t.crt0])
    size = crt0_size(crt0)
    objs = {
        "crt0": crt0,
        "mgba": cached(odir / "sim_mgba.o", [t.cc, *t.cflags, "-c", "-Icross8", "-DHB8_MGBA", "-o",
                                            rel(odir / "sim_mgba.o"), "src/platform/sim_mgba.c"],
                       ["src/platform/sim_mgba.c"]),
        "start": cached(odir / "qemu_start.o", [t.cc, *t.cflags, "-c", f"-DCRT0_SIZE={size}", "-o",
                                               rel(odir / "qemu_start.o"), "cross/gba-qemu/start.S"],
                        ["cross/gba-qemu/start.S"]),
        "qemu": cached(odir / "gba_qemu_sys.o", [t.cc, *t.cflags, "-c", "-Icross8", "-o",
                                                rel(odir / "gba_qemu_sys.o"), "cross/gba-qemu/gba_qemu_sys.c"],
                       ["cross/gba-qemu/gba_qemu_sys.c"]),
        "workload": cached(odir / "hb_workload.o", [t.cc, *t.cflags, "-c", "-Isrc/engine", "-o",
                                                   rel(odir / "hb_workload.o"), "src/engine/hb_workload.c"],
                           ["src/engine/hb_workload.c"]),
    }
    return objs


def crt0_size(obj: Path) -> int:
    e = cm.read_elf(obj)
    for s in e.sections:
        if s.name == ".crt0":
            return s.size
    raise BuildFailed(f"{obj}: no .crt0 section")


@dataclass
class GbaProgram:
    algo: dict
    impls: tuple
    placement: str        # gba | gba-iwram
    rom: Path             # for mGBA
    elf: Path             # for QEMU


def gba_program(t: GbaTarget, ldscript: str, placement: str, algo: dict, impls: tuple, lib: Path,
                objs: dict, extra=(), sizes=GBA_SIZES) -> GbaProgram:
    d = BUILD / placement / algo["id"] / "-".join(impls)
    defines = [f'-DHB8_ID="{algo["id"]}"', f"-DHB8_DIGEST_LEN={algo['digest_len']}", "-DHB8_MAX_SIZE=4096",
               "-DHB8_SIZES=" + ",".join(map(str, sizes))]
    if "portable" in impls:
        defines.append(f"-DHB8_FN=hb_{algo['sym']}")
    if "compact" in impls:
        defines.append(f"-DHB8_FN_COMPACT=hb_{algo['sym']}_compact")
    eng = BUILD / "gba-obj" / "engine8" / f"{algo['id']}-{'-'.join(impls)}-{'-'.join(map(str, sizes))}.o"
    cached(eng, [t.cc, *t.cflags, "-c", "-Icross8", "-Isrc/engine", "-Isrc/algos", *defines, "-o", rel(eng),
                 "cross8/engine8.c"], ["cross8/engine8.c"])
    # The C library before the platform object: the platform is last in both
    # programs, so everything measured sits at the same address.
    libs = ["-Wl,--start-group", "-lc", "-lnosys", "-lgcc", "-Wl,--end-group"]
    def link(out, start, platform):
        cmd = [t.cc, *t.cflags, "-nostartfiles", "-T", ldscript, "-Wl,--gc-sections", "-o", rel(out),
               rel(start), rel(objs["workload"]), rel(eng), *map(rel, extra), rel(lib), "--specs=nosys.specs",
               *libs, rel(platform)]
        return cached(out, cmd, [rel(start), rel(objs["workload"]), rel(eng), *map(rel, extra), rel(lib),
                                 rel(platform), ldscript])
    melf = link(d / "mgba.elf", objs["crt0"], objs["mgba"])
    qelf = link(d / "qemu.elf", objs["start"], objs["qemu"])
    rom = d / "mgba.gba"
    cached(rom, ["sh", "-c", f"{objcopy(t)} -O binary {rel(melf)} {rel(rom)} && python3 cross8/tools/romfix.py gba {rel(rom)}"],
           [rel(melf), "cross8/tools/romfix.py"])
    check_same_layout(melf, qelf)
    return GbaProgram(algo, impls, placement, rom, qelf)


def check_same_layout(a: Path, b: Path) -> None:
    """The measured functions must sit at the same addresses in both programs
    (the platform's code is linked last; only constant tables, which follow
    the code, may move, and neither ROM nor IWRAM timing depends on an
    address; so may the linker's interworking veneers, placed after all code)."""
    ea, eb = cm.read_elf(a), cm.read_elf(b)
    for name in ea.functions:
        if name.startswith("hb8_") or name.endswith(("_from_thumb", "_from_arm", "_veneer")):
            continue
        if eb.symbols.get(name) != ea.symbols[name]:
            raise BuildFailed(f"{rel(a)} and {rel(b)}: {name} at 0x{ea.symbols[name]:x} "
                              f"and 0x{eb.symbols.get(name, 0):x}")


def mgba_runner() -> Path:
    out = ROOT / "build" / "cross8" / "mgba-run"
    src = "cross8/runners/mgba_run.c"
    return cached(BUILD / "mgba-run", ["cc", "-std=gnu11", "-O2", "-Wall", "-Wextra", src,
                                       "-o", rel(BUILD / "mgba-run"), "-lmgba"], [src]) if not out.exists() else out


# ---- running them -------------------------------------------------------------------------
def parse_engine8(text: str) -> tuple:
    """-> ([(impl, size)] in span-triple order, {(impl, size): digest})"""
    order, digests = [], {}
    for line in text.splitlines():
        p = line.split()
        if len(p) == 4 and p[0] == "D":
            digests[(p[1], int(p[2]))] = p[3]
        elif len(p) == 3 and p[0] == "T":
            order.append((p[1], int(p[2])))
    return order, digests


def run_mgba(runner: Path, rom: Path) -> tuple:
    proc = subprocess.run([str(runner), str(rom)], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise BuildFailed(f"{rel(rom)}: mgba-run exit {proc.returncode}")
    order, digests = parse_engine8(proc.stdout)
    marks = [int(l[1:]) for l in proc.stdout.splitlines() if l.startswith("@")]
    if len(marks) != 6 * len(order):
        raise BuildFailed(f"{rel(rom)}: {len(marks)} marks for {len(order)} measurements")
    costs = {}
    for i, key in enumerate(order):
        m = marks[6 * i:6 * i + 6]
        s1, s2, s3 = m[1] - m[0], m[3] - m[2], m[5] - m[4]
        if s3 != s2:
            raise BuildFailed(f"{rel(rom)}: {key} span 3 ({s3}) differs from span 2 ({s2})")
        costs[key] = s2 - s1
    return costs, digests


def run_model(plugin: Path, model: cm.Model, elf: Path, runner=("qemu-arm", "-cpu", "ti925t"),
              args=(), trace_region=None) -> tuple:
    """-> ({(impl, size): cost dict}, digests) for a console program."""
    e = cm.read_elf(elf)
    mf = cm.write_model_file(model, elf.with_suffix(f".{model.label.replace('/', '.')}.model"), e)
    out = elf.with_suffix(f".{model.label.replace('/', '.')}.counts")
    trace = elf.with_suffix(".trace") if trace_region is not None else None
    spec = cm.plugin_spec(plugin, mf, out, mark=e.symbol("hb8_mark", clear_thumb=True), trace=trace,
                          trace_region=trace_region)
    proc = subprocess.run([*runner, "-plugin", spec, str(elf), *args], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise BuildFailed(f"{rel(elf)}: qemu exit {proc.returncode}: {proc.stderr.strip()[-300:]}")
    order, digests = parse_engine8(proc.stdout)
    spans = cm.span_costs(cm.parse_records(out.read_text()))
    if len(spans) != len(order):
        raise BuildFailed(f"{rel(elf)}: {len(spans)} span triples for {len(order)} measurements")
    costs = {}
    for key, s in zip(order, spans):
        if not s["repeat"]:
            raise BuildFailed(f"{rel(elf)}: {key}: the model's span 3 differs from span 2")
        costs[key] = s
    return costs, digests


@dataclass
class GbaRow:
    algo: str
    label: str
    impl: str
    size: int
    placement: str
    truth: int
    model: int
    detail: dict

    @property
    def error_pct(self) -> float:
        return 100.0 * (self.model - self.truth) / self.truth


def gba_programs(algos: list, log=print, all_sources=True) -> list:
    t = gba_target("gba")
    ti = gba_target("gba-iwram")
    if ti.cflags != t.cflags or ti.cc != t.cc:
        raise BuildFailed("gba and gba-iwram build with different flags: the validation assumes one build")
    log(f"building the core library for the ARM7TDMI ({t.cc} {' '.join(t.cflags)}) ...")
    lib = gba_library(t, None if all_sources else needed_sources(algos))
    objs = gba_common_objects(t)
    progs = []
    jobs = []
    failed = {}
    for placement, target in (("gba", t), ("gba-iwram", ti)):
        for a in algos:
            jobs.append((placement, target, a))
    def make(job):
        placement, target, a = job
        impls = ("portable", "compact") if a["compact"] else ("portable",)
        try:
            return [gba_program(t, target.ldscript, placement, a, impls, lib, objs)]
        except BuildFailed as exc:
            if len(impls) == 1:
                failed[(placement, a["id"])] = str(exc)
                return []
            out = []
            for one in impls:   # both do not fit (gba-iwram): each alone
                try:
                    out.append(gba_program(t, target.ldscript, placement, a, (one,), lib, objs))
                except BuildFailed as exc1:
                    failed[(placement, a["id"], one)] = str(exc1)
            return out
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        for r in pool.map(make, jobs):
            progs += r
    return progs, failed


def validate_gba(algo_ids=None, log=print, variant=None) -> tuple:
    """-> (rows, problems); variant: a [variants.X] of arm7tdmi-gba.toml"""
    algos = [a for a in registry() if not algo_ids or a["id"] in algo_ids]
    progs, failed = gba_programs(algos, log, all_sources=not algo_ids)
    problems = [f"{'/'.join(k)}: not built: {why.splitlines()[-1]}" for k, why in sorted(failed.items())]
    plugin = cm.build_plugin()
    model = cm.load_model("arm7tdmi-gba", variant)
    runner = mgba_runner()
    ref = reference_digests()
    rows = []
    log(f"running {len(progs)} programs under mGBA and under QEMU with the {model.label} model ...")
    def measure(p):
        truth, td = run_mgba(runner, p.rom)
        est, md = run_model(plugin, model, p.elf)
        return p, truth, td, est, md
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        for p, truth, td, est, md in pool.map(measure, progs):
            for key in truth:
                impl, size = key
                want = ref.get((p.algo["id"], size))
                if td.get(key) != md.get(key) or (want and td.get(key) != want):
                    problems.append(f"{p.placement}/{p.algo['id']}/{impl}/{size}: digest mismatch, not compared")
                    continue
                rows.append(GbaRow(p.algo["id"], p.algo["label"], impl, size, p.placement, truth[key],
                                   est[key]["cycles"], est[key]))
    rows.sort(key=lambda r: (r.placement, r.algo, r.impl, r.size))
    return rows, problems


def gba_table(rows: list) -> str:
    """Markdown: per algorithm and implementation, both placements, 64 and 1024 B."""
    by = {}
    for r in rows:
        by.setdefault((r.algo, r.label, r.impl), {})[(r.placement, r.size)] = r
    head = ("| algo | impl | " + " | ".join(f"{pl} {s} B: mGBA / model / err" for pl in ("gba", "gba-iwram")
                                           for s in GBA_SIZES) + " |")
    lines = [head, "|---|---|" + "---:|" * 4]
    for (algo, label, impl), cells in sorted(by.items(), key=lambda kv: (kv[0][0], kv[0][2] != "portable")):
        parts = []
        for pl in ("gba", "gba-iwram"):
            for s in GBA_SIZES:
                r = cells.get((pl, s))
                parts.append(f"{r.truth:,} / {r.model:,} / {r.error_pct:+.1f}%" if r else "n/a")
        lines.append(f"| {label} | {impl} | " + " | ".join(parts) + " |")
    return "\n".join(lines)


def gba_summary(rows: list) -> str:
    out = []
    for pl in ("gba", "gba-iwram"):
        rs = [r for r in rows if r.placement == pl]
        if not rs:
            continue
        errs = [abs(r.error_pct) for r in rs]
        worst = max(rs, key=lambda r: abs(r.error_pct))
        within = sum(e <= 10 for e in errs)
        out.append(f"{pl}: {len(rs)} measurements, mean |error| {sum(errs)/len(errs):.2f}%, "
                   f"worst {worst.error_pct:+.1f}% ({worst.label} {worst.impl} {worst.size} B), "
                   f"{within}/{len(rs)} within 10%")
    return "\n".join(out)


# ---- probes: one instruction kind, repeated, in ROM --------------------------------------------------
# Each probe is a Thumb sequence placed 1 and 3 times in a function that the
# console program times as its "hash"; (cost(3) - cost(1)) / 2 is what one
# sequence costs, in mGBA and in the model.  They found the decoder bugs and
# the two rules where mGBA and GBATEK differ (docs/cycle-models.md).
PROBES = {
    "alu": "adds r0, r0, r1",
    "mov_hi": "mov r8, r0",
    "ldr_iwram": "ldr r2, [r6, #0]",
    "ldr_iwram_use": "ldr r2, [sp, #0]\n    adds r2, r2, r1",
    "str_iwram": "str r2, [sp, #0]",
    "ldr_literal_rom": "ldr r2, =0x12345678",
    "ldr_rom": "ldr r2, [r5, #0]",
    "ldrb_rom": "ldrb r2, [r5, #0]",
    "ldm_iwram_1": "ldm r6!, {r2}\n    subs r6, #4",
    "ldm_iwram_2": "ldm r6!, {r2, r3}\n    subs r6, #8",
    "ldm_rom_1": "ldm r5!, {r2}\n    subs r5, #4",
    "ldm_rom_2": "ldm r5!, {r2, r3}\n    subs r5, #8",
    "stm_iwram_2": "stm r6!, {r2, r3}\n    subs r6, #8",
    "push_pop_2": "push {r2, r3}\n    pop {r2, r3}",
    "lsl_register": "lsls r2, r1",
    "muls_large": "muls r2, r7",
    "b_forward": "b 1f\n    nop\n1:",
    "beq_taken": "cmp r0, r0\n    beq 1f\n    nop\n1:",
    "bne_not_taken": "cmp r0, r0\n    bne 1f\n    nop\n1:",
    "bl_bx": "bl hb_probe_leaf",
}


def probe_asm(body: str, reps: int) -> str:
    seq = "\n    ".join([body] * reps)
    return f"""@ generated by tools/validate_cycle_model.py (probe)
    .syntax unified
    .thumb
    .section .text.hb_probe, "ax"
    .global hb_probe
    .thumb_func
hb_probe:
    push {{r4, r5, r6, r7, lr}}
    mov r0, r8
    push {{r0}}
    ldr r5, =probe_rom
    ldr r6, =probe_iwram
    ldr r7, =0x12345678
    sub sp, #8
    {seq}
    add sp, #8
    pop {{r0}}
    mov r8, r0
    pop {{r4, r5, r6, r7}}
    pop {{r0}}
    bx r0
    .ltorg
    .thumb_func
    .global hb_probe_leaf
hb_probe_leaf:
    bx lr
    .section .rodata.probe, "a"
    .align 2
probe_rom: .word 0x11223344, 0x55667788
    .section .bss.probe, "aw"
    .align 2
probe_iwram: .word 0, 0, 0, 0
"""


def validate_probes(variant=None, log=print) -> str:
    t = gba_target("gba")
    objs = gba_common_objects(t)
    lib = gba_library(t, ["src/algos/simple.c"])   # nothing of it is used: the probe is the hash
    algo = {"id": "probe", "sym": "probe", "digest_len": 1, "compact": False}
    plugin, model, runner = cm.build_plugin(), cm.load_model("arm7tdmi-gba", variant), mgba_runner()
    lines = ["| probe (Thumb, code in ROM) | mGBA cycles | model cycles |", "|---|---:|---:|"]
    for name, body in PROBES.items():
        costs = {}
        for reps in (1, 3):
            d = BUILD / "probes" / f"{name}-{reps}"
            d.mkdir(parents=True, exist_ok=True)
            (d / "probe.S").write_text(probe_asm(body, reps))
            obj = cached(d / "probe.o", [t.cc, *t.cflags, "-c", "-o", rel(d / "probe.o"), rel(d / "probe.S")],
                         [rel(d / "probe.S")])
            p = gba_program(t, t.ldscript, f"probes/{name}-{reps}", algo, ("portable",), lib, objs, extra=[obj],
                            sizes=(64,))
            truth, _ = run_mgba(runner, p.rom)
            est, _ = run_model(plugin, model, p.elf)
            costs[reps] = (truth[("portable", 64)], est[("portable", 64)]["cycles"])
        mg = (costs[3][0] - costs[1][0]) / 2
        mo = (costs[3][1] - costs[1][1]) / 2
        shown = "; ".join(x.strip() for x in body.split("\n"))
        lines.append(f"| `{shown}` | {mg:g} | {mo:g}{'' if mg == mo else ' (differs)'} |")
    return "\n".join(lines)


# ---- the QEMU engine (hb-cross) under a model -------------------------------------------------------
def qemu_target(name: str):
    """-> (target, ELF) built by `hashbench cross`'s own builder (cached)."""
    from hashbench import cross
    t = cross.load_targets()[name]
    elf, _, _ = cross.build_target(t)
    return t, Path(elf)


def engine_command(t, elf: Path, spec: str, engine_args: list) -> list:
    if t.mode == "user":
        return [*t.runner, "-plugin", spec, str(elf), *engine_args]
    # QEMU's option syntax: a comma inside a value is doubled
    semi = ",".join(["enable=on", "target=native", "arg=hb-cross",
                     *[f"arg={a.replace(',', ',,')}" for a in engine_args]])
    return [*t.runner, "-semihosting-config", semi, "-plugin", spec, "-kernel", str(elf)]


def _engine_once(t, elf: Path, model: cm.Model, algos, sizes, calls, tag, trace_region=None, shifts=()):
    from hashbench import cross
    e = cm.read_elf(elf)
    thumb = bool(getattr(t, "thumb", False))
    begin, end = e.symbol("hb_cross_begin", thumb), e.symbol("hb_cross_end", thumb)
    stem = BUILD / "runs" / f"{t.name}{tag}.{model.label.replace('/', '.')}.k{calls}"
    stem.parent.mkdir(parents=True, exist_ok=True)
    mf = cm.write_model_file(model, Path(f"{stem}.model"), e, shifts)
    out = Path(f"{stem}.counts")
    trace = Path(f"{stem}.trace") if trace_region is not None else None
    spec = cm.plugin_spec(cm.build_plugin(), mf, out, begin=begin, end=end, trace=trace, trace_region=trace_region)
    args = ["-a", ",".join(algos), "-s", ",".join(map(str, sizes)), "-k", str(calls)]
    proc = subprocess.run(engine_command(t, elf, spec, args), capture_output=True, text=True, timeout=3000)
    if proc.returncode != 0:
        raise BuildFailed(f"{t.name}: exit {proc.returncode}: {proc.stderr.strip()[-300:]}")
    parsed = cross.parse_engine(proc.stdout)
    counts = cm.parse_records(out.read_text())
    ref = reference_digests()
    res = {}
    for r in parsed["regions"]:
        key = (r["algo"], r["impl"], r["size"])
        if r["algo"] != "-":
            got = parsed["digests"].get(key)
            want = ref.get((r["algo"], r["size"])) or parsed["digests"].get((r["algo"], "portable", r["size"]))
            if got is None or got != want:
                raise BuildFailed(f"{t.name}: {key}: digest {got} is not {want}: no cost")
        res[key] = counts.counts[r["index"]]
    return res


def run_engine(t, elf: Path, model: cm.Model, algos, sizes=(1024,), tag="", calls=(1, 3), shifts=()) -> dict:
    """Runs hb-cross under the model twice, with 1 and 3 calls per region, and
    differences them -> {(algo, impl, size): per-call figures}.  The
    difference removes the harness (loop, markers) and the first call of a
    region, which may meet caches and predictors the harness disturbed: what
    remains is the steady state of back-to-back calls.  Every digest is
    checked against the reference first."""
    lo, hi = calls
    a = _engine_once(t, elf, model, algos, sizes, lo, tag, shifts=shifts)
    b = _engine_once(t, elf, model, algos, sizes, hi, tag, shifts=shifts)
    out = {}
    for key in b:
        if key[0] == "-" or key not in a:
            continue
        out[key] = {k: (b[key][k] - a[key][k]) / (hi - lo) for k in b[key]
                    if k not in ("rec", "region") and isinstance(b[key][k], int)}
    return out


# ---- the seeds ------------------------------------------------------------------------------------
def seed_data() -> dict:
    with open(ROOT / "data" / "seed-speeds.toml", "rb") as f:
        return tomllib.load(f)


LABELS = {a["id"]: a["label"] for a in registry()}
# The family's AES has no T-tables (the N64 README says so): our `compact` is
# the like-for-like code there.  For the others the family's code is not
# documented: `portable` is the headline and `compact` is shown beside it.
LIKE_COMPACT = {"aes-cbc-mac"}
# Our PBKDF2 runs 100 iterations, the family's 1000: not comparable, shown
# unscaled and left out of the count.
NOT_COMPARABLE = {"pbkdf2-sha256"}


def _kb(cost, size, clock):
    return cm.kb_per_s(size, cost["cycles"], clock) if cost else None


def _fmt(v):
    if v is None:
        return "n/a"
    return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"


def seed_rows(platform: str, est: dict, clock: int, seeds: dict) -> list:
    """-> [(algo, seed, portable KB/s, compact KB/s, headline KB/s, ratio)]"""
    rows = []
    for algo, seed in seeds.items():
        port = _kb(est.get((algo, "portable", 1024)), 1024, clock)
        comp = _kb(est.get((algo, "compact", 1024)), 1024, clock)
        head = comp if algo in LIKE_COMPACT and comp else port
        ratio = head / seed if head and seed and algo not in NOT_COMPARABLE else None
        rows.append((algo, seed, port, comp, head, ratio))
    return rows


def seed_table(rows: list, note="") -> str:
    lines = ["| algo | seed KB/s | est. portable | est. compact | compared | est. / seed |", "|---|---:|---:|---:|---|---:|"]
    for algo, seed, port, comp, head, ratio in rows:
        which = "compact" if algo in LIKE_COMPACT and comp else "portable"
        if algo in NOT_COMPARABLE:
            which = "not comparable: 100 against 1000 iterations"
        lines.append(f"| {LABELS.get(algo, algo)} | {_fmt(seed)} | {_fmt(port)} | {_fmt(comp)} | {which} | "
                     + (f"{ratio:.2f} |" if ratio else "- |"))
    counted = [r for r in rows if r[5]]
    within = [r for r in counted if 0.7 <= r[5] <= 1.3]
    lines.append("")
    lines.append(f"{len(within)} of {len(counted)} comparable rows within 30%{note}.")
    return "\n".join(lines)


def estimate(target: str, model_name: str, algos, variant=None, sizes=(1024,)) -> tuple:
    t, elf = qemu_target(target)
    model = cm.load_model(model_name, variant)
    return run_engine(t, elf, model, algos, sizes, tag=f".{variant}" if variant else ""), model


def validate_seeds(gba_rows=None, log=print) -> str:
    sd = seed_data()
    out = []
    cc = sd["crypto_column"]
    order = cc["order"]
    # N64
    n64 = sd["n64"]
    log("N64: hb-cross under the vr4300-n64 model ...")
    est, model = estimate("n64", "vr4300-n64", list(n64["kb_per_s"]))
    out.append(f"### N64 (VR4300 @ {model.clock_hz / 1e6:.2f} MHz): the seed's KB/s at 1024 B (Ares)\n\n" +
               seed_table(seed_rows("n64", est, model.clock_hz, n64["kb_per_s"])))
    p256 = _kb(est.get(("sha256", "portable", 1024)), 1024, model.clock_hz)
    p512 = _kb(est.get(("sha512", "portable", 1024)), 1024, model.clock_hz)
    c256 = _kb(est.get(("sha256", "compact", 1024)), 1024, model.clock_hz)
    c512 = _kb(est.get(("sha512", "compact", 1024)), 1024, model.clock_hz)
    s256, s512 = sd["sha256_vs_sha512"]["n64"]
    out.append(f"SHA-512 / SHA-256 speed: seed {s512 / s256:.2f}; estimate portable {p512 / p256:.2f}, "
               f"compact {c512 / c256:.2f}.")
    # NDS
    log("NDS: hb-cross under the arm946e-s-nds model ...")
    est, model = estimate("nds", "arm946e-s-nds", order)
    clock = model.clock_hz
    out.append(f"### NDS (ARM946E-S @ {clock / 1e6:.2f} MHz): the suite page's crypto column (approximate)\n\n" +
               seed_table(seed_rows("nds", est, clock, dict(zip(order, cc["nds"]))),
                          f" (at {clock / 1e6:.2f} MHz; at the page's 33.51 MHz every estimate halves)"))
    off, _ = estimate("nds", "arm946e-s-nds", order, variant="caches-off")
    out.append("The same rows with the caches off (the model's `caches-off` variant, not the DS as libnds runs "
               "it; one explanation of the seed's low figures): " + ", ".join(
                   f"{LABELS.get(a, a)} {_fmt(_kb(off.get((a, 'portable', 1024)), 1024, clock))}"
                   for a in order if a not in NOT_COMPARABLE) + " KB/s (portable).")
    s256, s512 = sd["sha256_vs_sha512"]["nds"]
    e256 = _kb(est.get(("sha256", "portable", 1024)), 1024, clock)
    e512 = _kb(est.get(("sha512", "portable", 1024)), 1024, clock)
    out.append(f"SHA-256 / SHA-512 table (approximate): seed {s256} / {s512} KB/s; estimate portable "
               f"{_fmt(e256)} / {_fmt(e512)} KB/s (ratios {e256 / s256:.2f} / {e512 / s512:.2f}); compact "
               f"{_fmt(_kb(est.get(('sha256', 'compact', 1024)), 1024, clock))} / "
               f"{_fmt(_kb(est.get(('sha512', 'compact', 1024)), 1024, clock))} KB/s.")
    # 3DS
    log("3DS: hb-cross under the arm11-3ds model ...")
    est, model = estimate("3ds", "arm11-3ds", order)
    out.append(f"### 3DS (ARM11 @ {model.clock_hz / 1e6:.1f} MHz): the suite page's crypto column (approximate, Citra)\n\n" +
               seed_table(seed_rows("3ds", est, model.clock_hz, dict(zip(order, cc["3ds"])))))
    # GBA: the model's estimates for our two placements, beside the seed's
    if gba_rows:
        gclock = cm.load_model("arm7tdmi-gba").clock_hz
        lines = ["| algo | seed KB/s | gba est. (mGBA) | gba-iwram est. (mGBA) | est. / seed (ROM, IWRAM) |",
                 "|---|---:|---:|---:|---:|"]
        by = {(r.placement, r.algo, r.impl, r.size): r for r in gba_rows}
        for algo, seed in zip(order, cc["gba"]):
            impl = "compact" if algo in LIKE_COMPACT and ("gba", algo, "compact", 1024) in by else "portable"
            cells, ratios = [], []
            for pl in ("gba", "gba-iwram"):
                r = by.get((pl, algo, impl, 1024))
                if not r:
                    cells.append("n/a")
                    continue
                est_kb = cm.kb_per_s(1024, r.model, gclock)
                true_kb = cm.kb_per_s(1024, r.truth, gclock)
                cells.append(f"{_fmt(est_kb)} ({_fmt(true_kb)})")
                ratios.append("-" if algo in NOT_COMPARABLE else f"{est_kb / seed:.2f}")
            lines.append(f"| {LABELS.get(algo, algo)} {impl} | {_fmt(seed)} | " + " | ".join(cells) +
                         f" | {' / '.join(ratios)} |")
        s256, s512 = sd["sha256_vs_sha512"]["gba"]
        out.append("### GBA (ARM7TDMI @ 16.78 MHz): the suite page's crypto column (approximate)\n\n" +
                   "\n".join(lines) + f"\n\nSHA-256 / SHA-512 table (approximate): seed {s256} / {s512} KB/s.")
    return "\n\n".join(out)


# ---- layout: the N64 seed's SHA-3 I-cache conflict -------------------------------------------------
def layout_scan(t, elf, model, algo, name, span, step) -> list:
    e = cm.read_elf(elf)
    lo = e.symbols[name]
    size = func_size(elf, name)
    rows = []
    for delta in range(0, span, step):
        est = run_engine(t, elf, model, [algo], tag=f".{name}.{delta}", shifts=[(lo, lo + size, delta)])
        c = est[(algo, "portable", 1024)]
        rows.append((delta, c["cycles"], c["icache_misses"], c["dcache_misses"]))
    return rows, size


def validate_layout(algo="sha3-256", step=512, log=print) -> str:
    """Moves, for the model's caches only, SHA-3's permutation by 0..16 KiB
    (the VR4300's I-cache) and its round-constant table by 0..8 KiB (the
    D-cache), as a relink could place them, and reports the estimate at
    each offset."""
    t, elf = qemu_target("n64")
    model = cm.load_model("vr4300-n64")
    out = []
    out.append("The seed's relink cost its SHA-3 47% through an I-cache conflict of its code with itself.")
    for name, span, cache in (("hb_keccak_f1600", 16384, "I"), ("hb_keccak_rc", 8192, "D")):
        log(f"layout: {algo} with {name} moved in steps of {step} B ...")
        rows, size = layout_scan(t, elf, model, algo, name, span, step)
        base = rows[0][1]
        worst = max(rows, key=lambda r: r[1])
        lines = [f"| {name} ({size} B) moved by | cycles/call | I-cache misses | D-cache misses | KB/s | vs as linked |",
                 "|---:|---:|---:|---:|---:|---:|"]
        for delta, cyc, im, dm in rows:
            lines.append(f"| {delta} | {cyc:,.0f} | {im:,.0f} | {dm:,.0f} | {cm.kb_per_s(1024, cyc, model.clock_hz):,.0f} | "
                         f"{100 * (base / cyc - 1):+.1f}% |")
        lines.append("")
        lines.append(f"Worst placement of {name} ({cache}-cache): moved by {worst[0]} B, "
                     f"{100 * (1 - base / worst[1]):.1f}% slower than as linked.")
        out.append("\n".join(lines))
    return "\n\n".join(out)


def func_size(elf: Path, name: str) -> int:
    """A function's size from the symbol table (st_size)."""
    import struct as st
    data = Path(elf).read_bytes()
    e = cm.read_elf(elf)
    # st_size is not kept by read_elf: read it again for one symbol
    bits, big = e.bits, e.big_endian
    fmt_e = ">" if big else "<"
    if bits == 64:
        shoff, = st.unpack_from(fmt_e + "Q", data, 0x28)
        shentsize, shnum, _ = st.unpack_from(fmt_e + "HHH", data, 0x3A)
        sh = fmt_e + "IIQQQQIIQQ"
    else:
        shoff, = st.unpack_from(fmt_e + "I", data, 0x20)
        shentsize, shnum, _ = st.unpack_from(fmt_e + "HHH", data, 0x2E)
        sh = fmt_e + "IIIIIIIIII"
    heads = [st.unpack_from(sh, data, shoff + i * shentsize) for i in range(shnum)]
    for h in heads:
        if h[1] != 2:
            continue
        off, size, link, entsize = h[4], h[5], h[6], h[9]
        stroff = heads[link][4]
        for i in range(size // entsize):
            p = off + i * entsize
            if bits == 64:
                nm, info, other, shndx, value, ssize = st.unpack_from(fmt_e + "IBBHQQ", data, p)
            else:
                nm, value, ssize, info, other, shndx = st.unpack_from(fmt_e + "IIIBBH", data, p)
            end = data.index(b"\0", stroff + nm)
            if data[stroff + nm:end].decode() == name:
                return ssize
    raise BuildFailed(f"{elf}: no symbol {name}")


# ---- the STM32 study's memory experiments ------------------------------------------------------------
STM32_VARIANTS = [(None, "caches on, data and stack in DTCM"), ("sram", None), ("icache-only-dtcm", None),
                  ("icache-only-sram", None), ("nocache-dtcm", None), ("nocache-sram", None)]


def validate_stm32(algos=("sha256", "ascon-hash256"), sizes=(1024, 65536), log=print) -> str:
    titles = cm.variant_titles("cortex-m7-stm32f767")
    t, elf = qemu_target("cortex-m7")
    res = {}
    for var, title in STM32_VARIANTS:
        log(f"Cortex-M7: {var or 'base'} ...")
        model = cm.load_model("cortex-m7-stm32f767", var)
        res[var] = run_engine(t, elf, model, list(algos), sizes, tag=f".{var or 'base'}")
    cols = [(a, s) for a in algos for s in sizes]
    lines = ["| memory configuration | " + " | ".join(f"{LABELS.get(a, a)} {s} B cycles/B" for a, s in cols) + " |",
             "|---|" + "---:|" * len(cols)]
    for var, title in STM32_VARIANTS:
        cells = []
        for a, s in cols:
            c = res[var][(a, "portable", s)]["cycles"] / s
            b = res[None][(a, "portable", s)]["cycles"] / s
            cells.append(f"{c:.1f}" + ("" if var is None else f" ({c / b:.2f}x)"))
        lines.append(f"| {title or titles.get(var, var)} | " + " | ".join(cells) + " |")
    def eff(v1, v2, a, s):
        return res[v2][(a, "portable", s)]["cycles"] / res[v1][(a, "portable", s)]["cycles"]
    big = max(sizes)
    notes = []
    for a in algos:
        notes.append(f"{LABELS.get(a, a)} at {big} B: SRAM instead of DTCM costs {100 * (eff(None, 'sram', a, big) - 1):+.1f}% "
                     f"with the caches on, {100 * (eff('nocache-dtcm', 'nocache-sram', a, big) - 1):+.1f}% with them off; "
                     f"turning both caches off costs {100 * (eff(None, 'nocache-dtcm', a, big) - 1):+.0f}% (data in DTCM), "
                     f"the D-cache alone {100 * (eff(None, 'icache-only-dtcm', a, big) - 1):+.1f}% (DTCM) and "
                     f"{100 * (eff('sram', 'icache-only-sram', a, big) - 1):+.1f}% (SRAM).")
    return "\n".join(lines) + "\n\n" + "\n".join(f"- {n}" for n in notes)


# ---- main ---------------------------------------------------------------------------------------
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("what", nargs="*", default=["all"], help="gba, seeds, layout, stm32, all, or probes")
    ap.add_argument("-a", "--algos", default="", help="comma-separated algorithm ids (gba)")
    ap.add_argument("--variant", help="gba: a variant of the arm7tdmi-gba model (e.g. mgba-shifts)")
    ap.add_argument("--markdown", help="also write the tables to this file")
    args = ap.parse_args(argv)
    what = set(args.what)
    if "all" in what:
        what = {"gba", "seeds", "layout", "stm32"}
    md = []
    if "probes" in what:
        text = validate_probes(args.variant, log=lambda m: print(m, file=sys.stderr))
        print("## GBA probes: one instruction kind repeated, mGBA against the model\n\n" + text)
        md.append("## GBA probes\n\n" + text + "\n")
    if "gba" in what:
        rows, problems = validate_gba([a for a in args.algos.split(",") if a] or None,
                                      log=lambda m: print(m, file=sys.stderr), variant=args.variant)
        text = gba_table(rows)
        print("## GBA: cycle model against mGBA\n\n" + text + "\n\n" + gba_summary(rows))
        for p in problems:
            print("note:", p)
        md.append("## GBA: cycle model against mGBA\n\n" + text + "\n\n" + gba_summary(rows) + "\n")
    if "seeds" in what:
        text = validate_seeds(rows if "gba" in what else None, log=lambda m: print(m, file=sys.stderr))
        print("## Estimates against the seeds\n\n" + text)
        md.append("## Estimates against the seeds\n\n" + text + "\n")
    if "layout" in what:
        text = validate_layout(log=lambda m: print(m, file=sys.stderr))
        print("## N64: SHA-3 and the I-cache layout\n\n" + text)
        md.append("## N64: SHA-3 and the I-cache layout\n\n" + text + "\n")
    if "stm32" in what:
        text = validate_stm32(log=lambda m: print(m, file=sys.stderr))
        print("## Cortex-M7: the STM32 study's memory experiments\n\n" + text)
        md.append("## Cortex-M7: the STM32 study's memory experiments\n\n" + text + "\n")
    if args.markdown:
        Path(args.markdown).write_text("\n".join(md))
    return 0


if __name__ == "__main__":
    sys.exit(main())
