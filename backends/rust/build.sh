#!/bin/sh
# SPDX-License-Identifier: MIT
# backends/rust/build.sh - builds the Rust hash library twice and copies it
# where the engine looks for it (run by backends/rust/backend.mk):
#
#   sh backends/rust/build.sh CARGO FEATURES TARGET_ROOT OUT_DIR
#
#   TARGET_ROOT/rust-default  no RUSTFLAGS                    -> OUT_DIR/libhb_rust-default.so
#   TARGET_ROOT/rust-native   RUSTFLAGS="-C target-cpu=native" -> OUT_DIR/libhb_rust-native.so
#
# FEATURES: the optional crates to build (Cargo.toml [features]).  If the
# build fails with them, it is tried once more without them, with a warning,
# so that one crate's missing build tool does not cost the other crates.
# Exits non-zero only when even that fails.
#
# A first build takes minutes: while cargo works, a progress line on stderr
# says how many crates, about how long (the last build's time in that target
# folder, else HB_RUST_ESTIMATE_S scaled to the cores here) and how long so
# far - redrawn every second on a terminal, one line a minute in a log.
set -u
cargo=$1
features=$2
root=$3
out=$4
manifest=backends/rust/Cargo.toml

# A cold build of one flavour with every optional crate, measured on 2 cores.
HB_RUST_ESTIMATE_S=${HB_RUST_ESTIMATE_S:-150}
crates=$(grep -c '^name = ' backends/rust/Cargo.lock 2>/dev/null || echo "the")
cores=$(nproc 2>/dev/null || echo 2)

mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

about() { # seconds -> "about 3 min" / "about 40 s"
    if [ "$1" -ge 90 ]; then echo "about $((($1 + 30) / 60)) min"; else echo "about $1 s"; fi
}

# run_with_progress LABEL ESTIMATE_S COMMAND...: COMMAND's status
run_with_progress() {
    label=$1 estimate=$2
    shift 2
    "$@" &
    pid=$!
    start=$(date +%s)
    last=0
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        now=$(( $(date +%s) - start ))
        line="$label ($(about "$estimate") on $cores cores; $(mmss "$now") so far)"
        if [ -t 2 ]; then
            printf '\r  %s ' "$line" >&2
        elif [ $((now - last)) -ge "${HB_RUST_PROGRESS_EVERY_S:-60}" ]; then
            echo "  $line" >&2
            last=$now
        fi
    done
    wait "$pid"
    rc=$?
    [ -t 2 ] && printf '\r\033[K' >&2
    return $rc
}

build() { # flavour rustflags features
    stamp="$root/rust-$1/.hb-build-seconds"
    estimate=$(cat "$stamp" 2>/dev/null || echo $((HB_RUST_ESTIMATE_S * 2 / cores)))
    t0=$(date +%s)
    # The flags are exactly these: a RUSTFLAGS (or an encoded one) from the
    # caller's environment would make "default" mean something else.  Nor
    # does cargo see the C compiler variables make exports (an engine built
    # with CC=... on make's command line): the crates' build scripts rerun
    # when CC or CFLAGS change, and each engine folder would rebuild both
    # flavours (a minute of CPU) for the next to rebuild them back.  MAKEFLAGS
    # would carry make's command-line variables into the XKCP crate's make.
    run_with_progress "building $crates Rust crates, $1 build" "$estimate" \
        env -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CC -u CFLAGS -u CXX -u CXXFLAGS -u AR \
        -u MAKEFLAGS -u MFLAGS -u MAKELEVEL RUSTFLAGS="$2" \
        "$cargo" build --release --locked --quiet --manifest-path "$manifest" \
        --target-dir "$root/rust-$1" --no-default-features --features "$3" || return 1
    took=$(( $(date +%s) - t0 ))
    [ "$took" -lt 20 ] || echo "$took" > "$stamp"  # a real compile, not a no-op: the next estimate
    for lib in "$root/rust-$1/release/libhb_rust.so" "$root/rust-$1/release/libhb_rust.dylib"; do
        if [ -f "$lib" ]; then
            # A copy, not a link: the engine's folder then holds what it runs.
            cp "$lib" "$out/libhb_rust-$1.so.tmp" && mv -f "$out/libhb_rust-$1.so.tmp" "$out/libhb_rust-$1.so"
            return
        fi
    done
    echo "backends/rust: cargo built no libhb_rust in $root/rust-$1/release" >&2
    return 1
}

# one flavour, with the optional crates or, failing that, without them
build_flavour() { # flavour
    case $1 in
        default) flags= ;;
        native) flags="-C target-cpu=native" ;;
    esac
    build "$1" "$flags" "$features" && return 0
    rm -f "$out/libhb_rust-$1.so"
    [ -n "$features" ] || return 1
    echo "warning: backends/rust ($1): the build with [$features] failed;" \
         "trying without them" >&2
    build "$1" "$flags" ""
}

mkdir -p "$out" || exit 1
# The two flavours side by side: each cargo leaves cores idle while a large
# crate or the final link compiles alone, and the other fills them (on 2
# cores a first build of both: about 150 s one after the other, ... side by side).
build_flavour default &
default_pid=$!
status=0
build_flavour native || status=1
wait "$default_pid" || status=1
exit $status
