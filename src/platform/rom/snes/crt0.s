; SPDX-License-Identifier: MIT
; crt0.s - start-up, interrupts and timer of the Super NES ROM (ca65, 65816),
; on a LoROM cartridge with 32 KiB of battery-backed SRAM.  Written from the
; public hardware documentation (fullsnes); hashbench/rom/snes.py writes the
; cartridge header, the linker configurations, the algorithm banks' entry
; stubs and the trampolines that reach them.
;
; The C code (cc65, 6502 instructions) runs on the 65816 in native mode
; with 8-bit accumulator and index registers (M = X = 1), where every 6502
; instruction cc65 emits does what it does on a 6502, in the same number of
; CPU cycles, but for a taken branch that crosses a page (one cycle less);
; native mode because an interrupt in emulation mode would lose the program
; bank.  The code runs in banks $80 and up, where MEMSEL makes ROM reads take
; 6 master cycles (FastROM) rather than 8; bank $80 holds the application
; (PBR = DBR = $80), each algorithm bank $81.. its own code and a copy of
; cc65's runtime.  Work RAM's first 8 KiB (every variable) show at
; $0000-$1FFF in all of them.
;
;   reset   native mode, FastROM, the stack at $01FF, the direct page at 0,
;           the low work RAM and the PPU's registers cleared, the C stack,
;           BSS and DATA, then main
;   nmi     once a frame, with the direct page at 0 whatever the interrupted
;           code's (a 65816 routine may move it): the timer's frame
;           base advances by a frame's master cycles; the text rows written
;           since the last frame go to the tilemap in VRAM by DMA
;   hb_rom_ticks  the frame base plus the PPU's H/V counters, latched
;           (fullsnes: SLHV $2137, OPHCT $213C, OPVCT $213D), in master
;           cycles
;   hb_snes_sram_copy  bytes to the SRAM at $70:0000 (long addressing)

        .p816
        .smart -
        .export __STARTUP__ : absolute = 1
        .export hb_snes_reset, hb_snes_nmi, hb_snes_irq
        .export _hb_snes_frames, _hb_snes_dirty_any, _hb_snes_dirty, _hb_snes_shadow
        .export _hb_snes_frame_mc, _hb_snes_lines, _hb_rom_ticks
        .export _hb_snes_sram_copy, _hb_snes_sram_src, _hb_snes_sram_dst, _hb_snes_sram_n
        .import _main, zerobss, copydata
        .import __STACK_START__, __STACK_SIZE__
        .importzp sp, sreg

FAST      = $800000      ; the FastROM mirror of banks $00-$3F
SRAM      = $700000      ; LoROM: the cartridge's SRAM
INIDISP   = $2100
VMAIN     = $2115
VMADD     = $2116
SLHV      = $2137
OPHCT     = $213C
OPVCT     = $213D
STAT78    = $213F
NMITIMEN  = $4200
WRIO      = $4201
MDMAEN    = $420B
HDMAEN    = $420C
MEMSEL    = $420D
RDNMI     = $4210
DMAP0     = $4300
BBAD0     = $4301
A1T0      = $4302
A1B0      = $4304
DAS0      = $4305

COLS      = 32
ROWS      = 28           ; 224 visible lines of 8
NMI_LINE  = 225          ; the first line of the vertical blank (no overscan): the NMI's
MAX_LINES = 312          ; PAL's frame; NTSC's has 262

        .zeropage
_hb_snes_frames:    .res 1   ; NMIs, modulo 256: hb_rom_frame waits on it
_hb_snes_dirty_any: .res 1   ; a text row waits for the NMI
frame_base:         .res 4   ; master cycles from start-up to this frame's NMI line
_hb_snes_frame_mc:  .res 4   ; master cycles a frame (snes.c sets it for the region)
_hb_snes_lines:     .res 2   ; lines a frame (262 or 312)
_hb_snes_sram_src:  .res 2
_hb_snes_sram_dst:  .res 2
_hb_snes_sram_n:    .res 2
t_frames:           .res 1   ; hb_rom_ticks's reading
t_base:             .res 4
t_h:                .res 2
t_v:                .res 2
t_res:              .res 4

        .segment "SNESBSS"
_hb_snes_shadow:    .res COLS * ROWS   ; the text, one byte a cell (its tile, ASCII)
_hb_snes_dirty:     .res ROWS          ; 1: the row changed since the NMI copied it

        .segment "STARTUP"
; Reached in emulation mode, in bank $00 (the vectors' bank).
hb_snes_reset:
        .a8
        .i8
        sei
        clc
        xce                      ; native mode; M and X stay 8-bit
        jml FAST + fast_reset
fast_reset:
        rep #$30
        .a16
        .i16
        ldx #$01FF
        txs
        lda #0
        tcd                      ; the direct page is the zero page
        ldx #$1FFE               ; low work RAM cleared (it powers up random)
@clear: stz $0000,x
        dex
        dex
        bpl @clear
        sep #$30
        .a8
        .i8
        phk
        plb                      ; DBR = $80: the application's constants
        lda #$01
        sta MEMSEL               ; FastROM: 6 master cycles a ROM read at $80-$FF
        lda #$80
        sta INIDISP              ; forced blank until snes.c is ready
        stz NMITIMEN
        stz MDMAEN
        stz HDMAEN
        lda #$FF
        sta WRIO                 ; bit 7 set: reading SLHV latches the counters
        ; the PPU's registers $2101-$2133 to 0, twice: the scroll registers
        ; take two writes (the data ports take zeros that snes.c overwrites)
        ldy #2
@pass:  ldx #$01
@ppu:   stz INIDISP,x
        inx
        cpx #$34
        bne @ppu
        dey
        bne @pass
        lda #<(__STACK_START__ + __STACK_SIZE__)
        sta sp
        lda #>(__STACK_START__ + __STACK_SIZE__)
        sta sp+1
        jsr zerobss
        jsr copydata
        jsr _main
@halt:  bra @halt

; Reached in native mode in bank $00 (PBR, PC and P on the stack): on to
; the FastROM mirror.  Every variable it touches is in the zero page and
; every register in the I/O area, which all the code banks show.  The
; direct page is set to 0 for it: a 65816 routine may have moved it (the
; 65816 CRC-32 reads its input through it, SHA-256 keeps its words there).
hb_snes_nmi:
        jml FAST + fast_nmi
fast_nmi:
        rep #$30
        .a16
        .i16
        pha
        phx
        phy
        phd
        lda #0
        tcd
        lda frame_base
        clc
        adc _hb_snes_frame_mc
        sta frame_base
        lda frame_base+2
        adc _hb_snes_frame_mc+2
        sta frame_base+2
        sep #$20
        .a8
        lda RDNMI                ; acknowledges the NMI
        inc _hb_snes_frames
        lda _hb_snes_dirty_any
        beq @done
        stz _hb_snes_dirty_any
        stz VMAIN                ; VRAM address +1 after each low byte: tile numbers only
        stz DMAP0                ; A bus to one B bus register, the A address counting up
        lda #<(VMADD + 2)        ; $2118, VMDATAL
        sta BBAD0
        stz A1B0                 ; bank $00: the low work RAM
        ldx #0
@row:   lda _hb_snes_dirty,x
        beq @next
        stz _hb_snes_dirty,x
        rep #$20
        .a16
        txa
        asl a
        asl a
        asl a
        asl a
        asl a                    ; row x 32
        sta VMADD                ; the tilemap is at VRAM word 0
        clc
        adc #_hb_snes_shadow
        sta A1T0
        lda #COLS
        sta DAS0
        sep #$20
        .a8
        lda #$01
        sta MDMAEN               ; channel 0; the CPU waits while it runs
@next:  inx
        cpx #ROWS
        bne @row
@done:  rep #$30
        .a16
        pld
        ply
        plx
        pla
hb_snes_irq:
        rti

        .a8
        .i8
; uint32_t hb_rom_ticks(void): master cycles since start-up.  The frame
; base, then the latched H/V counters, then the NMI count again: a
; different count means an NMI came between, and the reading is taken
; again.  The NMI moves the base at line NMI_LINE, so the line within the
; frame counts from there.  A dot is 4 master cycles (but two a line, of
; 6): the reading is exact to 4 master cycles, within the line's two long
; dots and the 4 master cycles NTSC drops every other frame, which the
; frame base spreads as 2 a frame.
_hb_rom_ticks:
@again: lda _hb_snes_frames
        sta t_frames
        rep #$20
        .a16
        lda frame_base
        sta t_base
        lda frame_base+2
        sta t_base+2
        sep #$20
        .a8
        lda STAT78               ; OPHCT and OPVCT give their low byte next
        lda SLHV                 ; the latch
        lda OPHCT
        sta t_h
        lda OPHCT
        and #$01                 ; bit 8; the rest is open bus
        sta t_h+1
        lda OPVCT
        sta t_v
        lda OPVCT
        and #$01
        sta t_v+1
        lda _hb_snes_frames
        cmp t_frames
        bne @again
        rep #$30
        .a16
        .i16
        lda t_v
        sec
        sbc #NMI_LINE
        bcs @after
        adc _hb_snes_lines       ; before the NMI line: the end of the frame
@after: asl a
        asl a
        tax
        lda t_h
        asl a
        asl a                    ; 4 master cycles a dot
        clc
        adc line_mc,x
        sta t_res
        lda line_mc+2,x
        adc #0
        sta t_res+2
        lda t_res
        clc
        adc t_base
        sta t_res
        lda t_res+2
        adc t_base+2
        sta sreg                 ; bits 16-31, as cc65 returns a long
        sep #$30
        .a8
        .i8
        lda t_res
        ldx t_res+1
        rts

; void hb_snes_sram_copy(void): hb_snes_sram_n bytes from
; hb_snes_sram_src (in bank $80: low RAM or the application's constants)
; to SRAM offset hb_snes_sram_dst, the last byte first.
_hb_snes_sram_copy:
        php
        rep #$30
        .a16
        .i16
        ldy _hb_snes_sram_n
        beq @done
@byte:  dey
        tya
        clc
        adc _hb_snes_sram_dst
        tax
        sep #$20
        .a8
        lda (_hb_snes_sram_src),y
        sta f:SRAM,x
        rep #$20
        .a16
        cpy #0
        bne @byte
@done:  plp                      ; M and X 8-bit again
        .a8
        .i8
        rts

        .rodata
; master cycles from the NMI line to the start of each line after it
line_mc:
        .repeat MAX_LINES, I
        .dword I * 1364
        .endrepeat

        .segment "VECTORS"
; $FFE0: native mode's vectors, then emulation mode's (bank $00 addresses)
        .word 0, 0, hb_snes_irq, hb_snes_irq, hb_snes_irq, hb_snes_nmi, 0, hb_snes_irq
        .word 0, 0, hb_snes_irq, 0, hb_snes_irq, hb_snes_nmi, hb_snes_reset, hb_snes_irq
