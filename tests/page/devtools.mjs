// Asks a running chromium, through its DevTools protocol, what it thinks of a page as an app:
// whether it would offer to install it (Page.getInstallabilityErrors) and the manifest it read
// (Page.getAppManifest). Written for tests/test_page_offline.py.
//
//     node tests/page/devtools.mjs ws://127.0.0.1:PORT/devtools/browser/ID http://127.0.0.1:8000/ 3000
//
// Opens the page in a new tab, waits for its load event and WAIT_MS more (the service worker
// installs meanwhile), prints one JSON object and closes the browser.

import { createRequire } from "node:module"

const require = createRequire(import.meta.url)
const WebSocket = require("ws")  // installed with pyodide by npm ci

const [browserUrl, pageUrl, waitText] = process.argv.slice(2)
const waitMs = Number(waitText || 3000)
const socket = new WebSocket(browserUrl)
let nextId = 1
const pending = new Map()
const events = []

function send(method, params = {}, sessionId = undefined) {
    const id = nextId++
    socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }))
}

socket.on("message", (data) => {
    const message = JSON.parse(String(data))
    if (message.id && pending.has(message.id)) {
        const { resolve, reject, method } = pending.get(message.id)
        pending.delete(message.id)
        if (message.error) reject(new Error(`${method}: ${message.error.message}`))
        else resolve(message.result)
    } else if (message.method) {
        events.push(message.method)
    }
})

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const timer = setTimeout(() => { console.log(JSON.stringify({ error: "timed out" })); process.exit(2) }, 60000)

socket.on("open", async () => {
    try {
        const { targetId } = await send("Target.createTarget", { url: "about:blank" })
        const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true })
        await send("Page.enable", {}, sessionId)
        await send("Page.navigate", { url: pageUrl }, sessionId)
        for (let i = 0; i < 200 && !events.includes("Page.loadEventFired"); i++) await sleep(50)
        await sleep(waitMs)
        const installability = await send("Page.getInstallabilityErrors", {}, sessionId)
        const manifest = await send("Page.getAppManifest", {}, sessionId)
        const { result } = await send("Runtime.evaluate", {
            expression: "navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))",
            awaitPromise: true, returnByValue: true }, sessionId)
        console.log(JSON.stringify({
            installabilityErrors: installability.installabilityErrors,
            manifestUrl: manifest.url,
            manifestErrors: manifest.errors,
            manifestName: manifest.parsed ? manifest.parsed.name : null,
            workerActive: result.value,
        }))
        await send("Browser.close").catch(() => {})
    } catch (error) {
        console.log(JSON.stringify({ error: String(error.message || error) }))
        process.exitCode = 1
    } finally {
        clearTimeout(timer)
        socket.close()
    }
})
socket.on("error", (error) => { console.log(JSON.stringify({ error: String(error.message) })); process.exit(1) })
