// Othello's service worker (docs/web.md, "Offline play"): after one visit the game starts with no
// network. python -m game.web build writes it into build/web/sw.js, filling in the three fields.
//
// * The page's own files (index.html, the game's archive, the icons, the manifest) are cached when
//   this worker installs, all or nothing: a build whose files cannot all be fetched never installs,
//   and the version before it keeps serving its own, consistent set.
// * The build pins each page file's SHA-256 (HASHES), and each runtime file's it knows (by address:
//   game/web/runtime_pins.py): a copy is kept and served only if it matches. A copy planted in this
//   build's cache (by any page of the same origin: the old build's page, open while this worker
//   installs, its planted loader running) is dropped when it would be served, and the file fetched
//   anew; offline it is not served at all. A file from the network that does not match (a newer
//   build deployed while this worker still runs, a CDN that changed a runtime file) is passed on,
//   never kept.
// * The runtime (pygbag's loader, CPython's wasm and data, pygame-ce's wheel, from the CDN or a
//   mirror) is kept as the page fetches it, and the page lists what it fetched before this worker
//   was running (the first visit) once its first frame is on screen.
// * Only a copy known good is kept: a 200 answer read in the open (same origin or CORS), never an
//   opaque one (a no-cors script's answer hides its status: a 503 or a captive portal's page would
//   be kept for good), never one that was redirected (a portal's login page), never an HTML page
//   but the page itself (a CDN's or a proxy's error page sent as a 200). A script the page asks
//   for without CORS is fetched with CORS to see it.
// * One cache per build, named after this worker's scope and the build's hash. A new build copies
//   nothing from the older caches: each file they held is fetched anew (revalidated), the
//   language files at this build's address, and kept if known good; then the older caches are
//   deleted. A file that cannot be had anew (offline, a 503) fails the install, so the older
//   worker keeps its working copy; only one gone for good (404, 410) is left out. A copy planted
//   in the cache (by any page of the same origin) does not outlive a deploy.
// * The worker serves and keeps only for this game's own page: a page of another game in a folder
//   below this one (its own worker not yet running) is passed to the network untouched.
// * Anything not cached goes to the network as before; offline, a missing file fails the way it
//   always did, and the page says the runtime could not be downloaded.

"use strict"

const BUILD = "__OTHELLO_BUILD__"
const PAGE_FILES = __OTHELLO_PAGE_FILES__
const HASHES = __OTHELLO_PAGE_HASHES__
const PREFIX = `othello:${self.registration.scope}:`
const CACHE = PREFIX + BUILD
const MAX_KEPT = 200            // runtime files kept at most (pygbag's loader fetches about ten)
const MAX_KEPT_BYTES = 256 << 20  // one file larger than this is not kept (when its size is known)

const scope = new URL(self.registration.scope)
const pageFileUrls = new Set(PAGE_FILES.map((name) => new URL(name, scope).href))
const indexUrl = new URL("index.html", scope).href
const pins = new Map(Object.entries(HASHES).map(([name, hash]) => [new URL(name, scope).href, hash]))

async function sha256(response) {
    const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer())
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("")
}

// Whether ``response`` may be kept or served as ``url``: a pinned file (a page file, a runtime file
// the build knew) only if its bytes are the build's; any other (the language files) as before. The
// archive has two pins: the .tar.gz, and the tar a host sending it with Content-Encoding: gzip gives.
async function matchesPin(url, response) {
    const pin = pins.get(new URL(url).href)
    return pin === undefined || [].concat(pin).includes(await sha256(response))
}

function isThePage(url) {
    const plain = new URL(url)
    plain.search = ""
    plain.hash = ""
    return plain.href === scope.href || plain.href === indexUrl
}

// A file of the page that an earlier build fetched for the game ("locale/ja.mo?build=<its hash>": a
// language's catalog or font): the address of the same file for this build; null for anything else
function thisBuildsCopy(url) {
    const address = new URL(url)
    if (!address.href.startsWith(scope.href) || !address.searchParams.has("build")) return null
    if (address.searchParams.get("build") === BUILD) return null
    address.searchParams.set("build", BUILD)
    return address.href
}

// ``url``, a file the older cache held, fetched anew, revalidated with its server (a 304 costs
// nothing), and kept if known good. Gone for good (404, 410: a language dropped, an old runtime
// removed): left out. Anything else (offline, a 503, an error page): throws, and this build does
// not install; the older worker keeps serving its working copy, and the next check tries again.
// Each address is fetched once per install (two older caches may hold it), whatever this build's
// cache already holds: a copy written into it by another page of the origin is replaced.
async function keepFresh(cache, url, done) {
    if (done.has(url)) return
    done.add(url)
    const response = await fetch(new Request(url, { mode: "cors", credentials: "omit", cache: "no-cache" }))
    if (response.status === 404 || response.status === 410) return
    if (!knownGood(response, false)) throw new Error(`othello: ${url} could not be had anew (${response.status})`)
    await keep(cache, new Request(url), response)
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE)
        // "no-cache": revalidated with the server, so the files are this build's, yet not
        // downloaded twice when the browser already has them. All fetched and checked before any
        // is kept (as cache.addAll): one missing or not the build's fails the install.
        const fetched = []
        for (const name of PAGE_FILES) {
            const request = new Request(new URL(name, scope), { cache: "no-cache" })
            const response = await fetch(request)
            if (!response.ok) throw new Error(`othello: ${request.url} answered ${response.status}`)
            if (!await matchesPin(request.url, response)) {
                throw new Error(`othello: ${request.url} is not this build's (its SHA-256 differs)`)
            }
            fetched.push([request, response])
        }
        for (const [request, response] of fetched) await cache.put(request, response)
        const done = new Set()
        for (const name of await caches.keys()) {
            if (!name.startsWith(PREFIX) || name === CACHE) continue
            for (const request of await (await caches.open(name)).keys()) {
                if (pageFileUrls.has(request.url)) continue
                await keepFresh(cache, thisBuildsCopy(request.url) || request.url, done)
            }
        }
        await self.skipWaiting()
    })())
})

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name)
        }
        await self.clients.claim()
    })())
})

// A copy worth keeping: a whole 200 answer whose status was seen (not opaque), not redirected,
// of a size the cache takes, and no HTML page but for a navigation (a CDN's or a proxy's error
// page sent as a 200 with CORS headers is no main.js)
function knownGood(response, navigation) {
    if (response.status !== 200 || response.redirected) return false
    if (response.type !== "basic" && response.type !== "cors") return false
    const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase()
    if (!navigation && (type === "text/html" || type === "application/xhtml+xml")) return false
    const length = Number(response.headers.get("content-length") || 0)
    return length <= MAX_KEPT_BYTES
}

function worthKeeping(request, response) {
    if (request.method !== "GET" || request.headers.has("range")) return false
    if (new URL(request.url).href === new URL("sw.js", scope).href) return false
    return knownGood(response, request.mode === "navigate")
}

async function keep(cache, request, response) {
    if ((await cache.keys()).length >= MAX_KEPT + PAGE_FILES.length) return false
    if (!await matchesPin(request.url, response)) return false
    await cache.put(request, response)
    return true
}

// The network's answer to ``request``. A cross-origin request made without CORS (pygbag loads
// CPython's main.js by a plain <script>) is asked with CORS, so its status can be seen and the copy
// kept; where the server refuses CORS, asked as it was (an opaque answer, passed on, never kept).
async function fromNetwork(request) {
    if (request.mode !== "no-cors" || new URL(request.url).origin === self.location.origin) return fetch(request)
    try {
        return await fetch(new Request(request.url, { mode: "cors", credentials: "omit" }))
    } catch (error) {
        return fetch(request)
    }
}

async function fromCacheOrNetwork(request) {
    const cache = await caches.open(CACHE)
    const navigation = isThePage(request.url) && request.mode === "navigate"
    const address = navigation ? indexUrl : request.url
    const cached = await cache.match(navigation ? indexUrl : request)
    if (cached) {
        if (await matchesPin(address, cached)) return cached
        console.warn("othello: dropped a copy that is not this build's", address)
        await cache.delete(address)  // planted: fetched anew below, and kept only if it matches
    }
    const response = await fromNetwork(request)
    if (worthKeeping(request, response)) {
        const copy = response.clone()
        // the page (whatever its query) is kept as index.html, the address served and pinned
        keep(cache, navigation ? new Request(indexUrl) : request, copy).catch((error) => console.warn("othello: could not keep", request.url, error))
    }
    return response
}

// Whether a request comes from this game's own page (another game's page in a folder below this
// one is within this worker's scope until its own worker takes it)
async function fromThisGame(event) {
    if (!event.clientId) return false
    const client = await self.clients.get(event.clientId)
    return !!client && isThePage(client.url)
}

self.addEventListener("fetch", (event) => {
    const request = event.request
    if (request.method !== "GET" || !/^https?:/.test(request.url)) return
    if (request.mode === "navigate") {
        if (isThePage(request.url)) event.respondWith(fromCacheOrNetwork(request))
        return
    }
    event.respondWith(fromThisGame(event).then((ours) => ours ? fromCacheOrNetwork(request) : fetch(request)))
})

// What the page fetched before this worker controlled it (the first visit): fetch each again,
// from the browser's HTTP cache where it can, and keep it. Answers how many are kept.
async function keepListed(urls) {
    const cache = await caches.open(CACHE)
    let kept = 0
    const failed = []
    for (const url of urls.slice(0, MAX_KEPT)) {
        if (typeof url !== "string" || !/^https?:/.test(url)) continue
        const cached = await cache.match(url)
        if (cached && await matchesPin(url, cached)) { kept += 1; continue }
        try {
            const response = await fetch(url, { mode: "cors", credentials: "omit", cache: "force-cache" })
            const request = new Request(url)
            if (worthKeeping(request, response) && await keep(cache, request, response)) kept += 1
            else failed.push(url)
        } catch (error) {
            failed.push(url)
        }
    }
    return { kept, failed }
}

self.addEventListener("message", (event) => {
    const message = event.data || {}
    if (message.type !== "keep" || !Array.isArray(message.urls)) return
    if (!event.source || !isThePage(event.source.url)) return  // another game's page below this one
    event.waitUntil(keepListed(message.urls).then((answer) => {
        if (event.source) event.source.postMessage({ type: "kept", build: BUILD, ...answer })
    }))
})
