// Othello's retiring service worker: what python -m game.web build --no-offline writes as sw.js.
// A visitor whose browser still runs the offline worker of an earlier build checks sw.js on their
// next visit and gets this one: it deletes this game's caches, lets go of the page and unregisters
// itself, so the page loads from the network again, exactly as it does with no service worker.

"use strict"

const PREFIX = `othello:${self.registration.scope}:`

self.addEventListener("install", () => self.skipWaiting())

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (name.startsWith(PREFIX)) await caches.delete(name)
        }
        await self.registration.unregister()
    })())
})
