// The host's night stages (templates/night/stage.html): the sticky bar holds the tabs and the
// last form's message. Its height becomes the sections' scroll margin (--stage-bar-h), so the
// section a form came back to (the URL's #fragment) lands just below the bar, heading in view;
// the message gets a button to hide it (the bar shrinks back to the tabs).
(function () {
  "use strict";
  var bar = document.getElementById("stage-bar");
  if (!bar) { return; }
  function measure() {
    document.documentElement.style.setProperty("--stage-bar-h", (bar.offsetHeight + 8) + "px");
  }
  function toTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target) { target.scrollIntoView({ block: "start" }); }
  }
  var messages = document.getElementById("stage-messages");
  if (messages && messages.dataset.hide) {
    var said = document.createElement("div");
    said.className = "flashes";
    while (messages.firstChild) { said.appendChild(messages.firstChild); }
    messages.appendChild(said);
    var hide = document.createElement("button");
    hide.type = "button";
    hide.className = "hide-message";
    hide.setAttribute("aria-label", messages.dataset.hide);
    hide.title = messages.dataset.hide;
    hide.textContent = "\u00d7";
    hide.addEventListener("click", function () { messages.remove(); measure(); });
    messages.appendChild(hide);
  }
  measure();
  toTarget();
  window.addEventListener("resize", measure);
})();
