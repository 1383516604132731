# SPDX-License-Identifier: MIT
# backends/zlib/backend.mk - zlib (crc32, adler32).
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
HB_FOUND_ZLIB := $(shell sh backends/detect.sh '$(CC)' zlib zlib.h -- z)
ifeq ($(HB_FOUND_ZLIB),yes)
BACKENDS += zlib
BACKENDS_SRC += backends/zlib/zlib.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs zlib 2>/dev/null),-lz)
CFLAGS_zlib.c := $(shell pkg-config --cflags zlib 2>/dev/null)
else
BACKENDS_MISSING += zlib
endif
