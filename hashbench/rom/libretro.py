# SPDX-License-Identifier: MIT
"""A small headless libretro frontend (ctypes), for every console's ROM:
Debian's cores (libretro-mgba for the GBA and the Game Boy,
libretro-nestopia for the NES) load a ROM, run frames with buttons held,
and hand back the last frame and the cartridge's save RAM.

    with Core("mgba", rom_path) as core:
        core.run(60)                       # one emulated second
        core.run(2, buttons={"a"})         # A held for two frames
        core.save_ram()                    # bytes: retro_get_memory_data(SAVE_RAM)
        core.records()                     # bytes: where the ROM writes its records (the save RAM by default)
        core.frame()                       # (width, height, rows of (r, g, b))
        core.seconds                       # emulated seconds so far

A core is a shared library with global state, so one process runs one core
session at a time (Core refuses a second while one is open).  No audio, no
window, no BIOS: the system folder is an empty temporary one, so the cores
use their own start-up (mGBA's high-level BIOS).  A Core is a
hashbench.rom.driver.Driver."""
import contextlib
import ctypes
import os
import platform
import signal
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path

from ..errors import UserError

# Debian's cores, under this machine's multiarch folder (x86_64-linux-gnu, aarch64-linux-gnu, ...)
CORES_DIR = Path("/usr/lib") / (sysconfig.get_config_var("MULTIARCH") or f"{platform.machine()}-linux-gnu") / "libretro"
CORE_FILES = {"mgba": "mgba_libretro.so", "nestopia": "nestopia_libretro.so", "desmume": "desmume_libretro.so",
              "gambatte": "gambatte_libretro.so",
              "bsnes_mercury_accuracy": "bsnes_mercury_accuracy_libretro.so",
              "bsnes_mercury_balanced": "bsnes_mercury_balanced_libretro.so"}
PACKAGES = {"mgba": "libretro-mgba", "nestopia": "libretro-nestopia", "desmume": "libretro-desmume",
            "gambatte": "libretro-gambatte",
            "bsnes_mercury_accuracy": "libretro-bsnes-mercury-accuracy",
            "bsnes_mercury_balanced": "libretro-bsnes-mercury-balanced"}

# libretro.h
ENV_GET_CAN_DUPE = 3
ENV_GET_SYSTEM_DIRECTORY = 9
ENV_SET_PIXEL_FORMAT = 10
ENV_GET_VARIABLE = 15
ENV_GET_VARIABLE_UPDATE = 17
ENV_GET_SAVE_DIRECTORY = 31
ENV_GET_CORE_OPTIONS_VERSION = 52
ENV_EXPERIMENTAL = 0x10000
DEVICE_JOYPAD = 1
MEMORY_SAVE_RAM = 0
MEMORY_SYSTEM_RAM = 2
PIXEL_0RGB1555, PIXEL_XRGB8888, PIXEL_RGB565 = 0, 1, 2
BUTTONS = {"b": 0, "y": 1, "select": 2, "start": 3, "up": 4, "down": 5, "left": 6, "right": 7,
           "a": 8, "x": 9, "l": 10, "r": 11}

ENV_CB = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_uint, ctypes.c_void_p)
VIDEO_CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_size_t)
AUDIO_CB = ctypes.CFUNCTYPE(None, ctypes.c_int16, ctypes.c_int16)
AUDIO_BATCH_CB = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t)
POLL_CB = ctypes.CFUNCTYPE(None)
STATE_CB = ctypes.CFUNCTYPE(ctypes.c_int16, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)


class GameInfo(ctypes.Structure):
    _fields_ = [("path", ctypes.c_char_p), ("data", ctypes.c_void_p), ("size", ctypes.c_size_t),
                ("meta", ctypes.c_char_p)]


class Variable(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("value", ctypes.c_char_p)]


class GameGeometry(ctypes.Structure):
    _fields_ = [("base_width", ctypes.c_uint), ("base_height", ctypes.c_uint), ("max_width", ctypes.c_uint),
                ("max_height", ctypes.c_uint), ("aspect_ratio", ctypes.c_float)]


class SystemTiming(ctypes.Structure):
    _fields_ = [("fps", ctypes.c_double), ("sample_rate", ctypes.c_double)]


class AvInfo(ctypes.Structure):
    _fields_ = [("geometry", GameGeometry), ("timing", SystemTiming)]


def core_path(name: str) -> Path:
    path = CORES_DIR / CORE_FILES[name]
    if not path.exists():
        raise UserError(f"the libretro core {path} is missing: install the Debian package {PACKAGES[name]} "
                        "(scripts/setup.sh does)")
    return path


_open = []
# cores that crash when initialised again after retro_deinit in the same process (DeSmuME 0.9.11):
# initialised once, then only games loaded and unloaded
KEEP_INITIALISED = {"desmume"}
_initialised = set()
_libc = ctypes.CDLL(None)


@contextlib.contextmanager
def quiet():
    """The core's own printing (DeSmuME's start-up lines, a line at every
    serialize) kept off the command's stdout and stderr: file descriptors 1
    and 2 point at /dev/null while the core runs the call."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    saved = [os.dup(1), os.dup(2)]
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        os.dup2(null, 2)
        yield
    finally:
        _libc.fflush(None)   # what C's stdio buffered goes to /dev/null too
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved + [null]:
            os.close(fd)


class Core:
    takes_input = True
    done_when_drawn = False

    def __init__(self, name: str, rom: Path, options=None, records=None):
        """`records`: (core) -> the bytes holding the image's records; default the whole save RAM."""
        if _open:
            raise RuntimeError("one libretro core session per process at a time")
        self.name, self.rom = name, Path(rom)
        self.records_of = records or Core.save_ram
        self.options = {k.encode(): v.encode() for k, v in (options or {}).items()}
        self.lib = ctypes.CDLL(str(core_path(name)))
        self.pixel_format = PIXEL_0RGB1555
        self.held = set()
        self.frames = 0
        self.last_frame = None
        self.capture = False
        self.tmp = tempfile.TemporaryDirectory(prefix="hashbench-libretro-")
        self.dir_bytes = ctypes.c_char_p(self.tmp.name.encode())
        self._values = []   # option strings handed to the core, kept alive
        self._callbacks = [ENV_CB(self._environment), VIDEO_CB(self._video), AUDIO_CB(lambda left, right: None),
                           AUDIO_BATCH_CB(lambda data, frames: frames), POLL_CB(lambda: None), STATE_CB(self._input)]
        env, video, audio, batch, poll, state = self._callbacks
        self.lib.retro_set_environment(env)
        self.lib.retro_set_video_refresh(video)
        self.lib.retro_set_audio_sample(audio)
        self.lib.retro_set_audio_sample_batch(batch)
        self.lib.retro_set_input_poll(poll)
        self.lib.retro_set_input_state(state)
        self.lib.retro_get_memory_data.restype = ctypes.c_void_p
        self.lib.retro_get_memory_size.restype = ctypes.c_size_t
        self.lib.retro_load_game.restype = ctypes.c_bool
        if name not in _initialised:
            with quiet():
                self.lib.retro_init()
            if name in KEEP_INITIALISED:
                _initialised.add(name)
        self._data = self.rom.read_bytes()
        self._buffer = ctypes.create_string_buffer(self._data, len(self._data))
        info = GameInfo(str(self.rom).encode(), ctypes.cast(self._buffer, ctypes.c_void_p), len(self._data), None)
        with quiet():
            loaded = self.lib.retro_load_game(ctypes.byref(info))
        if not loaded:
            self._deinit()
            raise UserError(f"the {name} core refused {self.rom}")
        # a joypad in port 1: Nestopia reads no input until told what is plugged in
        self.lib.retro_set_controller_port_device(0, DEVICE_JOYPAD)
        av = AvInfo()
        with quiet():   # bsnes prints the geometry
            self.lib.retro_get_system_av_info(ctypes.byref(av))
        self.fps = av.timing.fps
        _open.append(self)
        # Ctrl-C raised inside a core's callback would be lost (ctypes prints and ignores it): the
        # handler only notes it, and run() raises KeyboardInterrupt between frames
        self.interrupted = False
        self._old_sigint = None
        if threading.current_thread() is threading.main_thread():
            self._old_sigint = signal.signal(signal.SIGINT, self._sigint)

    def _sigint(self, signum, frame):
        self.interrupted = True

    # ---- callbacks -----------------------------------------------------------

    def _environment(self, cmd, data):
        cmd &= ~ENV_EXPERIMENTAL
        if cmd == ENV_GET_CAN_DUPE:
            ctypes.cast(data, ctypes.POINTER(ctypes.c_bool))[0] = True
            return True
        if cmd in (ENV_GET_SYSTEM_DIRECTORY, ENV_GET_SAVE_DIRECTORY):
            ctypes.cast(data, ctypes.POINTER(ctypes.c_char_p))[0] = self.dir_bytes.value
            return True
        if cmd == ENV_SET_PIXEL_FORMAT:
            fmt = ctypes.cast(data, ctypes.POINTER(ctypes.c_int))[0]
            if fmt not in (PIXEL_0RGB1555, PIXEL_XRGB8888, PIXEL_RGB565):
                return False
            self.pixel_format = fmt
            return True
        if cmd == ENV_GET_VARIABLE:
            var = ctypes.cast(data, ctypes.POINTER(Variable))[0]
            value = self.options.get(var.key)
            if value is None:
                return False
            buf = ctypes.c_char_p(value)
            self._values.append(buf)
            ctypes.cast(data, ctypes.POINTER(Variable))[0].value = buf.value
            return True
        if cmd == ENV_GET_VARIABLE_UPDATE:
            ctypes.cast(data, ctypes.POINTER(ctypes.c_bool))[0] = False
            return True
        if cmd == ENV_GET_CORE_OPTIONS_VERSION:
            ctypes.cast(data, ctypes.POINTER(ctypes.c_uint))[0] = 0
            return True
        return False

    def _video(self, data, width, height, pitch):
        if data and self.capture:  # NULL: the core duplicated the last frame
            self.last_frame = (width, height, pitch, self.pixel_format, ctypes.string_at(data, pitch * height))

    def _input(self, port, device, index, button):
        if port != 0 or device != DEVICE_JOYPAD:
            return 0
        return 1 if button in self.held else 0

    # ---- the session ---------------------------------------------------------

    def run(self, frames: int, buttons=(), capture=False):
        """Runs `frames` frames with `buttons` held ("a", "b", "select",
        "start", "up", "down", ...); capture: keep the last one's picture."""
        self.held = {BUTTONS[b] for b in buttons}
        for i in range(frames):
            if self.interrupted:
                self.interrupted = False
                raise KeyboardInterrupt
            self.capture = capture and i == frames - 1
            self.lib.retro_run()
        self.frames += frames
        self.held = set()

    def press(self, button: str, hold: int = 3, release: int = 3):
        """A button held for `hold` frames, then let go for `release`."""
        self.run(hold, [button])
        self.run(release)

    @property
    def seconds(self) -> float:
        return self.frames / self.fps

    def memory(self, kind=MEMORY_SAVE_RAM) -> bytes:
        with quiet():   # bsnes prints the size at every call
            size = self.lib.retro_get_memory_size(kind)
            ptr = self.lib.retro_get_memory_data(kind)
        return ctypes.string_at(ptr, size) if ptr and size else b""

    def state(self) -> bytes:
        """The core's serialized state (retro_serialize): for cores that
        expose no memory through retro_get_memory_data."""
        self.lib.retro_serialize_size.restype = ctypes.c_size_t
        self.lib.retro_serialize.restype = ctypes.c_bool
        size = self.lib.retro_serialize_size()
        buf = ctypes.create_string_buffer(size)
        with quiet():
            done = size and self.lib.retro_serialize(buf, ctypes.c_size_t(size))
        if not done:
            raise UserError(f"the {self.name} core could not serialize its state")
        return buf.raw

    def save_ram(self) -> bytes:
        return self.memory(MEMORY_SAVE_RAM)

    def records(self) -> bytes:
        return self.records_of(self)

    def check(self):
        """Nothing beyond the records can go wrong here."""

    def frame(self):
        """The last captured frame: (width, height, rows of (r, g, b) tuples)."""
        if self.last_frame is None:
            self.run(1, capture=True)
        width, height, pitch, fmt, raw = self.last_frame
        rows = []
        for y in range(height):
            line = raw[y * pitch:(y + 1) * pitch]
            rows.append([rgb(line, x, fmt) for x in range(width)])
        return width, height, rows

    def close(self):
        if self._old_sigint is not None:
            signal.signal(signal.SIGINT, self._old_sigint)
            self._old_sigint = None
        if self in _open:
            self.lib.retro_unload_game()
            self._deinit()
            _open.remove(self)
            self.tmp.cleanup()

    def _deinit(self):
        if self.name not in KEEP_INITIALISED:
            self.lib.retro_deinit()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def rgb(line: bytes, x: int, fmt: int) -> tuple:
    """One pixel of a libretro frame as 8-bit (r, g, b)."""
    if fmt == PIXEL_XRGB8888:
        b, g, r = line[4 * x], line[4 * x + 1], line[4 * x + 2]
        return r, g, b
    v = line[2 * x] | line[2 * x + 1] << 8
    if fmt == PIXEL_RGB565:
        r, g, b = v >> 11, (v >> 5) & 0x3F, v & 0x1F
        return r * 255 // 31, g * 255 // 63, b * 255 // 31
    r, g, b = (v >> 10) & 0x1F, (v >> 5) & 0x1F, v & 0x1F
    return r * 255 // 31, g * 255 // 31, b * 255 // 31
