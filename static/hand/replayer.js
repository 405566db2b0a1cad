/* Tapete: the hand replayer's stepping (progressive enhancement of templates/hand/replayer_hand.html).
 *
 * Without this script every step of the hand is listed (and printed). With it, one step is
 * shown at a time: the buttons and the keys step back and forward (ArrowLeft, ArrowRight;
 * Home and End for the first and last step) and jump to the next step with a finding
 * (button and key "n", from the first again after the last); the step shown is in the URL
 * fragment (#step-N, replaced as the steps go by: no history entry per step), so a link can
 * point at a step.
 * Nothing is computed here: every figure on a step is the server's (the referee's); this
 * only shows and hides the steps the server wrote.
 *
 * Pure helpers (stepFromHash, nextFinding, clamp) are exported for node tests.
 */
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) { module.exports = api; }
  else { root.TapeteReplay = api; api.start(root.document); }
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  function clamp(i, count) {
    if (count <= 0) { return 0; }
    return Math.max(0, Math.min(count - 1, i));
  }

  /* "#step-7" -> 7; anything else -> null. */
  function stepFromHash(hash) {
    var m = /^#step-(\d{1,6})$/.exec(hash || "");
    return m ? parseInt(m[1], 10) : null;
  }

  /* The first step number in ``withFindings`` (ascending) after ``current``; wraps to the
   * first; null when there is none. */
  function nextFinding(current, withFindings) {
    if (!withFindings.length) { return null; }
    for (var i = 0; i < withFindings.length; i++) {
      if (withFindings[i] > current) { return withFindings[i]; }
    }
    return withFindings[0];
  }

  function start(document) {
    if (!document) { return; }
    var box = document.getElementById("replay");
    var controls = document.getElementById("replay-controls");
    if (!box || !controls) { return; }
    var steps = Array.prototype.slice.call(box.querySelectorAll("li.step"));
    if (!steps.length) { return; }
    var numbers = steps.map(function (el) { return parseInt(el.getAttribute("data-step"), 10); });
    var withFindings = (box.getAttribute("data-findings") || "").split(",")
      .filter(function (s) { return s !== ""; }).map(function (s) { return parseInt(s, 10); });
    var prev = document.getElementById("step-prev");
    var next = document.getElementById("step-next");
    var jump = document.getElementById("finding-next");
    var counter = document.getElementById("step-counter");
    var template = counter.getAttribute("data-template") || "{n} / {total}";
    var current = -1;
    var total = numbers[numbers.length - 1];

    function show(number, fromHash) {
      var at = numbers.indexOf(number);
      if (at < 0) { at = clamp(number, numbers.length); }
      current = at;
      steps.forEach(function (el, i) {
        el.classList.toggle("current", i === at);
        if (i === at) { el.setAttribute("aria-current", "step"); } else { el.removeAttribute("aria-current"); }
      });
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
      var words = steps[at].querySelector(".words") || steps[at].querySelector(".action");
      counter.textContent = template.replace("{n}", numbers[at]).replace("{total}", total) +
        (words ? " \u2014 " + words.textContent.replace(/\s+/g, " ").trim() : "");
      var hash = "#step-" + numbers[at];
      if (!fromHash && window.location.hash !== hash) {
        window.history.replaceState(null, "", hash);
      }
    }

    function go(delta) { show(numbers[clamp(current + delta, numbers.length)]); }

    function jumpToFinding() {
      var target = nextFinding(numbers[current], withFindings);
      if (target !== null) { show(target); }
    }

    prev.addEventListener("click", function () { go(-1); });
    next.addEventListener("click", function () { go(1); });
    jump.addEventListener("click", jumpToFinding);
    document.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
      var tag = (ev.target && ev.target.tagName) || "";
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || (ev.target && ev.target.isContentEditable)) { return; }
      if (ev.key === "ArrowRight") { go(1); }
      else if (ev.key === "ArrowLeft") { go(-1); }
      else if (ev.key === "Home") { show(numbers[0]); }
      else if (ev.key === "End") { show(numbers[numbers.length - 1]); }
      else if (ev.key === "n" || ev.key === "N") { jumpToFinding(); }
      else { return; }
      ev.preventDefault();
    });
    window.addEventListener("hashchange", function () {
      var n = stepFromHash(window.location.hash);
      if (n !== null) { show(n, true); }
    });

    controls.hidden = false;
    box.classList.add("stepping");
    var first = stepFromHash(window.location.hash);
    if (first === null) { show(numbers[0]); } else { show(first, true); }
  }

  return { clamp: clamp, stepFromHash: stepFromHash, nextFinding: nextFinding, start: start };
});
