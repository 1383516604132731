# SPDX-License-Identifier: MIT
"""The one exception the command line turns into 'hashbench: message', exit 2."""


class UserError(Exception):
    """Bad input or an unusable environment: one clear line, exit status 2."""
