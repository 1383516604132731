# SPDX-License-Identifier: MIT
"""hashbench: a cross-platform benchmark suite for hash algorithms."""

__version__ = "0.1.0"
