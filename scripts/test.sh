#!/usr/bin/env bash
# All the tests: the C suite natively (gcc, clang), under ASan+UBSan, with
# HB_NO_U64, with HB_NO_PORTABLE_TABLES, with HB_SMALL_CPU and with other CPUs' forms
# (HB_BIG_ENDIAN, HB_32BIT_CPU), under QEMU on a big-endian
# 64-bit and a 32-bit target; the cross targets; then the Python tests
# (differential against independent libraries, front end, CLI).
# Run through `make test`, which installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1
MAKE="make -s"

# Each step's time, wall clock and CPU (this shell's children, user + system: the figure a busy
# machine stretches least), summed up at the end, failed or not: where the minutes go.
TIMES=$(mktemp)
# CPU=children's CPU seconds so far (`times` in this shell: a $(...) subshell would count its own)
cpu_now() { times > "$TIMES"; CPU=$(awk 'END { gsub(/s/, ""); split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$TIMES"); }
SUMMARY=() STEP="" STEP_WALL=0 STEP_CPU=0
end_step() {
    [ -n "$STEP" ] || return 0
    cpu_now
    SUMMARY+=("$(awk -v w=$((SECONDS - STEP_WALL)) -v c="$CPU" -v c0="$STEP_CPU" -v s="$STEP" \
        'BEGIN { printf "%5d s %6.0f s CPU  %s", w, c - c0, s }')")
}
step() {
    end_step
    cpu_now
    STEP=$*; STEP_WALL=$SECONDS; STEP_CPU=$CPU
    printf '\n=== %s\n' "$*"
}
summary() {
    local status=$?
    end_step
    printf '\n=== time per step (wall, CPU; load now: %s)\n' "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
    printf '%s\n' "${SUMMARY[@]}"
    printf '%5d s in all\n' "$SECONDS"
    rm -f "$TIMES"
    return $status
}
trap summary EXIT

# Jobs side by side (builds, Python test workers): one per core unless HB_TEST_JOBS says otherwise.
: "${HB_TEST_JOBS:=$(nproc)}"

step "C suite, gcc"
# -j: the engine, hb-test and the library compile beside the Rust crates' first build (cargo)
$MAKE -j"$HB_TEST_JOBS" BUILD=build/host build
build/host/hb-test

# The C suite's other builds (each one compiler run over the whole roster); their steps below.
variant() {   # NAME: make build/NAME/hb-test
    local name=$1
    case $name in
        clang) set -- CC=clang ;;
        asan) set -- CC=clang OPT=-O1 EXTRA_CFLAGS="-g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
                     EXTRA_LDFLAGS="-fsanitize=address,undefined" ;;
        nou64) set -- EXTRA_CFLAGS=-DHB_NO_U64 ;;
        npt) set -- EXTRA_CFLAGS=-DHB_NO_PORTABLE_TABLES ;;
        small) set -- EXTRA_CFLAGS=-DHB_SMALL_CPU=1 ;;
        swap) set -- EXTRA_CFLAGS="-DHB_BIG_ENDIAN=1 -DHB_TABLE_BYTE_OFFSETS=1 -DHB_32BIT_CPU=1" ;;
        s390x) set -- CC=s390x-linux-gnu-gcc EXTRA_LDFLAGS=-static ;;
        armhf) set -- CC=arm-linux-gnueabihf-gcc EXTRA_LDFLAGS=-static ;;
    esac
    $MAKE BUILD="build/$name" "$@" "build/$name/hb-test"
}
VARIANTS="clang asan nou64 npt small swap s390x armhf"

# Made side by side, HB_TEST_JOBS at a time (default: the number of cores), their messages in
# build/logs/NAME.log; a build that fails is made again in its step, whose messages stop the run.
step "C suite builds: $VARIANTS ($HB_TEST_JOBS at a time)"
mkdir -p build/logs
for v in $VARIANTS; do
    variant "$v" > "build/logs/$v.log" 2>&1 &
    while [ "$(jobs -rp | wc -l)" -ge "$HB_TEST_JOBS" ]; do wait -n || true; done
done
wait || true

step "C suite, clang (strict C99)"
variant clang
build/clang/hb-test --quick

step "C suite under ASan + UBSan"
variant asan
build/asan/hb-test --quick

step "C suite with HB_NO_U64 (the 6502 configuration: 64-bit algorithms dropped)"
variant nou64
build/nou64/hb-test --quick

step "C suite with HB_NO_PORTABLE_TABLES (the Game Boy / Z80 small builds: rolled rounds, no big tables)"
variant npt
build/npt/hb-test --quick

step "C suite with HB_SMALL_CPU (the 8/16-bit code paths: byte-wise state, byte-table multiplies)"
variant small
build/small/hb-test --quick

step "C suite with other CPUs' forms on this one (HB_BIG_ENDIAN, HB_TABLE_BYTE_OFFSETS: big-endian CRCs; HB_32BIT_CPU: SHA-512 in 32-bit halves)"
variant swap
build/swap/hb-test   # in full (3 s): every length through the 32-bit CPUs' SHA-512

step "C suite under QEMU: s390x (big-endian, 64-bit)"
variant s390x
qemu-s390x build/s390x/hb-test --quick

step "C suite under QEMU: armhf (32-bit ARM)"
variant armhf
qemu-arm build/armhf/hb-test --quick

step "Cross-architecture correctness under QEMU (N64, NDS, PowerPC)"
bash scripts/test-cross.sh

step "8/16-bit consoles: NES (6502, sim65), GBA (ARM7TDMI, ROM and IWRAM, mGBA), Game Boy and Z80 (SDCC; a few algorithms), exact cycles"
bash scripts/test-console.sh

step "Generated files up to date (make check-generated)"
$MAKE check-generated

step "Lint: ruff (pyproject.toml [tool.ruff])"
.venv/bin/ruff check hashbench tests tools studies

# On every core (HB_TEST_JOBS) where pytest-xdist is installed: each file on one worker, the files that
# build console ROMs together on one (tests/python/conftest.py says why).  The slowest tests are listed.
PARALLEL=()
if [ "$HB_TEST_JOBS" -gt 1 ] && .venv/bin/python -c 'import xdist' 2>/dev/null; then
    PARALLEL=(--numprocesses="$HB_TEST_JOBS" --dist=loadfile)
fi
step "Python tests${PARALLEL:+ ($HB_TEST_JOBS workers)}"
.venv/bin/python -m pytest -q -p no:cacheprovider "${PARALLEL[@]}" --durations=25 tests/python
