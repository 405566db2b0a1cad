// The live table view (web.night.screen_view): every 2 s the page asks for its live part
// with the version it shows (If-None-Match); the server answers 304 while nothing changed at
// the table, else the part drawn again (in the page's language), which replaces the old.
// A failed request (no connection, the server away) keeps the last picture and shows the
// "reconnecting" line until an answer comes; a link revoked (404) or a night closed (410)
// stops the polling and says so. No rule and no sentence here: the server draws it all,
// and the words of the page's states are in its data attributes.
(function () {
  "use strict";
  var region = document.getElementById("tv-live");
  var status = document.getElementById("tv-status");
  if (!region || !window.fetch) { return; }
  var url = region.getAttribute("data-live-url");
  var etag = region.getAttribute("data-etag");
  var stopped = false;
  var busy = false;

  function offline(on) { if (status) { status.hidden = !on; } }

  function stop(words) {
    stopped = true;
    offline(false);
    var p = document.createElement("p");
    p.className = "tv-note";
    p.id = "tv-ended";
    p.setAttribute("role", "status");
    p.textContent = words;
    region.textContent = "";
    region.appendChild(p);
  }

  function poll() {
    if (stopped || busy) { return; }
    busy = true;
    var headers = {"Accept": "text/html"};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, {headers: headers, credentials: "same-origin", cache: "no-store"})
      .then(function (res) {
        if (res.status === 404 || res.redirected) { stop(region.getAttribute("data-gone")); return null; }
        if (res.status === 410) { stop(region.getAttribute("data-closed")); return null; }
        if (res.status === 304) { offline(false); return null; }
        if (!res.ok) { offline(true); return null; }
        var tag = res.headers.get("ETag");
        return res.text().then(function (html) { return {tag: tag, html: html}; });
      })
      .then(function (got) {
        if (!got) { return; }
        region.innerHTML = got.html;
        etag = got.tag;
        region.setAttribute("data-etag", etag || "");
        offline(false);
      })
      .catch(function () { offline(true); })
      .then(function () { busy = false; });
  }

  window.setInterval(poll, 2000);
  window.addEventListener("online", poll);
}());
