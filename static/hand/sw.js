/* Tapete: the dealer tablet's service worker (served at /dealer/sw.js, scope /dealer/).
 *
 * It keeps the tablet's hand page and the scripts and styles it loads, so a reload while
 * the connection is down still shows the table; the taps made meanwhile are in the page's
 * tap queue (localStorage, static/hand/tapqueue.js) and are sent when the connection is back.
 *
 * - The hand page (a navigation under /dealer/): the network first; an answer 200 is kept
 *   (the last one of each link's page); a network failure answers with the kept page. A
 *   closed night (410) or a link that no longer works (404) drops the kept page, so the
 *   table of a closed night is never shown again from here.
 * - The page's own scripts and styles (/static/): the network first, the
 *   kept copy when it fails (a new version is picked up as soon as the network answers).
 * - Everything else (the tap endpoint, the table's state, any POST): never touched, never
 *   kept: the tablet's taps and the referee's answers are always the server's.
 *
 * No rule lives here, and nothing but GET answers is kept.
 */
"use strict";

var CACHE = "tapete-tablet-v1";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("tapete-tablet-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function isPage(request, url) {
  return request.mode === "navigate" && url.pathname.indexOf("/dealer/") === 0;
}

function isAsset(url) {
  return url.pathname.indexOf("/static/") === 0;
}

// The kept copy of ``request`` marked as kept (the header says so to the tests and to
// anyone reading the network panel); none: the network's error stands.
function kept(request, error) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) { return hit || cache.match(request, {ignoreSearch: true}); });
  }).then(function (hit) {
    if (!hit) { throw error; }
    var headers = new Headers(hit.headers);
    headers.set("X-Tapete-Offline", "1");
    return hit.blob().then(function (body) {
      return new Response(body, {status: hit.status, statusText: hit.statusText, headers: headers});
    });
  });
}

function networkFirst(event, page) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.status === 200 && response.type === "basic") {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
    } else if (page && (response.status === 410 || response.status === 404)) {
      // the night closed or the link was withdrawn: the kept table goes
      event.waitUntil(caches.open(CACHE).then(function (cache) {
        return cache.delete(request, {ignoreSearch: true});
      }));
    }
    return response;
  }, function (error) { return kept(request, error); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (isPage(request, url)) { event.respondWith(networkFirst(event, true)); }
  else if (isAsset(url)) { event.respondWith(networkFirst(event, false)); }
});

// The page asks, once the worker is running, to keep itself and its assets (its first load
// came before the worker could see it): ``{keep: [url, ...]}``, same-origin pages under
// /dealer/ and assets only. The answer ``{kept: true|false}`` goes back on the message's port.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!Array.isArray(data.keep)) { return; }
  var urls = data.keep.filter(function (u) {
    try {
      var url = new URL(u, self.location.origin);
      return url.origin === self.location.origin &&
        (url.pathname.indexOf("/dealer/") === 0 || isAsset(url)) && url.pathname !== "/dealer/sw.js";
    } catch (e) { return false; }
  });
  var port = event.ports && event.ports[0];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (u) {
      return fetch(u, {credentials: "same-origin"}).then(function (response) {
        if (response.status === 200) { return cache.put(u, response); }
        return null;
      });
    }));
  }).then(function () { if (port) { port.postMessage({kept: true}); } },
          function () { if (port) { port.postMessage({kept: false}); } }));
});
