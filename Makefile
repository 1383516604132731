# hashbench - top-level build.  `make bench` and `make test` are the two
# commands of the README; both install what is missing first (scripts/setup.sh).
#
# Variables: CC, OPT, BUILD (output folder), EXTRA_CFLAGS, EXTRA_LDFLAGS.

CC      ?= cc
OPT     ?= -O2
BUILD   ?= build/host
STRICT  := -std=c99 -pedantic -Wall -Wextra -Werror
CFLAGS_ALL = $(STRICT) $(OPT) $(EXTRA_CFLAGS)
PY      := .venv/bin/python
VENV_STAMP := .venv/.installed

ALGO_SRC   := $(sort $(wildcard src/algos/*.c))
CORE_SRC   := $(ALGO_SRC) src/engine/hb_registry.c src/engine/hb_workload.c
CORE_HDR   := $(wildcard src/algos/*.h src/algos/*.def src/engine/*.h)
HOST_HDR   := $(wildcard src/engine/host/*.h src/platform/host/*.h)
# the host engine: src/engine/host/ and the host's timers, nothing of the guests
PLAT_SRC   := $(sort $(wildcard src/platform/host/*.c))
# The region runner, the engine's own code and the record writer are linked first, at the start of
# .text: a change to one algorithm then moves none of the code that runs around every region (under
# --meter sim, where an address steers the simulated branch predictor and caches).
ENGINE_SRC := src/engine/hb_region.c src/engine/host/main.c src/engine/hb_record.c src/engine/host/hb_bench.c \
              src/engine/host/hb_impls.c src/engine/host/hb_reference.c $(PLAT_SRC) $(CORE_SRC)

include backends/backends.mk

.PHONY: all setup build bench test test-c test-py test-sanitize test-nou64 test-clang test-qemu clean roster

all: build

build: $(BUILD)/hashbench-engine $(BUILD)/hb-test $(BUILD)/libhashbench.so

$(BUILD)/hb-test: tests/c/hb_test.c $(CORE_SRC) src/engine/hb_record.c $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -D_DEFAULT_SOURCE -D_FILE_OFFSET_BITS=64 tests/c/hb_test.c $(CORE_SRC) \
	    src/engine/hb_record.c -o $@ $(EXTRA_LDFLAGS)

$(BUILD)/libhashbench.so: src/engine/host/hb_api.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -fPIC -shared src/engine/host/hb_api.c $(CORE_SRC) -o $@ $(EXTRA_LDFLAGS)

# HB_RECORD_U64: the records carry ticks and nanoseconds, which need 64 bits.
$(BUILD)/hashbench-engine: $(ENGINE_SRC) $(BACKENDS_OBJ) $(HB_USER_OBJ) $(BACKENDS_LIST) $(CORE_HDR) $(HOST_HDR) \
                           src/engine/host/hb_reference_data.inc
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -D_GNU_SOURCE -DHB_BUILD_FLAGS='"$(OPT) $(EXTRA_CFLAGS)"' -DHB_RECORD_U64 -Isrc/engine/host \
	    $(ENGINE_SRC) $(BACKENDS_LIST) $(BACKENDS_OBJ) $(HB_USER_OBJ) -o $@ $(EXTRA_LDFLAGS) $(BACKENDS_LIBS)

# Implementation folders' objects: the front end compiles them (hashbench/userimpl/engine.py);
# make only links them, never rebuilds them by its built-in rules (not even under -B).
ifneq ($(HB_USER_OBJ),)
$(HB_USER_OBJ): ;
endif

# ---- the roster description: data/roster.json from registry.def -----------
# Committed; tests/python/test_roster.py fails when it is stale.
roster: $(BUILD)/describe-roster
	$(BUILD)/describe-roster > data/roster.json.tmp && mv data/roster.json.tmp data/roster.json

$(BUILD)/describe-roster: tools/describe_roster.c src/algos/registry.def
	@mkdir -p $(@D)
	$(CC) $(STRICT) -O0 tools/describe_roster.c -o $@

# ---- setup: system packages (Debian) and the Python environment ----------
setup: $(VENV_STAMP)

$(VENV_STAMP): pyproject.toml scripts/setup.sh
	bash scripts/setup.sh
	@touch $@

# ---- the main job ----------------------------------------------------------
# make reads backends/*/backend.mk, which detect the libraries, before any
# recipe runs: on a fresh machine that is before setup installs them.  So the
# build runs in a second make, started after setup, which detects again.
bench: setup
	@$(MAKE) --no-print-directory build
	.venv/bin/hashbench run

# ---- tests -----------------------------------------------------------------
test: setup
	bash scripts/test.sh

test-c: $(BUILD)/hb-test
	$(BUILD)/hb-test

clean:
	rm -rf build
