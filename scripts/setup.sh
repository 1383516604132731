#!/usr/bin/env bash
# Installs what hashbench needs on a Debian machine, only what is missing:
# system packages (compilers, QEMU, cross toolchains, libraries) and the
# Python environment in .venv/.  Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages, one group per purpose (see README "What gets installed").
PKGS_BUILD="build-essential clang python3-venv python3-pip"
PKGS_TESTS="libclang-rt-dev qemu-user gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-arm-linux-gnueabihf libc6-dev-armhf-cross libgcrypt20"
PKGS_BACKENDS="libssl-dev libsodium-dev zlib1g-dev libxxhash-dev libgcrypt20-dev nettle-dev libmbedtls-dev pkg-config xsltproc"
PKGS_CROSS="gcc-mips64-linux-gnuabi64 gcc-arm-linux-gnueabi libc6-dev-armel-cross gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-riscv64-linux-gnu libc6-dev-riscv64-cross gcc-powerpc-linux-gnu libc6-dev-powerpc-cross gcc-i686-linux-gnu libc6-dev-i386-cross gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
# the 8/16-bit consoles (hashbench cross --target nes,gb,z80,gba): cc65 and sim65; SDCC and
# ucsim; mGBA's core as a library (src/meters/mgba_run.c links it)
PKGS_CONSOLE="cc65 sdcc sdcc-ucsim libmgba-dev"
# the report's browser test (headless Chromium through its WebDriver; DejaVu for its text) and the
# PostgreSQL server the store's tests start in a temporary folder (hashbench report, --db postgresql://)
PKGS_REPORT="chromium chromium-driver fonts-dejavu-core postgresql"
# `hashbench play`: the browser page's emulators come from npm (below); a nodejs that brings its own npm
# (NodeSource's) conflicts with Debian's npm package, so only where no npm is there
PKGS_PLAY=""
command -v npm >/dev/null || PKGS_PLAY="nodejs npm"
# `hashbench run|compare --meter sim`: the host engine under Callgrind
PKGS_SIM="valgrind"
# `hashbench rom --run`: the console ROMs booted headless in the emulators' libretro cores
PKGS_ROM="libretro-mgba libretro-nestopia libretro-desmume mupen64plus-ui-console libmupen64plus2 libretro-bsnes-mercury-accuracy libretro-bsnes-mercury-balanced libretro-gambatte"
PKGS="$PKGS_BUILD $PKGS_TESTS $PKGS_BACKENDS $PKGS_CROSS $PKGS_CONSOLE $PKGS_REPORT $PKGS_PLAY $PKGS_SIM $PKGS_ROM ${HB_EXTRA_PKGS:-}"

missing=()
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    # apt and dpkg talk on success too (debconf's "delaying package configuration", a service
    # that cannot start in a container): their words are shown only when they fail
    log=$(mktemp)
    if ! { $SUDO apt-get update -qq &&
           $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
         } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "setup: installing Debian packages failed" >&2
        exit 1
    fi
    rm -f "$log"
fi

# Python environment with hashbench installed (editable) and the test oracles.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[test,rom,cluster]"

# `hashbench play` and `rom --run --emulator melonds`: EmulatorJS and the console cores it builds to
# WebAssembly, from npm, at the versions web/package-lock.json pins, into web/node_modules (served
# from there; nothing is fetched at run time).  Without --omit=optional npm would add every core
# EmulatorJS has (@emulatorjs/cores, 300 MB); the packages' scripts are build tools we do not run.
if command -v npm >/dev/null; then
    # again only when the lock file changed (the copy beside the packages says what they came from)
    if ! cmp -s web/package-lock.json web/node_modules/.hashbench-lock.json 2>/dev/null; then
        npm ci --prefix web --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error >&2
        cp web/package-lock.json web/node_modules/.hashbench-lock.json
    fi
else
    echo "setup: npm not found: hashbench play needs it (Debian packages nodejs and npm)" >&2
fi
echo "setup: ok (.venv/bin/hashbench)" >&2
