// The host's *Juego* stage, live (web.night.live_hand): every 2 s the page asks for the live
// part of the stage with the version it shows (If-None-Match); the server answers 304 while
// nothing changed at the table, else the part drawn again (seats, stacks, bets, pot, whose
// turn, the last actions, "última mano", in the page's language), which replaces the old.
// No rule and no sentence here: the server draws it all. While the host is typing in a
// field of that part (a reason), the new part waits for the next poll.
(function () {
  "use strict";
  var region = document.getElementById("live-hand");
  if (!region || !window.fetch) { return; }
  var url = region.getAttribute("data-live-url");
  var etag = region.getAttribute("data-etag");
  var stopped = false;

  function typing() {
    var el = document.activeElement;
    if (!el || !region.contains(el)) { return false; }
    return el.tagName === "TEXTAREA" || el.tagName === "SELECT" ||
      (el.tagName === "INPUT" && el.type !== "hidden" && el.type !== "submit" && el.value !== "");
  }

  function poll() {
    if (stopped || document.visibilityState === "hidden") { return; }
    var headers = {"Accept": "text/html"};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, {headers: headers, credentials: "same-origin", cache: "no-store"})
      .then(function (res) {
        if (res.redirected || res.status === 404) { stopped = true; return null; }   // logged out, or no night
        if (res.status === 304 || !res.ok) { return null; }
        var tag = res.headers.get("ETag");
        return res.text().then(function (html) { return {tag: tag, html: html}; });
      })
      .then(function (got) {
        if (!got || typing()) { return; }   // (typing: drawn at a later poll, the ETag kept)
        region.innerHTML = got.html;
        etag = got.tag;
        region.setAttribute("data-etag", etag || "");
      })
      .catch(function () {});
  }

  window.setInterval(poll, 2000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { poll(); }
  });
}());
