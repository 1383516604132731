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


def check_lengths(t, algo, impl, log=lambda m: None) -> list:
    """One implementation's digests at every length 0..2048 and of a few
    messages, from one run of src/engine/guest/lengths.c under the
    target's simulator: its records (engine, lengths, vector, integrity,
    done), for the caller to hold against a reference."""
    impls = algo.impls_on(t.isa)
    if impl not in impls:
        raise UserError(f"{t.name}: {algo.id} has no implementation {impl!r} here "
                        f"(available: {', '.join(impls)})")
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
    cmd = meter.program_command(t, prog, log)
    proc = execute(cmd)
    bad = []
    recs = list(records.parse(proc.stdout, bad))
    if proc.returncode != 0 or bad or not any(r["rec"] == "done" for r in recs):
        raise BuildError(f"{prog.name}: {' '.join(cmd[:1])} {records.died_in(proc.returncode, proc.stdout)}: "
                         f"{(proc.stdout + proc.stderr).strip()[-300:] or 'no output'}")
    return recs
