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
//   wasm           compiles cdn/0.9.3/empty.wasm through the page's fetch (which counts the bytes while
//                  loading), as emscripten's instantiateStreaming does with main.wasm
//   files          loads a runtime for real, the way pygbag's does: CPython's main.js (a script
//                  element), main.wasm (compiled while streaming), main.data (XMLHttpRequest),
//                  cpythonrc.py, the package index and the wheel it names, the game's archive
//                  (fetch); then the first frame, and
//                  it waits for the service worker to say what it kept. With the network off, every
//                  file must come from the offline cache. RUNTIME (below) says where they are.
//   playing        like "files", then the game plays on for up to 45 s of real time (a new
//                  build's worker may take over meanwhile: the page must not reload)
//   update         waits for the click like "waiting", giving the browser a few seconds of real time
//                  (a new build's service worker installs meanwhile and the page reloads itself)
//
// Like the real pythons.js it reads the address with decodeURI() when it is evaluated (which
// throws on a malformed %-escape) and writes its progress into #status and #progress.

// The scenario is named in the address the page was opened with (?standin=NAME): the page's head
// script drops the query from location before this runs, so it is read from the navigation entry
// and kept for the tab's reloads (which load the address without it).
const opened_at = (performance.getEntriesByType("navigation")[0] || { name: location.href }).name
const scenario = new URL(opened_at).searchParams.get("standin") || sessionStorage.getItem("standin") || "success"
sessionStorage.setItem("standin", scenario)
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

// Where the "files" and "wasm" scenarios find their runtime: beside this module (cdn/0.9.3/, or another origin
// standing in for pygbag's CDN)
const RUNTIME = new URL(".", import.meta.url).href

function loadScript(url) {
    return new Promise((resolve, reject) => {
        const script = document.createElement("script")
        script.src = url
        script.onload = resolve
        script.onerror = () => reject(new Error("could not load " + url))
        document.head.appendChild(script)
    })
}

function loadWithXhr(url) {
    return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest()
        request.open("GET", url)
        request.responseType = "arraybuffer"
        request.onload = () => request.status === 200 ? resolve(request.response) : reject(new Error(`${url}: ${request.status}`))
        request.onerror = () => reject(new Error("could not load " + url))
        request.send()
    })
}

async function bytesOf(url) {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    return (await response.arrayBuffer()).byteLength
}

// Under --virtual-time-budget the page's timers run at once, but the service worker's work takes
// real time: keep a request open on the test server (POST __wait answers after 0.2 s of real time;
// virtual time stands still meanwhile) until done() or about seconds have passed.
async function giveRealTime(seconds, done) {
    for (let i = 0; i < seconds * 5 && !done(); i++) {
        try {
            await fetch(RUNTIME.replace(/^(https?:[/][/][^/]+[/]).*$/, "$1__wait"), { method: "POST" })
        } catch (error) {}  // offline: the test server fails the request after the same while
    }
}

// A promise's value, giving it real time to settle (the cache's answers take real time too)
async function settled(promise) {
    let done = false
    const value = promise.finally(() => { done = true })
    await giveRealTime(5, () => done)
    return value
}

async function loadFiles() {
    const loader = window.othello_loader
    vm.setStatus("Downloading data... (1/3)")
    await loadScript(RUNTIME + "cpython312/main.js")
    if (window.standin_main_js !== true) throw new Error("main.js did not run")
    const { instance } = await WebAssembly.instantiateStreaming(fetch(RUNTIME + "cpython312/main.wasm"))
    vm.setStatus("Downloading data... (2/3)")
    const data = await loadWithXhr(RUNTIME + "cpython312/main.data")
    const rc = await bytesOf(RUNTIME + "cpythonrc.py")
    // pygbag's package index (PYGPI, one folder above the runtime) names pygame-ce's wheel
    const index = await (await fetch(new URL("../index-0.9.3-cp312.json", RUNTIME))).json()
    const wheel = await bytesOf(new URL("../" + index.pygame.replace(/<abi>/g, "cp312").replace("<api>", "wasm32_bi_emscripten"), RUNTIME).href)
    vm.setStatus("Downloading data... (3/3)")
    loader.step("unpack", "unpack")
    const archive = await bytesOf(config.archive + ".tar.gz")  // custom_site(): platform.fopen
    report(`runtime wasm ${instance instanceof WebAssembly.Instance} data ${data.byteLength} rc ${rc} ` +
           `wheel ${wheel} archive ${archive}`)
    loader.ready()
    window.dispatchEvent(new Event("pointerdown"))
    loader.step("start", "start")
    loader.done()
    report("first frame")
    loader.settled()  // game/platform/browser.py's page_settled(), once the game's warm-up is done
    await giveRealTime(OTHELLO_OFFLINE ? 10 : 0, () => window.othello_offline.kept)
    const kept = window.othello_offline.kept
    report(kept ? `kept ${kept.kept} failed ${kept.failed.length} build ${kept.build}` : "kept nothing")
    report("caches " + (await settled(caches.keys())).filter((name) => name.startsWith("othello:")).map(
        (name) => name.split(":").pop()).join(" "))
    const registration = navigator.serviceWorker && await settled(navigator.serviceWorker.getRegistration())
    report("worker " + (registration ? "registered" : "none"))
    if (scenario === "playing") {
        const banner = document.getElementById("update")
        // the new build's worker copies the old build's runtime (megabytes) before it takes over:
        // seconds of real time on a busy machine; the wait ends as soon as the banner shows
        await giveRealTime(45, () => !banner.hidden)
        report("still playing; banner " + (banner.hidden ? "hidden" : "shown: " + banner.textContent.replace(/\s+/g, " ")))
    }
}

async function run() {
    const loader = window.othello_loader
    if (scenario === "files" || scenario === "playing") {
        try {
            await loadFiles()
        } catch (error) {
            report("failed: " + error.message)
            loader.fail("runtime", error.message)
        }
        return
    }
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
        const response = await fetch(new URL("empty.wasm", RUNTIME))
        const { instance } = await WebAssembly.instantiateStreaming(response)
        report(`wasm ${instance instanceof WebAssembly.Instance} counting ${counting} ` +
               `type ${response.headers.get("content-type")} url ${response.url.endsWith("/cdn/0.9.3/empty.wasm")}`)
        return
    }
    if (scenario === "stalled") {
        await download(10, 1000, 3)
        return
    }
    await download(scenario === "slow" ? 15 : 2, scenario === "slow" ? 8000 : 300)
    // CPython runs cpythonrc.py, then the template's custom_site()
    loader.step("unpack", "unpack")
    if (scenario === "unpack-hang") return
    if (scenario === "unpack-error") {
        loader.fail("unpack", "main.tar.gz: ReadError: file could not be opened successfully")
        return
    }
    await sleep(300)
    loader.ready()
    if (scenario === "waiting") return
    if (scenario === "update") {
        // the old build's page waits (up to 45 s of real time on a busy machine) for the new worker
        // to take over and reload it; the new build's page is done once it says "Updated", and one
        // without offline play gives its worker's removal a few seconds
        const notice = document.getElementById("notice")
        await giveRealTime(OTHELLO_OFFLINE ? 45 : 8, () => !notice.hidden)
        return
    }
    await sleep(500)
    window.dispatchEvent(new Event("pointerdown"))  // the visitor clicks: the template's listener
    if (!window.MM.UME) { report("the click did not unlock sound"); return }
    loader.step("start", "start")
    await sleep(300)
    loader.step("start", "install", "pygame-ce")
    await sleep(300)
    if (scenario === "start-hang") return
    if (scenario === "python-error") {
        loader.fail("python", "Traceback (most recent call last):\n  File \"main.py\", line 30\nZeroDivisionError: division by zero")
        return
    }
    loader.done()  // game/platform/browser.py's page_ready(), after the game's first frame
    report("first frame")
    loader.settled()  // and its page_settled(), once its warm-up is done
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
    report("build " + OTHELLO_BUILD + " controlled " + window.othello_offline.controlled)
    run()
})
