// hashbench play: boots the image that window.HB_PLAY names (the page's config, written by
// hashbench/rom/play.py) in EmulatorJS, and gives a test (or a curious user's console) `window.hb`:
// whether the game started, the emulator's error if any, the save RAM, a slice of the core's
// state, and the core's own screenshot.
"use strict";
(function () {
    const cfg = window.HB_PLAY;

    // EmulatorJS asks its CDN for a newer version whenever the page is served from localhost or
    // 127.0.0.1; this page fetches nothing from anywhere but the server that served it.
    EmulatorJS.prototype.checkForUpdates = function () {};

    const hb = window.hb = { started: false, error: null };
    const startGameError = EmulatorJS.prototype.startGameError;
    EmulatorJS.prototype.startGameError = function (message) {
        hb.error = message;
        return startGameError.call(this, message);
    };

    // the keyboard: the console's buttons (RetroPad ids) on the keys the page's table shows;
    // players 2-4 get none
    const controls = { 0: {}, 1: {}, 2: {}, 3: {} };
    for (const k of cfg.keys) controls[0][k.id] = { value: k.key, value2: "" };

    const config = {
        gameUrl: cfg.gameUrl,
        gameName: cfg.gameName,
        dataPath: cfg.dataPath,
        system: cfg.core,
        defaultControllers: controls,
        defaultOptions: cfg.coreOptions,
        startOnLoad: true,
        threads: false,
        // no IndexedDB cache of cores and images (a rebuilt image is always the one served) and no
        // settings remembered from an earlier visit (the keys are the table's)
        disableDatabases: true,
        disableLocalStorage: true,
        shaders: Object.assign({}, window.EJS_SHADERS),
        color: "#3c7a3c",
    };
    const emu = window.EJS_emulator = new EmulatorJS("#game", config);
    emu.on("start", function () { hb.started = true; });

    function base64(bytes) {
        let s = "";
        for (let i = 0; i < bytes.length; i += 0x8000) {
            s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        }
        return btoa(s);
    }

    function find(hay, needle) {
        outer: for (let i = 0; i + needle.length <= hay.length; i++) {
            for (let j = 0; j < needle.length; j++) {
                if (hay[i + j] !== needle[j]) continue outer;
            }
            return i;
        }
        return -1;
    }

    // the cartridge's save RAM as the core has it now (base64), or null (no save RAM)
    hb.saveRam = function () {
        const data = emu.gameManager.getSaveFile();
        return data ? base64(data) : null;
    };

    // `length` bytes of the core's serialized state from `offset` past the one place where
    // `needle` (base64) lies -> base64; null where it is not found once (the NDS's main RAM lies
    // whole in melonDS's state: found by the ARM9 binary's first bytes)
    hb.stateSlice = function (needleB64, offset, length) {
        const state = emu.gameManager.getState();
        const needle = Uint8Array.from(atob(needleB64), function (c) { return c.charCodeAt(0); });
        const at = find(state, needle);
        if (at < 0 || find(state.subarray(at + 1), needle) >= 0) return null;
        return base64(state.subarray(at + offset, at + offset + length));
    };

    // the core's frame at its own size as a PNG (base64), through the callback of an async script
    hb.screenshot = function (done) {
        emu.gameManager.screenshot().then(function (png) { done(base64(png)); });
    };

    // presses a console button (its RetroPad id) for a few frames
    hb.press = function (id) {
        emu.gameManager.simulateInput(0, id, 1);
        setTimeout(function () { emu.gameManager.simulateInput(0, id, 0); }, 100);
    };
})();
