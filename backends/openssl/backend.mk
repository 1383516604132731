# SPDX-License-Identifier: MIT
# backends/openssl/backend.mk - OpenSSL 3 libcrypto, through EVP.
# Detected with backends/detect.sh (headers and library as $(CC) sees them,
# so a cross compiler without the library reports it missing); pkg-config,
# where it knows the library, gives the flags.
# Asking for <openssl/provider.h> rules out OpenSSL 1.x, whose API this
# adapter does not speak.
HB_FOUND_OPENSSL := $(shell sh backends/detect.sh '$(CC)' libcrypto openssl/evp.h openssl/provider.h -- crypto)
ifeq ($(HB_FOUND_OPENSSL),yes)
BACKENDS += openssl
BACKENDS_SRC += backends/openssl/openssl.c
BACKENDS_LIBS += $(or $(shell pkg-config --libs libcrypto 2>/dev/null),-lcrypto)
CFLAGS_openssl.c := $(shell pkg-config --cflags libcrypto 2>/dev/null)
else
BACKENDS_MISSING += openssl
endif
