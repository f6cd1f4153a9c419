/* The app's service worker (assistant/web/installable.py), registered over https only (static/page.js). Every
   page still comes from the laptop, fresh: a board must never be an old one, so nothing else is kept. What it adds:
   an installed app opened while the laptop cannot be reached says so, in the device's language (the page is kept as
   this device read it when the worker was installed), instead of the browser's error page. */
const CACHE = "burgle-offline-1";
const OFFLINE = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;  // scripts, taps and live updates go to the laptop as ever
  event.respondWith(fetch(event.request).catch(() => caches.match(OFFLINE)));
});
