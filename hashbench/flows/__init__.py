# SPDX-License-Identifier: MIT
"""The flows: each kind of run (host, cross, matrix, revisions, fleet) without
the command line, measured and recorded."""
