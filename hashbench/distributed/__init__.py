# SPDX-License-Identifier: MIT
"""Where the deterministic jobs run: here in order, or on a Dask cluster."""
