# SPDX-License-Identifier: MIT
"""The meter registry (hashbench/meters/__init__.py): each meter declared
once, its declaration agreeing with its module, --meter taking the stored
names and the old spellings alike."""
import pytest
from cli_util import hb

from hashbench import meters
from hashbench.errors import UserError
from hashbench.results.result import METER_TITLES
from hashbench.rom import run as rom_run


def test_each_declaration_agrees_with_its_module():
    for m in meters.REGISTRY:
        assert set(m.stores) <= set(meters.FIGURES), m.name
        assert m.where in (meters.HOST, meters.QEMU, meters.CONSOLE, meters.ROM), m.name
        assert set(m.modes) <= set(meters.MODES), m.name
        if not m.module:
            continue
        module = m.load()
        if hasattr(module, "NAME"):    # the exact instruments say what they are; the timers' vary by timer
            assert (module.NAME, module.METER) == (m.instrument, m.stores[0]), m.name
    rom = meters.named("rom-timer")   # the ROMs' meter: read by hashbench.rom.run, declared here
    assert (rom_run.INSTRUMENT, rom_run.METER) == (rom.instrument, rom.stores[0])
    names = [m.name for m in meters.REGISTRY]
    assert len(names) == len(set(names))
    assert METER_TITLES == {k: f.title for k, f in meters.FIGURES.items()}


def test_old_spellings_are_aliases_of_the_stored_names():
    assert [meters.choose(s, meters.HOST).option for s in ("time", "cycles", "sim")] == \
        ["ns", "core-cycles", "est-cycles"]
    assert meters.choose("est-cycles", meters.HOST).jobs and not meters.choose("ns", meters.HOST).jobs
    assert meters.choose("ns", meters.HOST).modes == meters.MODES and not meters.choose("sim", meters.HOST).modes
    assert meters.for_target(meters.QEMU, "cycle-model").name == "qemu-cycle-model"
    assert meters.for_target(meters.CONSOLE, "est-cycles", "mgba").name == "cycle-model"
    assert meters.for_target(meters.CONSOLE, meters.DEFAULT, "sim65").name == "sim65"
    assert meters.for_target(meters.QEMU, meters.DEFAULT).stores == ("instructions",)
    assert meters.model_spellings() == ["cycle-model"]
    with pytest.raises(UserError, match="not a meter here"):
        meters.choose("cycle-model", meters.HOST)


def test_cross_takes_the_stored_names_of_the_targets_own_figures():
    own = [("n64", meters.for_target(meters.QEMU, meters.DEFAULT)),
           ("nes", meters.for_target(meters.CONSOLE, meters.DEFAULT, "sim65"))]
    assert meters.for_target(meters.QEMU, "instructions").name == "qemu-plugin"
    assert meters.for_target(meters.CONSOLE, "exact-cycles", "mgba").name == "mgba"
    assert meters.not_counting("instructions", own) == [own[1]]
    assert meters.not_counting("exact-cycles", own) == [own[0]]
    assert meters.not_counting(meters.DEFAULT, own) == [] == meters.not_counting("est-cycles", own)


@pytest.mark.parametrize("spelled", ["est-cycles", "sim"])
def test_a_meter_that_counts_one_thread_refuses_the_modes_in_one_line(spelled):
    code, out, err = hb("run", "--meter", spelled, "--threads", "2", "--no-save")
    note = "note: --meter sim is the old spelling of --meter est-cycles\n" if spelled == "sim" else ""
    assert code == 2 and out == "" and err.startswith(note) and err.count("\n") == 1 + bool(note)
    assert f"--threads cannot be measured under --meter {spelled}: callgrind" in err and "ns or core-cycles" in err


def test_an_unknown_meter_is_one_line():
    code, out, err = hb("run", "--meter", "furlongs", "--no-save")
    assert code == 2 and out == "" and err.count("\n") == 1 and "'ns', 'core-cycles', 'est-cycles'" in err


CONSOLE_METERS = [m for m in meters.REGISTRY if m.where == meters.CONSOLE]


def own_params(fn, method=False):
    """A function's parameters as (name, default), without a protocol method's self."""
    import inspect
    params = list(inspect.signature(fn).parameters.values())[1 if method else 0:]
    return [(p.name, p.default) for p in params]


@pytest.mark.parametrize("meter", CONSOLE_METERS, ids=lambda m: m.name)
def test_every_console_meter_module_keeps_the_contract(meter):
    """Each console meter module defines what hashbench.targets.console
    calls (meters/contract.py's ConsoleMeter), with the parameters it
    passes; an optional part, where defined, has its protocol's."""
    from hashbench.meters import contract
    module = meter.load()
    assert isinstance(module, contract.ConsoleMeter), \
        f"{module.__name__} lacks {[n for n in contract.members(contract.ConsoleMeter) if not hasattr(module, n)]}"
    assert module.NAME == meter.instrument and module.METER in meters.FIGURES
    protocols = [contract.ConsoleMeter] + [p for p in contract.OPTIONAL if isinstance(module, p)]
    for proto in protocols:
        for name in contract.members(proto):
            if callable(getattr(proto, name, None)):
                assert own_params(getattr(module, name)) == own_params(getattr(proto, name), method=True), \
                    f"{module.__name__}.{name}'s parameters"


def test_the_contract_names_every_part_the_console_target_uses():
    """What hashbench/targets/console.py reads of a meter module is in the contract
    (so a new meter module written to the contract works there)."""
    import ast

    from hashbench.meters import contract
    from hashbench.paths import ROOT
    tree = ast.parse((ROOT / "hashbench" / "targets" / "console.py").read_text())
    used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and ast.unparse(n.value) == "meter"}
    known = {n for p in (contract.ConsoleMeter,) + contract.OPTIONAL for n in contract.members(p)}
    assert used and used <= known, f"not in meters/contract.py: {used - known}"
