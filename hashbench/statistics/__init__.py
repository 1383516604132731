# SPDX-License-Identifier: MIT
"""Statistics of results: estimates and spreads, rankings, relative figures,
the verdict rule, two runs compared, change points in a series."""
