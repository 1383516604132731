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
build/host/hb-file-test

# The C suite's other builds (each one compiler run over the whole roster), made in their checks below.
variant() {   # NAME: make build/NAME/hb-test (and hb-file-test, the host's file reading, for the host's own compilers)
    local name=$1 targets=("build/$1/hb-test")
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
    case $name in clang|asan) targets+=("build/$name/hb-file-test") ;; esac
    $MAKE BUILD="build/$name" "$@" "${targets[@]}"
}

# The other checks side by side, HB_TEST_JOBS at a time (default: the number of cores), longest first:
# the consoles' exact cycles (three runs, 95 s in all one after the other), then ones that keep one core busy for seconds
# (the cross targets, each variant's build and run, the generated files, the linter).  Each one's
# messages go to build/logs/check-N.log, printed whole when it ends; the run stops after them if one failed.
CHECKS=(
    "8/16-bit consoles: NES (6502, sim65), GBA (ARM7TDMI, ROM and IWRAM, mGBA), exact cycles|bash scripts/test-console.sh arm-6502"
    "8/16-bit consoles: Game Boy (SDCC, mGBA; a few algorithms), exact cycles|bash scripts/test-console.sh gb"
    "8/16-bit consoles: Z80 (SDCC, ucsim; a few algorithms), exact cycles|bash scripts/test-console.sh z80"
    "Cross-architecture correctness under QEMU (N64, NDS, PowerPC)|bash scripts/test-cross.sh"
    "C suite under ASan + UBSan|variant asan && build/asan/hb-test --quick && build/asan/hb-file-test"
    "C suite with other CPUs' forms on this one (HB_BIG_ENDIAN, HB_TABLE_BYTE_OFFSETS: big-endian CRCs; HB_32BIT_CPU: SHA-512 in 32-bit halves; in full, 3 s: every length through them)|variant swap && build/swap/hb-test"
    "C suite under QEMU: s390x (big-endian, 64-bit)|variant s390x && qemu-s390x build/s390x/hb-test --quick"
    "C suite under QEMU: armhf (32-bit ARM)|variant armhf && qemu-arm build/armhf/hb-test --quick"
    "C suite, clang (strict C99)|variant clang && build/clang/hb-test --quick && build/clang/hb-file-test"
    "C suite with HB_NO_PORTABLE_TABLES (the Game Boy / Z80 small builds: rolled rounds, no big tables)|variant npt && build/npt/hb-test --quick"
    "C suite with HB_SMALL_CPU (the 8/16-bit code paths: byte-wise state, byte-table multiplies)|variant small && build/small/hb-test --quick"
    "C suite with HB_NO_U64 (the 6502 configuration: 64-bit algorithms dropped)|variant nou64 && build/nou64/hb-test --quick"
    "Generated files up to date (make check-generated)|$MAKE check-generated"
    "Lint: ruff (pyproject.toml [tool.ruff])|.venv/bin/ruff check hashbench tests tools studies"
)
step "Consoles, C suite variants, QEMU, cross targets, generated files, lint (${#CHECKS[@]} checks, $HB_TEST_JOBS at a time)"
run_check() {   # N: check N, its messages and its time in build/logs/check-N.*
    local t0=$SECONDS rc=0
    # its own job, not the left of an ||: `set -e` holds inside it
    ( eval "${CHECKS[$1]#*|}" ) > "build/logs/check-$1.log" 2>&1 &
    wait $! || rc=$?
    echo "$rc $((SECONDS - t0))" > "build/logs/check-$1.rc"
    return "$rc"
}
show_check() {   # N: its messages, once it has ended; 1 if it failed
    local rc took
    read -r rc took < "build/logs/check-$1.rc"
    printf '\n--- %s (%d s%s)\n' "${CHECKS[$1]%%|*}" "$took" "$([ "$rc" = 0 ] || echo ", FAILED: exit $rc")"
    cat "build/logs/check-$1.log"
    SUMMARY+=("$(printf '%5d s   (beside)  %s' "$took" "${CHECKS[$1]%%|*}")")
    [ "$rc" = 0 ]
}
mkdir -p build/logs
rm -f build/logs/check-*
declare -A SHOWN=()
FAILED=0
show_ended() {
    local i
    for i in "${!CHECKS[@]}"; do
        if [ -z "${SHOWN[$i]:-}" ] && [ -f "build/logs/check-$i.rc" ]; then
            SHOWN[$i]=1
            show_check "$i" || FAILED=1
        fi
    done
}
for i in "${!CHECKS[@]}"; do
    run_check "$i" &
    while [ "$(jobs -rp | wc -l)" -ge "$HB_TEST_JOBS" ]; do wait -n || true; show_ended; done
done
wait || true
show_ended
[ "$FAILED" = 0 ] || { echo "test.sh: a check above failed" >&2; exit 1; }

# On every core (HB_TEST_JOBS) where pytest-xdist is installed: each file on one worker, the files that
# build console ROMs together on one (tests/python/conftest.py says why).  The slowest tests are listed.
PARALLEL=()
if [ "$HB_TEST_JOBS" -gt 1 ] && .venv/bin/python -c 'import xdist' 2>/dev/null; then
    PARALLEL=(--numprocesses="$HB_TEST_JOBS" --dist=loadfile)
fi
step "Python tests${PARALLEL:+ ($HB_TEST_JOBS workers)}"
.venv/bin/python -m pytest -q -p no:cacheprovider "${PARALLEL[@]}" --durations=25 tests/python
