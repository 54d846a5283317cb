// A stand-in for pygbag 0.9.3's pythons.js, written for tests/test_page.py (it is not pygbag's).
//
// The real loader cannot run here (it downloads CPython for WebAssembly from pygbag's CDN), so
// this module goes through the same steps the real one and the template's Python boot code take,
// as the page sees them, and stops or fails where the scenario in ?standin=NAME says:
//
//   success        every step, a click, then the game's first frame (othello_loader.done())
//   slow           the runtime's data arrives one chunk every 8 s for 2 minutes, then success
//   stalled        the data download stops at 3 of 10 chunks
//   runtime        CPython's main.js is missing (404), like a CDN that is down or blocked
//   abort          emscripten gives up (main.wasm cannot be fetched)
//   unpack-hang    the archive never finishes unpacking
//   unpack-error   the archive cannot be read (what the boot code reports)
//   start-hang     main.py is running but never draws a frame
//   python-error   main.py raises at start (what game/platform/browser.py's show_failure reports)
//   loop-error     the game runs, then raises in its frame loop (show_failure again)
//   waiting        all loaded, nobody clicks
//   wasm           compiles cdn/empty.wasm through the page's fetch (which counts the bytes while
//                  loading), as emscripten's instantiateStreaming does with main.wasm
//
// Like the real pythons.js it reads the address with decodeURI() when it is evaluated (which
// throws on a malformed %-escape) and writes its progress into #status and #progress.

const scenario = new URLSearchParams(location.search).get("standin") || "success"
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// pythons.js, auto_conf(): sys.argv from the fragment, split on %20 and decoded
const argv = []
for (const arg of location.hash.slice(1).split("%20")) argv.push(decodeURI(arg))
window.standin = { argv, scenario }

window.MM = { UME: false }

const vm = {
    // pythons.js's vm.setStatus, cut down: "text (done/total)" moves the progress bar
    setStatus(text) {
        const match = text.match(/([^(]+)\((\d+)\/(\d+)\)/)
        const progress = document.getElementById("progress")
        if (match) {
            progress.value = (Number(match[2]) / Number(match[3])) * 100
            text = match[1]
        }
        document.getElementById("status").innerHTML = text
    },
}

function report(text) {
    let out = document.getElementById("standin-log")
    if (!out) {
        out = document.createElement("pre")
        out.id = "standin-log"
        out.hidden = true
        document.body.appendChild(out)
    }
    out.textContent += text + "\n"
}

async function download(chunks, every_ms, stop_at) {
    for (let i = 1; i <= chunks; i++) {
        if (stop_at && i > stop_at) return false
        vm.setStatus(`Downloading data... (${i}/${chunks})`)
        await sleep(every_ms)
    }
    return true
}

async function run() {
    const loader = window.othello_loader
    if (scenario === "runtime") {
        const script = document.createElement("script")  // pythons.js's jsimport(config.executable)
        script.src = "cpython312/main.js"
        document.head.appendChild(script)
        return
    }
    if (scenario === "abort") {
        await download(2, 500)
        window.Module.onAbort("both async and sync fetching of the wasm failed")
        return
    }
    if (scenario === "wasm") {
        const counting = String(window.fetch).includes("othello_loader.alive")
        const response = await fetch("cdn/empty.wasm")
        const { instance } = await WebAssembly.instantiateStreaming(response)
        report(`wasm ${instance instanceof WebAssembly.Instance} counting ${counting} ` +
               `type ${response.headers.get("content-type")} url ${response.url.endsWith("/cdn/empty.wasm")}`)
        return
    }
    if (scenario === "stalled") {
        await download(10, 1000, 3)
        return
    }
    await download(scenario === "slow" ? 15 : 2, scenario === "slow" ? 8000 : 300)
    // CPython runs cpythonrc.py, then the template's custom_site()
    loader.step("unpack", "Unpacking the game")
    if (scenario === "unpack-hang") return
    if (scenario === "unpack-error") {
        loader.fail("unpack", "main.tar.gz: ReadError: file could not be opened successfully")
        return
    }
    await sleep(300)
    loader.ready()
    if (scenario === "waiting") return
    await sleep(500)
    window.dispatchEvent(new Event("pointerdown"))  // the visitor clicks: the template's listener
    if (!window.MM.UME) { report("the click did not unlock sound"); return }
    loader.step("start", "Starting")
    await sleep(300)
    loader.step("start", "Installing pygame-ce")
    await sleep(300)
    if (scenario === "start-hang") return
    if (scenario === "python-error") {
        loader.fail("python", "Traceback (most recent call last):\n  File \"main.py\", line 30\nZeroDivisionError: division by zero")
        return
    }
    loader.done()  // game/platform/browser.py's page_ready(), after the game's first frame
    report("first frame")
    if (scenario === "loop-error") {
        await sleep(2000)
        loader.fail("python", "Traceback (most recent call last):\nKeyError: 'a bug in the loop'")
    }
}

window.addEventListener("load", async () => {
    window.Module = vm  // pythons.js's onload(): emscripten finds it there
    if (window.custom_onload) await window.custom_onload(true)
    report("loading " + scenario + " in " + document.compatMode)
    report("hash " + location.hash)
    run()
})
