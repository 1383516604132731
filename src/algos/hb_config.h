/* SPDX-License-Identifier: MIT
 * hb_config.h - the one place where the portable core looks at its compiler.
 *
 * Algorithm files include this (through hb_util.h) and nothing platform
 * specific.  Opt-outs are HB_NO_<FEATURE>:
 *   HB_NO_U64     drop every algorithm that needs a 64-bit integer (cc65)
 *   HB_NO_PORTABLE_TABLES  no large tables or written-out rounds: the
 *                 portable entry points run the compact code (small ROMs)
 *   HB_NO_U128    never use the compiler's 128-bit integer (see below)
 * and properties of the CPU, HB_SMALL_CPU and HB_32BIT_CPU (below), that
 * -DHB_<NAME>=1 forces on a host so that the C suite checks those code paths
 * too.
 */
#ifndef HB_CONFIG_H
#define HB_CONFIG_H

#include <stdint.h>
#include <stddef.h>

/* cc65 has no 64-bit integer type at all. */
#if defined(__CC65__) && !defined(HB_NO_U64)
#define HB_NO_U64 1
#endif

/* cc65 keeps automatic variables on a software stack: every access is an
 * (sp),y load through a zero-page pointer, every 32-bit operation a push and
 * a runtime call on it.  static-locals gives each local a fixed address
 * instead (its initialiser still runs at every call, as -Cl does), 5-45%
 * faster across the roster at the reference study's flags (-O); the price is that the
 * core's functions are not reentrant on the 6502, where nothing calls them
 * from an interrupt or recursively.  register-vars lets the few variables a
 * hot loop declares `register` (its byte pointer, a byte of state) live in
 * cc65's 6-byte zero-page register bank, where `lda (reg),y` reads the
 * input directly.  Other compilers ignore `register` at -O2. */
#if defined(__CC65__)
#pragma static-locals (on)
#pragma register-vars (on)
#endif

/* HB_SMALL_CPU: size_t is 16 bits, so this is an 8- or 16-bit CPU (6502,
 * Z80, SM83) whose C compiler (cc65, SDCC) gives int 16 bits and makes each
 * 32-bit multiply a library call of 2,000-5,000 cycles and many 32-bit
 * shifts loops of one-bit steps.  The few hashes whose every byte turns on
 * such operations (simple.c, adler32.c, ...) then work on the bytes of their
 * state, with byte tables for multiplying by their constants (hb_mul8.h):
 * 3-8x fewer cycles there, and slower than the plain 32-bit code on 32- and
 * 64-bit CPUs, which keep it. */
#ifndef HB_SMALL_CPU
#if SIZE_MAX <= 0xFFFFu
#define HB_SMALL_CPU 1
#else
#define HB_SMALL_CPU 0
#endif
#endif

/* HB_BIG_ENDIAN: the byte order the compiler says it targets (gcc, clang);
 * 0 where it does not say.  Only a choice of speed: code that reads it
 * (the reflected CRCs' word order) is correct either way, and the C suite
 * builds both forms on the host with -DHB_BIG_ENDIAN=1. */
#ifndef HB_BIG_ENDIAN
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HB_BIG_ENDIAN 1
#else
#define HB_BIG_ENDIAN 0
#endif
#endif

/* HB_TABLE_BYTE_OFFSETS: a table lookup t[(x >> 8) & 0xFF] is written as
 * a byte offset (x >> 6) & 0x3FC instead, on the CPUs with no scaled-index
 * addressing that keep 32-bit values sign-extended in 64-bit registers
 * (MIPS64, RV64): there the index costs a shift and a widening besides the
 * shift and mask (N64: 5-6 instructions a lookup, not 4).  Elsewhere the
 * addressing mode scales for free, and the offsets would cost x86-64 25%
 * (crc32_braid.c). */
#ifndef HB_TABLE_BYTE_OFFSETS
#if defined(__mips64) || (defined(__riscv) && __riscv_xlen == 64)
#define HB_TABLE_BYTE_OFFSETS 1
#else
#define HB_TABLE_BYTE_OFFSETS 0
#endif
#endif

/* HB_32BIT_CPU: a 32-bit CPU whose compiler keeps each uint64_t in a pair
 * of registers.  SHA-512 then computes its Sigma, Ch and Maj functions on
 * 32-bit halves (sha512.c): on ARM each half of a Sigma is six eor
 * instructions with a shifted operand, and the round's live values leave
 * the allocator free registers, where whole uint64_t values must sit in
 * adjacent pairs and spill more.  On by default for 32-bit ARM (ARM and
 * Thumb state), where it is measured faster (SHA-512, 1 KiB): GBA ARM code
 * in IWRAM 8.4% fewer cycles, Thumb 2.4-5.7% (exact, mGBA); NDS, 3DS and
 * Cortex-M7 8.5-11% fewer instructions (QEMU).  Not on 32-bit x86 or
 * PowerPC, where it runs 1.43x and 1.17x the instructions, nor on any
 * 64-bit CPU.  -DHB_32BIT_CPU=1 forces it on a host, so that the C suite
 * checks that code too. */
#ifndef HB_32BIT_CPU
#if defined(__arm__)
#define HB_32BIT_CPU 1
#else
#define HB_32BIT_CPU 0
#endif
#endif

#ifdef HB_NO_U64
#define HB_HAVE_U64 0
#else
#define HB_HAVE_U64 1
#endif

/* A 128-bit product in one multiply where gcc or clang offer it (XXH3's
 * folding multiply); `__extension__` keeps -pedantic quiet about the type.
 * Everything has a 64-bit fallback, so this is only ever a speed-up. */
#if HB_HAVE_U64 && defined(__SIZEOF_INT128__) && !defined(HB_NO_U128)
#define HB_HAVE_U128 1
__extension__ typedef unsigned __int128 hb_u128;
#else
#define HB_HAVE_U128 0
#endif

/* `static inline` where the compiler knows C99 inline; plain `static`
 * elsewhere (cc65 predates it; HB_NO_INLINE says so, and hb_util.h then
 * writes its helpers for arguments known only at run time).  Small helpers
 * only. */
#if defined(__CC65__)
#define HB_NO_INLINE 1
#define HB_INLINE static
#else
#define HB_NO_INLINE 0
#define HB_INLINE static inline
#endif

/* HB_FORCE_INLINE: hb_util.h's loads, stores and rotations, an instruction
 * or a few each, inlined at every call when gcc or clang optimise for size
 * (-Os, -Oz).  There gcc otherwise keeps one shared out-of-line copy per
 * file, whose call costs as much as the access and which a program calling
 * one function of the file still links whole (with an unwind entry on the
 * host).  At -O2 and -O3 they are inlined anyway, and left to the compiler:
 * forcing it there changes the order of inlining and so the schedules. */
#if defined(__GNUC__) && !defined(__CC65__) && defined(__OPTIMIZE_SIZE__)
#define HB_FORCE_INLINE HB_INLINE __attribute__((always_inline))
#else
#define HB_FORCE_INLINE HB_INLINE
#endif

/* The few helpers hb_util.h writes for the 8-bit CPUs (its rotations) are
 * real functions there: cc65 cannot inline, and SDCC, which can, makes
 * better code of a rotation as a leaf function holding its argument in
 * registers than inside a round that keeps its variables in memory, where
 * each constant shift becomes a loop over memory.  A host that forces
 * HB_SMALL_CPU inlines them (a static one unused would be warned about). */
#if defined(__CC65__) || defined(__SDCC)
#define HB_SMALL_HELPER static
#else
#define HB_SMALL_HELPER static inline
#endif

/* HB_SMALL_STATIC: a local at a fixed address on SDCC, as cc65's
 * static-locals pragma gives every local above.  The SM83 has no index
 * register: SDCC reaches a stack byte through `ldhl sp, #n`, and through
 * `ld hl, #n; add hl, sp` once the frame passes 127 bytes; a static is an
 * absolute address.  Only for the few hot functions that ask (not
 * reentrant there, which nothing on a console needs). */
#if defined(__SDCC)
#define HB_SMALL_STATIC static
#else
#define HB_SMALL_STATIC
#endif

/* HB_PAGE_TABLES_BEGIN / HB_PAGE_TABLES_END around a byte-indexed table
 * whose size is a multiple of 256 bytes: on cc65 built with
 * -DHB_PAGE_SEGMENT=<name>, it goes to that segment, which the linker
 * starts on a page (the NES image's groups, sim65's src/platform/guest/
 * sim65.cfg).  A 6502 read `lda t,x` costs a cycle more where t + x
 * crosses a page, so an unaligned table costs each row a share of a cycle
 * a read that moves with the program's layout: the NES image and its sim65
 * cross-check then counted the same code 1-3% apart.  Elsewhere nothing. */
#if defined(__CC65__) && defined(HB_PAGE_SEGMENT)
#define HB_PRAGMA_(x) _Pragma(#x)
#define HB_PRAGMA(x) HB_PRAGMA_(x)
#define HB_SEGMENT_NAME_(x) #x
#define HB_SEGMENT_NAME(x) HB_SEGMENT_NAME_(x)
#define HB_PAGE_TABLES_BEGIN HB_PRAGMA(rodata-name (push, HB_SEGMENT_NAME(HB_PAGE_SEGMENT)))
#define HB_PAGE_TABLES_END HB_PRAGMA(rodata-name (pop))
#else
#define HB_PAGE_TABLES_BEGIN
#define HB_PAGE_TABLES_END
#endif

#endif /* HB_CONFIG_H */
