#!/usr/bin/env bash
# Cross-architecture correctness, part 2 (issue 6): build every algorithm the
# NES (6502, cc65) and the GBA (ARM7TDMI, code in ROM and in IWRAM) can
# take, run them under sim65 and mGBA, and require every digest to equal the
# host's byte for byte and every cycle count to repeat exactly (sim65: a
# second call costs what the first did; mGBA: two one-call spans are equal).
# Needs PKGS_CROSS8 (and gcc-arm-none-eabi from PKGS_CROSS) of
# scripts/setup.sh; called from scripts/test.sh.  Builds are cached under
# build/cross8/.  HB_CROSS8_TARGETS and HB_CROSS8_SIZES override the choice.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
TARGETS=${HB_CROSS8_TARGETS:-nes,gba,gba-iwram}
SIZES=${HB_CROSS8_SIZES:-64,1024}

# exits 1 on any digest mismatch, target failure, or a count that moves
NO_COLOR=1 "$PY" -m hashbench cross --target "$TARGETS" --size "$SIZES" --check-repeat --no-save -q
