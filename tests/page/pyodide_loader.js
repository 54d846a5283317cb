// The real-browser harness's stand-in for pygbag 0.9.3's loader (pythons.js): it boots the real
// CPython 3.12 on WebAssembly (the npm package pyodide@0.27.8) and pygbag's own pygame-ce wasm
// wheel, then runs the page template's Python boot code, so the built page (index.html and the
// game's archive) plays for real. Served as <runtime>/pythons.js, beside
//   pyodide/               the npm package's files
//   pygbag_standin.py      what pygbag's cpythonrc.py and platform give Python before main.py
// and, one folder up (pygbag's package index, $PYGPI), index-0.9.3-cp312.json naming the wheel.
// Written for tests/real_browser.py and `python -m game.web preview`; it is not pygbag's.
//
// What pygbag's pythons.js does and this does too, in its order: read the Python in the page's
// <script id="site"> (vm.script.blocks[0]), set window.Module and call the template's
// custom_onload(true) on the window's load event, show progress in #status, give SDL the canvas,
// expose the runtime as window.python and window.VM (with .FS and .config), and run the block.
// Its canvas fit too (window_resize and window_canvas_adjust below, the 2D path without debug): the
// canvas's box fills the window at the canvas's own aspect ratio, centred, on every resize and when
// the page calls window.window_resize().

import { loadPyodide } from "./pyodide/pyodide.mjs"

const RUNTIME = new URL(".", import.meta.url).href
const site = document.getElementById("site")
const bootCode = site ? site.text : ""  // pythons.js: vm.script.blocks = [script.text]

// Emscripten's C function emscripten_compute_dom_pk_code (system/lib/html5/dom_pk_codes.c) maps
// KeyboardEvent.code to its DOM_PK number (the key's PC scancode); SDL's keyboard calls it. pygbag's
// CPython links it in; Pyodide's does not, so pygame-ce's keys fail with "cannot resolve symbol".
const DOM_PK = {
    Unidentified: 0x00, Escape: 0x01, Digit0: 0x02, Digit1: 0x03, Digit2: 0x04, Digit3: 0x05, Digit4: 0x06,
    Digit5: 0x07, Digit6: 0x08, Digit7: 0x09, Digit8: 0x0A, Digit9: 0x0B, Minus: 0x0C, Equal: 0x0D,
    Backspace: 0x0E, Tab: 0x0F, KeyQ: 0x10, KeyW: 0x11, KeyE: 0x12, KeyR: 0x13, KeyT: 0x14, KeyY: 0x15,
    KeyU: 0x16, KeyI: 0x17, KeyO: 0x18, KeyP: 0x19, BracketLeft: 0x1A, BracketRight: 0x1B, Enter: 0x1C,
    ControlLeft: 0x1D, KeyA: 0x1E, KeyS: 0x1F, KeyD: 0x20, KeyF: 0x21, KeyG: 0x22, KeyH: 0x23, KeyJ: 0x24,
    KeyK: 0x25, KeyL: 0x26, Semicolon: 0x27, Quote: 0x28, Backquote: 0x29, ShiftLeft: 0x2A, Backslash: 0x2B,
    KeyZ: 0x2C, KeyX: 0x2D, KeyC: 0x2E, KeyV: 0x2F, KeyB: 0x30, KeyN: 0x31, KeyM: 0x32, Comma: 0x33,
    Period: 0x34, Slash: 0x35, ShiftRight: 0x36, NumpadMultiply: 0x37, AltLeft: 0x38, Space: 0x39,
    CapsLock: 0x3A, F1: 0x3B, F2: 0x3C, F3: 0x3D, F4: 0x3E, F5: 0x3F, F6: 0x40, F7: 0x41, F8: 0x42, F9: 0x43,
    F10: 0x44, Pause: 0x45, ScrollLock: 0x46, Numpad7: 0x47, Numpad8: 0x48, Numpad9: 0x49,
    NumpadSubtract: 0x4A, Numpad4: 0x4B, Numpad5: 0x4C, Numpad6: 0x4D, NumpadAdd: 0x4E, Numpad1: 0x4F,
    Numpad2: 0x50, Numpad3: 0x51, Numpad0: 0x52, NumpadDecimal: 0x53, PrintScreen: 0x54,
    IntlBackslash: 0x56, F11: 0x57, F12: 0x58, NumpadEqual: 0x59, NumpadEnter: 0xE01C,
    ControlRight: 0xE01D, NumpadDivide: 0xE035, AltRight: 0xE038, NumLock: 0xE045, Home: 0xE047,
    ArrowUp: 0xE048, PageUp: 0xE049, ArrowLeft: 0xE04B, ArrowRight: 0xE04D, End: 0xE04F, ArrowDown: 0xE050,
    PageDown: 0xE051, Insert: 0xE052, Delete: 0xE053, MetaLeft: 0xE05B, MetaRight: 0xE05C, ContextMenu: 0xE05D,
}

// pygbag 0.9.3's pythons.js, window_canvas_adjust() for the 2D canvas with vm.config.debug off, as it is:
// the largest box of the canvas's aspect ratio (width / height of its pixels) that the window holds,
// centred by CSS; and window_resize(), which runs it 100 ms later (on the window's resize event, once
// at load, and whenever the page asks).
function window_canvas_adjust(divider) {
    const canvas = document.getElementById("canvas")
    const ar = canvas.width / canvas.height
    const max_width = window.innerWidth
    const max_height = window.innerHeight
    divider = (window.config && window.config.gui_divider) || 1
    let want_w = Math.trunc(max_width / divider)
    let want_h = Math.trunc(want_w / ar)
    if (want_h > max_height) {
        want_h = max_height
        want_w = Math.trunc(want_h * ar)
    }
    if (want_w > max_width) {
        want_w = max_width
        want_h = Math.trunc(want_h / ar)  // sic: pygbag divides the height again here
    }
    if (window.config && window.config.user_canvas) return
    canvas.style.position = "absolute"
    canvas.style.left = 0
    canvas.style.bottom = 0
    canvas.style.top = 0
    canvas.style.right = 0
    canvas.style.margin = "auto"
    canvas.style.width = want_w + "px"
    canvas.style.height = want_h + "px"
}

function window_resize() {
    if (window.config && window.config.user_canvas_managed) return window.config.user_canvas_managed
    setTimeout(window_canvas_adjust, 100, window.config && window.config.gui_divider)
    setTimeout(window.focus, 100)
}
globalThis.window_resize = window_resize
window.addEventListener("resize", window_resize)

function status(text) {
    const element = document.getElementById("status")
    if (element) element.textContent = text
}

async function boot() {
    const loader = window.othello_loader
    status("Downloading\u2026")
    let pyodide
    try {
        pyodide = await loadPyodide({ indexURL: RUNTIME + "pyodide/", fullStdLib: false })
    } catch (error) {
        loader.fail("runtime", `the runtime did not load: ${error && error.message || error}`)
        return
    }
    performance.mark("harness:runtime")  // CPython is up (the bench's timeline, bench/web_page.py)
    const module = pyodide._module
    module.mergeLibSymbols({
        emscripten_compute_dom_pk_code: (pointer) => DOM_PK[module.UTF8ToString(pointer)] || 0,
    }, "harness")
    // pygbag's SDL draws on the page's #canvas
    pyodide.canvas.setCanvas2D(document.getElementById("canvas"))
    // pythons.js: window.python = window.VM = vm (the game fetches files into vm.FS)
    window.python = window.VM = { FS: pyodide.FS, config: window.config, pyodide }
    // for the tests: run Python in the page's __main__ and hand back what it left in __harness_answer
    window.harness = {
        pyodide,
        bootError: null,
        python(source) {
            pyodide.runPython(source)
            return pyodide.globals.get("__harness_answer")
        },
    }
    try {
        const answer = await fetch(RUNTIME + "pygbag_standin.py")
        if (!answer.ok) throw new Error(`pygbag_standin.py: HTTP ${answer.status}`)
        const standin = await answer.text()
        pyodide.FS.mkdirTree("/data/data")  // pygbag's file system has the apps' home
        await pyodide.runPythonAsync(standin, { filename: "pygbag_standin.py" })
        await pyodide.runPythonAsync(bootCode, { filename: "index.html" })
    } catch (error) {
        window.harness.bootError = String(error && error.message || error)
        loader.fail("start", window.harness.bootError)
    }
}

window.addEventListener("load", async () => {
    window.Module = {}  // pythons.js's onload(): emscripten's module object, where the template sets onAbort
    // pythons.js's media manager: sound is allowed (UME, user media engagement) only after a gesture
    // when the template asks for that (config.ume_block), as pygbag's feat_snd() sets it
    window.MM = { UME: !window.config.ume_block }
    if (window.custom_onload) await window.custom_onload(true)
    window_resize()  // pythons.js's onload(), after custom_onload
    boot()
})
