// Copy and share buttons (no inline handlers: the Content-Security-Policy allows none).
//   <button type="button" data-copy-target="ID" data-copied="Copiado">Copiar</button>
//     copies the value (inputs, textareas) or the text of the element #ID;
//   <button type="button" data-share-target="ID" data-share-title="..." hidden>Compartir</button>
//     opens the platform's share sheet with that text; it stays hidden where the browser
//     has none (navigator.share).
(function () {
  "use strict";
  function textOf(id) {
    var el = document.getElementById(id);
    if (!el) { return ""; }
    return ("value" in el && typeof el.value === "string") ? el.value : el.textContent;
  }
  function copied(button) {
    var label = button.getAttribute("data-copied");
    if (!label) { return; }
    var before = button.textContent;
    button.textContent = label;
    button.setAttribute("data-state", "copied");
    window.setTimeout(function () { button.textContent = before; button.removeAttribute("data-state"); }, 2000);
  }
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy-target],[data-share-target]");
    if (!button) { return; }
    var copyId = button.getAttribute("data-copy-target");
    if (copyId) {
      var text = textOf(copyId);
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { copied(button); },
          function () { if (fallbackCopy(text)) { copied(button); } });
      } else if (fallbackCopy(text)) { copied(button); }
      return;
    }
    var shareId = button.getAttribute("data-share-target");
    if (shareId && navigator.share) {
      var data = {text: textOf(shareId)};
      var title = button.getAttribute("data-share-title");
      if (title) { data.title = title; }
      navigator.share(data).catch(function () { /* the user closed the sheet */ });
    }
  });
  function reveal() {
    if (!navigator.share) { return; }
    var buttons = document.querySelectorAll("[data-share-target][hidden]");
    for (var i = 0; i < buttons.length; i += 1) { buttons[i].hidden = false; }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", reveal); } else { reveal(); }
}());
