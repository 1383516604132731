# SPDX-License-Identifier: MIT
"""The STM32F767 board (NUCLEO-F767ZI) firmware: the shared application
(src/engine/rom/) on a board with no screen (src/platform/rom/nucleo-f767/),
every algorithm compiled as the `cortex-m7` target compiles it
(targets/cortex-m7.toml: Debian's arm-none-eabi-gcc, Thumb-2, -O2, soft
float), set up as the STM32 study ran it: 216 MHz, flash with 7 wait states,
the ART and prefetch, the L1 caches on, code in flash on AXI, data and stack
in DTCM (data/cpu-models/cortex-m7-stm32f767.toml); timed by DWT CYCCNT;
the records written to USART3, the ST-LINK's virtual COM port.

`hashbench rom --target nucleo-f767 -o hb.elf` writes the ELF and, beside
it, the raw .bin for flashing (docs/roms.md: st-flash, openocd, or the
NUCLEO's mass-storage drive).  --run cannot reach a board: it builds the
same firmware for QEMU's mps2-an500 (board_mps2.c: its UART and timer in
place of USART3 and the DWT; the same application, algorithms and flags),
runs it headless, checks every digest and stores the run as
`nucleo-f767-qemu`, whose timer counts QEMU's instructions (-icount), not
the Cortex-M7's cycles.  A capture of the board's serial port becomes a
stored run with `hashbench import capture.txt`."""
import subprocess
from pathlib import Path

from ..errors import BuildError, UserError
from ..files import write_whole
from . import headless, image, run
from .console import Console, chip

QEMU = ["qemu-system-arm", "-M", "mps2-an500", "-nographic", "-monitor", "none", "-serial", "stdio",
        "-icount", "shift=3"]
DIR = "src/platform/rom/nucleo-f767"
COMMON = (f"{DIR}/platform.c",)
BOARDS = {"stm32": (f"{DIR}/board_stm32.c", f"{DIR}/stm32f767.ld", []),
          "mps2": (f"{DIR}/board_mps2.c", f"{DIR}/mps2-an500.ld", ["-DHB_ROM_EMULATED"])}
LDFLAGS = ["--specs=nosys.specs", "-nostartfiles", "-Wl,--gc-sections", "-lgcc"]
MAX_BUDGET_MS = 9000                  # CYCCNT wraps after 19.9 s at 216 MHz
FLASH_BYTES = 2 * 1024 * 1024


def build_elf(plan: image.Plan, board: str, log=lambda m: None) -> Path:
    if plan.budget_ms > MAX_BUDGET_MS:
        raise UserError(f"rom: --budget must be at most {MAX_BUDGET_MS // 1000} s on the NUCLEO-F767 "
                        "(its 32-bit cycle counter wraps after 19.9 s)")
    t = CONSOLE.description()
    folder = image.build_folder(CONSOLE.name, plan)
    board_c, script, defines = BOARDS[board]
    log(f"rom: building the NUCLEO-F767 firmware for {board} ({len(plan.rows)} rows)")
    return image.link_elf(CONSOLE, plan, folder, folder / f"hashbench-{board}.elf", t.cc,
                          CONSOLE.build_flags() + defines, DIR,
                          [*COMMON, board_c], script, LDFLAGS, log)


def build(plan: image.Plan, log=lambda m: None) -> image.Built:
    """The board's firmware (and its .bin beside it); --run builds the QEMU one itself."""
    elf = build_elf(plan, "stm32", log)
    raw = elf.with_suffix(".bin")
    cc = CONSOLE.description().cc
    image.objcopy_binary(cc, elf, raw)
    text, dat, bss = image.section_sizes(cc, elf)
    if text + dat > FLASH_BYTES:
        raise BuildError(f"rom: the firmware is {text + dat} bytes, more than the STM32F767's 2 MiB of flash")
    build_elf(plan, "mps2", log)   # the QEMU stand-in beside it (qemu_elf), for --run
    return image.Built(elf, raw.stat().st_size, elf.stat().st_size, text, dat + bss)


def qemu_elf(firmware: Path) -> Path:
    return firmware.with_name("hashbench-mps2.elf")


def check_output(out: Path):
    if out.suffix.lower() == ".bin":   # the binary would replace the ELF written there
        raise UserError(f"-o {out}: name the ELF (e.g. hb.elf); the .bin is written beside it")


def install(built: image.Built, out: Path):
    """The ELF to `out` and the raw binary beside it (`out` with .bin), each whole or not at all."""
    image.install(built, out)
    write_whole(out.with_suffix(".bin"), built.path.with_suffix(".bin").read_bytes())


def describe(built: image.Built) -> str:
    return (f"ELF for the NUCLEO-F767ZI and a {built.used_bytes}-byte .bin for its flash at 0x08000000 "
            f"({built.ram_bytes} bytes of DTCM for data and bss); records on USART3 at 115200 baud")


def emulator():
    if subprocess.run(["which", QEMU[0]], capture_output=True).returncode != 0:
        raise UserError("qemu-system-arm is missing: install the Debian package qemu-system-arm "
                        "(scripts/setup.sh does)")


class Qemu(headless.Serial):
    """QEMU on the firmware's stand-in (a driver.Driver): the records as
    its serial port wrote them; emulated seconds: the timed spans' virtual
    time (the timer's ticks at its 25 MHz)."""

    def __init__(self, elf: Path, limit_s: float):
        super().__init__("QEMU", QEMU + ["-kernel", str(elf)], limit_s)

    @property
    def seconds(self) -> float:
        whole = run.save_text(self.text)
        recs = run.parse(whole[:whole.rfind("\n") + 1])
        return sum(r.get("ticks", 0) + r.get("empty_ticks", 0) for r in recs) / 25e6


def driver(con, firmware, log=lambda m: None, limit_s: float = 3600.0) -> Qemu:
    """The QEMU stand-in of the image's firmware (qemu_elf), its wall-clock limit four times a console's."""
    return Qemu(qemu_elf(Path(firmware)), limit_s * 4)


CONSOLE = Console(
    name="nucleo-f767", run_target="nucleo-f767-qemu",   # what --run measures: the QEMU stand-in
    target="cortex-m7", build=build, describe=describe,
    timer="DWT CYCCNT (under QEMU, whose timer counts instructions)",
    title=("NUCLEO-F767 firmware under QEMU mps2-an500 (Cortex-M7, Thumb-2): the same firmware's timer "
           "counting QEMU's instructions, not the board's cycles"),
    screen=None,                 # the records go out over USART3
    decimal=True,                # "8.4M": gcc-built, room for put_uint's decimal
    emulator="qemu-system-arm", driver=driver, find_emulator=emulator,
    runner="qemu-system-arm -M mps2-an500 -icount shift=3 (headless, serial on stdout)",
    install=install, check_output=check_output,
    board_target="nucleo-f767",  # what a capture from the board is stored as
    emulated_clock_hz=25000000,  # under QEMU (HB_ROM_EMULATED): the mps2-an500 board's timer; the board: 216 MHz
    board_title=f"NUCLEO-F767ZI ({chip('cortex-m7')}, flash + ART, caches on, DTCM): DWT CYCCNT")
