# SPDX-License-Identifier: MIT
"""The results database: the store and its run recorder, its two SQL dialects,
its schema migrations, the registry of runs that overlap, the selection of
stored runs."""
