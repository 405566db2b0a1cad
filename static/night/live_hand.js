// The host's *Juego* stage, live (web.night.live_hand): every 2 s the page asks for the live
// part of the stage with the version it shows (If-None-Match); the server answers 304 while
// nothing changed at the table, else the part drawn again (seats, stacks, bets, pot, whose
// turn, the last actions, "última mano", in the page's language), which replaces the old.
// The answer also carries the stage's other live parts, each in a <template
// data-live-part="name">, put in place of the element marked data-live-target="name" (the
// players with their rebuys and a player leaving; the tab's "· mano N").
// No rule and no sentence here: the server draws it all. While the host is typing in a
// field of one of those parts (a reason), the new parts wait for the next poll.
(function () {
  "use strict";
  var region = document.getElementById("live-hand");
  if (!region || !window.fetch) { return; }
  var url = region.getAttribute("data-live-url");
  var etag = region.getAttribute("data-etag");
  var stopped = false;

  function typing() {
    var el = document.activeElement;
    var inPart = el && (region.contains(el) || Array.prototype.some.call(
      document.querySelectorAll("[data-live-target]"), function (t) { return t.contains(el); }));
    if (!inPart) { return false; }
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
        Array.prototype.forEach.call(region.querySelectorAll("template[data-live-part]"), function (part) {
          var target = document.querySelector('[data-live-target="' + part.getAttribute("data-live-part") + '"]');
          if (target) { target.innerHTML = part.innerHTML; }
          part.parentNode.removeChild(part);
        });
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
