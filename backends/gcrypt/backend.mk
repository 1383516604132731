# SPDX-License-Identifier: MIT
# backends/gcrypt/backend.mk - libgcrypt (GnuPG's crypto library).
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
# libgcrypt ships a .pc file from 1.9 on; older ones fall back to -lgcrypt.
HB_FOUND_GCRYPT := $(shell sh backends/detect.sh '$(CC)' libgcrypt gcrypt.h -- gcrypt)
ifeq ($(HB_FOUND_GCRYPT),yes)
BACKENDS += gcrypt
BACKENDS_SRC += backends/gcrypt/gcrypt.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs libgcrypt 2>/dev/null),-lgcrypt)
CFLAGS_gcrypt.c := $(shell pkg-config --cflags libgcrypt 2>/dev/null)
else
BACKENDS_MISSING += gcrypt
endif
