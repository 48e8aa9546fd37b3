// The service worker: after the first visit bitscope opens and runs with no
// network. `make dist` (scripts/dist.mjs) fills in VERSION (a hash of the
// shell and of every content-hashed file name) and ASSETS (those files), so
// each deploy has its own cache and a new deploy replaces the old one whole:
// no stale mix of old and new files.
const VERSION = '__VERSION__';
const ASSETS = ['__ASSETS__'];
// One deploy per scope: two copies of bitscope under two paths of one
// origin keep their own caches.
const PREFIX = `bitscope ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // the shell and every asset, fresh from the server (not an older HTTP cache entry)
      .then((cache) => cache.addAll(['./', ...ASSETS].map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  if (request.mode === 'navigate') {
    // The shell from the network while there is one (a new deploy shows at
    // once, and its sw.js replaces this one); offline, this deploy's copy.
    event.respondWith(fetch(request).catch(() => caches.match('./', { cacheName: CACHE })));
    return;
  }
  // Hashed files never change: this deploy's copy first. (`caches.match`
  // with the cache's name, not `caches.open`: once a new deploy's worker
  // has deleted this cache, a fetch this worker still answers must not
  // create it again, empty.)
  event.respondWith(
    caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(request)),
  );
});
