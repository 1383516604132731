# SPDX-License-Identifier: MIT
"""Placeholder: the command line is written in issue 3."""


def main():
    raise SystemExit("hashbench: not built yet")
