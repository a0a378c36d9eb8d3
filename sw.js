// The service worker: the whole site from one cache, so that the game works offline after a
// first visit. The files and their version come from www/pkg/precache.js, which the build
// writes from the files' content (scripts/precache.mjs): a new build is a new version, which
// the browser finds by comparing that script, installs beside the running one, and the page
// offers ("a new version is ready: reload"). Each version has a cache of its own and answers
// only from it, so a page never runs a mix of old and new files.
/* global PRECACHE */
importScripts('www/pkg/precache.js');

const CACHE = `makruk-${PRECACHE.version}`;
const SCOPE = new URL('./', self.location).href;

// (module (func (result v128) (v128.const i64x2 0 0))): the same probe as www/wasm.js
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  ...new Array(16).fill(0), 11,
]);

/** The files of this version: the common ones and the wasm build this browser runs. */
function files() {
  const wasm = WebAssembly.validate(SIMD_PROBE) ? PRECACHE.simd : PRECACHE.plain;
  return [...PRECACHE.files, wasm];
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files().map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('makruk-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// the page asks for the waiting version when the person chooses to reload
self.addEventListener('message', (event) => {
  if (event.data?.type === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    url.search = ''; // links carry their game in the fragment; a query is not another file
    if (url.pathname.endsWith('/')) url.pathname += 'index.html';
    return (await cache.match(url.href)) || fetch(request);
  })());
});
