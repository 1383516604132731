# SPDX-License-Identifier: MIT
# backends/mbedtls/backend.mk - Mbed TLS, its crypto library (libmbedcrypto).
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
# Mbed TLS 2.x ships no .pc file (3.6 ships mbedcrypto.pc); without one,
# detect.sh asks the compiler alone and the link flag falls back to
# -lmbedcrypto.
HB_FOUND_MBEDTLS := $(shell sh backends/detect.sh '$(CC)' mbedcrypto mbedtls/md.h mbedtls/aes.h -- mbedcrypto)
ifeq ($(HB_FOUND_MBEDTLS),yes)
BACKENDS += mbedtls
BACKENDS_SRC += backends/mbedtls/mbedtls.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs mbedcrypto 2>/dev/null),-lmbedcrypto)
CFLAGS_mbedtls.c := $(shell pkg-config --cflags mbedcrypto 2>/dev/null)
else
BACKENDS_MISSING += mbedtls
endif
