# SPDX-License-Identifier: MIT
# backends/nettle/backend.mk - Nettle (GnuTLS's low-level crypto library).
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
# nettle/version.h (Nettle >= 3.1) gives the run-time version.
HB_FOUND_NETTLE := $(shell sh backends/detect.sh '$(CC)' nettle nettle/version.h nettle/sha3.h -- nettle)
ifeq ($(HB_FOUND_NETTLE),yes)
BACKENDS += nettle
BACKENDS_SRC += backends/nettle/nettle.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs nettle 2>/dev/null),-lnettle)
CFLAGS_nettle.c := $(shell pkg-config --cflags nettle 2>/dev/null)
else
BACKENDS_MISSING += nettle
endif
