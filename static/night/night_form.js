// The new-night form: the "as the preset" words of each setting follow the preset chosen.
// The words come from the server (data-preset-words: per preset, per field, what the
// referee's resolved rules say); nothing here knows a rule.
(function () {
  "use strict";
  const form = document.querySelector("form.night-form[data-preset-words]");
  if (!form) return;
  const words = JSON.parse(form.dataset.presetWords);

  function show() {
    const chosen = form.querySelector('input[name="preset"]:checked');
    const said = chosen && words[chosen.value];
    if (!said) return;
    for (const [key, text] of Object.entries(said)) {
      const field = document.getElementById(key);
      if (!field || field.form !== form) continue;
      if (field.tagName === "SELECT") field.options[0].textContent = text;
      else field.placeholder = text;
    }
  }

  // A house rule carried from the last night (data-carried, set by the server) belongs to
  // that night's preset: choosing another preset leaves it "as the preset" again, so no rule
  // of last night rides silently into a different game. A field the host changes is theirs.
  function clearCarried() {
    for (const field of form.querySelectorAll("[data-carried]")) {
      field.value = "";
      field.removeAttribute("data-carried");
    }
  }

  // The circular straight's note (data-circular, the referee's words per preset, ranking
  // and deck chosen: which runs turn the corner, or that the switch cannot apply, then drawn
  // disabled): looked up, never worked out here.
  const circular = form.dataset.circular ? JSON.parse(form.dataset.circular) : null;
  function showCircular() {
    const select = document.getElementById("circular_straight");
    const note = document.getElementById("circular_straight-hint");
    const chosen = form.querySelector('input[name="preset"]:checked');
    if (!circular || !select || !note || !chosen) return;
    const value = (id) => (document.getElementById(id) || {}).value || "";
    const by = circular.by[chosen.value] || {};
    const index = by[value("ranking") + "|" + value("lowest_rank")];
    if (index === undefined) return;
    note.textContent = circular.texts[index];
    select.disabled = circular.off[index];
  }

  form.addEventListener("change", (event) => {
    if (event.target.name === "preset") {
      clearCarried();
      show();
    } else {
      event.target.removeAttribute("data-carried");
    }
    showCircular();
  });
  show();
  showCircular();
})();
