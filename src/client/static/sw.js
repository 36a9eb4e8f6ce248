/**
 * Balans's service worker does one thing: when a page cannot be loaded because the network is gone, it shows the
 * offline page instead of the browser's error.
 * 1. Navigations go to the network first, always (with navigation preload, so the worker adds no delay).
 * 2. Nothing else passes through it: scripts, styles, API answers and data go straight to the network and are
 *    never cached, so a deploy is seen at once and no stale app code or data can ever be served.
 * 3. Only the offline page is cached, under a name with VERSION, which the build stamps from this file and the
 *    offline page (scripts/pwa-assets.ts): a change installs a new worker, which drops the old cache.
 */
const VERSION = "__BUILD_VERSION__";
const CACHE_PREFIX = "balans-offline-";
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const OFFLINE_URL = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) ?? (await fetch(event.request));
      } catch {
        // Only a network failure lands here; an answer with an error status is passed on as it is.
        return (await caches.match(OFFLINE_URL, { cacheName: CACHE })) ?? Response.error();
      }
    })(),
  );
});
