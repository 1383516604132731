#!/usr/bin/env bash
# Cross-architecture correctness: build the cross engine for the
# N64 (MIPS III, big-endian, freestanding), the NDS (ARM32, ARMv5TE) and a
# 32-bit big-endian PowerPC, run each under QEMU with the instruction-counting
# plugin, and require every digest to equal the host's byte for byte and every
# instruction count to repeat exactly on a second run.
# Needs the packages of PKGS_CROSS in scripts/setup.sh; called from
# scripts/test.sh.  Builds are cached under build/cross/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
TARGETS=${HB_CROSS_TARGETS:-n64,nds,ppc}

# exits 1 on any digest mismatch, build or run failure, or a count that moves
NO_COLOR=1 "$PY" -m hashbench cross --target "$TARGETS" --check-repeat --no-save
