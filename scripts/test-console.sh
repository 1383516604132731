#!/usr/bin/env bash
# Console correctness: build every algorithm the
# NES (6502, cc65) and the GBA (ARM7TDMI, code in ROM and in IWRAM) can
# take, run them under sim65 and mGBA, and require every digest to equal the
# host's byte for byte and every cycle count to repeat exactly (sim65: a
# second call costs what the first did; mGBA: two one-call spans are equal).
# Needs PKGS_CONSOLE (and gcc-arm-none-eabi from PKGS_CROSS) of
# scripts/setup.sh; called from scripts/test.sh.  Builds are cached under
# build/console/.  HB_CONSOLE_TARGETS and HB_CONSOLE_SIZES override the choice.
# Then the SDCC targets (gb under mGBA, z80 under ucsim) on a few algorithms
# that SDCC compiles in seconds: a 16-bit-friendly hash, the small builds
# (HB_NO_PORTABLE_TABLES), SHA-1 with gb's allocator workaround, 64-bit code
# (SHA-512, and Ascon in its rolled small build).
# The whole gb/z80 roster takes SDCC tens of minutes: `hashbench cross`.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
TARGETS=${HB_CONSOLE_TARGETS:-nes,gba,gba-iwram}
SIZES=${HB_CONSOLE_SIZES:-64,1024}

# PART: which of the three runs (scripts/test.sh runs them side by side); all of them by default
PART=${1:-all}
case $PART in all|arm-6502|gb|z80) ;; *) echo "usage: $0 [all|arm-6502|gb|z80]" >&2; exit 2 ;; esac

# exits 1 on any digest mismatch, target failure, or a count that moves
if [ "$PART" = all ] || [ "$PART" = arm-6502 ]; then
    NO_COLOR=1 "$PY" -m hashbench cross --target "$TARGETS" --size "$SIZES" --check-repeat --no-save -q
fi
if [ "$PART" = all ] || [ "$PART" = gb ]; then
    SDCC_ALGOS=${HB_CONSOLE_SDCC_ALGOS:-fnv1a32,xxh32,sha1,sha256,ripemd160,blake2s,sha512,ascon-hash256}
    NO_COLOR=1 "$PY" -m hashbench cross --target gb --size 64,1024 -a "$SDCC_ALGOS" --no-save -q
fi
if [ "$PART" = all ] || [ "$PART" = z80 ]; then
    NO_COLOR=1 "$PY" -m hashbench cross --target z80 --size 64,1024 -a "${HB_CONSOLE_Z80_ALGOS:-fnv1a32,xxh32,ripemd160,sha512}" --no-save -q
fi
