# SPDX-License-Identifier: MIT
# backends/sodium/backend.mk - libsodium (SHA-2, BLAKE2b, HMAC-SHA256, SipHash-2-4).
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
HB_FOUND_SODIUM := $(shell sh backends/detect.sh '$(CC)' libsodium sodium.h -- sodium)
ifeq ($(HB_FOUND_SODIUM),yes)
BACKENDS += sodium
BACKENDS_SRC += backends/sodium/sodium.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs libsodium 2>/dev/null),-lsodium)
CFLAGS_sodium.c := $(shell pkg-config --cflags libsodium 2>/dev/null)
else
BACKENDS_MISSING += sodium
endif
