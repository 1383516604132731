# SPDX-License-Identifier: MIT
"""The two exceptions the front end distinguishes, and SIGTERM taken as Ctrl-C.  signal is
imported where it is used: `hashbench hash` imports this module and never needs it."""


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


SIGNAL_MEANINGS = {
    "SIGSEGV": "a read or write of memory it may not touch",
    "SIGBUS": "a misaligned or unmapped memory access",
    "SIGILL": "an instruction this CPU does not have",
    "SIGFPE": "an arithmetic fault, such as a division by zero",
    "SIGABRT": "it aborted (abort(), a failed assert)",
    "SIGKILL": "it was killed (out of memory, or by hand)",
    "SIGTERM": "it was asked to stop",
}


def signal_words(signum: int) -> str:
    """'SIGSEGV (a read or write of memory it may not touch)': how a process that
    died of signal `signum` is named (a returncode of -signum)."""
    import signal
    try:
        name = signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"
    meaning = SIGNAL_MEANINGS.get(name)
    return f"{name} ({meaning})" if meaning else name


def exit_words(returncode: int) -> str:
    """A process's exit as words: 'exit status 3', or 'killed by SIGSEGV (...)'."""
    return f"killed by {signal_words(-returncode)}" if returncode < 0 else f"exit status {returncode}"


def terminate_as_interrupt():
    """SIGTERM (a kill, a CI job's time-out) ends a command as Ctrl-C does: what finished is kept
    and the run is stored as interrupted, not left 'running'.  -> the handler it replaced."""
    import signal
    return signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum, frame):
    raise KeyboardInterrupt
