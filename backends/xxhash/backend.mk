# SPDX-License-Identifier: MIT
# backends/xxhash/backend.mk - libxxhash (XXH32, XXH64, XXH3-64).
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
HB_FOUND_XXHASH := $(shell sh backends/detect.sh '$(CC)' libxxhash xxhash.h -- xxhash)
ifeq ($(HB_FOUND_XXHASH),yes)
BACKENDS += xxhash
BACKENDS_SRC += backends/xxhash/xxhash.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs libxxhash 2>/dev/null),-lxxhash)
CFLAGS_xxhash.c := $(shell pkg-config --cflags libxxhash 2>/dev/null)
else
BACKENDS_MISSING += xxhash
endif
