// Othello's service worker (docs/web.md, "Offline play"): after one visit the game starts with no
// network. python -m game.web build writes it into build/web/sw.js, filling in the two fields.
//
// * The page's own files (index.html, the game's archive, the icons, the manifest) are cached when
//   this worker installs, all or nothing: a build whose files cannot all be fetched never installs,
//   and the version before it keeps serving its own, consistent set.
// * The runtime (pygbag's loader, CPython's wasm and data, pygame-ce's wheel, from the CDN or a
//   mirror) is kept as the page fetches it, and the page lists what it fetched before this worker
//   was running (the first visit) once its first frame is on screen.
// * One cache per build, named after this worker's scope (two games on one host keep apart) and the
//   build's hash. A new build copies the runtime over, fetches its own copy of each language file an
//   older build kept (a catalog, a font: the language in use works offline after the update), then
//   deletes the older caches.
// * Anything not cached goes to the network as before; offline, a missing file fails the way it
//   always did, and the page says the runtime could not be downloaded.

"use strict"

const BUILD = "__OTHELLO_BUILD__"
const PAGE_FILES = __OTHELLO_PAGE_FILES__
const PREFIX = `othello:${self.registration.scope}:`
const CACHE = PREFIX + BUILD
const MAX_KEPT = 200            // runtime files kept at most (pygbag's loader fetches about ten)
const MAX_KEPT_BYTES = 256 << 20  // one file larger than this is not kept (when its size is known)

const scope = new URL(self.registration.scope)
const pageFileUrls = new Set(PAGE_FILES.map((name) => new URL(name, scope).href))
const indexUrl = new URL("index.html", scope).href

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

// This build's copy of such a file, fetched now: the language in use stays there offline after an
// update (the page asks for it with this build's hash). Not there (offline, removed): left out, and
// the page fetches it when that language is next chosen.
async function keepThisBuildsCopy(cache, url) {
    if (await cache.match(url)) return
    try {
        const response = await fetch(new Request(url, { cache: "no-cache" }))
        if (response.ok) await cache.put(url, response)
    } catch (error) {}
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE)
        // "no-cache": revalidated with the server, so the files are this build's, yet not
        // downloaded twice when the browser already has them
        await cache.addAll(PAGE_FILES.map((name) => new Request(new URL(name, scope), { cache: "no-cache" })))
        for (const name of await caches.keys()) {
            if (!name.startsWith(PREFIX) || name === CACHE) continue
            const older = await caches.open(name)
            for (const request of await older.keys()) {
                const current = thisBuildsCopy(request.url)
                if (current !== null) {  // never the old build's copy: this build's, fetched anew
                    await keepThisBuildsCopy(cache, current)
                    continue
                }
                if (pageFileUrls.has(request.url) || (await cache.match(request))) continue
                const response = await older.match(request)
                if (response) await cache.put(request, response)
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

function worthKeeping(request, response) {
    if (request.method !== "GET" || request.headers.has("range")) return false
    if (new URL(request.url).href === new URL("sw.js", scope).href) return false
    if (response.type === "opaque") return true  // a no-cors script from the CDN: its status is hidden
    if (response.status !== 200) return false
    const length = Number(response.headers.get("content-length") || 0)
    return length <= MAX_KEPT_BYTES
}

async function keep(cache, request, response) {
    if ((await cache.keys()).length >= MAX_KEPT + PAGE_FILES.length) return false
    await cache.put(request, response)
    return true
}

async function fromCacheOrNetwork(request) {
    const cache = await caches.open(CACHE)
    const cached = await cache.match(isThePage(request.url) && request.mode === "navigate" ? indexUrl : request)
    if (cached) return cached
    const response = await fetch(request)
    if (worthKeeping(request, response)) {
        const copy = response.clone()
        keep(cache, request, copy).catch((error) => console.warn("othello: could not keep", request.url, error))
    }
    return response
}

self.addEventListener("fetch", (event) => {
    const request = event.request
    if (request.method !== "GET" || !/^https?:/.test(request.url)) return
    if (request.mode === "navigate" && !isThePage(request.url)) return
    event.respondWith(fromCacheOrNetwork(request))
})

// What the page fetched before this worker controlled it (the first visit): fetch each again,
// from the browser's HTTP cache where it can, and keep it. Answers how many are kept.
async function keepListed(urls) {
    const cache = await caches.open(CACHE)
    let kept = 0
    const failed = []
    for (const url of urls.slice(0, MAX_KEPT)) {
        if (typeof url !== "string" || !/^https?:/.test(url)) continue
        if (await cache.match(url)) { kept += 1; continue }
        try {
            let response
            try {
                response = await fetch(url, { mode: "cors", credentials: "omit", cache: "force-cache" })
            } catch (error) {
                response = await fetch(url, { mode: "no-cors", credentials: "omit", cache: "force-cache" })
            }
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
    event.waitUntil(keepListed(message.urls).then((answer) => {
        if (event.source) event.source.postMessage({ type: "kept", build: BUILD, ...answer })
    }))
})
