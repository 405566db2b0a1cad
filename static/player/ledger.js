// The phone page's hand lists keep their state (issue 26): each <details data-remember="KEY">
// is opened or closed as the player last left it in this tab (sessionStorage), so coming back
// from a replay finds the list as it was. Nothing stored when sessionStorage is unavailable.
(function () {
  "use strict";
  function store() {
    try { return window.sessionStorage; } catch (e) { return null; }
  }
  function restore() {
    var kept = store();
    if (!kept) { return; }
    document.querySelectorAll("details[data-remember]").forEach(function (box) {
      var said = kept.getItem(box.getAttribute("data-remember"));
      if (said === "open") { box.open = true; } else if (said === "closed") { box.open = false; }
      box.addEventListener("toggle", function () {
        try { kept.setItem(box.getAttribute("data-remember"), box.open ? "open" : "closed"); } catch (e) { /* full */ }
      });
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", restore); } else { restore(); }
})();
