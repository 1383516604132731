# SPDX-License-Identifier: MIT
"""What a console meter module (sim65, mgba, ucsim, cycle_model_console)
defines for hashbench.targets.console, which builds and runs a console
target's programs with the module its meter names: a module is checked
against ConsoleMeter by tests/python/test_meters.py; the optional parts are
their own protocols, which the console target asks for with isinstance."""
from typing import Protocol, runtime_checkable


@runtime_checkable
class ConsoleMeter(Protocol):
    """Every console meter module defines these (`t`: the console target)."""
    NAME: str      # its instrument, stored as result.instrument
    METER: str     # the stored meter of its figures (hashbench.meters.FIGURES)

    def prepare(self, t, log) -> None:
        """Checks or builds what the runs need, before any program runs."""

    def measure(self, t, prog, impls, sizes, check_repeat=False, jobs=1) -> dict:
        """Runs one program -> {(impl, size): its records}."""

    def version(self, t) -> str:
        """The instrument's version, stored with the run and in build keys."""

    def platform_defines(self, t) -> list:
        """-D flags for the target's platform sources (the instrument's addresses)."""

    def engine_defines(self, t) -> list:
        """-D flags for the guest engine."""

    def programs(self, t) -> list:
        """Extra object sources each program links."""


@runtime_checkable
class RunsAs(Protocol):
    """Optional: a meter that is not the target's own runs the target as its stand-in."""

    def runs_as(self, t, job):
        """The target as this meter runs it (a copy, with its runner and platform)."""


@runtime_checkable
class HasContext(Protocol):
    """Optional: what the meter adds to the target's stored context."""

    def context(self, t) -> dict:
        """More keys for the run's context of this target."""


OPTIONAL = (RunsAs, HasContext)


def members(protocol) -> tuple:
    """The names a protocol of this module asks for: its constants, then its functions."""
    return tuple(getattr(protocol, "__annotations__", {})) + \
        tuple(n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_"))
