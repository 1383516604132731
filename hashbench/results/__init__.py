# SPDX-License-Identifier: MIT
"""What a measurement is: the result and run types, the engine's records,
digest verification, the machine and build context."""
