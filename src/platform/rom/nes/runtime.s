; SPDX-License-Identifier: MIT
; runtime.s - the cc65 runtime routines the NES image's fixed bank always
; holds: every one an algorithm's code calls (the imports of the roster's
; C for the NES, read with od65), linked whatever the image's rows.  ld65
; places a library's modules in the library's order, so an image that
; pulled in only its rows' routines put each at an address that depended on
; the other rows, and a routine's loop crossed a page (a cycle a taken
; branch) in one image and not in another: Fletcher-32's figure moved 0.8%.
; hashbench/rom/nes.py warns where an image links a routine not listed here.
        .forceimport addeqysp, addysp, aslax2, aslax4, aulong, axlong, axulong, compleax, decax1
        .forceimport decax4, decax8, decaxy, incax1, incax2, incax3, incax4, incax5, incax6, incax7
        .forceimport incax8, incaxy, inceaxy, incsp2, incsp4, incsp6, incsp8, jmpvec, laddeq
        .forceimport laddeq0sp, laddeq1, laddeqysp, ldax0sp, ldaxi, ldaxidx, ldaxysp, ldeax0sp
        .forceimport ldeaxi, ldeaxidx, ldeaxysp, mulax3, mulax5, mulax7, push0, push0ax, pusha
        .forceimport pusha0, pushax, pusheax, pushl0, pushw, pushw0sp, pushwidx, pushwysp, resteax
        .forceimport saveeax, shlax1, shlax2, shlax3, shlax4, shleax1, shleax2, shleax3, shleax4
        .forceimport shrax1, shrax2, shrax3, shrax4, shreax1, shreax2, shreax3, shreax4, staspidx
        .forceimport stax0sp, staxspidx, staxysp, steax0sp, steaxspidx, steaxysp, subeq0sp, subeqysp
        .forceimport tosadda0, tosaddax, tosaddeax, tosandeax, toseqeax, tosicmp, tosicmp0, tosor0ax
        .forceimport tosora0, tosorax, tosoreax, tosshleax, tossuba0, tossubax, tossubeax, tosudiva0
        .forceimport tosudivax, tosugeeax, tosulong, tosulteax, tosumod0ax, tosumodeax, tosumul0ax
        .forceimport tosumuleax, tosxor0ax, tosxora0, tosxoreax
