# SPDX-License-Identifier: MIT
"""The two exceptions the front end distinguishes."""


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
