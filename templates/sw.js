// Tabularium's service worker. Static files (CSS, scripts, icons) come from the
// cache when the network is slow or away; the network answers first otherwise,
// and refreshes the cache. Pages and every other request are never touched:
// they hold a club's private data. The static files' names change with their
// content in production, so a cached file is never stale.
"use strict";
const CACHE = "tabularium-static-v1";
const STATIC = "{{ static_prefix|escapejs }}";
// A static file slower than this comes from the cache, when it is there.
const SLOW_MS = 1500;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(STATIC)) return;
  event.respondWith(staticFile(request));
});

async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const network = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
    return response;
  });
  if (!cached) return network;
  const slow = new Promise((resolve) => setTimeout(() => resolve(cached), SLOW_MS));
  return Promise.race([network.catch(() => cached), slow]);
}
