; SPDX-License-Identifier: MIT
; crt0.s - start-up and interrupts of the NES ROM (ca65), on an MMC1
; cartridge laid out as Nintendo's SXROM board (iNES mapper 1: PRG-ROM in
; 16 KiB banks, 8 KiB CHR-RAM, 32 KiB of battery-backed PRG-RAM seen 8 KiB
; at a time at $6000).  hashbench/rom/nes.py writes the NES 2.0 header, the
; linker configuration, the per-bank reset stubs and the trampolines; this
; file is the fixed bank's own code:
;   reset   the MMC1 in its power-up-safe mode (last bank fixed at $C000,
;           a switchable 16 KiB bank at $8000), the PPU warmed up (two
;           vertical blanks), internal RAM cleared, the C stack, BSS and
;           DATA, then main
;   nmi     once a frame: counts frames (the ROM's timer) and copies the
;           text queue (hb_nes_ring, written by nes.c) to the nametable,
;           at most NMI_BUDGET cells a frame so that every write lands in
;           the vertical blank
;   hb_nes_frame_loop  the region test: loop iterations between two NMIs
;   hb_nes_sync, hb_nes_loop_to_nmi  a timed span's two ends: it starts
;           right after an NMI, and its end counts the region test's loop
;           until the next NMI (nes.c turns frames and that count into
;           cycles)
;   hb_nes_burn  loops of known cycles, that the timer checks itself by
;   hb_nes_map, hb_nes_switch  map a PRG-ROM bank at $8000 (the
;           generated trampolines call the second)
;   hb_nes_wram  maps an 8 KiB bank of the PRG-RAM at $6000

        .export __STARTUP__ : absolute = 1
        .export hb_nes_reset, hb_nes_nmi, hb_nes_irq
        .export _hb_nes_frames, _hb_nes_ring, _hb_nes_ring_head, _hb_nes_ring_tail
        .export _hb_nes_frame_loop, _hb_nes_sync, _hb_nes_loop_to_nmi, _hb_nes_burn, _hb_nes_wram, _hb_nes_map, hb_nes_map, hb_nes_switch, hb_nes_bank_now
        .import _main, zerobss, copydata
        .import __STACK_START__, __STACK_SIZE__
        .importzp sp

PPUCTRL   = $2000
PPUMASK   = $2001
PPUSTATUS = $2002
PPUSCROLL = $2005
PPUADDR   = $2006
PPUDATA   = $2007
DMC_FREQ  = $4010
APU_FRAME = $4017
MMC1_CTRL = $8000
MMC1_CHR0 = $A000
MMC1_PRG  = $E000

CTRL_NMI  = $80          ; NMI on, background tiles at $0000, nametable $2000
; What the NMI copies a frame, in units of one cell (15 cycles in the copy
; loop), a queue entry's own work (its header, its address: about 70
; cycles) counted as ENTRY_COST cells: at most 120 x 15 = 1,800 cycles, so
; that with the NMI's entry and the scroll it ends within the NTSC vertical
; blank (20 lines, about 2,270 cycles) however the text is cut into
; entries.  Three whole lines a frame.
NMI_BUDGET = 120
ENTRY_COST = 5

        .zeropage
_hb_nes_frames:    .res 4   ; NMIs since start-up: the ROM's timer
_hb_nes_ring_head: .res 1   ; next queue byte the NMI reads (the NMI's)
_hb_nes_ring_tail: .res 1   ; end of what nes.c has published (nes.c's)
hb_nes_bank_now:   .res 1   ; the PRG bank mapped at $8000
nmi_budget:        .res 1
nmi_len:           .res 1
nmi_head:          .res 1
switch_a:          .res 1   ; hb_nes_switch's scratch

        .segment "RING"     ; page-aligned: the 8-bit index wraps by itself
_hb_nes_ring:      .res 256

; A (5 bits) to an MMC1 register: five writes of bit 0, low bit first.
; Plain stores: the MMC1 ignores the second of two writes on consecutive
; cycles (a read-modify-write instruction's).
.macro mmc1_write reg
        .repeat 5
        sta reg
        lsr a
        .endrepeat
.endmacro

        .segment "STARTUP"
; The region test comes first, at $C000, so that its branches never cross a
; page (a crossing adds a cycle a loop and moves the counts it is judged by;
; the .assert below checks).  Called with NMIs on: waits for one NMI, then
; counts iterations (11 cycles each, 12 when X wraps) until the next; the
; count in A (low) and X (high).  A timed span uses its two halves: it
; starts on hb_nes_sync's return, right after an NMI, and ends where
; hb_nes_loop_to_nmi is called; the loop's count until the next NMI, set
; against the region test's count of a whole frame, says how much of its
; last frame the span did not use.
_hb_nes_frame_loop:
        jsr _hb_nes_sync
        jmp _hb_nes_loop_to_nmi

; Returns right after the next NMI (7 cycles at most after its rti).
_hb_nes_sync:
        lda _hb_nes_frames
@sync:  cmp _hb_nes_frames
        beq @sync
        rts

; Iterations of the 11-cycle loop from the call until the next NMI is over.
_hb_nes_loop_to_nmi:
        lda _hb_nes_frames
        ldx #0
        ldy #0
@count: inx                      ; 2
        bne @same                ; 3
        iny
@same:  cmp _hb_nes_frames       ; 3
        beq @count               ; 3
        txa
        sty nmi_len              ; the NMI is over: its scratch byte is free
        ldx nmi_len
        rts

; Code of known cycles, for the timer's own check (nes.c,
; hb_rom_timer_check): A passes of 1,284 cycles in its loops, the last one
; cycle shorter (inner: 255 x 5 + 4; outer: dex, bne).
_hb_nes_burn:
        tax
        ldy #0
@inner: dey                      ; 2
        bne @inner               ; 3
        dex                      ; 2
        bne @inner               ; 3
        rts
@end:
        .assert >_hb_nes_frame_loop = >@end, lderror, "the region test or the burn loop crosses a page"

hb_nes_reset:
        sei
        cld
        ldx #$40
        stx APU_FRAME            ; no APU frame IRQ
        ldx #$FF
        txs
        inx
        stx PPUCTRL              ; no NMI yet
        stx PPUMASK              ; rendering off
        stx DMC_FREQ             ; no DMC IRQ
        ; MMC1: one write with bit 7 resets its shift register and fixes
        ; the last bank at $C000 (the stub did it too); then the control
        ; register (PRG mode 3, 8 KiB CHR, vertical mirroring), CHR bank 0
        ; (on SXROM its bits 2-3 pick the PRG-RAM bank: 0), and PRG bank 0
        ; with bit 4 clear, which enables the PRG-RAM.
        lda #$80
        sta MMC1_CTRL
        lda #$0E
        mmc1_write MMC1_CTRL
        lda #0
        mmc1_write MMC1_CHR0
        lda #0
        jsr hb_nes_map
        bit PPUSTATUS
@vbl1:  bit PPUSTATUS
        bpl @vbl1
        lda #0                   ; internal RAM cleared while the PPU warms up
        tax
@clear: sta $0000,x
        sta $0100,x
        sta $0200,x
        sta $0300,x
        sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        inx
        bne @clear
@vbl2:  bit PPUSTATUS
        bpl @vbl2
        lda #<(__STACK_START__ + __STACK_SIZE__)
        sta sp
        lda #>(__STACK_START__ + __STACK_SIZE__)
        sta sp+1
        jsr zerobss
        jsr copydata
        jsr _main
@halt:  jmp @halt

; Maps PRG bank A at $8000 (bit 4 clear: PRG-RAM stays enabled); keeps X.
; void __fastcall__ hb_nes_map(uint8_t bank) from C.
_hb_nes_map:
hb_nes_map:
        sta hb_nes_bank_now
        mmc1_write MMC1_PRG
        rts

; Maps PRG bank Y at $8000 and keeps A and X: the trampolines call it with
; an algorithm's last argument (cc65's fastcall) in A and X.
hb_nes_switch:
        sta switch_a
        tya
        jsr hb_nes_map
        lda switch_a
        rts

; void __fastcall__ hb_nes_wram(uint8_t bank): PRG-RAM bank 0-3 at $6000
; (SXROM: bits 2-3 of the CHR bank 0 register).
_hb_nes_wram:
        asl a
        asl a
        mmc1_write MMC1_CHR0
        rts

hb_nes_nmi:
        pha
        txa
        pha
        tya
        pha
        inc _hb_nes_frames
        bne @counted
        inc _hb_nes_frames+1
        bne @counted
        inc _hb_nes_frames+2
        bne @counted
        inc _hb_nes_frames+3
@counted:
        ldx _hb_nes_ring_head
        cpx _hb_nes_ring_tail
        beq @scroll
        lda #NMI_BUDGET
        sta nmi_budget
        bit PPUSTATUS            ; the address latch to its first write
; An entry: a header byte (cell count, bit 7 set: one cell repeated), the
; nametable address (high, low), then the cells, or the one repeated.
@entry: lda _hb_nes_ring,x
        sta nmi_head
        and #$7F
        sta nmi_len
        clc
        adc #ENTRY_COST
        cmp nmi_budget
        beq @fits
        bcs @stop                ; the rest waits for the next frame
@fits:  eor #$FF                 ; budget - (len + ENTRY_COST)
        sec
        adc nmi_budget
        sta nmi_budget
        inx
        lda _hb_nes_ring,x
        sta PPUADDR
        inx
        lda _hb_nes_ring,x
        sta PPUADDR
        inx
        ldy nmi_len
        bit nmi_head
        bmi @fill
@copy:  lda _hb_nes_ring,x
        sta PPUDATA
        inx
        dey
        bne @copy
        beq @next
@fill:  lda _hb_nes_ring,x
        inx
@rep:   sta PPUDATA
        dey
        bne @rep
@next:  cpx _hb_nes_ring_tail
        bne @entry
@stop:  stx _hb_nes_ring_head
@scroll:
        lda #0                   ; the writes above moved the scroll
        sta PPUSCROLL
        sta PPUSCROLL
        lda #CTRL_NMI
        sta PPUCTRL
        pla
        tay
        pla
        tax
        pla
hb_nes_irq:
        rti
