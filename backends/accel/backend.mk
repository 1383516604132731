# SPDX-License-Identifier: MIT
# backends/accel/backend.mk - our own CRC-32C on the CPU's CRC instructions:
# SSE4.2 `crc32` on x86 (implementation id sse42), the ARMv8 CRC32C
# instructions on aarch64 (armv8-crc).  Each kernel file gets its ISA flag
# and nothing else does: the dispatch code in accel.c must run on CPUs
# without the instructions, to say that they are missing.
# Any other target architecture: reported missing, never a build failure.
HB_ACCEL_MACHINE := $(shell $(CC) -dumpmachine 2>/dev/null)
ifneq ($(filter x86_64-% amd64-% i386-% i486-% i586-% i686-%,$(HB_ACCEL_MACHINE)),)
BACKENDS += accel
BACKENDS_SRC += backends/accel/accel.c backends/accel/crc32c_sse42.c
CFLAGS_crc32c_sse42.c := -msse4.2
else ifneq ($(filter aarch64-% arm64-%,$(HB_ACCEL_MACHINE)),)
BACKENDS += accel
BACKENDS_SRC += backends/accel/accel.c backends/accel/crc32c_armv8.c
CFLAGS_crc32c_armv8.c := -march=armv8-a+crc
else
BACKENDS_MISSING += accel
endif
