// The counts' form (templates/night/stage_close.html): the chips on the table to expect follow
// the form's choice on the carried pot — with the player's share when it was handed back
// before the count, without it while it is still in the middle (the cells carry both figures).
(function () {
  "use strict";
  function follow() {
    var chosen = document.querySelector('#pot-choice input[name="pot"]:checked');
    if (!chosen) { return; }
    var withPot = chosen.value === "in_counts";
    document.querySelectorAll("#count-grid td.expected[data-with]").forEach(function (cell) {
      cell.textContent = withPot ? cell.dataset.with : cell.dataset.without;
      var raw = withPot ? cell.dataset.withRaw : cell.dataset.withoutRaw;
      cell.dataset.held = raw;
      var input = cell.parentElement.querySelector("input.chips-field");
      if (input) { input.placeholder = raw; }
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll('#pot-choice input[name="pot"]').forEach(function (radio) {
      radio.addEventListener("change", follow);
    });
    follow();
  });
})();
