# SPDX-License-Identifier: MIT
"""Presentation: terminal tables and file exporters.  Statistics live in
hashbench.statistics.stats; this package only formats what it is given."""
