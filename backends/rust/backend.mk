# SPDX-License-Identifier: MIT
# backends/rust/backend.mk - hash crates from crates.io (src/lib.rs lists
# them), built by cargo as a cdylib twice, as the bench-keccak256 study does:
#   build/rust-default  no RUSTFLAGS                  backend rust,        ids rust-<crate>
#   build/rust-native   RUSTFLAGS=-C target-cpu=native  backend rust-native, ids rust-<crate>-native
# and copied to $(BUILD)/rust/libhb_rust-{default,native}.so, where rust.c
# dlopen()s them (see there for why, and for where else it looks).
#
# Reported missing (once, as `rust`), never a build failure, when: cargo is
# absent (looked for in PATH, then in rustup's ~/.cargo/bin), $(CC) builds
# for another architecture than rustc's host (a cross build), or
# HB_FOUND_RUST=no is given.  An engine whose $(CC) flags make a program the
# libraries cannot be loaded into (-m32) lists both as not available.  When cargo itself fails
# (crates.io unreachable on a first build, say) make goes on with a warning
# and the engine reports the backend not available; the next make tries again.
#
# Cargo runs only when Cargo.toml, Cargo.lock, build.rs, src/ or the feature
# set changed (stamp $(BUILD)/rust/built); cargo itself then rebuilds only
# what changed, in target folders shared by every $(BUILD).  --locked: the
# crate versions are the ones Cargo.lock records (update it with `cargo
# update` in backends/rust, and commit it).
#
# Optional crates, each turned on only when its build tools are here:
#   xkcp        make, xsltproc and a libclang shared library (bindgen)
#   keccak-asm  perl (cryptogams' perlasm)
#
# Variables: HB_CARGO (the cargo to use), HB_RUST_FEATURES (override the
# optional crates, e.g. HB_RUST_FEATURES= for none), HB_RUST_TARGET_ROOT
# (where the two cargo target folders go; default build).

HB_CARGO ?= $(or $(shell command -v cargo 2>/dev/null),$(wildcard $(HOME)/.cargo/bin/cargo))
HB_RUST_TARGET_ROOT ?= build

# Architecture of rustc's host versus that of $(CC): x86_64-unknown-linux-gnu
# and x86_64-linux-gnu agree; aarch64 and arm64 are one.
hb_rust_arch = $(patsubst arm64,aarch64,$(patsubst amd64,x86_64,$(firstword $(subst -, ,$(1)))))
ifneq ($(HB_FOUND_RUST),no)
ifneq ($(HB_CARGO),)
HB_RUST_HOST := $(shell "$(dir $(HB_CARGO))rustc" -vV 2>/dev/null | sed -n 's/^host: //p')
HB_RUST_HOST := $(or $(HB_RUST_HOST),$(shell rustc -vV 2>/dev/null | sed -n 's/^host: //p'))
HB_RUST_CC_MACHINE := $(shell $(CC) -dumpmachine 2>/dev/null)
endif
endif

# HB_FOUND_RUST=no on the command line forces it missing (as HB_FOUND_<NAME>
# does for every backend).  Missing, it is listed once, as `rust`.
HB_FOUND_RUST := $(if $(and $(HB_CARGO),$(HB_RUST_HOST),$(filter $(call hb_rust_arch,$(HB_RUST_HOST)),$(call hb_rust_arch,$(HB_RUST_CC_MACHINE)))),yes,no)
ifneq ($(HB_FOUND_RUST),yes)
BACKENDS_MISSING += rust
else
BACKENDS += rust rust_native
BACKENDS_SRC += backends/rust/rust.c
# glibc >= 2.34 (and macOS) have dlopen in libc; older glibc needs -ldl.
# (A link test; \043 is '#', which make versions read differently.)
HB_RUST_LIBDL := $(shell printf '\043include <dlfcn.h>\nint main(void){return dlopen(0,0)!=0;}\n' | \
    $(CC) -x c - -o /dev/null 2>/dev/null || echo -ldl)
BACKENDS_LIBS += $(HB_RUST_LIBDL)
HB_RUST_OUT := $(BUILD)/rust
CFLAGS_rust.c := -DHB_RUST_LIB_DIR='"$(abspath $(HB_RUST_OUT))"'

HB_RUST_LIBCLANG := $(firstword $(wildcard $(LIBCLANG_PATH)/libclang*.so* \
    /usr/lib/llvm-*/lib/libclang*.so* /usr/lib/*-linux-gnu/libclang*.so* \
    /usr/lib64/libclang*.so* /usr/lib/libclang*.so* /usr/local/lib/libclang*.so*))
ifeq ($(origin HB_RUST_FEATURES),undefined)
HB_RUST_FEATURES := $(strip \
    $(if $(and $(shell command -v make 2>/dev/null),$(shell command -v xsltproc 2>/dev/null),$(HB_RUST_LIBCLANG)),xkcp) \
    $(if $(shell command -v perl 2>/dev/null),keccak-asm))
endif

HB_RUST_SRC := backends/rust/Cargo.toml backends/rust/Cargo.lock backends/rust/build.rs \
               backends/rust/build.sh $(wildcard backends/rust/src/*.rs)

# Holds the cargo and the feature set, so that changing either rebuilds.
$(HB_RUST_OUT)/config: FORCE
	@mkdir -p $(@D)
	@echo '$(HB_CARGO) | $(HB_RUST_FEATURES)' | cmp -s - $@ || echo '$(HB_CARGO) | $(HB_RUST_FEATURES)' > $@

$(HB_RUST_OUT)/built: $(HB_RUST_SRC) $(HB_RUST_OUT)/config
	@echo "  CARGO  backends/rust [$(HB_RUST_FEATURES)] (default and native; minutes the first time)"
	@sh backends/rust/build.sh '$(HB_CARGO)' '$(HB_RUST_FEATURES)' '$(HB_RUST_TARGET_ROOT)' '$(HB_RUST_OUT)' \
	    && touch $@ || echo "warning: backends/rust: cargo failed: the rust backends will be skipped" >&2

# Order-only: the engine dlopen()s the libraries, so rebuilding them need
# not recompile or relink anything; they only have to exist first.
$(BUILD)/obj/backends/rust/rust.o: | $(HB_RUST_OUT)/built
endif
