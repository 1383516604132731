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
set -u
cargo=$1
features=$2
root=$3
out=$4
manifest=backends/rust/Cargo.toml

build() { # flavour rustflags features
    # The flags are exactly these: a RUSTFLAGS (or an encoded one) from the
    # caller's environment would make "default" mean something else.
    env -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS RUSTFLAGS="$2" \
        "$cargo" build --release --locked --quiet --manifest-path "$manifest" \
        --target-dir "$root/rust-$1" --no-default-features --features "$3" || return 1
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

mkdir -p "$out" || exit 1
status=0
for flavour in default native; do
    case $flavour in
        default) flags= ;;
        native) flags="-C target-cpu=native" ;;
    esac
    if ! build "$flavour" "$flags" "$features"; then
        rm -f "$out/libhb_rust-$flavour.so"
        if [ -n "$features" ]; then
            echo "warning: backends/rust ($flavour): the build with [$features] failed;" \
                 "trying without them" >&2
            build "$flavour" "$flags" "" || status=1
        else
            status=1
        fi
    fi
done
exit $status
