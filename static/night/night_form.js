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

  form.addEventListener("change", (event) => {
    if (event.target.name === "preset") show();
  });
  show();
})();
