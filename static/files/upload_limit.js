// A file field with data-max-bytes refuses a chosen file past that many bytes before
// anything is sent, with the page's own sentence (data-too-large: the server's refusal,
// web.core.limits.upload_too_large_text, made in the page's language). The same sentence shows
// under the field (data-error-id). The server's limit (web.core.limits.UPLOAD_LIMITS) holds
// without this script; with it, a host choosing a file that is too large never waits for a
// long upload, and never meets the production server's own English 413 for a body past
// the limit.
(function () {
  "use strict";

  function limited(el) {
    return el && el.matches && el.matches("input[type=file][data-max-bytes]");
  }

  // True when the field's file fits; marks the field and says why when it does not.
  function check(input) {
    var max = parseInt(input.getAttribute("data-max-bytes"), 10);
    var file = input.files && input.files[0];
    var tooLarge = !!file && max > 0 && file.size > max;
    var message = tooLarge ? input.getAttribute("data-too-large") : "";
    input.setCustomValidity(message);
    input.setAttribute("aria-invalid", tooLarge ? "true" : "false");
    var note = document.getElementById(input.getAttribute("data-error-id"));
    if (note) {
      note.textContent = message;
      note.hidden = !tooLarge;
    }
    return !tooLarge;
  }

  document.addEventListener("change", function (event) {
    if (limited(event.target)) { check(event.target); }
  });

  document.addEventListener("submit", function (event) {
    var fields = event.target.querySelectorAll ? event.target.querySelectorAll("input[type=file][data-max-bytes]") : [];
    for (var i = 0; i < fields.length; i++) {
      if (!check(fields[i])) {
        event.preventDefault();
        fields[i].focus();
        return;
      }
    }
  });
}());
