# SPDX-License-Identifier: MIT
"""Every length of one implementation on a console's CPU: the program
src/engine/guest/lengths.c, built as a console target builds its
programs, run once under the target's simulator, gives the digest at every
length 0..2048 and of a few messages (tests/python/test_asm.py holds them
against the independent reference).  The hand-written assembly of
src/algos/asm/ is verified this way as strictly as our C."""
from ..errors import BuildError, UserError
from ..meters import named
from ..meters.exact import execute
from ..results import records
from ..toolchain import cache, cartridge
from .console import object_stem

LENGTHS = "src/engine/guest/lengths.c"
EXIT = "src/platform/guest/posix_exit.c"   # a user-mode QEMU program's hb_guest_init and hb_exit


def check_lengths(t, algo, impl, log=lambda m: None) -> list:
    """One implementation's digests at every length 0..2048 and of a few
    messages, from one run of src/engine/guest/lengths.c under the
    target's simulator: its records (engine, lengths, vector, integrity,
    done), for the caller to hold against a reference."""
    impls = algo.impls_on(t.isas)
    if impl not in impls:
        raise UserError(f"{t.name}: {algo.id} has no implementation {impl!r} here "
                        f"(available: {', '.join(impls)})")
    if t.kind == "qemu":
        return check_lengths_qemu(t, algo, impls[impl], impl, log)
    pdir = t.build_dir / "lengths" / algo.id / impl
    objs = [t.compile(src, pdir / "obj" / (object_stem(src) + t.tc.obj_suffix), log,
                      t.source_defines(src)) for src in impls[impl].sources]
    lib = pdir / ("libcheck" + t.tc.lib_suffix)
    cache.cached(lib, t.tc.archive_cmd(t, lib, objs), [cache.rel(o) for o in objs], "", log)
    defines = [f"HB_CHECK_FN={impls[impl].symbol}", f'HB_CHECK_ID="{algo.id}"',
               f"HB_CHECK_DIGEST_LEN={algo.digest_len}"] + cartridge.engine_defines(t)
    eobj = t.compile(LENGTHS, pdir / ("lengths" + t.tc.obj_suffix), log, defines)
    prog, _ = t.tc.link(t, t.support_objects(log) + [eobj], lib, pdir, algo.id, log)
    meter = named(t.meter).load()
    if not hasattr(meter, "program_command"):   # ucsim's runner takes no program of its own
        raise UserError(f"{t.name}: check_lengths runs under mgba or sim65, not {t.meter}")
    return read_records(prog, meter.program_command(t, prog, log))


def check_lengths_qemu(t, algo, code, impl, log) -> list:
    """check_lengths on a QEMU target in user mode: lengths.c and the
    implementation's sources linked by the target's gcc as its engine is
    (hashbench.targets.qemu), run once by the target's qemu-<arch>."""
    from ..toolchain import assembly_search, gcc
    from .qemu import INCLUDES
    if t.mode != "user":
        raise UserError(f"{t.name}: check_lengths runs a QEMU target in user mode, not {t.mode}")
    pdir = t.build_dir / "lengths" / algo.id / impl
    prog = pdir / "lengths.elf"
    sources = list(t.platform) + [EXIT, "src/engine/hb_record.c", LENGTHS] + list(code.sources)
    search, incs = assembly_search(sources)
    defines = [f"HB_CHECK_FN={code.symbol}", f'HB_CHECK_ID="{algo.id}"', f"HB_CHECK_DIGEST_LEN={algo.digest_len}"]
    noexec = ["-Wa,--noexecstack"] if any(s.endswith(".s") for s in sources) else []
    cmd = gcc.executable_cmd(t, sources, prog, defines, noexec + INCLUDES + search)
    cache.cached(prog, cmd, sources + incs + cache.core_headers(), gcc.version(t), log)
    return read_records(prog, list(t.runner) + [cache.rel(prog)])


def read_records(prog, cmd) -> list:
    """The records of one run of a lengths program, checked: it finished."""
    proc = execute(cmd)
    bad = []
    recs = list(records.parse(proc.stdout, bad))
    if proc.returncode != 0 or bad or not any(r["rec"] == "done" for r in recs):
        raise BuildError(f"{prog.name}: {' '.join(cmd[:1])} {records.died_in(proc.returncode, proc.stdout)}: "
                         f"{(proc.stdout + proc.stderr).strip()[-300:] or 'no output'}")
    return recs
