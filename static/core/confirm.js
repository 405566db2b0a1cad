// A form with data-confirm="question" is sent only when the user confirms the question
// (the Content-Security-Policy allows no inline onsubmit handler).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });
}());
