/* SPDX-License-Identifier: MIT
 * mgba_run.c - runs a console-target Game Boy or GBA ROM headless on libmgba (Debian's
 * libmgba-dev) and reads the emulator's own cycle counter at the program's
 * marks: the emulator's debugger route, where the CPU core counts every
 * cycle it charges (wait states, prefetch, the SM83's 4-T-state M-cycles),
 * and a program reading a hardware timer could do no better.
 *
 *   mgba-run [--max-cycles N] --mailbox ADDR ROM
 *
 * The program talks through one mailbox byte at ADDR
 * (src/platform/guest/mgba.c, built with the same address:
 * hashbench/meters/mgba.py gives both); the runner looks at it after every
 * instruction and clears it:
 *   1      mark: a `mark` record with `cycles`, the global cycle count at
 *          that instruction
 *   4      exit: status in the next byte
 *   other  a character of the program's output, copied to stdout
 * At exit it writes an `exit` record (status, cycles); past --max-cycles, a
 * `timeout` record (cycles) and exit status 124.  Records are format 2
 * (docs/records.md), written by src/engine/hb_record.c, linked in; the
 * program marks only between its own lines, so the stream stays
 * line-clean.  Cycles are the CPU's clock:
 * T-states at 4194304 Hz on the Game Boy (single speed), 16777216 Hz on the
 * GBA.  No video or audio is shown; no BIOS or boot ROM is needed (mGBA's
 * HLE BIOS and its post-boot state are used).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mgba/flags.h>
#include <mgba/core/core.h>
#include <mgba/core/config.h>
#include <mgba/core/log.h>
#include <mgba/core/timing.h>

#include "../engine/hb_record.h"

void hb_putc(char c)
{
    putchar(c);
}

static void quiet_log(struct mLogger *logger, int category, enum mLogLevel level,
                      const char *format, va_list args)
{
    (void)logger;
    (void)category;
    (void)level;
    (void)format;
    (void)args;
}

static struct mLogger logger = { .log = quiet_log };

int main(int argc, char **argv)
{
    uint64_t max_cycles = 20000000000ull; /* ~20 min of GBA time: a runaway guard */
    long mailbox = -1;
    const char *usage = "usage: mgba-run [--max-cycles N] --mailbox ADDR ROM\n";
    const char *rom = NULL;
    struct mCore *core;
    unsigned width, height;
    uint32_t *video;
    int i, status = -1;
    unsigned div;

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc)
            max_cycles = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--mailbox") && i + 1 < argc)
            mailbox = strtol(argv[++i], NULL, 0);
        else if (argv[i][0] != '-' && !rom)
            rom = argv[i];
        else {
            fputs(usage, stderr);
            return 2;
        }
    }
    if (!rom || mailbox < 0) {
        fputs(usage, stderr);
        return 2;
    }
    mLogSetDefaultLogger(&logger);
    core = mCoreFind(rom);
    if (!core || !core->init(core)) {
        fprintf(stderr, "mgba-run: %s: not a Game Boy or GBA ROM\n", rom);
        return 2;
    }
    mCoreInitConfig(core, NULL);
    core->opts.skipBios = true;
    core->opts.useBios = false;
    /* no idle-loop shortcuts: every loop must cost what it costs */
    mCoreConfigSetValue(&core->config, "idleOptimization", "ignore");
    mCoreLoadConfig(core);
    core->desiredVideoDimensions(core, &width, &height);
    video = calloc((size_t)width * height, sizeof *video);
    if (!video) return 2;
    core->setVideoBuffer(core, (color_t *)video, width);
    if (!mCoreLoadFile(core, rom)) {
        fprintf(stderr, "mgba-run: cannot load %s\n", rom);
        return 2;
    }
    /* mGBA's Game Boy timing counts at twice the DMG clock (8388608 Hz, so
     * that CGB double speed stays integral): one 70224-T-state frame is
     * 140448 units.  Halve it to give SM83 T-states at 4194304 Hz. */
    div = core->platform(core) == mPLATFORM_GB ? 2 : 1;
    core->reset(core);
    core->busWrite8(core, (uint32_t)mailbox, 0);

    for (;;) {
        uint32_t v;
        core->step(core);
        v = core->busRead8(core, (uint32_t)mailbox);
        if (v) {
            uint64_t now = mTimingGlobalTime(core->timing) / div;
            core->busWrite8(core, (uint32_t)mailbox, 0);
            if (v == 1) {
                hb_rec_begin("mark");
                hb_rec_uint("cycles", now);
                hb_rec_end();
            } else if (v == 4) {
                status = (int)core->busRead8(core, (uint32_t)mailbox + 1);
                hb_rec_begin("exit");
                hb_rec_uint("status", (hb_uint)status);
                hb_rec_uint("cycles", now);
                hb_rec_end();
                break;
            } else {
                putchar((int)v);
            }
        }
        if (mTimingGlobalTime(core->timing) / div > max_cycles) {
            hb_rec_begin("timeout");
            hb_rec_uint("cycles", mTimingGlobalTime(core->timing) / div);
            hb_rec_end();
            status = 124;
            break;
        }
    }
    fflush(stdout);
    core->deinit(core);
    free(video);
    return status;
}
