# SPDX-License-Identifier: MIT
"""The two exceptions the front end distinguishes, and SIGTERM taken as Ctrl-C."""
import signal


class UserError(Exception):
    """Bad input or an unusable environment: the command line prints one
    clear line, 'hashbench: message', and exits 2."""


class BuildError(Exception):
    """A target or one of its programs failed to build or run: reported for
    that target (or algorithm), while the others go on.  `data` carries
    figures for a structured note (e.g. {"bytes_over": 2343})."""

    def __init__(self, message, **data):
        super().__init__(message)
        self.data = data


def terminate_as_interrupt():
    """SIGTERM (a kill, a CI job's time-out) ends a command as Ctrl-C does: what finished is kept
    and the run is stored as interrupted, not left 'running'.  -> the handler it replaced."""
    return signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum, frame):
    raise KeyboardInterrupt
