/* SPDX-License-Identifier: MIT
 * qemu_cycles.h - what the cycle-model plugin's decoders (qemu_cycles_isa.c)
 * tell its timing models (qemu_cycles.c) about one guest instruction.
 *
 * Decoding happens once, when QEMU translates a block; the models then run
 * on every execution with only this summary, the instruction's memory
 * accesses and the address executed next.  See docs/cycle-models.md.
 */
#ifndef HB_QEMU_CYCLES_H
#define HB_QEMU_CYCLES_H

#include <stddef.h>
#include <stdint.h>

/* Instruction classes: what decides issue cycles and result latency.  The
 * names are the keys of the model files (class.<name>.issue, ...). */
enum hbc_class {
    HBC_ALU,       /* data processing, moves, compares, shifts by a constant */
    HBC_SHIFTR,    /* data processing with a register-specified shift amount */
    HBC_MUL,       /* 32 x 32 -> 32 multiply */
    HBC_MLA,       /* 32-bit multiply-accumulate */
    HBC_MULL,      /* 32 x 32 -> 64 multiply (UMULL/SMULL) */
    HBC_MLAL,      /* 64-bit multiply-accumulate (UMLAL/SMLAL) */
    HBC_MULDSP,    /* ARMv5TE/v6 16-bit and dual multiplies (SMULxy, SMLAxy, ...) */
    HBC_DMUL,      /* MIPS DMULT/DMULTU: 64 x 64 -> 128 */
    HBC_DIV,       /* 32-bit divide (MIPS DIV/DIVU, ARMv7 SDIV/UDIV) */
    HBC_DDIV,      /* MIPS DDIV/DDIVU */
    HBC_HILO,      /* MIPS MFHI/MFLO/MTHI/MTLO */
    HBC_LOAD,      /* word (or doubleword on a 64-bit CPU) load */
    HBC_LOADBH,    /* byte or halfword load (sign/zero extended) */
    HBC_LOADD,     /* two-register load (LDRD) */
    HBC_STORE,     /* single store, any width */
    HBC_STORED,    /* two-register store (STRD) */
    HBC_LDM,       /* load multiple / POP */
    HBC_STM,       /* store multiple / PUSH */
    HBC_BRANCH,    /* every change of flow: B, BL, BX, J, JAL, JR, CBZ, ... */
    HBC_NOP,       /* NOP, hints, PLD, IT, barriers */
    HBC_SYS,       /* system calls, traps, coprocessor and status access */
    HBC_NCLASS
};

/* Flags. */
#define HBF_COND       0x0001u /* ARM conditional execution (not a branch's condition) */
#define HBF_BR_COND    0x0002u /* a conditional branch: may fall through */
#define HBF_BR_IND     0x0004u /* target from a register or memory */
#define HBF_BR_LINK    0x0008u /* writes the return address (call) */
#define HBF_BR_RET     0x0010u /* a return: BX LR, POP {..., PC}, JR RA, MOV PC, LR */
#define HBF_WRITES_PC  0x0020u /* a load or ALU operation with PC as destination */
#define HBF_DELAY      0x0040u /* MIPS: the branch has a delay slot */
#define HBF_LIKELY     0x0080u /* MIPS branch-likely: the slot is annulled if not taken */
#define HBF_THUMB      0x0100u /* Thumb state (16-bit fetches on the ARM7TDMI) */
#define HBF_SETFLAGS   0x0200u /* ARM: the S suffix */
#define HBF_LOADPC     0x0400u /* a load (LDR/LDM/POP) that writes the PC */
#define HBF_WIDE       0x0800u /* 64-bit ALU operation (MIPS D-prefixed) */
#define HBF_TARGET     0x1000u /* a direct branch: `target` holds its destination */
#define HBF_SCALED     0x2000u /* a load or store with a shifted register offset */
#define HBF_UNKNOWN    0x8000u /* the decoder did not recognise it: timed as ALU */

/* Register numbering: ARM r0-r15 = 0-15, the flags = 16.  MIPS GPRs 0-31
 * (0 is never a dependency), HI = 32, LO = 33. */
#define HBR_ARM_FLAGS 16
#define HBR_MIPS_HI   32
#define HBR_MIPS_LO   33

typedef struct hbc_decoded {
    uint8_t cls;           /* enum hbc_class */
    uint8_t nregs;         /* LDM/STM/PUSH/POP: registers in the list */
    uint16_t flags;        /* HBF_* */
    uint64_t src;          /* registers read, needed at issue ("normal") */
    uint64_t early;        /* registers read earlier than normal (address base/index,
                              shifted operand, multiplier operands) */
    uint64_t late;         /* registers read late (store data, accumulator) */
    uint64_t dst;          /* registers written */
    uint64_t dst_late;     /* written one cycle after dst (the high half of a MULL) */
    uint64_t target;       /* HBF_TARGET: the branch destination */
    /* What is known of the width of the value written to `wd` (the ARM7TDMI's
     * multiplier stops early on small operands: m = 1..4 by significant
     * bytes, and a QEMU 7.2 plugin cannot read register values).  HBW_*. */
    uint8_t wop, wd, wa, wb;
    uint32_t wimm;         /* the immediate or shift amount of wop */
    uint8_t mreg;          /* the multiplier operand that sets m, or HBR_NONE */
} hbc_decoded;

#define HBR_NONE 0xFFu
/* Value-width rules: the bound on the significant bits of the result. */
enum hbc_width_op {
    HBW_FULL,   /* unknown: 32 bits */
    HBW_CONST,  /* bits of wimm */
    HBW_MOV,    /* width of wa */
    HBW_SHR,    /* width of wa minus wimm */
    HBW_SHL,    /* width of wa plus wimm */
    HBW_AND,    /* the smaller of wa and wb */
    HBW_ANDI,   /* the smaller of wa and bits of wimm */
    HBW_OR,     /* the larger of wa and wb (ORR, EOR) */
    HBW_ORI,    /* the larger of wa and bits of wimm */
    HBW_ADD,    /* the larger of wa and wb, plus one */
    HBW_ADDI,   /* the larger of wa and bits of wimm, plus one */
    HBW_MUL,    /* wa plus wb */
    HBW_BYTE,   /* 8 (LDRB, UXTB) */
    HBW_HALF    /* 16 (LDRH, UXTH) */
};

/* Decoders.  Each fills *d from one instruction and returns 0, or -1 when it
 * could not recognise it (then d is an ALU operation with no registers and
 * HBF_UNKNOWN set).  `text` is QEMU's disassembly (capstone's ARM syntax),
 * `bytes` the instruction as it sits in guest memory. */
int hbc_decode_arm(const char *text, const uint8_t *bytes, size_t size, hbc_decoded *d);
int hbc_decode_mips(const uint8_t *bytes, size_t size, int big_endian, hbc_decoded *d);

const char *hbc_class_name(int cls);
int hbc_class_from_name(const char *name);

#endif
