/* Tapete: the dealer tablet kept for a reload without connection. Registers the service
 * worker (static/hand/sw.js, served at the URL of this script's ``data-sw``: /dealer/sw.js,
 * whose scope is the dealer's pages) and asks it to keep this page and its scripts and
 * styles. Once kept, ``<html data-offline-ready="true">``.
 *
 * A service worker needs a secure context (https, or the tablet on the same machine as the
 * server): elsewhere (plain http on a LAN address) nothing happens and the tap queue still
 * keeps the taps across a reload made with the connection up.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var url = script && script.getAttribute("data-sw");
  if (!url || !("serviceWorker" in navigator) || !window.isSecureContext) { return; }
  var registered = navigator.serviceWorker.register(url).then(function () {
    return navigator.serviceWorker.ready;
  });
  // A worker that controls this page may have claimed it after the page was loaded (its
  // first load: ``clients.claim``), so nothing of it is kept yet: ask the cache itself.
  Promise.all([registered, window.caches ? caches.match(window.location.href) : null]).then(function (both) {
    var registration = both[0];
    if (navigator.serviceWorker.controller && both[1]) {   // this page is kept already
      document.documentElement.setAttribute("data-offline-ready", "true");
      return;
    }
    var keep = [window.location.href];
    document.querySelectorAll("script[src], link[rel=stylesheet][href]").forEach(function (e) {
      keep.push(e.src || e.href);
    });
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      if (event.data && event.data.kept) { document.documentElement.setAttribute("data-offline-ready", "true"); }
    };
    registration.active.postMessage({keep: keep}, [channel.port2]);
  }).catch(function () { /* not kept: the page works as before */ });
})();
