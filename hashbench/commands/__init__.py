# SPDX-License-Identifier: MIT
"""One module per subcommand (history and show share stored.py).  Each gives add_parser(sub) (or add_parsers) and the
function the parser calls; hashbench/cli.py wires them."""
