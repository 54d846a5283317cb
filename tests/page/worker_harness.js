// The offline worker (game/web/service_worker.js) run in Node with a fake network and a fake
// CacheStorage: tests/test_page_worker_logic.py. Reads one JSON scenario on stdin:
//
//   { "worker": "<sw.js source, fields filled in>", "scope": "https://game.example/",
//     "caches": { "<cache name>": { "<url>": { "body": "...", "type": "text/javascript" } } },
//     "network": { "<url>": { "status": 200, "type": "cors", "contentType": "...", "body": "..." }
//                  | "offline" },       // an address not listed: offline (fetch rejects)
//     "steps": [ ["install"], ["activate"], ["fetch", "<url>", "<mode>"], ["keep", ["<url>", ...]],
//                ["plant", "<cache name>", "<url>", "<body>"],   // a page of the origin writing to a cache
//                ["network", { "<url>": ... }] ] }               // the network's answers change
//
// and writes { "steps": [ { "ok": bool, "error": "...", "answer": ... } ], "caches": {...} } on stdout
// (each cache's addresses and bodies after the last step). A step that fails stops the run.

"use strict"

const vm = require("vm")

function fakeResponse(spec) {
    const headers = { ...(spec.headers || {}) }
    if (spec.contentType) headers["content-type"] = spec.contentType
    const response = new Response(spec.body === undefined ? "" : spec.body,
                                  { status: spec.status || 200, headers })
    Object.defineProperty(response, "type", { value: spec.responseType || "cors" })
    Object.defineProperty(response, "redirected", { value: !!spec.redirected })
    return response
}

class FakeCache {
    constructor() { this.entries = new Map() }
    async match(request) {
        const url = typeof request === "string" ? request : request.url
        const entry = this.entries.get(new URL(url).href)
        return entry ? fakeResponse({ ...entry, responseType: "basic" }) : undefined
    }
    async put(request, response) {
        const url = typeof request === "string" ? request : request.url
        this.entries.set(new URL(url).href, {
            status: response.status, body: await response.text(),
            contentType: response.headers.get("content-type") || undefined,
        })
    }
    async delete(request) {
        return this.entries.delete(new URL(typeof request === "string" ? request : request.url).href)
    }
    async keys() { return [...this.entries.keys()].map((url) => new Request(url)) }
    async addAll(requests) {
        const answers = []
        for (const request of requests) {
            const response = await fetchFake(request)
            if (!response.ok) throw new TypeError(`addAll: ${request.url} answered ${response.status}`)
            answers.push([request, response])
        }
        for (const [request, response] of answers) await this.put(request, response)
    }
}

const stores = new Map()
const caches = {
    async open(name) {
        if (!stores.has(name)) stores.set(name, new FakeCache())
        return stores.get(name)
    },
    async keys() { return [...stores.keys()] },
    async delete(name) { return stores.delete(name) },
}

let network = {}
const fetched = []
async function fetchFake(input, init) {
    const url = new URL(typeof input === "string" ? input : input.url).href
    fetched.push(url)
    const spec = network[url]
    if (!spec || spec === "offline") throw new TypeError(`offline: ${url}`)
    return fakeResponse(spec)
}

function main(scenario) {
    network = scenario.network || {}
    for (const [name, entries] of Object.entries(scenario.caches || {})) {
        const cache = new FakeCache()
        for (const [url, entry] of Object.entries(entries)) cache.entries.set(url, { status: 200, ...entry })
        stores.set(name, cache)
    }
    const scope = scenario.scope
    const page = { url: new URL("index.html", scope).href, postMessage(message) { page.messages.push(message) },
                   messages: [] }
    const listeners = {}
    const self = {
        registration: { scope },
        location: new URL("sw.js", scope),
        addEventListener(type, listener) { listeners[type] = listener },
        skipWaiting: async () => {},
        clients: { claim: async () => {}, get: async (id) => (id === "page" ? page : undefined) },
    }
    const context = vm.createContext({
        self, caches, crypto: globalThis.crypto, fetch: fetchFake, Request, Response, Headers, URL, console,
    })
    vm.runInContext(scenario.worker, context, { filename: "sw.js" })

    async function dispatch(type, fields) {
        const waited = []
        let answer
        const event = {
            ...fields,
            waitUntil(promise) { waited.push(promise) },
            respondWith(promise) { answer = Promise.resolve(promise) },
        }
        listeners[type](event)
        await Promise.all(waited)
        if (answer) {
            const response = await answer
            return { status: response.status, body: await response.text() }
        }
        return null
    }

    async function run() {
        const out = { steps: [], caches: {} }
        for (const [kind, ...args] of scenario.steps) {
            try {
                let answer = null
                if (kind === "install" || kind === "activate") answer = await dispatch(kind, {})
                else if (kind === "fetch") {
                    const request = new Request(args[0])
                    Object.defineProperty(request, "mode", { value: args[1] || "no-cors" })
                    answer = await dispatch("fetch", { request, clientId: "page" })
                    await new Promise((resolve) => setTimeout(resolve, 10))  // the copy is kept after the answer
                } else if (kind === "plant") {
                    await (await caches.open(args[0])).put(new Request(args[1]), fakeResponse({ body: args[2] }))
                } else if (kind === "network") {
                    network = { ...network, ...args[0] }
                } else if (kind === "keep") {
                    await dispatch("message", { data: { type: "keep", urls: args[0] }, source: page })
                    answer = page.messages.pop()
                }
                out.steps.push({ ok: true, answer })
            } catch (error) {
                out.steps.push({ ok: false, error: String(error && error.message || error) })
                break
            }
        }
        for (const [name, cache] of stores) {
            out.caches[name] = Object.fromEntries([...cache.entries].map(([url, entry]) => [url, entry.body]))
        }
        out.fetched = fetched
        process.stdout.write(JSON.stringify(out))
    }
    return run()
}

let input = ""
process.stdin.on("data", (chunk) => { input += chunk })
process.stdin.on("end", () => { main(JSON.parse(input)).catch((error) => { console.error(error); process.exit(2) }) })
