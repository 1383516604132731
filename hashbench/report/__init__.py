# SPDX-License-Identifier: MIT
"""The HTML report (`hashbench report`): data.py chooses the figures from
stored runs, plots.py draws them (matplotlib SVG), page.py writes the page."""
